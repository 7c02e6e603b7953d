// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DialRules",
  products: [
    .library(name: "DialRules", targets: ["DialRules"]),
    .library(name: "DialRulesCommands", targets: ["DialRulesCommands"]),
    .executable(name: "dialrules", targets: ["dialrules"]),
    .library(name: "ShotLog", targets: ["ShotLog"]),
    .executable(name: "dialshot", targets: ["dialshot"]),
  ],
  targets: [
    .target(name: "DialRules"),
    // Argument scanning, exit codes, streams, files and colour for both command libraries.
    .target(name: "CommandLineSupport", dependencies: ["DialRules"]),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
    .target(name: "DialRulesCommands", dependencies: ["DialRules", "CommandLineSupport"]),
    .executableTarget(name: "dialrules", dependencies: ["DialRulesCommands"]),
    .target(name: "DialRulesTestSupport", dependencies: ["DialRules"]),
    .executableTarget(name: "dialrules-bench", dependencies: ["DialRules"], path: "Benchmarks/DialRulesBench"),
    .testTarget(name: "DialRulesTests", dependencies: ["DialRules", "DialRulesTestSupport"]),
    .testTarget(
      name: "DialRulesCommandsTests",
      dependencies: ["DialRulesCommands", "CommandLineSupport", "DialRules", "DialRulesTestSupport", "dialrules"]
    ),
    // The shot log: system SQLite, the ShotLog library, its command library and executable.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "ShotLog", dependencies: ["DialRules", "CSQLite"]),
    .target(name: "ShotLogCommands", dependencies: ["ShotLog", "DialRules", "CommandLineSupport"]),
    .executableTarget(name: "dialshot", dependencies: ["ShotLogCommands"]),
    .testTarget(
      name: "ShotLogTests", dependencies: ["ShotLog", "ShotLogCommands", "CommandLineSupport", "DialRules", "dialshot"]),
  ],
  swiftLanguageModes: [.v6]
)
