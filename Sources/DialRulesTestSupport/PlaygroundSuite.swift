import Foundation

/// The browser playground's engine, `docs/playground/dialrules.wasm` (built by
/// `Tests/Playground/build.sh` with Embedded Swift), run in node through the page's wrapper
/// `docs/playground/engine.js` by `Tests/Playground/differential.mjs`.
///
/// Tests run it when node and the Embedded Swift toolchain are there, building the module once
/// per test process when it is missing or older than a source. When
/// `DIALRULES_REQUIRE_PLAYGROUND_TESTS=1` is set (`.ci/run` sets it) a missing tool is a failure,
/// not a skip, so CI can never pass without having run the engine. A build that fails for any
/// other reason than a missing tool is always a failure.
public enum PlaygroundSuite {
  /// Whether a missing tool must fail the test run.
  public static var required: Bool {
    ProcessInfo.processInfo.environment["DIALRULES_REQUIRE_PLAYGROUND_TESTS"] == "1"
  }

  /// node: `$DIALRULES_NODE`, else the first `node` on `PATH`.
  public static var node: String? {
    if let node = ProcessInfo.processInfo.environment["DIALRULES_NODE"] { return node }
    return (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/node" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The module's path.
  public static var module: String { PackageRoot.file("docs/playground/dialrules.wasm") }

  /// What the module is built from: a newer file here makes it stale.
  static let sources = [
    "Sources/DialRules", "Sources/DialRulesPlayground", "Tests/Playground/runtime", "Tests/Playground/build.sh",
    "rules/espresso.dialrules",
  ]

  /// How getting the module went: built (or up to date), unavailable (a tool is missing: skip
  /// unless required), or failed (always a failure).
  public enum Readiness: Sendable, Equatable {
    case ready
    case unavailable(String)
    case failed(String)
  }

  /// The module, built if needed: once per test process, however many tests ask.
  public static let readiness: Readiness = prepare()

  /// Whether the tests should run: everything is there, or it is required (and then a missing
  /// tool fails), or the build failed (which always fails).
  public static var enabled: Bool {
    if case .unavailable = readiness { return required }
    return true
  }

  static func prepare() -> Readiness {
    guard node != nil else { return .unavailable("node (set DIALRULES_NODE or put node on PATH)") }
    if !isStale { return .ready }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [PackageRoot.file("Tests/Playground/build.sh")]
    process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path())
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return .unavailable("bash (\(error))") }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0: return .ready
    // build.sh's exit status when the toolchain lacks swiftc, clang, wasm-ld or Embedded Swift.
    case 69: return .unavailable("the Embedded Swift toolchain for wasm32: \(text)")
    default: return .failed("Tests/Playground/build.sh exited \(process.terminationStatus):\n\(text)")
    }
  }

  /// Whether the module is missing or older than one of its sources.
  static var isStale: Bool {
    let fm = FileManager.default
    guard let built = (try? fm.attributesOfItem(atPath: module))?[.modificationDate] as? Date else { return true }
    for source in sources {
      let root = PackageRoot.file(source)
      var files = [root]
      if let enumerator = fm.enumerator(atPath: root) {
        files += enumerator.compactMap { ($0 as? String).map { root + "/" + $0 } }
      }
      for file in files {
        if let date = (try? fm.attributesOfItem(atPath: file))?[.modificationDate] as? Date, date > built {
          return true
        }
      }
    }
    return false
  }

  /// Runs `differential.mjs` with `arguments` (after the module's path is inserted second):
  /// `["eval", rules, shots]` or `["default-rules"]`.
  public static func run(_ arguments: [String]) throws -> BuiltProducts.Run {
    guard let node else { return BuiltProducts.Run(status: -1, stdout: "", stderr: "node not found") }
    var full = [PackageRoot.file("Tests/Playground/differential.mjs")] + arguments
    full.insert(module, at: 2)
    return try BuiltProducts.run(executableAt: node, full)
  }
}
