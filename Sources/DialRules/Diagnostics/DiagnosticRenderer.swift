/// Renders diagnostics the way compilers do: an editor-clickable header
/// `path:line:col: error[P003]: message`, the source line with a gutter, a caret underline, then
/// `note:` and `help:` lines. Plain text unless `colors` is set; goldens are always plain.
///
/// ```text
/// espresso.dialrules:12:8: error[C002]: unknown name 'sour_fas'
///    |
/// 12 |   when sour_fas and fast
///    |        ^^^^^^^^
///   = help: did you mean 'sour_fast'?
/// ```
///
/// Text is the one rendering in the library: an app that shows diagnostics its own way reads the
/// fields of `Diagnostic` and turns places into lines and columns with `SourceFile.position(of:)`.
/// (The `dialrules lint --format json|sarif` output is the command line's, for tools.)
public struct DiagnosticRenderer: Sendable {
  /// Widest source excerpt shown, in characters.
  static let maxExcerptWidth = 100
  /// Characters shown before the span when a long line is windowed.
  static let contextBefore = 20

  /// Whether to add ANSI colours (severity words, carets); for a terminal, never for a file.
  public var colors: Bool

  /// A renderer, plain text unless `colors` is set.
  public init(colors: Bool = false) {
    self.colors = colors
  }

  /// Renders every diagnostic of one file, in the order given, each followed by a blank line.
  ///
  /// Nothing is merged or dropped: two findings with the same code and place are both shown.
  /// (The stages that collect diagnostics sort them and remove true duplicates; a
  /// `DiagnosticList` is already in order.)
  public func render(_ diagnostics: some Sequence<Diagnostic>, in file: SourceFile) -> String {
    var out = ""
    for d in diagnostics {
      out += render(d, in: file)
      out += "\n"
    }
    return out
  }

  /// Renders every diagnostic of a list against the source it carries.
  public func render(_ list: DiagnosticList) -> String {
    render(list.diagnostics, in: list.source)
  }

  /// Renders one diagnostic.
  public func render(_ d: Diagnostic, in file: SourceFile) -> String {
    let pos = file.position(of: d.span.start)
    var out =
      "\(file.path):\(pos.line):\(pos.column): \(paint(d.severity.rawValue, d.severity))[\(d.code)]: \(d.message)\n"
    out += excerpt(d.span, in: file)
    for note in d.notes {
      if let span = note.span {
        let p = file.position(of: span.start)
        out += "\(file.path):\(p.line):\(p.column): note: \(note.message)\n"
        out += excerpt(span, in: file)
      } else {
        out += "  = note: \(note.message)\n"
      }
    }
    if let help = d.help { out += "  = help: \(help)\n" }
    return out
  }

  /// The source line holding `span.start`, with a gutter and carets under the span (clipped to
  /// that line; an empty span gets one caret).
  func excerpt(_ span: SourceSpan, in file: SourceFile) -> String {
    guard !file.bytes.isEmpty || span.start == 0 else { return "" }
    let lineIndex = file.lineIndex(of: min(span.start, file.bytes.count))
    let line = file.lineBytes(lineIndex)
    let spanStart = min(max(span.start, line.startIndex), line.endIndex)
    // Only the bytes around the span are decoded — enough for the widest window at four bytes a
    // character — so a diagnostic on a megabyte-long line costs what one on a short line does.
    let reach = 4 * (Self.maxExcerptWidth + Self.contextBefore)
    var low = max(line.startIndex, spanStart - reach)
    while low < spanStart, file.bytes[low] & 0xC0 == 0x80 { low += 1 }
    var high = min(line.endIndex, spanStart + reach)
    while high > spanStart, high < line.endIndex, file.bytes[high] & 0xC0 == 0x80 { high -= 1 }
    let cutBefore = low > line.startIndex
    let cutAfter = high < line.endIndex
    let startCol = SourceFile.characterCount(file.bytes[low..<spanStart])
    let endOffset = min(max(span.end, spanStart), high)
    var width = max(1, SourceFile.characterCount(file.bytes[spanStart..<endOffset]))
    var chars = Array(Self.printable(file.bytes[low..<high]))
    var caret = startCol
    // Long lines are shown as a window around the span, so a 5,000-character line stays readable.
    if chars.count > Self.maxExcerptWidth || cutBefore || cutAfter {
      let from = max(0, min(startCol - Self.contextBefore, chars.count - Self.maxExcerptWidth))
      let to = min(chars.count, from + Self.maxExcerptWidth)
      var window = Array(chars[from..<to])
      caret = startCol - from
      if from > 0 || cutBefore {
        window.insert("…", at: 0)
        caret += 1
      }
      if to < chars.count || cutAfter { window.append("…") }
      chars = window
      width = max(1, min(width, chars.count - caret))
    }
    let number = String(lineIndex + 1)
    let gutter = String(repeating: " ", count: number.count)
    var out = "\(gutter) |\n"
    out += "\(number) | \(String(chars))\n"
    out +=
      "\(gutter) | " + String(repeating: " ", count: caret) + paint(String(repeating: "^", count: width), nil) + "\n"
    return out
  }

  /// A line as text, with tabs and control characters shown as single visible symbols so the caret
  /// column still matches.
  static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    WorkMeter.count(.sourceBytes, bytes.count)
    var s = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x09: s.unicodeScalars.append(" ")
      case 0x00..<0x20, 0x7F: s.unicodeScalars.append("\u{FFFD}")
      case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: s.unicodeScalars.append("\u{FFFD}")
      default: s.unicodeScalars.append(scalar)
      }
    }
    return s
  }

  private func paint(_ text: String, _ severity: Diagnostic.Severity?) -> String {
    guard colors else { return text }
    let code: String
    switch severity {
    case .error: code = "\u{1B}[1;31m"
    case .warning: code = "\u{1B}[1;33m"
    case .info: code = "\u{1B}[1;36m"
    case nil: code = "\u{1B}[1;32m"
    }
    return code + text + "\u{1B}[0m"
  }
}
