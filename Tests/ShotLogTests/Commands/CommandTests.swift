import DialRules
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// The `dialshot` command line in-process: outputs, filters and documented exit statuses.
@Suite struct CommandTests {
  @Test(arguments: DialShotCLI.commands.map { $0.name })
  func everyCommandHasHelp(_ name: String) {
    let result = Scratch().run([name, "--help"], useDatabase: false)
    #expect(result.status == 0)
    #expect(result.out.contains("Usage:\n  dialshot \(name)"))
    #expect(result.out.contains("--db FILE"))
    #expect(result.err.isEmpty)
  }

  @Test func exitStatusesFollowTheDesign() {
    let s = Scratch()
    // 64: usage.
    let noCommand = s.run([], useDatabase: false)
    #expect(noCommand.status == 64)
    let unknown = s.run(["histroy"])
    #expect(unknown.status == 64)
    #expect(unknown.err.contains("did you mean 'history'?"))
    let badOption = s.run(["log", "--tme", "25"])
    #expect(badOption.status == 64)
    #expect(badOption.err.contains("unknown option '--tme'; did you mean '--time'?"))
    #expect(badOption.err.contains("See 'dialshot log --help' for more information."))
    #expect(s.run(["log"]).status == 64)
    // 0: success.
    s.setUpGuji()
    // 2: bad input.
    let badNumber = s.run(["log", "--time", "twenty"])
    #expect(badNumber.status == 2)
    #expect(badNumber.err.contains("--time: expected a number in s, found 'twenty'"))
    let negative = s.run(["log", "--time", "-3"])
    #expect(negative.status == 2)
    #expect(negative.err.contains("must be greater than 0 s"))
    let unknownBean = s.run(["log", "Gujj", "--time", "25"])
    #expect(unknownBean.status == 2)
    #expect(unknownBean.err.contains("no bean named 'Gujj'"))
    #expect(unknownBean.err.contains("help: did you mean 'Guji'?"))
    let badTag = s.run(["log", "--time", "25", "--taste", "salty"])
    #expect(badTag.status == 2)
    #expect(badTag.err.contains("unknown taste tag 'salty'"))
    // 1: findings.
    let duplicate = s.run(["profiles", "bean", "add", "guji"])
    #expect(duplicate.status == 1)
    #expect(duplicate.err.contains("a bean named 'guji' already exists"))
    s.expect(["log", "--time", "21", "--taste", "sour", "--yield", "36"])
    s.expect(["accept"])
    let twice = s.run(["accept", "1"])
    #expect(twice.status == 1)
    #expect(twice.err.contains("already accepted"))
  }

  @Test func theDatabaseLocationFollowsFlagEnvironmentAndXDG() throws {
    let s = Scratch()
    let xdg = s.directory.file("xdg")
    s.run(["profiles", "bean", "add", "A"], variables: ["XDG_DATA_HOME": xdg], useDatabase: false)
    #expect(FileManager.default.fileExists(atPath: xdg + "/dialshot/shots.sqlite"))
    s.run(["profiles", "bean", "add", "B"], useDatabase: false)
    #expect(FileManager.default.fileExists(atPath: s.directory.path + "/.local/share/dialshot/shots.sqlite"))
    let env = s.directory.file("env.sqlite")
    s.run(["profiles", "bean", "add", "C"], variables: ["DIALSHOT_DB": env, "XDG_DATA_HOME": xdg], useDatabase: false)
    #expect(FileManager.default.fileExists(atPath: env))
    // --db wins over the environment.
    s.run(["profiles", "bean", "add", "D"], variables: ["DIALSHOT_DB": env])
    let listed = s.run(["profiles", "bean", "list"]).out
    #expect(listed.contains("D") && !listed.contains("C"))
  }

