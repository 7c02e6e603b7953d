/// Keeping every printed line within `Lexer.maxLineLength`, so the formatter's output is always
/// accepted by the lexer. The canonical layout puts a whole `let`, `overrides` list or example
/// part on one line; from a valid file spread over many lines that line could be longer than the
/// lexer allows, and `fmt` then refused its own output as a formatter bug (exit 70).
extension RuleFormatter {
  /// Marks where the element about to be printed starts, for `trailingComment`.
  mutating func beginElement(indent: String) {
    elementStart = out.utf8.count
    elementIndent = indent
  }

  /// Appends `text` at `indent`, wrapped at spaces outside string literals when it is too long.
  /// Newlines are ordinary white space in the language, so wrapping never changes the tree, and
  /// the same text always wraps the same way (formatting stays idempotent). Continuation lines are
  /// indented four more spaces. A single string or name too long for any indentation — it filled
  /// a whole source line — goes at column 0, where it fitted before.
  mutating func emit(_ text: String, indent: String) {
    let limit = Lexer.maxLineLength
    if indent.utf8.count + text.utf8.count <= limit {
      out += indent + text + "\n"
      return
    }
    let continuation = indent + "    "
    var line = indent
    var hasPiece = false
    for piece in Self.piecesOutsideStrings(text) {
      if hasPiece, line.utf8.count + 1 + piece.utf8.count > limit {
        out += line + "\n"
        line = continuation
        hasPiece = false
      }
      if !hasPiece, line.utf8.count + piece.utf8.count > limit {
        out += piece + "\n"
        line = continuation
        continue
      }
      line += (hasPiece ? " " : "") + piece
      hasPiece = true
    }
    if hasPiece { out += line + "\n" }
  }

  /// `text` split at the spaces that are not inside a string literal.
  static func piecesOutsideStrings(_ text: String) -> [Substring] {
    var pieces: [Substring] = []
    var inString = false
    var escaped = false
    var start = text.utf8.startIndex
    var i = start
    while i < text.utf8.endIndex {
      let b = text.utf8[i]
      if inString {
        if escaped {
          escaped = false
        } else if b == UInt8(ascii: "\\") {
          escaped = true
        } else if b == UInt8(ascii: "\"") {
          inString = false
        }
      } else if b == UInt8(ascii: "\"") {
        inString = true
      } else if b == UInt8(ascii: " ") {
        if start < i { pieces.append(text[start..<i]) }
        start = text.utf8.index(after: i)
      }
      i = text.utf8.index(after: i)
    }
    if start < text.utf8.endIndex { pieces.append(text[start...]) }
    return pieces
  }

  /// A comment on its own line at `indent` — or at column 0 if indenting it would make the line
  /// too long (it filled its source line).
  func commentLine(_ c: SourceComment, indent: String) -> String {
    let text = "#" + trimmedTrailing(c.text)
    return (indent.utf8.count + text.utf8.count <= Lexer.maxLineLength ? indent : "") + text + "\n"
  }

  /// The length in bytes of the last line of `out`, without its line ending.
  func lastLineLength() -> Int {
    var view = out.utf8[...]
    if view.last == 0x0A { view = view.dropLast() }
    var n = 0
    for b in view.reversed() {
      if b == 0x0A { break }
      n += 1
    }
    return n
  }
}
