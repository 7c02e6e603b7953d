import ShotLog

/// How output is laid out for the person reading it: the clock times are shown in, the width of
/// the terminal, and whether internal names (rule ids, reasons, content hashes) are shown.
struct Presentation: Sendable {
  /// Local time (`TZ`) or UTC (`--utc`).
  var clock: LocalClock
  /// The terminal's width in columns (`COLUMNS`, else the terminal's own); nil when the output
  /// is not a terminal and no width was given: lines are not wrapped then.
  var width: Int?
  /// `--verbose`: show rule ids, the abstention's reason code, the rules' content hash and the
  /// JSON paths of missing observations.
  var verbose: Bool

  /// UTC, no width limit, nothing verbose: what tests of the library's values use.
  static let plain = Presentation(clock: .utc, width: nil, verbose: false)

  /// The narrowest layout `dialshot` keeps to.
  static let minimumWidth = 40

  /// The width to fit, when there is one (never below `minimumWidth`).
  var fitWidth: Int? { width.map { max($0, Self.minimumWidth) } }

  /// `text` wrapped to the width: the first line starts with `indent`, the others with
  /// `continuation` (the same as `indent` unless given). Words longer than a line are not split.
  /// Without a width, one line.
  func wrap(_ text: String, indent: String = "", continuation: String? = nil) -> String {
    let next = continuation ?? indent
    guard let width = fitWidth else { return indent + text + "\n" }
    var out = ""
    var line = indent
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = lineHasWord ? line + " " + word : line + word
      if lineHasWord, candidate.unicodeScalars.count > width {
        out += line + "\n"
        line = next + word
      } else {
        line = candidate
      }
      lineHasWord = true
    }
    return out + line + "\n"
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
