import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLogCommands

/// Everything else `dialshot` prints for a barista in the language of `LANG` (issue 21 item 4):
/// what profiles, recipe, use, history, compare, trends, gaps, void, undo, amend, export, import,
/// config and replay say, their table headings and numbers with the decimal comma. Goldens in
/// `Fixtures/languages/dialshot-commands.{de,es}.txt` (`DIALRULES_UPDATE_GOLDENS=1`).
@Suite struct DialShotCommandLanguageTests {
  /// A week of dial-in, one command line after another; `<dir>` stands for the scratch directory.
  static let commands: [[String]] = [
    [
      "profiles", "bean", "add", "Guji", "--roaster", "Tim Wendelboe", "--roast-date", "2026-02-20", "--origin",
      "Ethiopia", "--process", "washed", "--roast-level", "light",
    ],
    ["profiles", "grinder", "add", "Niche Zero", "--step", "0.5", "--min", "0", "--max", "50", "--finer", "lower"],
    ["profiles", "grinder", "add", "Comandante", "--settings", "clicks 1-40"],
    ["profiles", "basket", "add", "VST 18", "--capacity", "18.5"],
    ["profiles", "bean", "add", "Decaf"],
    ["profiles", "bean", "list"], ["profiles", "grinder", "list"], ["profiles", "basket", "list"],
    ["profiles", "basket", "list", "--all"],
    [
      "recipe", "set", "Guji", "--grinder", "Niche Zero", "--basket", "VST 18", "--dose", "18", "--yield", "36.5",
      "--time", "28", "--grind", "14.5", "--temperature", "93.5",
    ],
    ["use"], ["log", "21", "36", "sour"], ["accept"], ["recipe", "show"], ["undo", "1"], ["recipe", "show"],
    ["log", "29", "37"], ["log", "27", "36", "balanced", "--rating", "4"], ["reject", "--note", "rather stronger"],
    ["recipe", "scale", "--dose", "20"], ["recipe", "show", "--history"],
    ["history"], ["history", "--all"], ["compare", "1", "2"], ["compare", "2", "3"], ["trends"], ["gaps"],
    ["use", "Guji"], ["use", "--grinder", "Comandante"], ["use", "--grinder", "Niche Zero"],
    ["void", "2", "--why", "spilled the cup"], ["amend", "3", "--rating", "4.5"],
    ["profiles", "bean", "edit", "Guji", "--notes", "fruity"],
    ["profiles", "grinder", "edit", "Niche Zero", "--step", "0.25"],
    ["profiles", "bean", "archive", "Decaf"], ["profiles", "bean", "list", "--all"],
    ["profiles", "bean", "archive", "Decaf", "--restore"],
    ["profiles", "machine"], ["profiles", "machine", "--note", "Linea Mini, 9 bar"], ["profiles", "machine"],
    ["profiles", "machine", "--note", ""],
    ["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-27", "--weight", "250"],
    ["profiles", "bean", "bags", "Guji"],
    ["profiles", "bean", "edit-bag", "Guji", "1", "--weight", "250.5"],
    ["config", "rules", "<dir>/espresso.dialrules"], ["config", "rules"], ["config", "rules", "--clear"],
    ["export", "--json", "<dir>/e.json"], ["export", "--csv", "<dir>/e.csv"], ["import", "<dir>/e.json"],
    ["import", "--replace", "<dir>/e.json"], ["import", "--replace", "<dir>/e.json", "--apply", "<token>"],
    ["import", "<fixtures>/imports/synthetic/visualizer-shot.json"],
    ["import", "<fixtures>/imports/synthetic/visualizer-shot.json", "--apply", "<token>"],
    ["replay", "<dir>/espresso.dialrules"], ["history"], ["trends"],
    // An accepted change the correction does not call for; a roast date on a bag with shots.
    ["log", "Guji", "20", "40.6", "sour"], ["accept"], ["amend", "6", "--taste", "balanced"],
    ["profiles", "bean", "edit", "Guji", "--roast-date", "2026-02-28"], ["history", "--bean", "Guji", "--limit", "2"],
  ]

  /// Each command line with its status and what it printed, in `variables`' language.
  func session(_ variables: [String: String]) throws -> [(command: String, output: String)] {
    let s = Scratch(start: "2026-03-01T12:00:00Z")
    try String(contentsOfFile: PackageRoot.file("rules/espresso.dialrules"), encoding: .utf8)
      .write(toFile: s.directory.file("espresso.dialrules"), atomically: true, encoding: .utf8)
    let fixtures = PackageRoot.file("Fixtures")
    var token = ""
    return Self.commands.map { command in
      let arguments = command.map {
        $0.replacingOccurrences(of: "<dir>", with: s.directory.path).replacingOccurrences(
          of: "<fixtures>", with: fixtures
        ).replacingOccurrences(of: "<token>", with: token)
      }
      let result = s.run(arguments, variables: variables)
      // The token a preview prints, for the next command line to apply it.
      if let apply = result.out.range(of: "--apply ") {
        token = String(result.out[apply.upperBound...].prefix { !$0.isWhitespace })
      }
      let output = (result.out + result.err).replacingOccurrences(of: s.directory.path, with: "<dir>")
        .replacingOccurrences(of: fixtures, with: "<fixtures>")
      return ("$ dialshot \(command.joined(separator: " ")) (status \(result.status))", Self.masked(output))
    }
  }