  @Test func profilesCanBeEditedAndArchived() {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["profiles", "bean", "edit", "Guji", "--name", "Guji Natural", "--notes", "floral"])
    s.expect(["profiles", "grinder", "edit", "niche", "--step", "0.25"])
    #expect(s.expect(["profiles", "grinder", "list"]).out.contains("step 0.25 from 0 to 50, lower is finer"))
    s.expect(["profiles", "bean", "archive", "Guji Natural"])
    #expect(s.expect(["profiles", "bean", "list"]).out.contains("No beans yet"))
    #expect(s.expect(["profiles", "bean", "list", "--all"]).out.contains("Guji Natural (archived)"))
    let wrong = s.run(["profiles", "bean", "add", "X", "--step", "1"])
    #expect(wrong.status == 64)
    #expect(wrong.err.contains("'--step' does not apply to 'bean add'"))
    let badDate = s.run(["profiles", "bean", "add", "Y", "--roast-date", "11.09.2021"])
    #expect(badDate.status == 2)
    #expect(badDate.err.contains("ambiguous"))
    let badScale = s.run([
      "profiles", "grinder", "add", "Z", "--step", "1", "--min", "5", "--max", "1", "--finer", "lower",
    ])
    #expect(badScale.status == 2)
    #expect(badScale.err.contains("minimum must be below its maximum"))
  }

  @Test func recipeSetAndScaleCreateSnapshots() {
    let s = Scratch()
    s.setUpGuji()
    let unchanged = s.run(["recipe", "set", "--grind", "14"])
    #expect(unchanged.status == 1)
    #expect(unchanged.err.contains("nothing changed"))
    let scaled = s.expect(["recipe", "scale", "--dose", "20"]).out
    #expect(scaled.contains("40 g  (ratio 1:2.0)"))
    s.expect(["recipe", "set", "--yield", "37"])
    let odd = s.expect(["recipe", "scale", "--dose", "17"]).out
    #expect(odd.contains("31.5 g"))  // 17 × 37/20 = 31.45 → 31.5
    let history = s.expect(["recipe", "show", "--history"]).out
    #expect(history.contains("new "))
    #expect(history.contains("scale *"))
    #expect(history.components(separatedBy: "\n").filter { $0.contains(" g ") }.count == 4)
  }

  @Test func historyFiltersByBeanGrinderDatesAndTaste() {
    let s = Scratch(start: "2026-03-10T08:00:00Z")
    s.setUpGuji()
    s.expect(["profiles", "bean", "add", "Kenya"])
    s.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks"])
    s.expect([
      "recipe", "set", "Kenya", "--grinder", "Comandante", "--dose", "18", "--yield", "40", "--time", "30", "--grind",
      "20",
    ])
    s.expect(["log", "Guji", "--time", "21", "--taste", "sour", "--at", "2026-03-01T08:00:00Z"])
    s.expect(["log", "Guji", "--time", "26", "--taste", "sour,thin", "--at", "2026-03-02T08:00:00Z"])
    s.expect(["log", "Kenya", "--time", "30", "--taste", "bitter", "--at", "2026-03-03T08:00:00Z"])
    s.expect(["log", "Guji", "--time", "28", "--taste", "balanced", "--at", "2026-03-04T08:00:00Z"])
    func shots(_ arguments: [String]) -> [String] {
      s.expect(["history"] + arguments).out.split(separator: "\n").dropFirst().compactMap {
        $0.split(separator: " ").first.map(String.init)
      }.filter { Int($0) != nil }
    }
    #expect(shots([]) == ["4", "3", "2", "1"])
    #expect(shots(["--bean", "Guji"]) == ["4", "2", "1"])
    #expect(shots(["--grinder", "Comandante"]) == ["3"])
    #expect(shots(["--from", "2026-03-02", "--to", "2026-03-03"]) == ["3", "2"])
    #expect(shots(["--taste", "sour"]) == ["2", "1"])
    #expect(shots(["--taste", "thin", "--bean", "Guji"]) == ["2"])
    #expect(shots(["--limit", "2"]) == ["4", "3"])
    #expect(s.expect(["history", "--bean", "Kenya", "--taste", "sour"]).out == "No shots match.\n")
    #expect(s.run(["history", "--from", "March"]).status == 2)
  }

  @Test func compareShowsUnknownsAndComparesGrindOnlyOnOneGrinder() {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--first-drop", "6"])
    s.expect(["accept"])
    s.expect(["log", "--time", "26.5", "--yield", "36.5"])
    let same = s.expect(["compare", "1", "2"]).out
    #expect(cells(same, "grind") == ["14", "13.5", "−0.5 (1 step finer)"])
    #expect(cells(same, "time") == ["21 s", "26.5 s", "+5.5 s"])
    #expect(cells(same, "ratio") == ["1:2.0", "1:2.03", "+0.03"])
    #expect(cells(same, "first drop") == ["6 s", "unknown", "unknown"])
    #expect(cells(same, "taste") == ["sour", "unknown", "unknown"])
    #expect(cells(same, "flow") == ["none", "none", "same"])
    s.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks"])
    s.expect(["recipe", "set", "--grinder", "Comandante", "--grind", "22"])
    s.expect(["log", "--time", "27"])
    let other = s.expect(["compare", "2", "latest"]).out
    #expect(cells(other, "grind") == ["13.5", "22", "not comparable (different grinders)"])
  }

  @Test func trendsDrawsTimeAgainstTargetAndTasteBalance() {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["log", "--time", "20", "--taste", "sour"])
    s.expect(["log", "--time", "24", "--taste", "sour,thin"])
    s.expect(["log", "--time", "28", "--taste", "balanced"])
    s.expect(["log", "--time", "33", "--taste", "bitter"])
    s.expect(["log", "--time", "28"])
    let chart = s.expect(["trends"]).out
    let rows = chart.split(separator: "\n").filter { $0.contains("2026-") }
    #expect(rows.count == 5)
    #expect(rows[0].contains("●·······") && rows[0].contains("●····") && rows[0].hasSuffix("sour"))
    #expect(rows[2].contains("··●··"))
    #expect(rows[3].contains("····●"))
    #expect(rows[4].contains("··○··"))
    // A shot on its target shows only the shot marker; the others show both.
    #expect(!rows[2].contains("│") && rows[0].contains("│"))
    #expect(chart.contains("Taste: sour 2, bitter 1, balanced 1, thin 1, strong 0, harsh 0; no verdict 1."))
    #expect(chart.contains("Time: 2 of 5 timed shots within ±3 s of the target; first 20 s, latest 28 s."))
  }

  @Test func rulesComeFromTheFlagTheEnvironmentOrTheConfiguration() throws {
    let s = Scratch()
    s.setUpGuji()
    let custom = s.directory.file("mine.dialrules")
    try """
    dialrules 1
    ruleset "mine" "Always the same"
      otherwise no change
    """.write(toFile: custom, atomically: true, encoding: .utf8)
    #expect(s.expect(["log", "--time", "21", "--taste", "sour", "--rules", custom]).out.contains("rules: mine"))
    #expect(s.run(["log", "--time", "21"], variables: ["DIALSHOT_RULES": custom]).out.contains("rules: mine"))
    s.expect(["config", "rules", custom])
    #expect(s.expect(["log", "--time", "21"]).out.contains("rules: mine"))
    // A rule file that does not compile is refused with its errors, and the setting stays.
    let misspelt = s.directory.file("misspelt.dialrules")
    try "dialrules 1\nrule a\n  when sourr\n  then grind finer\n  because \"x\"\n".write(
      toFile: misspelt, atomically: true, encoding: .utf8)
    let refused = s.expect(["config", "rules", misspelt], status: 2)
    #expect(refused.err.contains("error[C002]: unknown name 'sourr'"), "\(refused.err)")
    #expect(refused.err.contains("\(misspelt): the rules do not compile; fix the errors above"))
    #expect(s.expect(["config"]).out.contains("rules: \(custom)"))
    s.expect(["config", "rules", "--clear"])
    // The built-in rules go without saying; --verbose names them with their content hash.
    let builtIn = s.expect(["log", "--time", "21", "--verbose"]).out
    #expect(builtIn.contains("rules: espresso (content hash \(RuleSet.defaultEspresso.contentHash))"))
    #expect(!s.expect(["suggest", "latest"]).out.contains("rules:"))
    // suggest --rules re-evaluates without storing.
    let again = s.expect(["suggest", "1", "--rules", custom]).out
    #expect(again.contains("Re-evaluated with mine (shown, not stored):\nSuggestion: No change"))

    let broken = s.directory.file("broken.dialrules")
    try "dialrules 1\nrule x\n  when sour\n".write(toFile: broken, atomically: true, encoding: .utf8)
    let before = try s.store().shots.attemptCount()
    let result = s.run(["log", "--time", "21", "--rules", broken])
    #expect(result.status == 2)
    #expect(result.err.contains("broken.dialrules:"))
    #expect(result.err.contains("error["))
    #expect(try s.store().shots.attemptCount() == before)
  }

  @Test func theReviewShowsShotPreviousDecisionRationaleAndPreview() {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["log", "--time", "24", "--yield", "36", "--taste", "sour"])
    s.expect(["reject"])
    let review = s.expect(["log", "--time", "21", "--yield", "36.2", "--taste", "sour", "--first-drop", "6", "--long"])
      .out
    #expect(review.hasPrefix("Shot #2 — Guji on Niche Zero, 2026-03-01 08:"))
    #expect(review.contains("Tim Wendelboe · roasted 2026-02-20 · 9 days after roasting"))
    #expect(review.contains("              this    #1     target\n"))
    #expect(cells(review, "  grind") == ["14", "14"])
    #expect(cells(review, "  time") == ["21 s", "24 s", "28 s"])
    #expect(cells(review, "  first drop") == ["6 s", "–"])
    #expect(review.contains("Suggestion: Grind finer by 1 step\n  why: A fast, sour shot"))
    #expect(!review.contains("sour_fast"), "rule ids only with --verbose")
    #expect(review.contains("Preview of the next recipe:\n  grind 14 → 13.5"))
    #expect(review.contains("Accept with 'dialshot accept 2', or reject with 'dialshot reject 2'."))
    #expect(s.expect(["suggest", "2", "--verbose"]).out.contains("  rule sour_fast: "))
    let shown = s.expect(["suggest", "1"]).out
    #expect(shown.contains("This suggestion was rejected 2026-03-01 08:"))
  }
}

/// The cells after the label of the table row that starts with `label` (columns are separated by
/// two or more spaces).
func cells(_ table: String, _ label: String) -> [String] {
  guard let line = table.split(separator: "\n").first(where: { $0.hasPrefix(label + " ") }) else { return [] }
  return line.dropFirst(label.count).split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
    !$0.isEmpty
  }
}
