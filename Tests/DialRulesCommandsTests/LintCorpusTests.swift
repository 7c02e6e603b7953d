import DialRulesTestSupport
import Foundation
import Testing

/// Every `Fixtures/lint/<CODE>-<case>.dialrules` is linted as a user would, and the whole text
/// output (diagnostics, then the summary) must equal the sibling `.findings` golden. A case named
/// `…-quiet-…` must not report its code; every other case must. Adding a case means adding files.
@Suite struct LintCorpusTests {
  /// Expected findings are seeded for a new case but never overwritten (house style §17): to
  /// accept a change, delete the golden, regenerate it with DIALRULES_UPDATE_GOLDENS=1 and review.
  static func checkGolden(_ actual: String, _ golden: String) {
    if let failure = Golden.checkSeeded(actual, against: golden) { Issue.record("\(failure)") }
  }

  @Test(arguments: try Corpus.files(in: "Fixtures/lint", suffix: ".dialrules"))
  func findingsMatchGolden(_ relative: String) {
    let r = dialrules("lint", relative)
    let rendered = r.err + r.out
    let name = URL(fileURLWithPath: relative).lastPathComponent
    let code = String(name.prefix(4))
    if name.contains("-quiet-") {
      #expect(!rendered.contains("[\(code)]"), "a quiet case reported \(code)")
    } else {
      #expect(rendered.contains("[\(code)]"), "expected a \(code) finding")
    }
    // Exit status follows the worst severity: errors fail the run, nothing else does by default.
    #expect(r.status == (rendered.contains("error[") ? 1 : 0))
    #expect(!rendered.contains("[A010]"), "a witness failed its check")
    Self.checkGolden(rendered, relative + ".findings")
  }

  /// The default table: no error, and its reviewed information (documented in
  /// docs/default-rules.md) stays exactly as reviewed.
  @Test func defaultRulesFindings() {
    let r = dialrules("lint", "rules/espresso.dialrules")
    #expect(r.status == 0)
    #expect(!r.err.contains("error["))
    #expect(!r.err.contains("warning["))
    Self.checkGolden(r.err + r.out, "Fixtures/lint/espresso.findings")
  }
}
