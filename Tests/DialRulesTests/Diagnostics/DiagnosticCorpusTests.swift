import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// Every `Fixtures/diagnostics/<CODE>-<name>.dialrules` produces a diagnostic with its code, and its
/// rendered diagnostics equal the sibling `.diagnostics` file. Adding a case means adding files.
@Suite struct DiagnosticCorpusTests {
  static func render(_ relative: String) throws -> (String, [Diagnostic]) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.file(relative)))
    let file = SourceFile(path: relative, bytes: Array(bytes))
    let out = RuleCompiler.compile(file)
    return (DiagnosticRenderer().render(out.diagnostics, in: file), out.diagnostics)
  }

  @Test(arguments: try Corpus.files(in: "Fixtures/diagnostics", suffix: ".dialrules"))
  func fixtureMatchesGolden(_ relative: String) throws {
    let (rendered, diagnostics) = try Self.render(relative)
    let name = URL(fileURLWithPath: relative).lastPathComponent
    let code = String(name.prefix(4))
    #expect(diagnostics.contains { $0.code == code }, "expected a \(code) diagnostic")
    // Expected diagnostics are seeded once and never overwritten (house style §17).
    if let failure = Golden.checkSeeded(rendered, against: relative + ".diagnostics") { Issue.record("\(failure)") }
  }

  /// `docs/diagnostics.md` lists every code the tool can emit, and every listed code has a fixture
  /// (or names the test that generates its input, for limits that need very large files).
  @Test func catalogueIsComplete() throws {
    let doc = try PackageRoot.read("docs/diagnostics.md")
    let documented = Set(
      doc.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("### ") else { return nil }
        return String(line.dropFirst(4).prefix(4))
      })
    let sources = try SourceCodes.emittedCodes()
    #expect(sources.subtracting(documented).isEmpty, "undocumented: \(sources.subtracting(documented).sorted())")
    #expect(
      documented.subtracting(sources).isEmpty,
      "documented but never emitted: \(documented.subtracting(sources).sorted())")
    // A code is covered when a reviewed golden shows it, or when the test file the page names
    // for it really mentions it.
    var fixtureCodes = Set<String>()
    // Analysis findings (A…) are pinned by the lint corpus, whose goldens end in `.findings`.
    for (dir, suffix) in [
      ("Fixtures/diagnostics", ".diagnostics"), ("Fixtures/shot-json", ".diagnostics"), ("Fixtures/lint", ".findings"),
    ] {
      for golden in try Corpus.files(in: dir, suffix: suffix) {
        let text = try PackageRoot.read(golden)
        for code in documented where text.contains("[\(code)]") { fixtureCodes.insert(code) }
      }
    }
    for code in documented.sorted() where !fixtureCodes.contains(code) {
      let section = doc.components(separatedBy: "### \(code)").dropFirst().first ?? ""
      let body = section.components(separatedBy: "\n### ").first ?? ""
      guard let start = body.range(of: "Generated in `"), let end = body[start.upperBound...].firstIndex(of: "`") else {
        Issue.record("\(code) has no fixture and names no generating test")
        continue
      }
      let testFile = String(body[start.upperBound..<end])
      let text = (try? PackageRoot.read(testFile)) ?? ""
      #expect(text.contains("\(code)"), "\(code): \(testFile) does not exercise it")
    }
  }
}

/// Reads the codes the sources can emit, from the `code: "X000"` literals in the message catalogues.
enum SourceCodes {
  static func emittedCodes() throws -> Set<String> {
    var codes = Set<String>()
    let root = PackageRoot.file("Sources")
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let item = enumerator?.nextObject() as? String {
      guard item.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: root + "/" + item, encoding: .utf8)
      var rest = Substring(text)
      while let r = rest.range(of: "code: \"") {
        let start = r.upperBound
        let code = rest[start...].prefix(4)
        if code.count == 4, code.first?.isUppercase == true, code.dropFirst().allSatisfy(\.isNumber) {
          codes.insert(String(code))
        }
        rest = rest[start...]
      }
    }
    return codes
  }
}
