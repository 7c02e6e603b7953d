import DialRules
import ShotLog

/// How output is laid out for the person reading it: the clock times are shown in, the width of
/// the terminal, whether internal names (rule ids, reasons, content hashes) are shown, and the
/// language (`LanguageChoice`).
struct Presentation: Sendable {
  /// Local time (`TZ`) or UTC (`--utc`).
  var clock: LocalClock
  /// The terminal's width in columns (`COLUMNS`, else the terminal's own); nil when the output
  /// is not a terminal and no width was given: lines are not wrapped then.
  var width: Int?
  /// `--verbose`: show rule ids, the abstention's reason code, the rules' content hash and the
  /// JSON paths of missing observations.
  var verbose: Bool

  /// The language sentences and numbers are written in (`--lang`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
  var language: RuleLanguage = .english

  /// The library's wording in `language`: its sentences and number format.
  var words: Wording { Wording(language) }

  /// One phrase per language: `en` in English, `de` in German, `es` in Spanish.
  func pick(_ en: String, de: String, es: String) -> String { words.pick(en, de: de, es: es) }

  /// A number in the language's format (`36.5`, `36,5`).
  func number(_ n: ExactNumber) -> String { words.number(n) }

  /// The rule table the shots shown were decided with, when a command loaded it: its translated
  /// texts word decisions and rationales in `language` (the built-in table's are always at hand).
  var rules: RuleSet?

  /// A sentence of the shot log in `language`, with the translations of the table that decided
  /// (`rulesetHash`): `rules` or the built-in table, whichever it is; English texts otherwise.
  func text(_ sentence: ShotLogSentence, rulesetHash: String) -> String {
    let table = [rules, RuleSet.defaultEspresso].compactMap { $0 }.first { $0.contentHash == rulesetHash }
    return sentence.text(in: language, rules: table)
  }

  /// UTC, no width limit, nothing verbose, English: what tests of the library's values use.
  static let plain = Presentation(clock: .utc, width: nil, verbose: false)

  /// The narrowest layout `dialshot` keeps to.
  static let minimumWidth = 40

  /// The narrowest width this presentation fits (`minimumWidth` unless lowered: `pull` fits its
  /// review to terminals down to 20 columns, as it does its own screen).
  var narrowest = Presentation.minimumWidth

  /// The width to fit, when there is one (never below `narrowest`).
  var fitWidth: Int? { width.map { max($0, narrowest) } }

  /// `text` wrapped to the width: the first line starts with `indent`, the others with
  /// `continuation` (the same as `indent` unless given). Lines break at spaces, never between a
  /// number and the short word after it ("27 s", "93 °C", "22 clicks", "3 steps"), so no line starts
  /// with a unit; a word longer than a whole line is cut where the line ends. Widths are terminal
  /// columns (`TerminalColumns`: two for wide CJK characters and emoji), as in `TextTable`. Without a
  /// width, one line.
  func wrap(_ text: String, indent: String = "", continuation: String? = nil) -> String {
    guard let width = fitWidth else { return indent + text + "\n" }
    return Self.wrap(text, width: width, indent: indent, continuation: continuation)
  }

  /// `wrap` to exactly `width` columns, without the `minimumWidth` floor: for the pull screen,
  /// which also fits terminals narrower than the other commands' layouts.
  static func wrap(_ text: String, width: Int, indent: String = "", continuation: String? = nil) -> String {
    let next = continuation ?? indent
    var out = ""
    var line = indent
    var lineWidth = TerminalColumns.of(indent)
    var lineHasWord = false
    for var word in Self.unbreakable(text) {
      var wordWidth = TerminalColumns.of(word)
      if lineHasWord, lineWidth + 1 + wordWidth > width {
        out += line + "\n"
        line = next
        lineWidth = TerminalColumns.of(next)
        lineHasWord = false
      }
      // A word wider than the line left: cut it where the line ends, and go on on the next line.
      while lineWidth + (lineHasWord ? 1 : 0) + wordWidth > width {
        let room = width - lineWidth - (lineHasWord ? 1 : 0)
        guard room > 0 else { break }
        var (head, rest) = TerminalColumns.split(word, columns: room)
        if head.isEmpty, !lineHasWord, let first = word.first {
          // A wide character on a line with one column left: it goes whole, a column over.
          (head, rest) = (String(first), String(word.dropFirst()))
        }
        out += line + (lineHasWord && !head.isEmpty ? " " : "") + head + "\n"
        word = rest
        wordWidth = TerminalColumns.of(word)
        line = next
        lineWidth = TerminalColumns.of(next)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineWidth += (lineHasWord ? 1 : 0) + wordWidth
      lineHasWord = true
    }
    return out + line + "\n"
  }

  /// The words of `text`, with a number and the short word after it (its unit: `s`, `g`, `°C`,
  /// `clicks`, `steps`) joined into one, so wrapping never puts them on two lines.
  static func unbreakable(_ text: String) -> [String] {
    var words: [String] = []
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if let last = words.last, isNumber(last), word.unicodeScalars.count <= 7,
        !word.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
      {
        words[words.count - 1] = last + " " + word
      } else {
        words.append(String(word))
      }
    }
    return words
  }

  /// `27`, `36.4`, `-0.5`, `1:2`: a word that is a number, whose unit may follow.
  static func isNumber(_ word: String) -> Bool {
    // It ends in a digit: `2,` or `0.` closes its phrase, and what follows is not its unit.
    guard let last = word.unicodeScalars.last, ("0"..."9").contains(last) else { return false }
    for (i, scalar) in word.unicodeScalars.enumerated() where !("0"..."9").contains(scalar) {
      guard scalar == "." || scalar == "," || scalar == ":" || (i == 0 && (scalar == "-" || scalar == "+")) else {
        return false
      }
    }
    return true
  }
}

extension Formatting {
  /// Text from the log as it may be shown on a terminal: control characters (escape codes that
  /// names or notes from an old log or another program might hold) become `�`, so they are seen
  /// rather than obeyed. Line breaks are kept when `keepingLines`.
  static func visible(_ text: String, keepingLines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
      return text
    }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if keepingLines, scalar == "\n" {
        out.append(scalar)
      } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        out.append("\u{FFFD}")
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
