// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DialRules",
  products: [
    .library(name: "DialRules", targets: ["DialRules"]),
    .library(name: "DialRulesCommands", targets: ["DialRulesCommands"]),
    .executable(name: "dialrules", targets: ["dialrules"]),
  ],
  targets: [
    .target(name: "DialRules"),
    .target(name: "DialRulesCommands", dependencies: ["DialRules"]),
    .executableTarget(name: "dialrules", dependencies: ["DialRulesCommands"]),
    .target(name: "DialRulesTestSupport", dependencies: ["DialRules"]),
    .executableTarget(name: "dialrules-bench", dependencies: ["DialRules"], path: "Benchmarks/DialRulesBench"),
    .testTarget(name: "DialRulesTests", dependencies: ["DialRules", "DialRulesTestSupport"]),
    .testTarget(
      name: "DialRulesCommandsTests",
      dependencies: ["DialRulesCommands", "DialRules", "DialRulesTestSupport", "dialrules"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
