import DialRules

extension DiagnosticNames {
  /// Where `code` is documented, relative to the `docs/` folder: `analysis.md#a002--gap`,
  /// `diagnostics.md#c002--unknown-name-or-tag`; the page alone for a code not in the table.
  package static func helpLink(_ code: String) -> String {
    let page = code.hasPrefix("A") ? "analysis.md" : "diagnostics.md"
    guard let name = name(code) else { return page }
    return page + "#" + anchor("\(code) — \(name)")
  }

  /// The anchor a Markdown heading gets on code hosts (GitHub's rule): lowercased, spaces as `-`,
  /// letters, digits, `-` and `_` kept, everything else dropped (`A001 — disagreement` →
  /// `a001--disagreement`).
  package static func anchor(_ heading: String) -> String {
    var out = ""
    for c in heading {
      if c == " " {
        out += "-"
      } else if c == "-" || c == "_" || c.isLetter || c.isNumber {
        out += c.lowercased()
      }
    }
    return out
  }
}
