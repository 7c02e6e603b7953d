/// Reads shot JSON v1 (design §6) into `ShotRecord`s: one document, or a JSON Lines batch.
///
/// A strict, purpose-built reader rather than Foundation's: it reads bytes in place straight into
/// the record (no intermediate tree), reads every number exactly as a decimal (never through
/// `Double`), and turns every mistake into a `Diagnostic` with a `J` code and a span into the file.
/// Hostile input cannot crash it, recurse deeply or make it work more than linearly: documents are
/// capped at 1 MiB, nesting at 32 levels, texts at 1,000 bytes and errors at 100 per document.
///
/// A UTF-8 byte order mark at the very start of the file is skipped: Windows editors write one,
/// and it carries no meaning. Anywhere else it is an unexpected character.
///
/// `docs/shot-json.md` describes the accepted format, the limits and every diagnostic code.
package enum ShotJSONReader {
  /// Reads one shot JSON v1 document (the whole file).
  package static func read(_ file: SourceFile) -> Result<ShotRecord, DiagnosticList> {
    file.bytes.withUnsafeBufferPointer { buffer in
      var parser = ShotJSONParser(bytes: buffer)
      return parser.readDocument(start: byteOrderMarkLength(buffer), end: buffer.count, lineMode: false, in: file)
    }
  }

  /// Reads a JSON Lines file: one result per non-blank line, in order, with its 1-based line number.
  /// Spans in diagnostics are offsets into `file` (so rendering shows the right line).
  ///
  /// Lines end at LF, CRLF or a lone CR, exactly as `SourceFile` counts them, so the line number
  /// passed to `body` is the one a diagnostic renders. Lines holding only spaces and tabs are
  /// skipped; the last line needs no line ending. Each line is read in place, never copied.
  package static func readLines(
    _ file: SourceFile, body: (_ line: Int, _ result: Result<ShotRecord, DiagnosticList>) -> Void
  ) {
    file.bytes.withUnsafeBufferPointer { buffer in
      var parser = ShotJSONParser(bytes: buffer)
      let starts = file.lineStarts
      for index in starts.indices {
        var start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] : buffer.count
        while end > start, buffer[end - 1] == 0x0A || buffer[end - 1] == 0x0D { end -= 1 }
        if index == 0 { start += byteOrderMarkLength(buffer) }
        var first = start
        while first < end, buffer[first] == 0x20 || buffer[first] == 0x09 { first += 1 }
        if first == end { continue }
        body(index + 1, parser.readDocument(start: start, end: end, lineMode: true, in: file))
      }
    }
  }

  /// 3 when the buffer starts with the UTF-8 byte order mark EF BB BF, else 0.
  static func byteOrderMarkLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
  }
}
