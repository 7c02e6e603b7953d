import DialRules
import Testing

@testable import ShotLogCommands

/// History cards and wrapped texts in a 40-column terminal: every line fits, and a value never
/// leaves its unit at the start of the next line.
@Suite struct NarrowCardTests {
  /// The words a value's unit can be; a wrapped line must never start with one of them alone.
  static let units: Set<Substring> = ["s", "g", "°C", "clicks", "steps", "d"]

  /// The columns a terminal gives the text these tests use, independently of `TerminalColumns`:
  /// kana, CJK ideographs, Hangul and emoji two (each emoji of a joined sequence), the emoji
  /// selector, the joiner and combining accents none, everything else one (a flag's two halves).
  static func columns(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { sum, scalar in
      switch scalar.value {
      case 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60, 0x1F300...0x1FAFF: sum + 2
      case 0xFE0F, 0x200D, 0x0300...0x036F: sum
      default: sum + 1
      }
    }
  }

  /// Lines wider than 40 columns or starting with a unit.
  static func problems(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      if columns(line) > 40 { return "\(columns(line)) columns: '\(line)'" }
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
  /// Names in Japanese, Chinese and Korean, with emoji and combining accents: a wide character
  /// takes two columns, so a line of them must hold half as many (they overflowed 40 columns when
  /// widths counted Unicode scalars). Every place the break can fall, and nothing lost.
  @Test func wideCharactersTakeTwoColumns() {
    let p = Presentation(clock: .utc, width: 40, verbose: false)
    let names = [
      "エチオピア・イルガチェフェ・コチャレ・ウォッシュト", "云南普洱咖啡庄园日晒处理", "에티오피아 예가체프 코케 허니",
      "Café ☕️ Colômbia 🇨🇴 Huila", "👨‍👩‍👧 family blend",
    ]
    var cases = 0
    for name in names {
      for k in 0...30 {
        let text = String(repeating: "x", count: k) + " " + name + " · 18 g → 36.4 g in 27 s"
        let wrapped = p.wrap(text, indent: "  ", continuation: "    ")
        #expect(Self.problems(wrapped).isEmpty, "\(Self.problems(wrapped))\n\(wrapped)")
        #expect(wrapped.split(whereSeparator: \.isWhitespace).joined() == text.split(separator: " ").joined())
        cases += 1
      }
    }
    #expect(cases == 155)
    #expect(TerminalColumns.of("エチオピア") == 10 && TerminalColumns.of("Café") == 4)
    #expect(TerminalColumns.of("☕️") == 2 && TerminalColumns.of("❤️") == 2 && TerminalColumns.of("🇨🇴") == 2)
    #expect(TerminalColumns.of("👨‍👩‍👧") == 6)
    #expect(TerminalColumns.of("e\u{301}") == 1)
  }

  /// A table's columns line up on the terminal when a cell holds wide characters.
  @Test func tableColumnsLineUpWithWideNames() {
    var table = TextTable(rightAligned: [false, true])
    table.add(["コチャレ", "18"])
    table.add(["Kochere", "9"])
    let lines = table.render().split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.map { Self.columns($0) } == [12, 12], "\(lines)")
  }
}
