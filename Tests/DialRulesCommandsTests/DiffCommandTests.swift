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
    text += "\nrule strong_fast\n  when strong and fast\n  then insufficient \"Strong and fast.\"\n  because \"x\"\n"
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    return dir + "/new.dialrules"
  }

  @Test func identicalFilesHaveNoChanges() {
    let r = dialrules("diff", "--exit-code", "rules/espresso.dialrules", "rules/espresso.dialrules")
    #expect(r.status == 0)
    #expect(r.out == "rules: no changes\ninput space: no region decides differently\n")
  }

  @Test func reportsRuleDefinitionAndShotChanges() throws {
    let new = try changedRules()
    let r = dialrules("diff", "--exit-code", "--fixtures", "Fixtures/shots", "rules/espresso.dialrules", new)
    #expect(r.status == 1, "\(r.err)")
    #expect(r.out.contains("~ fast definition: dt < -3 s → dt < -4 s"))
    #expect(r.out.contains("~ sour_fast action: grind finer 1 step → grind finer 2 steps"))
    #expect(r.out.contains("+ strong_fast: when strong and fast then insufficient \"Strong and fast.\""))
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

  @Test func inputSpaceRegionsInEveryFormat() throws {
    let dir = try temporaryDirectory()
    let text = try PackageRoot.read("rules/espresso.dialrules")
      .replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "rules/espresso.dialrules", dir + "/new.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("  adjust grind finer 1 step → insufficient evidence (no_rule)\n    where taste has sour"))
    #expect(r.out.contains("-4 s ≤ dt < -3 s"))
    #expect(!r.out.contains("internal error"))
    let json = dialrules("diff", "--format", "json", "rules/espresso.dialrules", dir + "/new.dialrules")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let space = try #require(root["input_space"] as? [String: Any])
    #expect(space["analysed"] as? Bool == true)
    #expect(space["unverified"] as? Int == 0)
    let regions = try #require(space["regions"] as? [[String: Any]])
    #expect(!regions.isEmpty)
    #expect(regions.allSatisfy { ($0["witness"] as? [String: Any])?["format"] as? String == "dialrules-shot" })
    let md = dialrules("diff", "--format", "markdown", "rules/espresso.dialrules", dir + "/new.dialrules")
    #expect(md.out.contains("### Input space"))
    #expect(md.out.contains("| adjust grind finer 1 step | insufficient evidence (no_rule) |"))
    let skipped = dialrules("diff", "--no-space", "rules/espresso.dialrules", dir + "/new.dialrules")
    #expect(!skipped.out.contains("input space"))
    // Deterministic: the same bytes on every run.
    #expect(dialrules("diff", "rules/espresso.dialrules", dir + "/new.dialrules").out == r.out)
  }

  @Test func inputSpaceListsAtMostTwentyRegionsThenCounts() throws {
    let dir = try temporaryDirectory()
    // Moving all three time windows changes more regions than are listed.
    let text = try PackageRoot.read("rules/espresso.dialrules")
      .replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
      .replacingOccurrences(of: "let slow = dt > 3 s", with: "let slow = dt > 4 s")
      .replacingOccurrences(of: "let on_time = dt between -3 s and 3 s", with: "let on_time = dt between -2 s and 2 s")
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "--exit-code", "rules/espresso.dialrules", dir + "/new.dialrules")
    #expect(r.status == 1)
    #expect(r.out.components(separatedBy: "\n    witness ").count - 1 == 20)
    #expect(r.out.contains(#/\n  and \d+ more regions?\n/#))
    let json = dialrules("diff", "--format", "json", "rules/espresso.dialrules", dir + "/new.dialrules")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let space = try #require(root["input_space"] as? [String: Any])
    #expect((space["regions"] as? [Any])?.count == 20)
    #expect((space["omitted"] as? Int ?? 0) > 0)
    #expect(space["unverified"] as? Int == 0)
  }

  @Test func inputSpaceSaysWhenNotAnalysable() throws {
    let dir = try temporaryDirectory()
    let text = "dialrules 1\n\nrule r\n  when shot.ratio * shot.ratio > 4\n  then grind finer 1 step\n  because \"x\"\n"
    try text.write(toFile: dir + "/r.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "rules/espresso.dialrules", dir + "/r.dialrules")
    #expect(r.out.contains("input space: not analysed: rule 'r' of the new table: "), "\(r.out)\(r.err)")
  }

  @Test func rulesThatDoNotCheckExitTwo() {
    let r = dialrules("diff", "rules/espresso.dialrules", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 2)
    #expect(r.err.contains("error[T001]"))
  }
}
