import DialRules
import DialRulesLanguageServer
import Testing

/// LSP positions against byte offsets, for both encodings, on lines with non-ASCII text: `é` is two
/// UTF-8 bytes and one UTF-16 unit, the emoji four bytes and two units (a surrogate pair).
@Suite struct PositionEncodingTests {
  // Line 1: `# café ☕ 😀 end`
  let file = SourceFile(path: "t", text: "dialrules 1\n# café ☕ 😀 end\r\nlet x = 1\n")

  @Test func utf8IsOfferedAndPreferred() {
    #expect(PositionEncoding.negotiate(offered: ["utf-16", "utf-8"]) == .utf8)
    #expect(PositionEncoding.negotiate(offered: ["utf-32"]) == .utf16)
    #expect(PositionEncoding.negotiate(offered: []) == .utf16)
  }

  @Test func offsetsAfterNonASCIICharacters() {
    let line = file.lineStarts[1]
    // "end" starts after "# café ☕ 😀 ": bytes 2+5+1+3+1+4+1 = 17; UTF-16 units 2+4+1+1+1+2+1 = 12.
    #expect(file.offset(of: LSPPosition(line: 1, character: 12), encoding: .utf16) == line + 17)
    #expect(file.offset(of: LSPPosition(line: 1, character: 17), encoding: .utf8) == line + 17)
    #expect(file.lspPosition(of: line + 17, encoding: .utf16) == LSPPosition(line: 1, character: 12))
    #expect(file.lspPosition(of: line + 17, encoding: .utf8) == LSPPosition(line: 1, character: 17))
    // Just after `é`: 5 bytes in, 4 units.
    #expect(file.lspPosition(of: line + 7, encoding: .utf16) == LSPPosition(line: 1, character: 6))
  }

  @Test func positionsInsideACharacterRoundDown() {
    let line = file.lineStarts[1]
    let emoji = line + 12  // "# café ☕ " is 12 bytes
    // Between the two halves of the surrogate pair: the start of the emoji.
    #expect(file.offset(of: LSPPosition(line: 1, character: 10), encoding: .utf16) == emoji)
    #expect(file.offset(of: LSPPosition(line: 1, character: 9), encoding: .utf16) == emoji)
    // Inside the UTF-8 sequence of `é`.
    #expect(file.offset(of: LSPPosition(line: 1, character: 6), encoding: .utf8) == line + 5)
    #expect(file.lspPosition(of: emoji + 2, encoding: .utf16) == LSPPosition(line: 1, character: 9))
  }

  @Test func everyOffsetRoundTrips() {
    for encoding in [PositionEncoding.utf8, .utf16] {
      var previous = LSPPosition(line: 0, character: -1)
      for offset in 0...file.bytes.count {
        let p = file.lspPosition(of: offset, encoding: encoding)
        #expect(p >= previous, "positions go back at \(offset)")
        previous = p
        let back = file.offset(of: p, encoding: encoding)
        #expect(back <= offset, "\(offset) → \(p) → \(back)")
        #expect(file.lspPosition(of: back, encoding: encoding) == p)
      }
    }
  }

  @Test func positionsPastALineOrTheFileAreClamped() {
    let line2 = file.lineStarts[2]
    #expect(file.offset(of: LSPPosition(line: 1, character: 1_000), encoding: .utf16) == line2 - 2)  // before CRLF
    #expect(file.offset(of: LSPPosition(line: 99, character: 0), encoding: .utf16) == file.bytes.count)
    #expect(file.lspPosition(of: line2 - 1, encoding: .utf16) == LSPPosition(line: 1, character: 15))  // inside CRLF
    #expect(file.lspPosition(of: 10_000, encoding: .utf16) == LSPPosition(line: 3, character: 0))
  }
}
