import DialRules
import Foundation

/// Spans for editors that count in UTF-16 (`NSString`, `UITextView`, `NSTextView`, the Language
/// Server Protocol's default): a `SourceSpan` is a byte range of the file's UTF-8 text.
///
/// Each conversion reads the file's text up to the span, so it costs time in proportion to the
/// offset; an editor converting many spans of a large file keeps its own line index instead.
extension SourceFile {
  /// The span as a range of UTF-16 offsets into the file's text (invalid UTF-8 counts as one
  /// U+FFFD each, as `String(decoding:as:)` reads it).
  public func utf16Range(of span: SourceSpan) -> Range<Int> {
    let start = utf16Count(upTo: span.start)
    let length = utf16Count(from: span.start, upTo: span.end)
    return start..<(start + length)
  }

  /// The span as an `NSRange`, for `NSAttributedString` and `UITextView`.
  public func nsRange(of span: SourceSpan) -> NSRange {
    let range = utf16Range(of: span)
    return NSRange(location: range.lowerBound, length: range.count)
  }

  /// The span of a range of UTF-16 offsets (an editor's selection), clamped to the file; an offset
  /// inside a character (between the halves of a surrogate pair) moves to that character's start.
  /// For a file of valid UTF-8 (the bytes of any `String`).
  public func span(utf16Range range: Range<Int>) -> SourceSpan {
    let text = String(decoding: bytes, as: UTF8.self)
    func byteOffset(_ utf16: Int) -> Int {
      var units = 0
      var bytes = 0
      for scalar in text.unicodeScalars {
        let width = scalar.utf16.count
        if units + width > utf16 { break }
        units += width
        bytes += scalar.utf8.count
      }
      return bytes
    }
    let start = byteOffset(range.lowerBound)
    return SourceSpan(start: start, end: max(start, byteOffset(range.upperBound)))
  }

  private func utf16Count(from start: Int = 0, upTo end: Int) -> Int {
    let lower = max(0, min(start, bytes.count))
    let upper = max(lower, min(end, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self).utf16.count
  }
}
