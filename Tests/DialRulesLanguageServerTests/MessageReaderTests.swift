import DialRulesLanguageServer
import Testing

/// Framing: Content-Length headers, messages split across reads, and every kind of broken frame —
/// each gives an error or the end of input, and the reader recovers at the next good header.
@Suite struct MessageReaderTests {
  func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  func read(_ bytes: [UInt8], step: Int = .max) -> [FramedInput] {
    var reader = MessageReader(ByteArraySource(bytes, step: step))
    var out: [FramedInput] = []
    while true {
      let next = reader.next()
      out.append(next)
      if next == .end { return out }
    }
  }

  func message(_ s: String) -> FramedInput { .message(Array(s.utf8)) }

  @Test func messagesSplitAcrossReadsOfOneByte() {
    let bytes =
      frame("{\"a\":1}") + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8)
      + frame("{\"b\":\"é\"}")
    #expect(read(bytes, step: 1) == [message("{\"a\":1}"), message("{\"b\":\"é\"}"), .end])
  }

  @Test func headerNamesAreCaseInsensitiveAndLFOnlyIsAccepted() {
    let bytes = Array("content-length:  2\n\n{}".utf8)
    #expect(read(bytes) == [message("{}"), .end])
  }

  @Test func aMissingOrBrokenLengthIsAnErrorAndTheNextMessageIsRead() {
    let bytes = Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: 12x\r\n\r\n".utf8) + frame("{}")
    let out = read(bytes)
    #expect(out.count == 4)
    guard case .invalid(let first) = out[0], case .invalid(let second) = out[1] else {
      Issue.record("expected two framing errors, got \(out)")
      return
    }
    #expect(first.message.contains("no Content-Length"))
    #expect(second.message.contains("not a whole number"))
    #expect(out[2] == message("{}"))
  }

  @Test func aTooShortLengthCutsTheBodyAndTheNextHeaderIsFound() {
    let body = "{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"
    let bytes = Array("Content-Length: 10\r\n\r\n\(body)".utf8) + frame("{}")
    let out = read(bytes)
    #expect(out.first == message(String(body.prefix(10))))
    #expect(out.contains(message("{}")))
    #expect(out.last == .end)
  }

  @Test func aTooLongLengthSwallowsTheNextMessageAndTheOneAfterIsRead() {
    let bytes = Array("Content-Length: 30\r\n\r\n{}".utf8) + frame("{\"second\":2}") + frame("{\"third\":3}")
    let out = read(bytes)
    #expect(out.contains(message("{\"third\":3}")))
    #expect(out.last == .end)
  }

  @Test func endOfInputInsideABodyOrAHeaderIsTheEnd() {
    #expect(read(Array("Content-Length: 100\r\n\r\n{\"a\":".utf8)) == [.end])
    #expect(read(Array("Content-Len".utf8)) == [.end])
    #expect(read([]) == [.end])
  }

  /// A source that pretends to hold a header claiming 100 MB and then the body, counting what it
  /// hands out, so the test sees what the reader held without allocating 100 MB.
  struct HugeSource: ByteSource {
    let header = Array("Content-Length: 104857600\r\n\r\n".utf8)
    let bodySize = 104_857_600
    var sent = 0
    var tail: [UInt8]
    mutating func read(_ maxCount: Int) -> [UInt8] {
      if sent < header.count {
        sent = header.count
        return header
      }
      let bodySent = sent - header.count
      if bodySent < bodySize {
        let n = min(maxCount, bodySize - bodySent)
        sent += n
        return [UInt8](repeating: 0x20, count: n)
      }
      defer { tail = [] }
      return tail
    }
  }

  @Test func aHundredMegabyteMessageIsRejectedFromItsHeaderAndNeverHeld() {
    var reader = MessageReader(HugeSource(tail: frame("{}")))
    let first = reader.next()
    guard case .invalid(let error) = first else {
      Issue.record("expected a rejection, got \(first)")
      return
    }
    #expect(error.message.contains("104857600 bytes is larger than the limit"))
    // Rejected after reading the header alone.
    #expect(reader.peakBuffered < 1_000)
    #expect(reader.next() == message("{}"))
    #expect(reader.next() == .end)
    // The body was read and dropped in chunks, never held whole.
    #expect(reader.peakBuffered <= 2 * 65_536)
  }

  @Test func anEndlessHeaderIsSkippedWithBoundedMemory() {
    let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000) + Array("\r\n\r\n".utf8) + frame("{}")
    var reader = MessageReader(ByteArraySource(bytes, step: 4_096))
    guard case .invalid(let error) = reader.next() else {
      Issue.record("expected an error for the long header")
      return
    }
    #expect(error.message.contains("longer than"))
    #expect(reader.next() == message("{}"))
    #expect(reader.peakBuffered < 20_000)
  }
}
