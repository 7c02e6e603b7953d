/// Text made safe for HTML and SVG, and numbers written the same way on every run.
///
/// Reports are compared byte for byte (the same input gives the same file), so nothing here
/// depends on the locale, the clock or a random seed. The one implementation: the HTML reports,
/// JUnit output and the decision map's charts (`DecisionMapChart`, which the playground draws
/// with too) all write through it.
package enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped: safe in HTML and XML element content and in
  /// quoted attributes (reports, JUnit output). Control characters other than tab and newline are
  /// dropped, and so are U+FFFE and U+FFFF: XML 1.0 cannot carry them, and a hostile name must not
  /// break the document.
  package static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value) { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  /// A coordinate with at most one fraction digit, `-0` written `0`: `12.5`, `40`.
  ///
  /// Rounded half away from zero, with only the roundings WebAssembly has instructions for
  /// (toward zero): the playground's module links no `round` or `fmod`.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let scaled = value * 10
    var tenths = scaled.rounded(.towardZero)
    // `scaled - tenths` is exact (both are within one unit of each other).
    if abs(scaled - tenths) >= 0.5 { tenths += scaled < 0 ? -1 : 1 }
    let whole = Int(tenths / 10)
    // `tenths` is a whole number: its last digit, from an exact product.
    let fraction = Int(abs(tenths - (tenths / 10).rounded(.towardZero) * 10))
    if fraction == 0 { return String(whole) }
    let sign = tenths < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(fraction)"
  }

  /// A stable identifier from any text, for `id` and `href="#…"`: lowercase letters, digits and
  /// dashes (`String.slug`).
  package static func slug(_ text: String) -> String { text.slug }
}
