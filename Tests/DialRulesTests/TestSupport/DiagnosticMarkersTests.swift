import DialRulesTestSupport
import Testing

/// The marker helper itself: it strips markers, passes only on an exact match and says plainly
/// what differs. (A helper that could not fail would make every marker test worthless.)
@Suite struct DiagnosticMarkersTests {
  static let source = "dialrules 1\nrule r\n  when sour 1️⃣@ bitter\n  then grind finer\n  because \"x\"\n"

  @Test func markersAreStrippedAndNameByteOffsets() {
    let marked = MarkedSource("é1️⃣x2️⃣\u{FF}3️⃣")
    #expect(marked.bytes == Array("éx\u{FF}".utf8))
    #expect(marked.offsets == ["1️⃣": 2, "2️⃣": 3, "3️⃣": 5])
    #expect(marked.duplicates.isEmpty)
    // Invalid UTF-8 survives (markers are found byte by byte), and a plain digit is no marker.
    let bytes = MarkedSource(bytes: [0x31, 0xC3] + Array("1️⃣".utf8) + [0x28])
    #expect(bytes.bytes == [0x31, 0xC3, 0x28])
    #expect(bytes.offsets == ["1️⃣": 2])
  }

  @Test func anExactMatchPasses() {
    let mismatch = DiagnosticMarkers.mismatch(
      in: Self.source, stage: .lexer, expected: [.init("L001", at: "1️⃣", message: "unexpected character '@'")])
    #expect(mismatch == nil)
    assertDiagnostics("dialrules 1\n", stage: .checker)
  }

  @Test func everyKindOfDifferenceFails() {
    let cases: [(String, [DiagnosticMarkers.Expected], String)] = [
      // The right code at the wrong place: missing at the marker, unexpected where it is.
      ("dialrules 1\n1️⃣rule r\n  when sour @ bitter\n", [.init("L001", at: "1️⃣")], "missing: L001 at 1️⃣"),
      ("dialrules 1\nrule r\n  when sour 1️⃣@ bitter\n", [.init("L002", at: "1️⃣")], "unexpected: L001"),
      ("dialrules 1\nrule r\n  when sour 1️⃣@ bitter\n", [], "marker 1️⃣ is in the source but expects nothing"),
      ("dialrules 1\nrule r\n  when sour @ bitter\n", [.init("L001", at: "1️⃣")], "the marker is not in the source"),
      ("dialrules 1\n1️⃣rule r\n1️⃣", [.init("L001", at: "1️⃣")], "marker 1️⃣ is used more than once"),
      (Self.source, [.init("L001", at: "1️⃣", message: "unexpected '@'")], "message 'unexpected character '@''"),
      // Two expected where one occurs.
      (Self.source, [.init("L001", at: "1️⃣"), .init("L001", at: "1️⃣")], "missing: L001 at 1️⃣"),
    ]
    for (marked, expected, problem) in cases {
      let mismatch = DiagnosticMarkers.mismatch(in: marked, stage: .lexer, expected: expected)
      #expect(mismatch?.contains(problem) == true, "\(marked.debugDescription): \(mismatch ?? "passed")")
    }
  }

  @Test func laterStagesSeeEarlierStagesDiagnostics() {
    // The checker stage runs the whole front end: an unexpected lexer error fails it.
    let mismatch = DiagnosticMarkers.mismatch(
      in: "dialrules 1\nrule r\n  when sour 1️⃣@\n  then grind finer\n  because \"x\"\n", stage: .checker,
      expected: [.init("P001", at: "1️⃣")])
    #expect(mismatch?.contains("unexpected: L001 'unexpected character '@''") == true)
  }

  @Test func theFailureShowsEachPlaceUnderItsLine() {
    let mismatch = DiagnosticMarkers.mismatch(
      in: "dialrules 1\nrule r\n  1️⃣when sour @ bitter\n", stage: .lexer, expected: [.init("L001", at: "1️⃣")])
    #expect(
      mismatch == """
        the lexer's diagnostics differ from the markers:
          - missing: L001 at 1️⃣
          - unexpected: L001 'unexpected character '@''
        3 |   when sour @ bitter
          |   ^ expected L001 (1️⃣)
          |             ^ found L001: unexpected character '@'

        """)
  }
}
