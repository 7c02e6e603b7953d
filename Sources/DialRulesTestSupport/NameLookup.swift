import Foundation

/// Whether every type a module declares can be named unqualified in a file that imports Foundation
/// and Swift Testing beside it, derived from the sources rather than from a hand-kept list.
///
/// It writes one Swift file that imports Foundation, Swift Testing and the modules, and names each
/// declared type in a type position (`extension X {}`; `typealias _X = X` for a type alias), then
/// type-checks it with the toolchain's `swiftc` against the modules SwiftPM built next to the tests.
/// A name that Foundation, the standard library, Swift Testing or another imported module also
/// declares is "ambiguous for type lookup" there, exactly as in an app or a test file.
public enum NameLookup {
  /// What the compiler said about the generated file.
  public struct Outcome: Sendable {
    /// How many names the file referred to.
    public var checked: Int
    /// The compiler's error lines (`file:line:col: error: …`), empty when every name resolved.
    public var errors: [String]
    /// The compiler's exit status.
    public var status: Int32
  }

  /// Type-checks `names` (name → keyword, as `DeclaredTypes.declarations` gives them) beside
  /// Foundation and Swift Testing, with `imports` imported (`@testable` for those in `testable`),
  /// searching `moduleDirectories` besides the built products' module directory.
  public static func check(
    _ names: [String: String], imports: [String], testable: Set<String> = [], moduleDirectories: [String] = []
  ) throws -> Outcome {
    var text = "import Foundation\nimport Testing\n"
    for module in imports { text += (testable.contains(module) ? "@testable " : "") + "import \(module)\n" }
    for (name, keyword) in names.sorted(by: { $0.key < $1.key }) {
      text += keyword == "typealias" ? "typealias _NameLookup_\(name) = \(name)\n" : "extension \(name) {}\n"
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "name-lookup-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Names.swift").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    var arguments = ["swiftc", "-typecheck", file, "-swift-version", "6", "-I", BuiltProducts.directory + "/Modules"]
    for extra in moduleDirectories { arguments += ["-I", extra] }
    let run = try BuiltProducts.run(executableAt: "/usr/bin/env", arguments)
    let errors = (run.stdout + run.stderr).split(separator: "\n").map(String.init).filter {
      $0.hasPrefix(file) && $0.contains(": error: ")
    }
    return Outcome(checked: names.count, errors: errors, status: run.status)
  }
}
