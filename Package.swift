// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "DialRules",
  // What the code needs: Int128 and Mutex (macOS 15 / iOS 18); no newer standard-library API
  // (InlineArray, Span) is used — Support/InlineSlots.swift stands in for InlineArray.
  // Apple platforms only; on Linux any toolchain of this tools version builds it.
  platforms: [.macOS("15.0"), .iOS("18.0"), .tvOS("18.0"), .watchOS("11.0"), .visionOS("2.0")],
  products: [
    .library(name: "DialRules", targets: ["DialRules"]),
    .library(name: "DialRulesCommands", targets: ["DialRulesCommands"]),
    .executable(name: "dialrules", targets: ["dialrules"]),
    .library(name: "ShotLog", targets: ["ShotLog"]),
    .executable(name: "dialshot", targets: ["dialshot"]),
    // The bridge to Foundation (Decimal, Measurement, Locale, FormatStyle, URL, UTF-16 ranges): the
    // two libraries above do not import Foundation; an app that wants these adds this product.
    .library(name: "DialRulesFoundation", targets: ["DialRulesFoundation"]),
  ],
  targets: [
    // The default table is rules/espresso.dialrules itself, embedded in the code through the
    // symbolic link Sources/DialRules/Resources/espresso.dialrules (API/DefaultRules.swift).
    .target(name: "DialRules", resources: [.embedInCode("Resources/espresso.dialrules")]),
    // Argument scanning, exit codes, streams, files and colour for both command libraries.
    .target(name: "CommandLineSupport", dependencies: ["DialRules"]),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "DialRulesTestSupport"]),
    .target(name: "DialRulesCommands", dependencies: ["DialRules", "CommandLineSupport", "DialRulesLanguageServer"]),
    // `dialrules lsp`: the Language Server Protocol server (docs/editors.md).
    .target(name: "DialRulesLanguageServer", dependencies: ["DialRules"]),
    .executableTarget(name: "dialrules", dependencies: ["DialRulesCommands"]),
    .target(name: "DialRulesTestSupport", dependencies: ["DialRules"]),
    // The browser playground's engine interface (docs/playground.md): text in, text out, as the
    // commands print it; compiled natively for its tests and with Embedded Swift to WebAssembly.
    .target(name: "DialRulesPlayground", dependencies: ["DialRules"]),
    .executableTarget(
      name: "dialrules-bench", dependencies: ["DialRules", "DialRulesLanguageServer"],
      path: "Tests/Benchmarks/DialRulesBench"),
    .testTarget(name: "DialRulesTests", dependencies: ["DialRules", "DialRulesTestSupport"]),
    // The libraries as an app sees them: `import DialRules` and `import ShotLog` (no @testable)
    // beside Foundation; the Getting Started programs run as built; the API docs and surface.
    .testTarget(
      name: "DialRulesAPITests",
      dependencies: ["DialRules", "ShotLog", "DialRulesTestSupport", "getting-started-rules", "getting-started-log"]
    ),
    // The Getting Started programs of the API documentation (`Sources/*/*.docc`), built unchanged:
    // each article's code blocks are one of these files (DialRulesAPITests checks it).
    .executableTarget(name: "getting-started-rules", dependencies: ["DialRules"], path: "Tests/GettingStarted/Rules"),
    .executableTarget(
      name: "getting-started-log", dependencies: ["DialRules", "ShotLog"], path: "Tests/GettingStarted/Log"),
    .testTarget(
      name: "DialRulesCommandsTests",
      dependencies: [
        "DialRulesCommands", "CommandLineSupport", "DialRules", "DialRulesTestSupport", "DialRulesPlayground",
        "dialrules",
      ]
    ),
    .testTarget(
      name: "DialRulesLanguageServerTests",
      dependencies: ["DialRulesLanguageServer", "DialRules", "DialRulesTestSupport", "dialrules"]
    ),
    // The shot log: system SQLite, the ShotLog library, its command library and executable. Apple's
    // SDKs ship SQLite as the `SQLite3` module, so the module map over libsqlite3 is only needed
    // elsewhere (ShotLog imports whichever exists).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]
    ),
    // The system zlib, for the zip archives the importer reads (Beanconqueror's backups).
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "ShotLog",
      dependencies: [
        "DialRules", "CZlib",
        .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd, .wasi])),
      ]),
    .target(name: "ShotLogCommands", dependencies: ["ShotLog", "DialRules", "CommandLineSupport"]),
    .executableTarget(name: "dialshot", dependencies: ["ShotLogCommands"]),
    .target(name: "DialRulesFoundation", dependencies: ["DialRules", "ShotLog"]),
    .testTarget(name: "DialRulesFoundationTests", dependencies: ["DialRulesFoundation", "DialRules", "ShotLog"]),
    .testTarget(
      name: "ShotLogTests",
      dependencies: [
        "ShotLog", "ShotLogCommands", "CommandLineSupport", "DialRules", "DialRulesTestSupport", "dialshot",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
