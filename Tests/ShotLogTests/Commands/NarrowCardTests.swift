import DialRules
import Testing

@testable import ShotLogCommands

/// History cards and wrapped texts in a 40-column terminal: every line fits, and a value never
/// leaves its unit at the start of the next line.
@Suite struct NarrowCardTests {
  /// The words a value's unit can be; a wrapped line must never start with one of them alone.
  static let units: Set<Substring> = ["s", "g", "°C", "clicks", "steps", "d"]

  /// Lines wider than 40 columns or starting with a unit.
  static func problems(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      if line.unicodeScalars.count > 40 { return "\(line.unicodeScalars.count) columns: '\(line)'" }
      let first = line.split(separator: " ").first ?? ""
      return units.contains(first) ? "starts with a unit: '\(line)'" : nil
    }
  }

  @Test func wrappingNeverSplitsANumberFromItsUnit() {
    let p = Presentation(clock: .utc, width: 40, verbose: false)
    var cases = 0
    // Every place the break could fall, before and after the value.
    for k in 0...44 {
      for tail in ["18 g → 36.4 g in 27 s · first drop 6 s", "at 93 °C, 22 clicks, 3 steps finer"] {
        let text = String(repeating: "x", count: max(1, k % 9)) + " " + String(repeating: "y", count: k) + " " + tail
        let wrapped = p.wrap(text, indent: "    ", continuation: "      ")
        #expect(Self.problems(wrapped).isEmpty, "\(Self.problems(wrapped))\n\(wrapped)")
        // Nothing lost: the same words, in the same order.
        #expect(wrapped.split(whereSeparator: \.isWhitespace).joined() == text.split(separator: " ").joined())
        cases += 1
      }
    }
    #expect(cases == 90)
  }

  @Test func onlyAValueAndItsUnitAreKeptTogether() {
    #expect(
      Presentation.unbreakable("in 27 s, 22 clicks · 93 °C · balanced 2, thin 0.")
        == ["in", "27 s,", "22 clicks", "·", "93 °C", "·", "balanced", "2,", "thin", "0."])
  }

  @Test func aWordLongerThanTheLineIsCutToFit() {
    let p = Presentation(clock: .utc, width: 40, verbose: false)
    let long = String(repeating: "Kochere", count: 9)
    let wrapped = p.wrap("#12 · 2026-03-01 08:15 · \(long)", continuation: "    ")
    #expect(Self.problems(wrapped).isEmpty, "\(wrapped)")
    #expect(wrapped.split(whereSeparator: \.isWhitespace).joined().contains(long))
  }

  @Test func historyCardsWithLongNamesFitFortyColumns() throws {
    let s = Scratch(start: "2026-03-01T12:00:00Z")
    s.expect([
      "profiles", "bean", "add", "Ethiopia Yirgacheffe Kochere Washed Grade 1 Heirloom", "--roast-date",
      "2026-02-20",
    ])
    // Grinder names of every length from 4 to 27 characters move the value after them through
    // every place a 40-column line can end.
    var grinders: [String] = []
    for n in 4...27 {
      let name = "G" + String(repeating: "r", count: n - 1)
      grinders.append(name)
      s.expect(["profiles", "grinder", "add", name, "--settings", "clicks from zero"])
    }
    for (i, name) in grinders.enumerated() {
      s.expect([
        "recipe", "set", "--grinder", name, "--dose", "18.5", "--yield", "36.4", "--time", "28",
        "--grind", "\(22 + i % 3) clicks",
      ])
      s.expect([
        "log", "--time", "27.5", "--yield", "36.4", "--dose", "18.5", "--first-drop", "6", "--taste", "sour,thin",
        "--flow", "channeling", "--rating", "3.5",
      ])
    }
    for arguments in [["history", "--all"], ["history", "--all", "--verbose"]] {
      let result = s.run(arguments, variables: ["COLUMNS": "40"])
      #expect(result.status == 0, "\(result.err)")
      // The card layout, not the table: one block per shot.
      #expect(result.out.contains("#24 · "), "\(result.out)")
      #expect(result.out.contains("27.5 s"))
      let problems = Self.problems(result.out)
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\n\(result.out)")
    }
  }
}
