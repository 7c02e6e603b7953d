import DialRulesTestSupport
import Foundation
import Testing

@Suite struct DiffCommandTests {
  /// The reference table (Fixtures/reference) with `fast` widened and `sour_fast` doubled, then
  /// `extra` appended.
  func editedRules(adding extra: String) throws -> String {
    let dir = try temporaryDirectory()
    var text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
    text = text.replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    text = text.replacingOccurrences(
      of: "when sour and not bitter and fast\n  then grind finer 1 step",
      with: "when sour and not bitter and fast\n  then grind finer 2 steps")
    try (text + extra).write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    return dir + "/new.dialrules"
  }

  /// The edited rules plus a new rule.
  func changedRules() throws -> String {
    try editedRules(
      adding: "\nrule strong_fast\n  when strong and fast\n  then insufficient \"Strong and fast.\"\n  because \"x\"\n")
  }

  @Test func identicalFilesHaveNoChanges() {
    let r = dialrules(
      "diff", "--exit-code", "Fixtures/reference/reference-table.dialrules",
      "Fixtures/reference/reference-table.dialrules")
    #expect(r.status == 0)
    #expect(r.out == "rules: no changes\ninput space: no region decides differently\n")
  }

  @Test func reportsRuleDefinitionAndShotChanges() throws {
    let new = try changedRules()
    let r = dialrules(
      "diff", "--exit-code", "--fixtures", "Fixtures/shots", "Fixtures/reference/reference-table.dialrules", new)
    #expect(r.status == 1, "\(r.err)")
    #expect(r.out.contains("~ fast definition: dt < -3 s → dt < -4 s"))
    #expect(r.out.contains("~ sour_fast action: grind finer 1 step → grind finer 2 steps"))
    #expect(r.out.contains("+ strong_fast: when strong and fast then insufficient \"Strong and fast.\""))
    #expect(r.out.contains("  adjust grind finer 1 step → adjust grind finer 2 steps: 8 shots\n"), "\(r.out)")
    #expect(r.out.contains("    Fixtures/shots/sour-fast.json\n"))
    #expect(
      r.out.contains(
        "  adjust grind finer 1 step → insufficient evidence (no_rule): 1 shot\n"
          + "    Fixtures/shots/time-minus-3p1-sour.json\n"))
  }

  @Test func jsonAndMarkdownCarryTheSameChanges() throws {
    let new = try changedRules()
    let json = dialrules(
      "diff", "--format", "json", "--shots", "Fixtures/shots/batch.jsonl",
      "Fixtures/reference/reference-table.dialrules", new)
    #expect(json.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((root["rules"] as? [[String: Any]])?.count == 2)
    #expect(root["shots_compared"] as? Int == 11)
    let md = dialrules("diff", "--format", "markdown", "Fixtures/reference/reference-table.dialrules", new)
    #expect(md.out.contains("| changed | `sour_fast` | action: `grind finer 1 step` → `grind finer 2 steps` |"))
  }

  /// The edited rules plus a second channeling rule, which changes only who decides the
  /// channeling shots.
  func regroupedRules() throws -> String {
    try editedRules(
      adding: "\nrule also_channeling\n  when channeling\n  then insufficient \"Channeling.\"\n  because \"x\"\n")
  }

  /// Shots are grouped by how their outcome changes, with counts; a change of deciding rules alone
  /// is counted apart and listed only with `--show-decided-by`.
  @Test func shotChangesAreGroupedByOutcome() throws {
    let new = try regroupedRules()
    let r = dialrules(
      "diff", "--no-space", "--fixtures", "Fixtures/shots", "Fixtures/reference/reference-table.dialrules", new)
    #expect(r.status == 0, "\(r.err)")
    let shots = try #require(r.out.components(separatedBy: "\nshots: ").dropFirst().first)
    #expect(
      shots.replacing(#/^\d+ of \d+/#, with: "N of M") == """
        N of M decide differently; 3 more change only their deciding rules (--show-decided-by lists them)
          adjust grind finer 1 step → adjust grind finer 2 steps: 9 shots
            Fixtures/shots/design-example.json
            Fixtures/shots/sour-fast-after-finer.json
            Fixtures/shots/sour-fast.json
            Fixtures/shots/sour-strong-fast.json
            Fixtures/shots/sour-very-fast.json
            Fixtures/shots/time-8s-sour.json
            Fixtures/shots/time-minus-8-sour.json
            Fixtures/shots/time-minus-8p1-sour.json
            Fixtures/shots/typo-time-2p8.json
          adjust grind finer 1 step → insufficient evidence (conflict): 1 shot
            Fixtures/shots/sour-thin-fast.json
          adjust grind finer 1 step → insufficient evidence (no_rule): 1 shot
            Fixtures/shots/time-minus-3p1-sour.json

        """, "\(r.out)")
    #expect(shots.hasPrefix("11 of "))
    let shown = dialrules(
      "diff", "--no-space", "--show-decided-by", "--fixtures", "Fixtures/shots",
      "Fixtures/reference/reference-table.dialrules", new)
    #expect(
      shown.out.hasSuffix(
        """
        deciding rules only: 3 shots keep their decision
          insufficient evidence (explicit): channeling → channeling, also_channeling: 3 shots
            Fixtures/shots/channeling.json
            Fixtures/shots/strong-harsh-channeling.json
            Fixtures/shots/taste-absent-channeling.json

        """), "\(shown.out)")
    let md = dialrules(
      "diff", "--no-space", "--format", "markdown", "--fixtures", "Fixtures/shots",
      "Fixtures/reference/reference-table.dialrules", new)
    #expect(md.out.contains("| before | after | shots |\n|---|---|---|\n"), "\(md.out)")
    #expect(
      md.out.contains(
        "| adjust grind finer 1 step | insufficient evidence (no_rule) | 1: `Fixtures/shots/time-minus-3p1-sour.json` |"
      ),
      "\(md.out)")
    #expect(md.out.contains("; 3 more change only their deciding rules.\n"), "\(md.out)")
    #expect(md.out.contains("Shots that change only their deciding rules are listed with `--show-decided-by`."))
    #expect(!md.out.contains("()"), "\(md.out)")
    let mdShown = dialrules(
      "diff", "--no-space", "--show-decided-by", "--format", "markdown", "--fixtures", "Fixtures/shots",
      "Fixtures/reference/reference-table.dialrules", new)
    #expect(
      mdShown.out.contains(
        "| insufficient evidence (explicit) | channeling | channeling, also_channeling | 3: "
          + "`Fixtures/shots/channeling.json`, `Fixtures/shots/strong-harsh-channeling.json`, "
          + "`Fixtures/shots/taste-absent-channeling.json` |"), "\(mdShown.out)")
    let json = dialrules(
      "diff", "--no-space", "--format", "json", "--fixtures", "Fixtures/shots",
      "Fixtures/reference/reference-table.dialrules", new)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let groups = try #require(root["outcome_changes"] as? [[String: Any]])
    #expect(groups.map { $0["count"] as? Int } == [9, 1, 1])
    #expect(groups.first?["to"] as? String == "adjust grind finer 2 steps")
    let only = try #require(root["decided_by_changes"] as? [[String: Any]])
    #expect(only.first?["new_decided_by"] as? [String] == ["channeling", "also_channeling"])
    #expect((root["shots_changed"] as? [Any])?.count == 14)
  }

  /// Text, JSON, Markdown and HTML print one count of what decides differently (outcome changes),
  /// and the shots whose deciding rules alone change apart, labelled so. The old HTML counted every
  /// change of deciding rules as deciding differently ("14 of …" where the text said "11 of …").
  @Test func everyFormatPrintsTheSameCounts() throws {
    let new = try regroupedRules()
    let old = "Fixtures/reference/reference-table.dialrules"
    func run(_ format: String) -> String {
      let r = dialrules("diff", "--format", format, "--fixtures", "Fixtures/shots", old, new)
      #expect(r.status == 0, "\(r.err)")
      return r.out
    }
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run("json").utf8)) as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    let compared = try #require(summary["shots_compared"] as? Int)
    let outcome = try #require(summary["shots_decide_differently"] as? Int)
    let rulesOnly = try #require(summary["shots_deciding_rules_only"] as? Int)
    let regions = try #require(summary["regions_decide_differently"] as? Int)
    #expect((outcome, rulesOnly) == (11, 3))
    // The JSON's own lists agree with its summary.
    let groups = try #require(json["outcome_changes"] as? [[String: Any]])
    #expect(groups.compactMap { $0["count"] as? Int }.reduce(0, +) == outcome)
    let space = try #require(json["input_space"] as? [String: Any])
    let listed = (space["regions"] as? [Any])?.count ?? -1
    #expect(listed + (space["omitted"] as? Int ?? -1) + (space["without_witness"] as? Int ?? -1) == regions)

    let shots = "\(outcome) of \(compared) decide differently; \(rulesOnly) more change only their deciding rules"
    let spaceLine = "\(regions) regions decide differently (every observation known)"
    let text = run("text")
    #expect(text.contains("shots: " + shots + " (--show-decided-by lists them)\n"), "\(text)")
    #expect(text.contains("input space: " + spaceLine + "\n"), "\(text)")
    let markdown = run("markdown")
    #expect(markdown.contains("### Shots that decide differently (\(outcome) of \(compared))"), "\(markdown)")
    #expect(markdown.contains("Shots: " + shots + "."), "\(markdown)")
    #expect(markdown.contains("Input space: " + spaceLine + "."), "\(markdown)")
    let html = run("html")
    #expect(html.contains("Shots that decide differently (\(outcome) of \(compared))</h2>"))
    #expect(html.contains("<p>Shots: " + shots + ".</p>"))
    #expect(html.contains("<p>Input space: " + spaceLine + ".</p>"))
    // The three channeling fixtures are listed, labelled as a change of deciding rules only.
    #expect(html.components(separatedBy: "(deciding rules only)").count - 1 == rulesOnly)
  }

  /// A table that only adds a second rule with the same action changes no outcome: the HTML says
  /// no situation decides differently, and counts the charts whose deciding rules change apart.
  @Test func aChangeOfDecidingRulesAloneDecidesNothingDifferently() throws {
    let dir = try temporaryDirectory()
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
    try (text + "\nrule also_channeling\n  when channeling\n  then insufficient \"Channeling.\"\n  because \"x\"\n")
      .write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let old = "Fixtures/reference/reference-table.dialrules"
    let html = dialrules("diff", "--format", "html", old, dir + "/new.dialrules")
    #expect(html.status == 0, "\(html.err)")
    #expect(
      html.out.contains(#/0 of \d+ situations decide differently somewhere; \d+ more change only their deciding rules/#)
    )
    #expect(html.out.contains("<p>Input space: no region decides differently (every observation known).</p>"))
    #expect(!html.out.contains(" changed\""))
    #expect(html.out.contains("(same outcome, deciding rules only changed: was channeling)"))
    let plain = dialrules("diff", old, dir + "/new.dialrules")
    #expect(plain.out.hasSuffix("input space: no region decides differently\n"), "\(plain.out)")
  }

  @Test func inputSpaceRegionsInEveryFormat() throws {
    let dir = try temporaryDirectory()
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
      .replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("  adjust grind finer 1 step → insufficient evidence (no_rule)\n    where taste has sour"))
    #expect(r.out.contains("-4 s ≤ dt < -3 s"))
    #expect(!r.out.contains("internal error"))
    let json = dialrules(
      "diff", "--format", "json", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let space = try #require(root["input_space"] as? [String: Any])
    #expect(space["analysed"] as? Bool == true)
    #expect(space["unverified"] as? Int == 0)
    let regions = try #require(space["regions"] as? [[String: Any]])
    #expect(!regions.isEmpty)
    #expect(regions.allSatisfy { ($0["witness"] as? [String: Any])?["format"] as? String == "dialrules-shot" })
    let md = dialrules(
      "diff", "--format", "markdown", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(md.out.contains("### Input space"))
    #expect(md.out.contains("| adjust grind finer 1 step | insufficient evidence (no_rule) |"))
    let skipped = dialrules(
      "diff", "--no-space", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(!skipped.out.contains("input space"))
    // Deterministic: the same bytes on every run.
    #expect(dialrules("diff", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules").out == r.out)
  }

  @Test func inputSpaceListsAtMostTwentyRegionsThenCounts() throws {
    let dir = try temporaryDirectory()
    // Moving all three time windows changes more regions than are listed.
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
      .replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
      .replacingOccurrences(of: "let slow = dt > 3 s", with: "let slow = dt > 4 s")
      .replacingOccurrences(of: "let on_time = dt between -3 s and 3 s", with: "let on_time = dt between -2 s and 2 s")
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "--exit-code", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(r.status == 1)
    #expect(r.out.components(separatedBy: "\n    witness ").count - 1 == 20)
    #expect(r.out.contains(#/\n  and \d+ more regions?\n/#))
    let json = dialrules(
      "diff", "--format", "json", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let space = try #require(root["input_space"] as? [String: Any])
    #expect((space["regions"] as? [Any])?.count == 20)
    let omitted = space["omitted"] as? Int ?? 0
    #expect(omitted > 0)
    #expect(space["unverified"] as? Int == 0)
    // --max-regions 0 lists every region, each with its region as data; N lists N.
    let all = dialrules(
      "diff", "--format", "json", "--max-regions", "0", "Fixtures/reference/reference-table.dialrules",
      dir + "/new.dialrules")
    let allSpace = try #require(
      (try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any])?["input_space"] as? [String: Any])
    let regions = try #require(allSpace["regions"] as? [[String: Any]])
    #expect(regions.count == 20 + omitted)
    #expect(allSpace["omitted"] as? Int == 0)
    #expect(regions.allSatisfy { $0["region_data"] is [String: Any] })
    let three = dialrules(
      "diff", "--max-regions", "3", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(three.out.components(separatedBy: "\n    witness ").count - 1 == 3)
    #expect(three.out.contains("  and \(20 + omitted - 3) more regions\n"), "\(three.out)")
    let bad = dialrules(
      "diff", "--max-regions", "-1", "Fixtures/reference/reference-table.dialrules", dir + "/new.dialrules")
    #expect(bad.status == 64)
    #expect(bad.err.contains("'--max-regions' needs a whole number"))
  }

  @Test func inputSpaceSaysWhenNotAnalysable() throws {
    let dir = try temporaryDirectory()
    let text = "dialrules 1\n\nrule r\n  when shot.ratio * shot.ratio > 4\n  then grind finer 1 step\n  because \"x\"\n"
    try text.write(toFile: dir + "/r.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("diff", "Fixtures/reference/reference-table.dialrules", dir + "/r.dialrules")
    #expect(r.out.contains("input space: not analysed: rule 'r' of the new table: "), "\(r.out)\(r.err)")
  }

  @Test func bothFromStandardInputIsAUsageError() {
    let r = dialrules("diff", "-", "-", stdin: "dialrules 1\n")
    #expect(r.status == 64)
    #expect(r.err.contains("cannot both be read from standard input"))
  }

  @Test func rulesThatDoNotCheckExitTwo() {
    let r = dialrules(
      "diff", "Fixtures/reference/reference-table.dialrules", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 2)
    #expect(r.err.contains("error[T001]"))
  }
}
