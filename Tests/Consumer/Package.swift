// swift-tools-version:6.2
import PackageDescription

// An app's package as a new developer writes it: Swift 6 mode (complete concurrency checking),
// the main actor as the default isolation and the "approachable concurrency" upcoming features a
// new Xcode project turns on, every warning an error, and this repository as a path dependency.
// Tests/DialRulesAPITests/ConsumerPackageTests.swift builds and runs it; the root package ignores
// this folder (no target of the root package has its path here).
let package = Package(
  name: "Consumer",
  platforms: [.macOS("15.0"), .iOS("18.0")],
  dependencies: [.package(name: "DialRules", path: "../..")],
  targets: [
    .executableTarget(
      name: "ConsumerApp",
      dependencies: [
        .product(name: "DialRules", package: "DialRules"), .product(name: "ShotLog", package: "DialRules"),
      ],
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
        .treatAllWarnings(as: .error),
      ])
  ],
  swiftLanguageModes: [.v6]
)
