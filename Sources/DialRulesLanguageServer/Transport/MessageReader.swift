/// Where framed bytes come from: standard input in the server, a byte array in tests and fuzzing.
package protocol ByteSource {
  /// Up to `maxCount` more bytes; empty at end of input.
  mutating func read(_ maxCount: Int) -> [UInt8]
}

/// What the reader found next in the stream.
package enum FramedInput: Hashable, Sendable {
  /// The body of one message (JSON text, not yet parsed).
  case message([UInt8])
  /// A header block that cannot be used: answered with an error (id null) and skipped.
  case invalid(ResponseError)
  /// The client closed the stream.
  case end
}

/// Splits a byte stream into LSP messages: `Content-Length: N\r\n` (other headers ignored),
/// a blank line, then N bytes of JSON.
///
/// Hostile or broken framing never costs more than the limits: a header block longer than
/// `maxHeaderBytes` is skipped, and a body longer than `maxMessageBytes` is rejected from its
/// header alone — the error is reported before a byte of the body is read, and the body is then
/// read and dropped in chunks, never held. After a wrong Content-Length the reader finds the next
/// `Content-Length:` line, so the connection recovers at the next message.
package struct MessageReader<Source: ByteSource> {
  /// The largest message accepted: a rule file is at most 1 MiB, and JSON escaping can grow it.
  static var maxMessageBytes: Int { 16 << 20 }
  /// The longest header block accepted.
  static var maxHeaderBytes: Int { 8_192 }
  /// Bytes asked of the source at a time.
  static var chunk: Int { 65_536 }

  var source: Source
  var buffer: [UInt8] = []
  var start = 0
  var atEnd = false
  /// Body bytes of a rejected message still to be dropped.
  var pendingDiscard = 0
  /// The most bytes the reader has held at once (tests check the 100 MB case with it).
  package private(set) var peakBuffered = 0

  package init(_ source: Source) {
    self.source = source
  }

  var buffered: Int { buffer.count - start }

  /// Bytes read from the source but not yet returned (a client reading replies uses this to go on
  /// with another reader).
  package var remainder: ArraySlice<UInt8> { buffer[start...] }

  /// Reads more input; false at end of input.
  mutating func fill() -> Bool {
    guard !atEnd else { return false }
    let more = source.read(Self.chunk)
    if more.isEmpty {
      atEnd = true
      return false
    }
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: more)
    peakBuffered = max(peakBuffered, buffered)
    return true
  }

  /// The next message, framing error or end of input.
  package mutating func next() -> FramedInput {
    while pendingDiscard > 0 {
      if buffered == 0 && !fill() { return .end }
      let n = min(pendingDiscard, buffered)
      start += n
      pendingDiscard -= n
    }
    guard let header = readHeader() else { return .end }
    guard case .success(let length) = header else {
      if case .failure(let error) = header { return .invalid(error) }
      return .end
    }
    if length > Self.maxMessageBytes {
      pendingDiscard = length
      return .invalid(
        .invalidRequest("message of \(length) bytes is larger than the limit of \(Self.maxMessageBytes) bytes; skipped")
      )
    }
    while buffered < length {
      if !fill() { return .end }
    }
    let body = Array(buffer[start..<(start + length)])
    start += length
    return .message(body)
  }

  /// The Content-Length of the next header block; nil at end of input.
  mutating func readHeader() -> Result<Int, ResponseError>? {
    var scanned = 0
    var skippedLongHeader = false
    while true {
      if let (headerEnd, after) = Self.headerTerminator(in: buffer, from: start + max(0, scanned - 3)) {
        let block = buffer[start..<headerEnd]
        start = after
        if skippedLongHeader {
          return .failure(.invalidRequest("a header block is longer than \(Self.maxHeaderBytes) bytes; skipped"))
        }
        // Blank lines between messages are not a header.
        if block.allSatisfy({ $0 == 0x0D || $0 == 0x0A || $0 == 0x20 }) {
          scanned = 0
          continue
        }
        return Self.contentLength(in: block)
      }
      scanned = buffered
      if buffered > Self.maxHeaderBytes {
        // Keep the last bytes: the terminator may straddle the cut.
        start = buffer.count - 3
        scanned = 3
        skippedLongHeader = true
      }
      if !fill() { return nil }
    }
  }

  /// The end of the header block (`\r\n\r\n`, or `\n\n` from lenient clients) at or after `from`.
  static func headerTerminator(in bytes: [UInt8], from: Int) -> (end: Int, after: Int)? {
    var i = max(0, from)
    while i < bytes.count {
      if bytes[i] == 0x0A {
        if i + 1 < bytes.count, bytes[i + 1] == 0x0A { return (i, i + 2) }
        if i + 2 < bytes.count, bytes[i + 1] == 0x0D, bytes[i + 2] == 0x0A { return (i, i + 3) }
      }
      i += 1
    }
    return nil
  }

  /// The value of the last `Content-Length:` in the block (case-insensitive, anywhere in a line, so
  /// that the rest of a message cut short by a wrong length does not hide the next header).
  static func contentLength(in block: ArraySlice<UInt8>) -> Result<Int, ResponseError> {
    let key = Array("content-length:".utf8)
    var found: ArraySlice<UInt8>?
    let bytes = Array(block)
    var i = 0
    while i + key.count <= bytes.count {
      var match = true
      for k in 0..<key.count where lowercased(bytes[i + k]) != key[k] {
        match = false
        break
      }
      if match {
        var end = i + key.count
        while end < bytes.count, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
        found = bytes[(i + key.count)..<end]
        i = end
      } else {
        i += 1
      }
    }
    guard let value = found else { return .failure(.parseError("the header has no Content-Length")) }
    var digits = Array(value)
    while let first = digits.first, first == 0x20 || first == 0x09 { digits.removeFirst() }
    while let last = digits.last, last == 0x20 || last == 0x09 { digits.removeLast() }
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      let shown = String(decoding: value.prefix(40), as: UTF8.self)
      return .failure(.parseError("Content-Length is not a whole number: '\(shown)'"))
    }
    return .success(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
  }

  static func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
}

/// A source over bytes already in memory.
package struct ByteArraySource: ByteSource {
  var bytes: [UInt8]
  var offset = 0
  /// Bytes handed out per read at most (small in tests, to exercise messages split across reads).
  var step: Int

  package init(_ bytes: [UInt8], step: Int = .max) {
    self.bytes = bytes
    self.step = max(1, step)
  }

  package mutating func read(_ maxCount: Int) -> [UInt8] {
    let n = min(maxCount, step, bytes.count - offset)
    guard n > 0 else { return [] }
    defer { offset += n }
    return Array(bytes[offset..<(offset + n)])
  }
}

/// Frames a message body for writing: `Content-Length: N\r\n\r\n` then the bytes.
package func framed(_ body: [UInt8]) -> [UInt8] {
  Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
