import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// What a barista sees: the review, history and trends in their words, in 40 columns.
@Suite struct BaristaViewTests {
  /// A table whose rules disagree on a strong, harsh shot on time (`Fixtures/reference`).
  static var conflicting: String { PackageRoot.file("Fixtures/reference/reference-table.dialrules") }

  static func log() -> Scratch {
    let s = Scratch(start: "2026-03-01T12:00:00Z")
    s.expect([
      "profiles", "bean", "add", "Guji Natural", "--roaster", "Tim Wendelboe", "--roast-date", "2026-02-20",
      "--origin", "Guji, Ethiopia", "--process", "natural", "--roast-level", "light",
    ])
    s.expect([
      "profiles", "grinder", "add", "Niche Zero", "--step", "0.5", "--min", "0", "--max", "50", "--finer", "lower",
    ])
    s.expect(["profiles", "basket", "add", "VST 18", "--capacity", "18"])
    s.expect(["profiles", "basket", "add", "IMS 20", "--capacity", "20"])
    s.expect([
      "recipe", "set", "--grinder", "niche", "--dose", "18", "--yield", "36", "--time", "28", "--grind", "14",
      "--temperature", "93", "--basket", "VST 18",
    ])
    return s
  }

  @Test func theReviewShowsBothShotsRecipeAndWhatChangedBetween() throws {
    let s = Self.log()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["recipe", "set", "--basket", "IMS 20", "--dose", "19", "--temperature", "94"])
    let review = s.expect(["log", "--time", "25", "--yield", "38", "--taste", "balanced", "--rating", "4.5", "--long"])
      .out
    #expect(
      review.contains(
        "Tim Wendelboe · Guji, Ethiopia · natural · light roast · roasted 2026-02-20 · 9 days after roasting"))
    #expect(cells(review, "  grind") == ["13.5", "14"])
    #expect(cells(review, "  basket") == ["IMS 20", "VST 18"])
    #expect(cells(review, "  temperature") == ["94 °C", "93 °C"])
    #expect(cells(review, "  dose") == ["19 g", "18 g", "19 g"])
    #expect(cells(review, "  rating") == ["4.5", "–"])
    #expect(
      review.contains(
        "since #1: grind finer by 1 step (14 → 13.5); basket VST 18 → IMS 20; dose 18 g → 19 g; temperature 93 °C → 94 °C"
      ),
      "\(review)")
  }

  @Test func insufficientEvidenceSaysWhatToDoInTheBaristasWords() throws {
    let s = Self.log()
    let channeling = s.expect([
      "log", "--time", "27", "--yield", "36", "--taste", "sour", "--flow", "channeling", "--long",
    ]).out
    #expect(
      channeling.contains("No change suggested yet.\n  What to do next: Channeling observed: fix puck preparation"))
    #expect(channeling.contains("  why: A channel lets water bypass the coffee"))
    let missing = s.expect(["log", "--time", "28", "--yield", "36", "--long"]).out
    #expect(missing.contains("Not enough to go on yet: the taste would decide it."))
    #expect(missing.contains("add it: dialshot amend 2 --taste sour"))
    // The default table has no disagreement left; the reference table (version 1) still has one.
    let conflict = s.expect([
      "log", "--time", "28", "--yield", "36", "--taste", "strong,harsh", "--long", "--rules", Self.conflicting,
    ]).out
    #expect(conflict.contains("The rules disagree, so no change is suggested:\n  - "))
    for review in [channeling, missing, conflict] {
      for name in ["shot.taste", "explicit", "incomplete", "conflict)", "content hash", "decided by", "sour_fast"] {
        #expect(!review.contains(name), "'\(name)' only with --verbose:\n\(review)")
      }
      #expect(!review.contains("Accept with"), "nothing to accept:\n\(review)")
    }
    let verbose = s.expect(["suggest", "2", "--verbose"]).out
    #expect(verbose.contains("insufficient evidence (incomplete)"))
    #expect(verbose.contains("missing shot.taste"))
    #expect(verbose.contains("content hash \(RuleSet.defaultEspresso.contentHash)"))
  }

  @Test func theAcceptHintOnlyWhenAcceptingCanWork() throws {
    let s = Self.log()
    s.expect(["recipe", "set", "--grind", "0"])
    let atLimit = s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"]).out
    #expect(atLimit.contains("Not applied for you: the grinder is already at its finest setting (0)"))
    #expect(!atLimit.contains("Accept with"), "\(atLimit)")
    #expect(atLimit.contains("or reject with 'dialshot reject 1'"))
    s.expect(["recipe", "set", "--grind", "14"])
    let open = s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"]).out
    #expect(open.contains("Accept with 'dialshot accept 2'"))
    s.expect(["recipe", "set", "--yield", "37"])
    let moved = s.expect(["suggest", "2"]).out
    #expect(!moved.contains("Accept with"))
    #expect(moved.contains("The recipe has changed since this shot"))
  }

  @Test func historyShowsFlowRatingsAgeAndWhyTheRulesAbstained() throws {
    let s = Self.log()
    s.expect(["log", "--time", "27", "--yield", "36", "--taste", "sour", "--flow", "channeling", "--rating", "2"])
    s.expect(["log", "--time", "28", "--yield", "36"])
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "strong,harsh", "--rules", Self.conflicting])
    let history = s.expect(["history"]).out
    let lines = history.split(separator: "\n").map(String.init)
    #expect(lines[0].contains("flow") && lines[0].contains("★") && lines[0].contains("age"))
    #expect(lines[3].contains("channeling") && lines[3].contains(" 2 ") && lines[3].contains("9 d"), "\(history)")
    #expect(lines[3].contains("? Channeling observed: fix puck preparation before changing the recipe"), "\(history)")
    #expect(lines[2].contains("? needs taste"))
    #expect(lines[1].contains("? rules disagree"))
    #expect(s.expect(["history", "--verbose"]).out.contains("? needs taste (incomplete)"))
  }

  @Test func everyLayoutFitsFortyColumnsAndLongTextsWrap() throws {
    let s = Self.log()
    for (time, taste) in [("21", "sour"), ("24", "sour,thin"), ("27", "balanced"), ("31", "bitter")] {
      s.run(
        [
          "log", "--time", time, "--yield", "36", "--taste", taste, "--flow", "channeling", "--notes",
          "a rather long note about the puck",
        ],
        variables: ["COLUMNS": "40"])
    }
    for arguments in [
      ["suggest", "1"], ["suggest", "4", "--verbose"], ["history"], ["history", "--verbose"], ["trends"],
      ["compare", "1", "2"], ["recipe", "show"], ["log", "--time", "28", "--yield", "36"], ["use"],
    ] {
      let result = s.run(arguments, variables: ["COLUMNS": "40"])
      #expect(result.status == 0, "\(arguments): \(result.err)")
      for line in result.out.split(separator: "\n") where arguments[0] != "compare" && arguments[0] != "recipe" {
        #expect(line.unicodeScalars.count <= 40, "\(arguments): \(line.unicodeScalars.count) columns: \(line)")
      }
    }
    // A long rationale wraps under its label.
    let review = s.run(["suggest", "1"], variables: ["COLUMNS": "40"]).out
    #expect(review.contains("  What to do next: Channeling observed:\n    "), "\(review)")
  }

  @Test func trendsEndWithOneSentenceAboutWhereTheDialInStands() throws {
    let s = Self.log()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["log", "--time", "23", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    for time in ["27", "29", "28.5"] { s.expect(["log", "--time", time, "--yield", "36", "--taste", "balanced"]) }
    let trends = s.expect(["trends"]).out
    #expect(trends.contains("Settled at 13 after 3 shots; the last 3 within ±3 s of the target."), "\(trends)")
    #expect(trends.contains("Grind on Niche Zero (lower is finer): 14 → 13 over 5 shots; the last 3 at 13."))
  }

  @Test func theCurrentBeanAndGrinderAreTheLastUsed() throws {
    let s = Self.log()
    s.expect(["profiles", "bean", "add", "Kenya"])
    s.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks"])
    // A second bean's first recipe takes the current grinder; a log without BEAN the current bean.
    s.expect(["use", "Kenya", "--grinder", "Comandante"])
    s.expect(["recipe", "set", "--dose", "18", "--yield", "40", "--time", "30", "--grind", "22"])
    #expect(s.expect(["log", "--time", "30", "--yield", "40"]).out.contains("Shot #1 — Kenya on Comandante"))
    s.expect(["log", "Guji", "--time", "21", "--yield", "36", "--taste", "sour"])
    #expect(s.expect(["use"]).out == "bean: Guji Natural\ngrinder: Niche Zero\n")
    #expect(s.expect(["recipe", "show"]).out.contains("Recipe for 'Guji Natural'"))
    s.expect(["use", "Kenya"])
    #expect(s.expect(["trends"]).out.contains("Trends for 'Kenya'"))
    // The command line's own state stays out of exports.
    #expect(!s.expect(["export", "--json", "-"]).out.contains("current_"))
  }
}
