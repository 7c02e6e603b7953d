import DialRules

/// How LSP positions count characters within a line, negotiated at `initialize`: UTF-8 when the
/// client offers it (then a position's character is a byte offset, as DialRules' spans are), else
/// UTF-16 code units, the protocol's default.
package enum PositionEncoding: String, Sendable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"

  /// The encoding to use for a client that offers `offered` (`general.positionEncodings`).
  package static func negotiate(offered: [String]) -> PositionEncoding {
    offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
  }

  /// Bytes in the UTF-8 sequence that starts with `lead` (1 for a stray continuation byte, so
  /// invalid text still advances).
  @inline(__always)
  static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }

  /// Code units of this encoding for the character of `length` UTF-8 bytes.
  @inline(__always)
  func units(forSequence length: Int) -> Int {
    switch self {
    case .utf8: length
    case .utf16: length == 4 ? 2 : 1
    }
  }
}

extension SourceFile {
  /// The byte offset of an LSP position. A character past the end of its line means the end of the
  /// line, a line past the end of the file the end of the file, and a position inside a character
  /// (half of a surrogate pair, the middle of a UTF-8 sequence) the start of that character.
  package func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
    guard position.line < lineStarts.count else { return bytes.count }
    let line = lineBytes(position.line)
    var offset = line.startIndex
    var units = 0
    while offset < line.endIndex {
      let length = min(PositionEncoding.sequenceLength(bytes[offset]), line.endIndex - offset)
      let next = units + encoding.units(forSequence: length)
      if next > position.character { break }
      units = next
      offset += length
    }
    return offset
  }

  /// The LSP position of a byte offset (clamped to the file; an offset inside a line ending is the
  /// end of that line).
  package func lspPosition(of offset: Int, encoding: PositionEncoding) -> LSPPosition {
    let clamped = min(max(0, offset), bytes.count)
    let lineIndex = lineIndex(of: clamped)
    let line = lineBytes(lineIndex)
    let end = min(clamped, line.endIndex)
    var i = line.startIndex
    var units = 0
    while i < end {
      let length = min(PositionEncoding.sequenceLength(bytes[i]), line.endIndex - i)
      if i + length > end { break }
      units += encoding.units(forSequence: length)
      i += length
    }
    return LSPPosition(line: lineIndex, character: units)
  }

  /// The LSP range of a span.
  package func lspRange(of span: SourceSpan, encoding: PositionEncoding) -> LSPRange {
    LSPRange(start: lspPosition(of: span.start, encoding: encoding), end: lspPosition(of: span.end, encoding: encoding))
  }

  /// The span of an LSP range (start and end put in order).
  package func span(of range: LSPRange, encoding: PositionEncoding) -> SourceSpan {
    let a = offset(of: range.start, encoding: encoding)
    let b = offset(of: range.end, encoding: encoding)
    return SourceSpan(start: min(a, b), end: max(a, b))
  }
}
