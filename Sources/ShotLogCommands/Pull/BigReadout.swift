/// Renders a time such as `27.4` in five-row block digits, large enough to read from the machine.
enum BigReadout {
  static let rows = 5

  private static let glyphs: [Character: [String]] = [
    "0": ["███", "█ █", "█ █", "█ █", "███"],
    "1": ["  █", "  █", "  █", "  █", "  █"],
    "2": ["███", "  █", "███", "█  ", "███"],
    "3": ["███", "  █", "███", "  █", "███"],
    "4": ["█ █", "█ █", "███", "  █", "  █"],
    "5": ["███", "█  ", "███", "  █", "███"],
    "6": ["███", "█  ", "███", "█ █", "███"],
    "7": ["███", "  █", "  █", "  █", "  █"],
    "8": ["███", "█ █", "███", "█ █", "███"],
    "9": ["███", "█ █", "███", "  █", "███"],
    ".": [" ", " ", " ", " ", "█"],
    " ": [" ", " ", " ", " ", " "],
    "s": ["   ", "   ", "███", "██ ", " ██"],
  ]

  /// The lines of `text` in block glyphs (characters without a glyph are skipped).
  static func lines(_ text: String) -> [String] {
    var lines = [String](repeating: "", count: rows)
    for character in text {
      guard let glyph = glyphs[character] else { continue }
      for row in 0..<rows { lines[row] += (lines[row].isEmpty ? "" : " ") + glyph[row] }
    }
    return lines
  }

  /// `27.4` from tenths of a second.
  static func seconds(tenths: Int64) -> String { "\(tenths / 10).\(tenths % 10)" }
}
