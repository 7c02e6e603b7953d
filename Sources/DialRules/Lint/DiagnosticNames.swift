/// Every diagnostic code with its name — the words after the code in its docs heading
/// (`### C002 — unknown name or tag`) — and the link to that section: `docs/analysis.md` for the
/// analysis' `A…` codes, `docs/diagnostics.md` for the rest. One table for every renderer that
/// names codes (`lint --format json` and `sarif`, the playground); a test checks it against both
/// pages. The links to the docs are the command layer's (`DiagnosticNames.helpLink`).
package enum DiagnosticNames {
  /// One code and its name.
  package struct Entry: Hashable, Sendable {
    package var code: String
    package var name: String
  }

  /// Every code of the lexer, parser, checker and shot JSON reader, by stage and number, then the
  /// analysis' codes (`AnalysisCatalogue`, whose names are the checks' own).
  package static let all: [Entry] = stages.map { Entry(code: $0.0, name: $0.1) } + analysis

  static let analysis = AnalysisCatalogue.checks.map { Entry(code: $0.code, name: $0.name) }

  static let stages: [(String, String)] = [
    ("L001", "unexpected character"),
    ("L002", "unterminated string"),
    ("L003", "invalid UTF-8"),
    ("L004", "unknown escape"),
    ("L005", "number out of range"),
    ("L006", "bidirectional control character"),
    ("L007", "non-ASCII letter in a name"),
    ("L008", "line too long"),
    ("L009", "exponent in a number"),
    ("P001", "unexpected token"),
    ("P002", "missing version header"),
    ("P003", "reserved word used as a name"),
    ("P004", "missing sign on an amount"),
    ("P005", "duplicate header"),
    ("P006", "header out of place"),
    ("P007", "expression nested too deeply"),
    ("P008", "expression too large"),
    ("P009", "too many errors"),
    ("C001", "unsupported language version"),
    ("C002", "unknown name or tag"),
    ("C003", "duplicate rule id"),
    ("C004", "duplicate let"),
    ("C005", "cyclic let"),
    ("C006", "unknown rule in overrides"),
    ("C007", "missing clause"),
    ("C008", "duplicate clause"),
    ("C009", "action exceeds a limit"),
    ("C010", "bad limit"),
    ("C011", "bad amount"),
    ("C012", "rule overrides itself"),
    ("C013", "overrides form a cycle"),
    ("C014", "too many rules or lets"),
    ("C015", "duplicate in an example"),
    ("C016", "unknown example field or reason"),
    ("C017", "unused let"),
    ("C018", "lets chained too deep"),
    ("C019", "duplicate override"),
    ("C020", "unknown requirement"),
    ("C021", "taste or flow word as a let name"),
    ("C022", "unknown language code"),
    ("C023", "text given twice for a language"),
    ("C024", "missing translation"),
    ("C025", "unknown reason in a decision pattern"),
    ("C026", "duplicate property id"),
    ("T001", "unit mismatch"),
    ("T002", "value where a condition is expected, or the reverse"),
    ("T003", "wrong operand for has, is or is known"),
    ("T004", "arithmetic that can fail on a valid shot"),
    ("E001", "failing example"),
    ("J001", "unexpected character in JSON"),
    ("J002", "unexpected end of JSON"),
    ("J003", "unterminated JSON string"),
    ("J004", "invalid JSON escape"),
    ("J005", "control character in a JSON string"),
    ("J006", "invalid UTF-8 in JSON"),
    ("J007", "unpaired surrogate escape"),
    ("J008", "invalid JSON number"),
    ("J009", "non-finite number"),
    ("J010", "trailing content"),
    ("J011", "JSON nested too deeply"),
    ("J012", "document too large"),
    ("J013", "empty document"),
    ("J014", "missing required keys"),
    ("J015", "wrong format"),
    ("J016", "unsupported version"),
    ("J017", "unknown key"),
    ("J018", "duplicate key"),
    ("J019", "key not allowed in this adjustment"),
    ("J020", "wrong type"),
    ("J021", "number in quotes"),
    ("J022", "number too large"),
    ("J023", "number too precise"),
    ("J024", "too many significant digits"),
    ("J025", "value out of range"),
    ("J026", "not a whole number"),
    ("J027", "unknown tag"),
    ("J028", "duplicate tag"),
    ("J029", "unknown enumeration value"),
    ("J030", "grinder range inverted"),
    ("J031", "string too long"),
    ("J032", "too many errors in a document"),
  ]

  static let byCode: [String: String] = {
    var names: [String: String] = [:]
    for entry in all { names[entry.code] = entry.name }
    return names
  }()

  /// The name of `code` (`gap`, `unknown name or tag`), or nil for a code not in the table.
  package static func name(_ code: String) -> String? { byCode[code] }
}
