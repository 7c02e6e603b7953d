import DialRulesTestSupport
import Foundation
import Testing

@Suite struct DiffCommandTests {
  /// The default rules with `fast` widened and `sour_fast` doubled, plus a new rule.
  func changedRules() throws -> String {
    let dir = try temporaryDirectory()
    var text = try PackageRoot.read("rules/espresso.dialrules")
    text = text.replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    text = text.replacingOccurrences(
      of: "when sour and not bitter and fast\n  then grind finer 1 step",
      with: "when sour and not bitter and fast\n  then grind finer 2 steps")
    text += "\nrule gushing\n  when gushing\n  then insufficient \"Gushing.\"\n  because \"x\"\n"
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    return dir + "/new.dialrules"
  }

  @Test func identicalFilesHaveNoChanges() {
    let r = dialrules("diff", "--exit-code", "rules/espresso.dialrules", "rules/espresso.dialrules")
    #expect(r.status == 0)
    #expect(r.out == "rules: no changes\n")
  }

  @Test func reportsRuleDefinitionAndShotChanges() throws {
    let new = try changedRules()
    let r = dialrules("diff", "--exit-code", "--fixtures", "Fixtures/shots", "rules/espresso.dialrules", new)
    #expect(r.status == 1, "\(r.err)")
    #expect(r.out.contains("~ fast definition: dt < -3 s → dt < -4 s"))
    #expect(r.out.contains("~ sour_fast action: grind finer 1 step → grind finer 2 steps"))
    #expect(r.out.contains("+ gushing: when gushing then insufficient \"Gushing.\""))
    #expect(r.out.contains("Fixtures/shots/sour-fast.json: adjust grind finer 1 step → adjust grind finer 2 steps"))
    #expect(
      r.out.contains(
        "Fixtures/shots/time-minus-3p1-sour.json: adjust grind finer 1 step → insufficient evidence (no_rule)"))
  }

  @Test func jsonAndMarkdownCarryTheSameChanges() throws {
    let new = try changedRules()
    let json = dialrules(
      "diff", "--format", "json", "--shots", "Fixtures/shots/batch.jsonl", "rules/espresso.dialrules", new)
    #expect(json.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((root["rules"] as? [[String: Any]])?.count == 2)
    #expect(root["shots_compared"] as? Int == 11)
    let md = dialrules("diff", "--format", "markdown", "rules/espresso.dialrules", new)
    #expect(md.out.contains("| changed | `sour_fast` | action: `grind finer 1 step` → `grind finer 2 steps` |"))
  }

  @Test func rulesThatDoNotCheckExitTwo() {
    let r = dialrules("diff", "rules/espresso.dialrules", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 2)
    #expect(r.err.contains("error[T001]"))
  }
}
