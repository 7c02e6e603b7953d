import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// The short review `log` prints by default (issue 22 item 3): the decision, why, the change and
/// how to answer it in at most 8 lines at 80 columns; `--long` is the full card. The rules are
/// written here, so the test checks the review's structure, not the default table's advice.
@Suite struct ShortReviewTests {
  /// `rules` written into the scratch log's directory, for `--rules`.
  static func rulesFile(in s: Scratch) throws -> String {
    let path = s.directory.file("short.dialrules")
    try rules.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let rules = """
    dialrules 1

    ruleset "short" "Rules for the short review"
      otherwise insufficient "No rule covers this shot."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted: a finer grind slows the flow and extracts more, which is the one step worth tasting next; this reason is long on purpose, so that it needs more than two lines at eighty columns and must be cut short in the short review."

    rule balanced
      when balanced
      then no change
      because "The shot tastes balanced: keep the recipe."

    rule channel
      when channeling
      then insufficient "Channeling: fix the puck preparation before changing the recipe."
      because "A channel lets water bypass the coffee."
    """

  func scratch() throws -> (Scratch, String) {
    let s = Scratch.guji()
    let path = try Self.rulesFile(in: s)
    return (s, path)
  }

  func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

  @Test(arguments: [
    ["21", "36", "sour"], ["27", "36"], ["28", "36", "balanced"], ["28", "36", "sour", "--flow", "channeling"],
    ["28", "36", "--taste", "none"],
  ])
  func theDefaultReviewIsAtMostEightLinesAt80Columns(_ shot: [String]) throws {
    let (s, rules) = try scratch()
    let short = s.run(["log"] + shot + ["--rules", rules], variables: ["COLUMNS": "80"])
    #expect(short.status == 0, "\(short.err)")
    let rows = lines(short.out)
    #expect(rows.count <= ShortReview.maximumLines, "\(rows.count) lines:\n\(short.out)")
    #expect(rows.allSatisfy { TerminalColumns.of($0) <= 80 }, "\(short.out)")
    #expect(rows.first?.hasPrefix("Shot #1 (rules: short) — Guji on Niche Zero: ") == true, "\(short.out)")
    // The full card is still there with --long: the shot beside the recipe, row by row.
    let long = s.run(["suggest", "1", "--rules", rules], variables: ["COLUMNS": "80"])
    #expect(long.status == 0)
    #expect(long.out.contains("  dose "), "\(long.out)")
    #expect(lines(long.out).count > rows.count)
  }

  @Test func theShortReviewHasTheDecisionWhyTheChangeAndTheAnswer() throws {
    let (s, rules) = try scratch()
    let out = s.run(["log", "21", "36", "sour", "--rules", rules], variables: ["COLUMNS": "80"]).out
    let rows = lines(out)
    #expect(rows.count <= ShortReview.maximumLines)
    #expect(rows.contains("Suggestion: Grind finer by 1 step"), "\(out)")
    // Why, cut where its third line would begin.
    let why = rows.filter { $0.hasPrefix("  why: ") || $0.hasPrefix("    ") }
    #expect(why.count == 2, "\(out)")
    #expect(why.last?.hasSuffix("…") == true, "\(out)")
    #expect(rows.contains("  grind 14 → 13.5"), "\(out)")
    #expect(rows.last == "Accept with 'dialshot accept 1', or reject with 'dialshot reject 1'.")
    #expect(!out.contains("Preview of the next recipe"))
    // Not enough to go on: what would decide it and how to add it.
    let missing = s.expect(["log", "27", "36", "--rules", rules]).out
    #expect(missing.contains("Not enough to go on yet: the taste would decide it."), "\(missing)")
    #expect(missing.contains("  add it: dialshot amend 2 --taste sour"))
  }

  @Test func longAndVerboseGiveTheFullCard() throws {
    let (s, rules) = try scratch()
    let long = s.expect(["log", "21", "36", "sour", "--long", "--rules", rules]).out
    #expect(long.contains("Preview of the next recipe:"))
    #expect(long.contains("  first drop"))
    let verbose = s.expect(["log", "21", "36", "sour", "--verbose", "--rules", rules]).out
    #expect(verbose.contains("rule sour_fast: "))
    #expect(verbose.contains("Preview of the next recipe:"))
  }
}

/// The review offers only actions that will work (issue 22 item 2, the undo offer): `suggest N`
/// offered "dialshot undo N" after the recipe had moved on, and `undo N` then failed.
@Suite struct UndoOfferTests {
  @Test func undoIsOfferedOnlyWhileItWouldWork() throws {
    let s = Scratch.guji()
    let rules = try ShortReviewTests.rulesFile(in: s)
    s.expect(["log", "21", "36", "sour", "--rules", rules])
    s.expect(["accept"])
    #expect(s.expect(["suggest", "1"]).out.contains("To go back to the recipe before it: dialshot undo 1"))
    s.expect(["recipe", "set", "--yield", "38"])
    let later = s.expect(["suggest", "1"]).out
    #expect(!later.contains("dialshot undo 1"), "\(later)")
    #expect(later.contains("so this accept can no longer be undone"), "\(later)")
    #expect(s.run(["undo", "1"]).status == 1, "the undo the review no longer offers does fail")
  }
}

/// Amending an accepted shot whose decision changes (issue 22 item 2): the correction said "No
/// change" while the change the wrong taste caused stayed in the recipe, and nothing said so.
@Suite struct AmendAcceptedShotTests {
  @Test func theCorrectionSaysTheAcceptedChangeStaysAndHowToTakeItBack() throws {
    let s = Scratch.guji()
    let rules = try ShortReviewTests.rulesFile(in: s)
    s.expect(["log", "21", "36", "sour", "--rules", rules])
    s.expect(["accept"])
    let amended = s.expect(["amend", "1", "--taste", "balanced", "--rules", rules]).out
    #expect(
      amended.contains(
        "Shot #1's suggestion (grind finer by 1 step) was accepted and is still in the recipe, but the corrected shot does not call for it."
      ), "\(amended)")
    #expect(amended.contains("  To take that change back: dialshot undo 1"))
    s.expect(["undo", "1"])  // The offer works.
    #expect(try s.store().profiles.activeSnapshot(beanID: 1)?.grind.text == "14")
  }

  @Test func aCorrectionThatDecidesTheSameSaysNothingMore() throws {
    let s = Scratch.guji()
    let rules = try ShortReviewTests.rulesFile(in: s)
    s.expect(["log", "21", "36", "sour", "--rules", rules])
    s.expect(["accept"])
    let amended = s.expect(["amend", "1", "--rating", "4", "--rules", rules]).out
    #expect(!amended.contains("is still in the recipe"), "\(amended)")
  }
}
