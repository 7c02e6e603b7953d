#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads shot JSON v1 (docs/design.md §6) into `ShotRecord`s: one document, or a JSON Lines batch.
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
    read(file, usualPaths: true)
  }

  /// `read`, with the parser's shortcuts for usual input on or off (off only in tests, which check
  /// that both give the same result).
  static func read(_ file: SourceFile, usualPaths: Bool) -> Result<ShotRecord, DiagnosticList> {
    file.bytes.withUnsafeBufferPointer { buffer in
      var parser = ShotJSONParser(bytes: buffer, usualPaths: usualPaths)
      return parser.readDocument(
        start: JSONScanner.byteOrderMarkLength(buffer), end: buffer.count, lineMode: false, in: file)
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
    readShots(file) { line, result in body(line, result.map { $0.record }) }
  }

  /// Reads a JSON Lines file like `readLines`, but hands each valid line over as a `ReadShot` — the
  /// compact form the compiled evaluator decides, with the `id` left in place — instead of building
  /// a `ShotRecord`. What `eval` and `diff --shots` use.
  package static func readShots(
    _ file: SourceFile, body: (_ line: Int, _ result: Result<ReadShot, DiagnosticList>) -> Void
  ) {
    readShots(file, usualPaths: true, body: body)
  }

  /// `readShots`, with the parser's shortcuts for usual input on or off (off only in tests).
  static func readShots(
    _ file: SourceFile, usualPaths: Bool, body: (_ line: Int, _ result: Result<ReadShot, DiagnosticList>) -> Void
  ) {
    file.bytes.withUnsafeBufferPointer { buffer in
      var parser = ShotJSONParser(bytes: buffer, usualPaths: usualPaths)
      var lines = LineSplitter(buffer)
      if JSONScanner.byteOrderMarkLength(buffer) == 3 { lines.start = 3 }
      while let (start, end) = lines.next() {
        var first = start
        while first < end, buffer[first] == 0x20 || buffer[first] == 0x09 { first += 1 }
        if first == end { continue }
        if parser.readParts(start: start, end: end, lineMode: true) {
          // Lent, not copied: the parts are a few hundred bytes, and lending the texts too costs no
          // reference counting per line.
          parser.lend { parts, texts in
            body(lines.number, .success(ReadShot(parts: parts, bytes: buffer, texts: texts)))
          }
        } else {
          body(lines.number, .failure(parser.problems(in: file)))
        }
      }
    }
  }

  /// The number of lines `readShots` sees (the line splitting alone, for benchmarks).
  package static func lineCount(_ file: SourceFile) -> Int {
    file.bytes.withUnsafeBufferPointer { buffer in
      var lines = LineSplitter(buffer)
      while lines.next() != nil {}
      return lines.number
    }
  }
}

/// One valid line of a JSON Lines batch as the compiled evaluator reads it. It points into the
/// file and the reader's buffers, so it is valid only inside the `readShots` body it is passed to.
package struct ReadShot {
  let parts: UnsafePointer<ShotParts>
  let bytes: UnsafeBufferPointer<UInt8>
  let texts: UnsafeBufferPointer<UInt8>

  /// The full record (built on demand: `eval` never needs it).
  package var record: ShotRecord { parts.pointee.record(bytes: bytes, decoded: texts) }

  /// What the compiled evaluator reads.
  var compact: CompactShot { parts.pointee.compact }

  /// The shot's `id`.
  package var id: String? {
    guard let id = parts.pointee.id else { return nil }
    func text(_ source: UnsafeBufferPointer<UInt8>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: source[id.start..<(id.start + id.count)]), as: UTF8.self)
    }
    return text(id.decoded ? texts : bytes)
  }

  /// Writes the shot's `id` as a JSON string, or `null`: the escaped text a `JSONWriter` would
  /// write for it. A string read without escapes needs none on output either (its bytes hold no
  /// quote, backslash or control character), so it is copied as it stands.
  func writeID(to w: inout JSONWriter) {
    guard let id = parts.pointee.id else {
      w.null()
      return
    }
    if id.decoded {
      w.string(utf8: UnsafeBufferPointer(rebasing: texts[id.start..<(id.start + id.count)]))
    } else {
      w.unescapedString(UnsafeBufferPointer(rebasing: bytes[id.start..<(id.start + id.count)]))
    }
  }
}

/// Finds the lines of a buffer as `SourceFile` counts them (LF, CRLF or a lone CR end a line),
/// with `memchr` when the buffer holds no CR at all — the usual case — so a line costs a
/// vectorised search, not a test per byte.
struct LineSplitter {
  let buffer: UnsafeBufferPointer<UInt8>
  /// Where the next line starts.
  var start = 0
  /// The 1-based number of the line `next()` returned last.
  private(set) var number = 0
  private let hasCarriageReturn: Bool
  private var done = false

  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    self.buffer = buffer
    if let base = buffer.baseAddress, !buffer.isEmpty {
      hasCarriageReturn = memchr(base, 0x0D, buffer.count) != nil
    } else {
      hasCarriageReturn = false
    }
  }

  /// The next line's content (without its line ending), or nil after the last. A final line
  /// ending does not start another line; an empty buffer has one empty line, as in `SourceFile`.
  mutating func next() -> (start: Int, end: Int)? {
    guard !done else { return nil }
    let count = buffer.count
    number += 1
    let lineStart = start
    guard let base = buffer.baseAddress, lineStart < count else {
      done = true
      return (lineStart, lineStart)
    }
    var end = count
    if hasCarriageReturn {
      var i = lineStart
      while i < count, buffer[i] != 0x0A, buffer[i] != 0x0D { i += 1 }
      end = i
      if i < count {
        start = buffer[i] == 0x0D && i + 1 < count && buffer[i + 1] == 0x0A ? i + 2 : i + 1
      }
    } else if let p = memchr(base + lineStart, 0x0A, count - lineStart) {
      end = UnsafePointer(p.assumingMemoryBound(to: UInt8.self)) - base
      start = end + 1
    }
    if end == count { done = true } else if start >= count { done = true }
    return (lineStart, end)
  }
}