  /// `output` with what differs from run to run masked: the import tokens (`--apply 75765eb17f0c895f`)
  /// and the ids a store makes without the test's identifier source (a bean's first bag).
  static func masked(_ output: String) -> String {
    var out = output
    out.replace(/--apply [0-9a-f]{16}/, with: "--apply <token>")
    out.replace(/\b(?=[0-9]*[a-f])[0-9a-f]{8}\b/, with: "xxxxxxxx")
    return out
  }

  /// Prose: a line with three or more lowercase words (not a command line or an option).
  static func isProse(_ line: Substring) -> Bool {
    let text = line.drop { $0 == " " }
    guard !text.hasPrefix("dialshot "), !text.hasPrefix("-"), !text.hasPrefix("$ ") else { return false }
    let words = text.split(separator: " ").filter { word in
      word.count >= 3 && word.allSatisfy { $0.isLetter && $0.isLowercase }
    }
    return words.count >= 3
  }

  @Test(arguments: [("de", "de_DE.UTF-8"), ("es", "es_ES.UTF-8")])
  func everyCommandSpeaksTheLanguageOfLANG(_ code: String, _ lang: String) throws {
    let english = try session([:])
    let translated = try session(["LANG": lang])
    let text = translated.map { "\($0.command)\n\($0.output)" }.joined(separator: "\n")
    if let failure = Golden.check(text, against: "Fixtures/languages/dialshot-commands.\(code).txt") {
      Issue.record("\(failure)")
    }
    for (en, other) in zip(english, translated) {
      #expect(en.command == other.command)
      // `gaps` prints the checker's report (`ShotWeightsRenderer`, the words of `dialrules lint`),
      // which is English for rule authors.
      if en.command.hasPrefix("$ dialshot gaps") { continue }
      let lines = Set(other.output.split(separator: "\n"))
      for line in en.output.split(separator: "\n") where Self.isProse(line) {
        #expect(!lines.contains(line), "\(en.command) in \(code) still says '\(line)'")
      }
    }
  }

  /// The English of the same session, pinned too, so translating never changes it.
  @Test func theEnglishIsUnchanged() throws {
    let text = try session([:]).map { "\($0.command)\n\($0.output)" }.joined(separator: "\n")
    if let failure = Golden.check(text, against: "Fixtures/languages/dialshot-commands.en.txt") {
      Issue.record("\(failure)")
    }
  }

  /// A decision text the log stored in English reads back as its adjustment, so a recipe's detail
  /// ("accepted for shot …: Grind finer by 1 step") is worded in the barista's language.
  @Test func anEnglishAdjustmentTextReadsBackAsItsAdjustment() throws {
    let adjustments: [Adjustment] = [
      .grind(.finer, steps: 1), .grind(.coarser, steps: 3), .yield(deltaGrams: try #require(ExactNumber("1.5"))),
      .yield(deltaGrams: try #require(ExactNumber("-2"))), .temperature(deltaCelsius: ExactNumber(1)),
      .temperature(deltaCelsius: try #require(ExactNumber("-0.5"))), .noChange,
    ]
    for adjustment in adjustments {
      #expect(Formatting.adjustment(adjustment.text) == adjustment, "\(adjustment.text)")
    }
    for text in ["Grind finer by 0 steps", "Grind sideways by 1 step", "Increase the yield by x g", "no change", ""] {
      #expect(Formatting.adjustment(text) == nil, "\(text)")
    }
    let detail = "accepted for shot 1a2b3c4d: Increase the yield by 1.5 g (long_yield)"
    #expect(
      RecipeCommand.detailText(detail, Wording(.german))
        == "angenommen für Bezug 1a2b3c4d: Ausbeute um 1,5 g erhöhen (long_yield)")
    #expect(RecipeCommand.detailText(detail, Wording(.english)) == detail)
    #expect(RecipeCommand.detailText("a finer basket", Wording(.spanish)) == "a finer basket")
  }

  /// The narrow layouts: `history` in blocks and `trends` with its compact headings, at 40 columns.
  @Test(arguments: [("de", "de_DE.UTF-8"), ("es", "es_ES.UTF-8")])
  func theNarrowLayoutsSpeakTheLanguageOfLANG(_ code: String, _ lang: String) {
    let s = Scratch.guji()
    s.expect(["log", "21", "36", "sour", "--rating", "2.5"])
    s.expect(["accept"])
    s.expect(["log", "29", "37", "--flow", "channeling"])
    s.expect(["log", "28", "36"])
    for command in [["history"], ["trends"]] {
      let english = s.run(command, variables: ["COLUMNS": "40"]).out
      let translated = s.run(command, variables: ["COLUMNS": "40", "LANG": lang]).out
      #expect(english.split(separator: "\n").allSatisfy { TerminalColumns.of($0) <= 40 }, "\(english)")
      #expect(translated.split(separator: "\n").allSatisfy { TerminalColumns.of($0) <= 40 }, "\(translated)")
      let lines = Set(translated.split(separator: "\n"))
      for line in english.split(separator: "\n") where Self.isProse(line) || line.contains("not tasted") {
        #expect(!lines.contains(line), "\(command) in \(code) still says '\(line)'")
      }
      if command == ["history"] {
        #expect(translated.contains(code == "de" ? "Kanalbildung" : "canalización"), "\(translated)")
      }
    }
  }
}
