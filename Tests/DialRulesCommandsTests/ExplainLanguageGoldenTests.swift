import DialRulesTestSupport
import Foundation
import Testing

/// `dialrules explain --lang de|es` of two fixture shots with the default table — one adjustment
/// (sour and fast) and one deliberate abstention (sour yet slow) — against reviewed goldens in
/// `Fixtures/languages/<shot>.<lang>.explain`. `DIALRULES_UPDATE_GOLDENS=1` rewrites them.
@Suite struct ExplainLanguageGoldenTests {
  static let cases = ["sour-fast", "sour-slow"].flatMap { shot in ["de", "es"].map { (shot, $0) } }

  @Test(arguments: cases)
  func explanationMatchesGolden(_ shot: String, _ language: String) {
    let r = dialrules("explain", "--lang", language, "rules/espresso.dialrules", "Fixtures/shots/\(shot).json")
    #expect(r.status == 0, "\(r.err)")
    if let failure = Golden.check(r.out, against: "Fixtures/languages/\(shot).\(language).explain") {
      Issue.record("\(failure)")
    }
  }
}
