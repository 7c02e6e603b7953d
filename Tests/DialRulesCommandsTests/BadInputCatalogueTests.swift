import DialRulesTestSupport
import Foundation
import Testing

/// The catalogue of bad inputs (`Fixtures/bad-inputs/manifest.json`): each case runs the real
/// `dialrules` binary and must give its documented exit status and messages — and never crash,
/// hang or report an internal error. Adding a case means adding a manifest entry (and a file).
@Suite struct BadInputCatalogueTests {
  /// One manifest entry.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var args: [String]
    var exit: Int32
    var stderr: [String]
    var stdout: [String]
    var why: String
    var testDescription: String { name }
  }

  static let manifestPath = "Fixtures/bad-inputs/manifest.json"
  static let keys: Set<String> = ["name", "args", "exit", "stderr", "stdout", "why"]

  /// Reads the manifest strictly: unknown or missing keys are errors, so a typo cannot silently
  /// drop an expectation.
  static func load() throws -> [Case] {
    let data = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.file(manifestPath)))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let entries = root["cases"] as? [[String: Any]]
    else { throw ManifestError("expected an object with a 'cases' array") }
    guard !entries.isEmpty else { throw ManifestError("\(manifestPath) lists no cases") }
    return try entries.map { entry in
      let unknown = Set(entry.keys).subtracting(keys)
      guard unknown.isEmpty else { throw ManifestError("unknown keys \(unknown.sorted()) in \(entry)") }
      guard let name = entry["name"] as? String, let args = entry["args"] as? [String],
        let exit = entry["exit"] as? Int, let why = entry["why"] as? String
      else { throw ManifestError("a case needs 'name', 'args', 'exit' and 'why': \(entry)") }
      return Case(
        name: name, args: args, exit: Int32(exit), stderr: entry["stderr"] as? [String] ?? [],
        stdout: entry["stdout"] as? [String] ?? [], why: why)
    }
  }

  struct ManifestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test func manifestIsValidAndUsesEveryFile() throws {
    let cases = try Self.load()
    #expect(cases.count >= 30)
    #expect(Set(cases.map(\.name)).count == cases.count, "case names must be unique")
    let used = Set(cases.flatMap(\.args))
    for file in try Corpus.files(in: "Fixtures/bad-inputs", where: { $0 != "manifest.json" }) {
      #expect(used.contains(file), "\(file) is not used by any case")
    }
  }

  @Test(arguments: try load())
  func badInputGivesItsDocumentedAnswer(_ c: Case) throws {
    let r = try BuiltProducts.run("dialrules", c.args)
    #expect(r.status == c.exit, "exit \(r.status), expected \(c.exit)\nstderr:\n\(r.stderr)")
    for expected in c.stderr {
      #expect(r.stderr.contains(expected), "stderr lacks \(expected.debugDescription):\n\(r.stderr)")
    }
    for expected in c.stdout {
      #expect(r.stdout.contains(expected), "stdout lacks \(expected.debugDescription):\n\(r.stdout)")
    }
    // Whatever the input, never an internal error or a runtime trap.
    #expect(!r.stderr.contains("internal error") && !r.stderr.contains("Fatal error"))
  }

  /// The 1 MiB limit on rule files and single shots (`InputFiles.smallFileLimit`): a file and
  /// standard input one byte over it are refused before anything is parsed. (The 1 GiB batch
  /// limit is the same code with another number; a test would have to write a gigabyte.)
  @Test func inputsOverOneMebibyteAreRefused() throws {
    let dir = try temporaryDirectory()
    let big = "#" + String(repeating: "x", count: 1 << 20)
    try big.write(toFile: dir + "/big.dialrules", atomically: true, encoding: .utf8)
    let file = try BuiltProducts.run("dialrules", ["lint", dir + "/big.dialrules"])
    #expect(file.status == 2)
    #expect(file.stderr.hasSuffix("big.dialrules: error: file is larger than 1 MiB\n"), "\(file.stderr)")
    let stdin = try BuiltProducts.run("dialrules", ["fmt"], stdin: big)
    #expect(stdin.status == 2)
    #expect(stdin.stderr == "-: error: file is larger than 1 MiB\n", "\(stdin.stderr)")
  }

  /// A file without read permission. Tests run as root in CI, and root reads any file whatever its
  /// mode, so there the case is skipped; `/proc/self/mem` (a read that fails) covers the same
  /// error path in the manifest.
  @Test(.enabled(if: geteuid() != 0, "root can read a file with mode 000"))
  func fileWithoutReadPermission() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/secret.dialrules"
    try "dialrules 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
    let r = try BuiltProducts.run("dialrules", ["lint", path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("error: cannot read: Permission denied"), "\(r.stderr)")
  }
}
