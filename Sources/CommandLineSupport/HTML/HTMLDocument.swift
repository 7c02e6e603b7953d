import DialRules

/// One self-contained HTML page: inline CSS, inline SVG, at most a little inline script. No
/// network, no external fonts, images or scripts, so the file works from `file://`, offline and
/// printed. The base style (`PageStyle.base`) has a light and a dark scheme (`prefers-color-scheme`)
/// and a print stylesheet; each report adds its own rules.
package struct HTMLDocument {
  /// The page title (`<title>` and nothing else).
  var title: String
  /// Report-specific CSS, after the base style.
  var style: String
  /// The body's HTML.
  var body: String
  /// Inline script, run at the end of the body; empty for none.
  var script: String

  package init(title: String, style: String, body: String, script: String = "") {
    self.title = title
    self.style = style
    self.body = body
    self.script = script
  }

  /// The page as bytes of UTF-8 text.
  package var text: String {
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<meta name=\"generator\" content=\"dialrules\">\n"
    out += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(PageStyle.base)\(style)</style>\n</head>\n<body>\n"
    out += body
    if !script.isEmpty { out += "<script>\n\(script)</script>\n" }
    out += "</body>\n</html>\n"
    return out
  }
}
