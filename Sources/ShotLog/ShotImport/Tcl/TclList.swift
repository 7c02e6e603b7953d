import DialRules

/// A strict reader of Tcl list syntax, as the Decent app writes its `.shot` files: words separated
/// by white space, a word in braces `{…}` (nesting, taken literally), in double quotes `"…"` or bare
/// (both with backslash substitution).
///
/// Strict where Tcl is lenient, so damage is found instead of read as data: a `{` never closed, a
/// `}` with no `{` before it, a closing brace or quote followed by anything but white space, an
/// unclosed quote and a NUL byte outside braces are errors with their place. Inside braces any byte
/// is kept as it is (the `machine {…}` block of a `.shot` holds raw control bytes); only a word's
/// text that is actually used is checked as UTF-8 (`text(of:)`).
///
/// No recursion: a braced word is found by counting its braces, and its content is read as a list
/// of its own only when asked (`words(in:)` on its `content`), so deep nesting costs nothing.
struct TclList {
  /// One word of a list.
  struct Word: Hashable, Sendable {
    enum Form: Hashable, Sendable { case bare, braced, quoted }
    var form: Form
    /// The whole word, braces or quotes included.
    var span: SourceSpan
    /// The text inside the braces or quotes (the whole word when bare).
    var content: SourceSpan
  }

  /// Why the bytes are not a Tcl list: where, and what.
  struct Problem: Error, Hashable, Sendable {
    var span: SourceSpan
    var message: String
  }

  let bytes: [UInt8]

  /// Tcl's list white space: space, tab, line feed, vertical tab, form feed, carriage return.
  @inline(__always)
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

  /// The words of the list in `range` (a whole file, or a braced word's `content`).
  func words(in range: SourceSpan) throws(Problem) -> [Word] {
    var out: [Word] = []
    var i = range.start
    let end = min(range.end, bytes.count)
    while true {
      while i < end, Self.isSpace(bytes[i]) { i += 1 }
      guard i < end else { return out }
      let start = i
      switch bytes[i] {
      case UInt8(ascii: "{"):
        var depth = 1
        i += 1
        while i < end {
          let b = bytes[i]
          if b == UInt8(ascii: "\\") {
            i += 2
            continue
          }
          if b == UInt8(ascii: "{") {
            depth += 1
          } else if b == UInt8(ascii: "}") {
            depth -= 1
            if depth == 0 { break }
          }
          i += 1
        }
        guard i < end else {
          throw Problem(
            span: SourceSpan(start: start, end: start + 1), message: "unbalanced braces: this '{' is never closed")
        }
        out.append(
          Word(
            form: .braced, span: SourceSpan(start: start, end: i + 1), content: SourceSpan(start: start + 1, end: i)))
        i += 1
        try expectSeparator(at: i, end: end, after: "'}'")
      case UInt8(ascii: "\""):
        i += 1
        while i < end, bytes[i] != UInt8(ascii: "\"") {
          if bytes[i] == 0 { throw nul(at: i) }
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard i < end else {
          throw Problem(span: SourceSpan(start: start, end: start + 1), message: "this '\"' is never closed")
        }
        out.append(
          Word(
            form: .quoted, span: SourceSpan(start: start, end: i + 1), content: SourceSpan(start: start + 1, end: i)))
        i += 1
        try expectSeparator(at: i, end: end, after: "'\"'")
      case UInt8(ascii: "}"):
        throw Problem(
          span: SourceSpan(start: i, end: i + 1), message: "unbalanced braces: this '}' closes no '{'")
      default:
        while i < end, !Self.isSpace(bytes[i]) {
          if bytes[i] == 0 { throw nul(at: i) }
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        i = min(i, end)
        out.append(Word(form: .bare, span: SourceSpan(start: start, end: i), content: SourceSpan(start: start, end: i)))
      }
    }
  }

  private func expectSeparator(at i: Int, end: Int, after what: String) throws(Problem) {
    guard i < end, !Self.isSpace(bytes[i]) else { return }
    if bytes[i] == 0 { throw nul(at: i) }
    throw Problem(
      span: SourceSpan(start: i, end: i + 1),
      message: "expected white space after the closing \(what), found '\(Self.shown(bytes[i]))'")
  }

  private func nul(at i: Int) -> Problem {
    Problem(span: SourceSpan(start: i, end: i + 1), message: "a NUL byte (U+0000) is not allowed here")
  }

  /// `x`, or `U+0007` for a control byte, or `0xFF` for a byte that is not ASCII.
  static func shown(_ b: UInt8) -> String {
    if b >= 0x20 && b < 0x7F { return String(UnicodeScalar(b)) }
    let hex = String(b, radix: 16, uppercase: true)
    let padded = hex.count < 2 ? "0" + hex : hex
    return b < 0x80 ? "U+00" + padded : "0x" + padded
  }

  /// The text of `word`: braced content as it is, bare and quoted words with backslash
  /// substitution (`\n`, `\t`, `\uXXXX`, `\xHH`, `\\`, and `\c` for any other `c`).
  ///
  /// Fails when the text is not UTF-8 or holds a control character other than tab, line feed and
  /// carriage return: such a value is damage, not a note or a name.
  func text(of word: Word) throws(Problem) -> String {
    let content = bytes[word.content.start..<word.content.end]
    var out: [UInt8]
    if word.form == .braced || !content.contains(UInt8(ascii: "\\")) {
      out = Array(content)
    } else {
      out = []
      out.reserveCapacity(content.count)
      var i = content.startIndex
      while i < content.endIndex {
        let b = content[i]
        guard b == UInt8(ascii: "\\"), i + 1 < content.endIndex else {
          out.append(b)
          i += 1
          continue
        }
        let c = content[i + 1]
        i += 2
        switch c {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "u"), UInt8(ascii: "x"):
          let width = c == UInt8(ascii: "u") ? 4 : 2
          var value: UInt32 = 0
          var digits = 0
          while digits < width, i < content.endIndex, let d = Self.hexDigit(content[i]) {
            value = value * 16 + d
            digits += 1
            i += 1
          }
          if digits == 0 {
            out.append(c)
          } else if let scalar = UnicodeScalar(value) {
            out.append(contentsOf: String(Character(scalar)).utf8)
          }
        case 0x0A:
          // Backslash-newline and the white space after it read as one space.
          out.append(0x20)
          while i < content.endIndex, content[i] == 0x20 || content[i] == 0x09 { i += 1 }
        default: out.append(c)
        }
      }
    }
    guard let text = String(validating: out, as: UTF8.self) else {
      throw Problem(span: word.span, message: "the value is not UTF-8 text")
    }
    if let bad = text.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) {
      throw Problem(
        span: word.span, message: "the value holds the control character \(Self.shown(UInt8(bad.value)))")
    }
    return text
  }

  private static func hexDigit(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - 0x61 + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - 0x41 + 10)
    default: nil
    }
  }
}
