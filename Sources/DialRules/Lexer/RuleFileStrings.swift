/// How the strings of a rule file are shown again: as a literal the lexer reads back to the same
/// string, or as plain text on one line. One implementation for the formatter, `RuleAction.ruleText`
/// and the explanation text.
enum RuleFileStrings {
  /// `s` as a string literal: in double quotes, with `"`, `\`, newline and tab written as the
  /// escapes the lexer reads (`\"`, `\\`, `\n`, `\t`).
  static func literal(_ s: String) -> String {
    // The usual text has nothing to escape: one copy, not one append per scalar (explanations
    // write an abstaining rule's `insufficient "…"` for every shot it decides).
    if !s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 == 0x0A || $0 == 0x09 }) { return "\"" + s + "\"" }
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }

  /// `s` as plain text that stays on one line: newline, carriage return and tab as `\n`, `\r`
  /// and `\t`, other control and bidirectional characters as `\u{…}`; quotes and everything else
  /// as they are.
  static func oneLine(_ s: String) -> String {
    // The usual text — printable ASCII only — has nothing to replace (`test` renders thousands).
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var out = ""
    for c in s.unicodeScalars {
      switch c.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}
