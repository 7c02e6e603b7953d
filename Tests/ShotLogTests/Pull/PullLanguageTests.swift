import DialRules
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// `dialshot pull` under `LANG=de` and `LANG=es`: the timer screen, its prompts and the answer
/// after the review are in the barista's language, with a decimal comma, and every line still fits
/// the narrowest widths the screen supports (a German word is often longer than the English one).
@Suite struct PullLanguageTests {
  /// A whole pull: start, first drop at 6 s, stop at 27.4 s, continue, keep the yield, taste sour,
  /// no flow, a note, rating 4, then Enter: decide later.
  static func keys() -> [(Int64, Key)] {
    [(0, .character(" ")), (6_000, .character("d")), (27_400, .character(" ")), (28_000, .enter)]
      + [(29_000, .enter)] + ScriptedTerminal.typing("1\n", at: 30_000) + [(31_000, .enter)]
      + ScriptedTerminal.typing("xy\n", at: 32_000) + ScriptedTerminal.typing("4\n", at: 33_000)
      + [(34_000, .enter)]
  }

  /// What `dialshot pull` wrote to the terminal, escape sequences removed, as the rows the
  /// barista sees (the text after each row's last carriage return).
  static func pull(_ variables: [String: String]) -> (rows: [String], status: Int32) {
    let scratch = Scratch.guji()
    let clock = FakeClock()
    let terminal = ScriptedTerminal(keys(), clock: clock)
    scratch.terminal = { terminal }
    scratch.monotonic = clock
    let result = scratch.run(["pull"], variables: variables)
    let plain = terminal.written.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    let rows = plain.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
    }
    return (rows, result.status)
  }

  /// The words of the English screen that are English prose: lowercase or capitalised words of
  /// four letters or more, without the ones the translations share (names, commands, keys).
  static func englishWords(_ rows: [String]) -> Set<String> {
    let shared: Set<String> = [
      "dialshot", "accept", "reject", "Guji", "Enter", "optional", "Ratio", "ratio", "bitter", "none",
    ]
    var words = Set<String>()
    for row in rows {
      for word in row.split(whereSeparator: { !$0.isLetter }) where word.count >= 4 {
        words.insert(String(word))
      }
    }
    return words.subtracting(shared)
  }

  @Test(arguments: ["de_DE.UTF-8", "es_ES.UTF-8"], [20, 24, 30, 40, 80])
  func thePullScreenSpeaksTheLanguageOfLANGAndFits(_ lang: String, _ width: Int) {
    let english = Self.pull(["COLUMNS": String(width)])
    let translated = Self.pull(["COLUMNS": String(width), "LANG": lang])
    #expect(english.status == 0)
    #expect(translated.status == 0)
    let screen = translated.rows.joined(separator: "\n")
    // The screen's own English words are gone (the review after it has its own tests).
    let review = translated.rows.firstIndex { $0.contains("#1") } ?? translated.rows.count
    let timerScreen = translated.rows[..<review]
    let englishScreen = english.rows.prefix { !$0.contains("#1") }
    let translatedWords = Set(timerScreen.flatMap { $0.split(whereSeparator: { !$0.isLetter }).map(String.init) })
    let left = Self.englishWords(Array(englishScreen)).intersection(translatedWords)
    #expect(left.isEmpty, "English left at \(width) columns: \(left.sorted())\n\(screen)")
    // The answer at the end and the hint after it.
    let later =
      lang.hasPrefix("de") ? "Später entscheiden mit 'dialshot accept" : "Decide más tarde con 'dialshot accept"
    #expect(screen.replacing("\n", with: " ").contains(later), "\(screen)")  // Wrapped at spaces.
    #expect(!screen.contains("Decide later"), "\(screen)")
    // Nothing of the screen reaches the last column: a line the terminal wraps breaks the
    // in-place redraw; the review after it fits the width.
    for row in timerScreen {
      #expect(TerminalColumns.of(row) < width, "\(width) columns: '\(row)'")
    }
    for row in translated.rows[review...] {
      #expect(TerminalColumns.of(row) <= width, "\(width) columns: '\(row)'")
    }
  }

  @Test func theScreenUsesADecimalCommaAndTheBaristasWords() {
    let german = Self.pull(["COLUMNS": "80", "LANG": "de_DE.UTF-8"]).rows.joined(separator: "\n")
    #expect(german.contains("Bezug: Guji — 18 g → 36 g in 28 s, Mahlgrad 14"), "\(german)")
    #expect(german.contains("Gestoppt.  Erster Tropfen bei 6,0 s.  Ziel 28 s."), "\(german)")
    #expect(german.contains("Ausbeute (g): 36"), "\(german)")
    #expect(german.contains("Geschmack: 1 [sauer]"), "\(german)")
    #expect(german.contains("[Enter] später entscheiden: später"), "\(german)")
    let spanish = Self.pull(["COLUMNS": "80", "LANG": "es_ES.UTF-8"]).rows.joined(separator: "\n")
    #expect(spanish.contains("Extracción: Guji — 18 g → 36 g en 28 s, molienda 14"), "\(spanish)")
    #expect(spanish.contains("Parado.  Primera gota a los 6,0 s.  Objetivo 28 s."), "\(spanish)")
    #expect(spanish.contains("Rendimiento (g): 36"), "\(spanish)")
    #expect(spanish.contains("Sabor: 1 [ácido]"), "\(spanish)")
    #expect(spanish.contains("[Intro] decidir después: después"), "\(spanish)")
  }

  /// The shortest key hints fit the narrowest block-digit screen (30 columns, 29 usable) whole,
  /// in every language: cut, they would lose the key to press.
  @Test(arguments: [RuleLanguage.english, .german, .spanish])
  func theShortestKeyHintsFitThirtyColumns(_ language: RuleLanguage) {
    for state in [ShotTimer.State.ready, .running(startedAt: 0), .stopped(startedAt: 0, stoppedAt: 1)] {
      let shortest = PullSession.keyHints(state, language).last ?? ""
      #expect(TerminalColumns.of(shortest) <= PullLayout.oneLineBelow - 1, "\(shortest)")
    }
  }

  @Test func anImplausibleYieldIsExplainedInGerman() throws {
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [(0, .enter), (25_000, .enter), (25_500, .enter)]
        + [(26_000, .backspace), (26_000, .backspace)] + ScriptedTerminal.typing("0\n", at: 26_000)
        + [(26_500, .backspace)] + ScriptedTerminal.typing("37,5\n", at: 26_600)
        + [(27_000, .enter), (27_500, .enter), (28_000, .enter), (28_500, .enter)], clock: clock)
    var german = Presentation.plain
    german.language = .german
    let targets = PullTargets(
      beanName: "Guji", doseG: ExactNumber(18), yieldG: ExactNumber(36), timeS: ExactNumber(28), grind: "14")
    let result = try PullSession(terminal: terminal, clock: clock, targets: targets, presentation: german).run()
    #expect(!terminal.written.contains("must be greater"), "\(terminal.written)")
    guard case .shot(let shot) = result else {
      Issue.record("expected a shot")
      return
    }
    #expect(shot.yieldG == ExactNumber("37.5"))  // A decimal comma reads too.
  }
}
