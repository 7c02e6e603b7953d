import DialRules

/// A strict RFC 4180 CSV reader: comma-separated fields, fields in double quotes may hold commas,
/// line breaks and doubled quotes; rows end in LF or CRLF. A quote inside an unquoted field, an
/// unclosed quote, a NUL byte and text that is not UTF-8 are errors with their place.
struct CSVTable {
  /// One field: its text and where it is.
  struct Field: Hashable, Sendable {
    var text: String
    var span: SourceSpan
  }

  /// Why the bytes are not CSV.
  struct Problem: Error, Hashable, Sendable {
    var span: SourceSpan
    var message: String
  }

  /// The rows, each a list of fields (an empty line is a row with one empty field, and is kept).
  private(set) var rows: [[Field]] = []

  /// Most rows read: a shot export has a few hundred.
  static let maxRows = 1_000_000

  init(_ bytes: [UInt8]) throws(Problem) {
    var i = 0
    var row: [Field] = []
    var field: [UInt8] = []
    let end = bytes.count
    func finishField(_ start: Int) throws(Problem) {
      guard let text = String(validating: field, as: UTF8.self) else {
        throw Problem(span: SourceSpan(start: start, end: i), message: "the field is not UTF-8 text")
      }
      row.append(Field(text: text, span: SourceSpan(start: start, end: i)))
      field.removeAll(keepingCapacity: true)
    }
    while i < end {
      // One row.
      row = []
      while true {
        let start = i
        if i < end, bytes[i] == UInt8(ascii: "\"") {
          i += 1
          while true {
            guard i < end else {
              throw Problem(span: SourceSpan(start: start, end: start + 1), message: "this '\"' is never closed")
            }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
              if i + 1 < end, bytes[i + 1] == UInt8(ascii: "\"") {
                field.append(b)
                i += 2
                continue
              }
              i += 1
              break
            }
            if b == 0 { throw Self.nul(i) }
            field.append(b)
            i += 1
          }
          guard i >= end || bytes[i] == UInt8(ascii: ",") || bytes[i] == 0x0A || bytes[i] == 0x0D else {
            throw Problem(
              span: SourceSpan(start: i, end: i + 1),
              message: "expected ',' or the end of the line after a quoted field")
          }
        } else {
          while i < end, bytes[i] != UInt8(ascii: ","), bytes[i] != 0x0A, bytes[i] != 0x0D {
            if bytes[i] == UInt8(ascii: "\"") {
              throw Problem(
                span: SourceSpan(start: i, end: i + 1), message: "a '\"' inside a field that does not start with one")
            }
            if bytes[i] == 0 { throw Self.nul(i) }
            field.append(bytes[i])
            i += 1
          }
        }
        try finishField(start)
        if i < end, bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        break
      }
      if i < end, bytes[i] == 0x0D { i += 1 }
      if i < end, bytes[i] == 0x0A { i += 1 }
      rows.append(row)
      guard rows.count <= Self.maxRows else {
        throw Problem(span: SourceSpan(start: i, end: i), message: "more than \(Self.maxRows) rows")
      }
    }
  }

  private static func nul(_ i: Int) -> Problem {
    Problem(span: SourceSpan(start: i, end: i + 1), message: "a NUL byte (U+0000) is not allowed in CSV text")
  }
}
