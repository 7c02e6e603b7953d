import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// Corpus tests: every `Fixtures/shot-json/<case>.json` (read as one document) and `<case>.jsonl`
/// (read as JSON Lines) is checked against its sibling `<case>.<ext>.diagnostics`, the rendered
/// diagnostics (empty for a valid input). Adding a case means adding files, not code.
///
/// A missing sibling is written when `DIALRULES_UPDATE_GOLDENS=1` is set, and the test fails naming
/// it so the new expectation is reviewed in `git diff`. Existing expectations are never
/// overwritten: to accept a changed diagnostic, delete the file and regenerate.
@Suite struct ShotJSONFixtureTests {
  static let directory = "Fixtures/shot-json"

  static func cases() throws -> [String] {
    try Corpus.files(in: directory) { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }
  }

  @Test func corpusIsNotEmpty() throws {
    #expect(try Self.cases().count >= 10, "too few fixtures in \(Self.directory)")
  }

  @Test(arguments: try cases())
  func fixture(_ relative: String) throws {
    let file = SourceFile(path: relative, bytes: try PackageRoot.bytes(relative))
    let actual = Self.render(file, lines: relative.hasSuffix(".jsonl"))
    if let failure = Golden.checkSeeded(actual, against: relative + ".diagnostics") { Issue.record("\(failure)") }
  }

  /// The rendered diagnostics of a document, or of every line of a JSON Lines file in order.
  static func render(_ file: SourceFile, lines: Bool) -> String {
    let renderer = DiagnosticRenderer()
    guard lines else {
      if case .failure(let diagnostics) = ShotJSONReader.read(file) { return renderer.render(diagnostics, in: file) }
      return ""
    }
    var out = ""
    ShotJSONReader.readLines(file) { _, result in
      if case .failure(let diagnostics) = result { out += renderer.render(diagnostics, in: file) }
    }
    return out
  }
}
