import DialRulesTestSupport
import Testing

@testable import DialRules

/// Every lexer code at the place it belongs, with markers (`DiagnosticMarkers`); the rendered
/// form of each is pinned by `Fixtures/diagnostics/L…` goldens.
@Suite struct LexerMarkerTests {
  @Test func cleanInputHasNoDiagnostics() {
    assertDiagnostics("dialrules 1\nrule r # a comment\n  when shot.time < 20.5 s and sour\n", stage: .lexer)
    // A byte order mark is skipped.
    assertDiagnostics("\u{FEFF}dialrules 1\n", stage: .lexer)
  }

  @Test func unexpectedCharacters() {
    assertDiagnostics(
      "dialrules 1\n  when sour 1️⃣@ bitter 2️⃣$\n3️⃣\u{0}\n", stage: .lexer,
      [
        .init("L001", at: "1️⃣", message: "unexpected character '@'"),
        .init("L001", at: "2️⃣", message: "unexpected character '$'"),
        .init("L001", at: "3️⃣"),
      ])
  }

  @Test func unterminatedStringsEndAtTheirLine() {
    // The next line is lexed as usual: its '@' is reported too.
    assertDiagnostics(
      "dialrules 1\n  because 1️⃣\"never closed\n  when 2️⃣@\n", stage: .lexer,
      [.init("L002", at: "1️⃣", message: "unterminated string"), .init("L001", at: "2️⃣")])
  }

  @Test func invalidUTF8IsReportedAtItsByte() {
    let marked = Array("  because \"caf".utf8) + Array("1️⃣".utf8) + [0xFF] + Array("\" 2️⃣".utf8) + [0xC3]
    assertDiagnostics(
      MarkedSource(bytes: marked), stage: .lexer,
      [.init("L003", at: "1️⃣", message: "invalid UTF-8 byte sequence"), .init("L003", at: "2️⃣")])
  }

  @Test func unknownEscapes() {
    assertDiagnostics(
      #"because "bad 1️⃣\q escape, fine \" \\ \n \t, bad 2️⃣\x""#, stage: .lexer,
      [.init("L004", at: "1️⃣", message: #"unknown escape '\q' in string"#), .init("L004", at: "2️⃣")])
  }

  @Test func numbersOutOfRange() {
    assertDiagnostics(
      "when shot.time < 1️⃣12345678901 s or shot.dose > 2️⃣1.0000000001 g or shot.time < 1000000000 s\n",
      stage: .lexer,
      [
        .init("L005", at: "1️⃣", message: "number is larger than 1000000000"),
        .init("L005", at: "2️⃣"),
      ])
  }

  /// A number with an exponent is one token and one diagnostic, which says how to write it: it was
  /// a number, a name ('e1') and then a spurious unit error.
  @Test func exponentsAreOneDiagnostic() {
    assertDiagnostics(
      "when shot.time < 1️⃣2e1 s or shot.dose > 2️⃣1.5E-3 g or shot.dose > 3️⃣18e+0 g or shot.dose > 4️⃣1e99999999999 g\n",
      stage: .lexer,
      [
        .init("L009", at: "1️⃣", message: "number '2e1' has an exponent; rule files do not write exponents"),
        .init("L009", at: "2️⃣", message: "number '1.5E-3' has an exponent; rule files do not write exponents"),
        .init("L009", at: "3️⃣"), .init("L009", at: "4️⃣"),
      ])
    let source = "dialrules 1\nrule a\n  when shot.time < 1️⃣2e1 s\n  then grind finer\n  because \"x\"\n"
    assertDiagnostics(source, stage: .checker, [.init("L009", at: "1️⃣")])
    let helps = DiagnosticMarkers.diagnostics(
      of: SourceFile(path: "t", bytes: MarkedSource(source).bytes), stage: .checker
    ).map(\.help)
    #expect(helps == ["write the number out in full: '20'"])
    // Not an exponent: a unit or a name right after the number is the parser's business.
    assertDiagnostics("when shot.time < 20s or shot.dose > 18g\n", stage: .lexer)
  }

  @Test func bidirectionalControlsAnywhere() {
    // In a string, in a comment and between tokens: each is a warning at its own place.
    assertDiagnostics(
      "because \"looks 1️⃣\u{202E} fine\" # 2️⃣\u{2066}\nwhen sour 3️⃣\u{200F}and bitter\n", stage: .lexer,
      [
        .init("L006", at: "1️⃣", message: "bidirectional control character in the source"),
        .init("L006", at: "2️⃣"), .init("L006", at: "3️⃣"),
      ])
  }

  @Test func lookalikeLettersInNames() {
    // A Cyrillic 'о' in 'sour', and a Greek 'ο' at the start of 'ok'.
    assertDiagnostics(
      "when s1️⃣оur and 2️⃣οk\n", stage: .lexer,
      [.init("L007", at: "1️⃣", message: "unexpected character 'о' in a name"), .init("L007", at: "2️⃣")])
  }

  @Test func longLinesAreReportedAtTheirStart() {
    let long = "# " + String(repeating: "x", count: Lexer.maxLineLength)
    assertDiagnostics(
      "dialrules 1\n1️⃣\(long)\nrule r\n2️⃣\(long)", stage: .lexer,
      [.init("L008", at: "1️⃣", message: "line is longer than 4096 bytes"), .init("L008", at: "2️⃣")])
  }

  @Test func theBudgetEndsLexingWithP009() {
    // Too many diagnostics for markers: the 201st stray byte is where lexing stops.
    let source = MarkedSource(String(repeating: "@", count: Lexer.maxDiagnostics) + "1️⃣@ @ @")
    let diagnostics = DiagnosticMarkers.diagnostics(of: SourceFile(path: "t", bytes: source.bytes), stage: .lexer)
    #expect(diagnostics.map(\.code) == Array(repeating: "L001", count: Lexer.maxDiagnostics) + ["P009"])
    #expect(diagnostics.last?.span.start == source.offsets["1️⃣"])
  }
}
