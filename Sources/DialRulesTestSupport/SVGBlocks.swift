import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The inline SVG of an HTML report, for checks that each drawing is well-formed XML.
public enum SVGBlocks {
  /// The outermost `<svg …>…</svg>` blocks of `html`, in order.
  public static func all(in html: String) -> [String] {
    var out: [String] = []
    var rest = html[...]
    while let start = rest.range(of: "<svg "),
      let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
    {
      out.append(String(rest[start.lowerBound..<end.upperBound]))
      rest = rest[end.upperBound...]
    }
    return out
  }

  /// Why `xml` is not well-formed XML, or nil when it is (Foundation's `XMLParser`).
  public static func parseError(_ xml: String) -> String? {
    let parser = XMLParser(data: Data(xml.utf8))
    if parser.parse() { return nil }
    return
      "line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error")"
  }
}
