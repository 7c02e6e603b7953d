import DialRulesTestSupport
import Foundation
import Testing

/// `dialrules table`: the default table in every format against reviewed goldens, and errors.
@Suite struct TableCommandTests {
  @Test(arguments: [("markdown", "md"), ("csv", "csv"), ("json", "json")])
  func defaultTableMatchesGolden(_ format: String, _ ext: String) {
    let r = dialrules("table", "--format", format, "rules/espresso.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.isEmpty)
    if let failure = Golden.check(r.out, against: "Fixtures/table/espresso.\(ext)") { Issue.record("\(failure)") }
  }

  @Test func markdownIsTheDefaultAndShowsEveryRule() {
    let r = dialrules("table", "rules/espresso.dialrules")
    #expect(r.out.hasPrefix("# Decision table: espresso"))
    for id in ["sour_fast", "back_off_after_finer", "dose_off_target"] { #expect(r.out.contains("| \(id) |")) }
    #expect(r.out.contains("| < -2 g or > 2 g |"))
  }

  @Test func rulesThatDoNotCheckExitTwo() {
    let r = dialrules("table", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 2)
    #expect(r.err.contains("error[T001]"))
    #expect(r.out.isEmpty)
  }

  @Test func unanalysedAndImpossibleRulesKeepARowWithANote() {
    let a = dialrules("table", "--format", "csv", "Fixtures/lint/A008-not-analysed.dialrules")
    #expect(a.out.contains("not analysed: 'shot.ratio * shot.ratio' reads every observation in it more than once"))
    let b = dialrules("table", "--format", "csv", "Fixtures/lint/A005-impossible.dialrules")
    #expect(b.out.contains(",never matches"))
  }

  @Test func usageErrors() {
    #expect(dialrules("table").status == 64)
    #expect(dialrules("table", "--format", "html", "rules/espresso.dialrules").status == 64)
    #expect(dialrules("table", "a", "b").status == 64)
  }
}
