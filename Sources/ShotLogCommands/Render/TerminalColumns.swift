/// How many columns of a terminal text takes: one for most characters, two for East Asian wide
/// and fullwidth characters (kana, CJK ideographs, Hangul syllables, fullwidth forms) and for
/// emoji shown as emoji, none for a lone combining mark or format character. Counted per grapheme
/// cluster (what a terminal draws as one character), as `wcwidth` would for the text `dialshot`
/// shows: names, notes and bean origins from any language. ASCII text is counted by its bytes.
enum TerminalColumns {
  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character (grapheme cluster) takes: the sum of its scalars' columns, so an
  /// emoji sequence joined by U+200D (👨‍👩‍👧) counts each of its emoji, as a terminal that draws them
  /// apart needs; where a terminal joins them the line is only shorter than it could be.
  static func of(_ character: Character) -> Int {
    var columns = 0
    var previous: Unicode.Scalar?
    for scalar in character.unicodeScalars {
      if scalar == "\u{FE0F}", let base = previous, base.properties.isEmoji, !base.properties.isEmojiPresentation,
        !base.isASCII, !isRegionalIndicator(base)
      {
        // A text-style symbol with the emoji presentation selector (❤️, ☕︎ vs ☕️) is drawn as emoji.
        columns += 1
      } else {
        columns += of(scalar)
      }
      previous = scalar
    }
    return columns
  }

  /// One scalar's columns, alone.
  private static func of(_ scalar: Unicode.Scalar) -> Int {
    if scalar.isASCII { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    // A flag is two regional indicators, each one column wide (East Asian Width N).
    if isRegionalIndicator(scalar) { return 1 }
    return isWide(scalar) || scalar.properties.isEmojiPresentation ? 2 : 1
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// The longest start of `text` that fits in `columns`, and the rest. Never splits a character.
  static func split(_ text: String, columns: Int) -> (head: String, rest: String) {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let width = of(text[index])
      if used + width > columns { break }
      used += width
      end = text.index(after: index)
    }
    return (String(text[..<end]), String(text[end...]))
  }

  /// East Asian Width W or F (Unicode UAX #11), by block: the ranges a name or note is likely to use.
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
