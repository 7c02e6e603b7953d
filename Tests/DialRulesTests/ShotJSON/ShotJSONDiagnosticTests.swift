import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// One input per diagnostic code, with the expected message, help and span. The span is marked in
/// the input with `⟪` and `⟫` (removed before reading), so the test reads like the error it expects.
@Suite struct ShotJSONDiagnosticTests {
  /// The mandatory header, so cases show only what they are about.
  static let head = #"{"format":"dialrules-shot","version":1,"#

  struct Case: Sendable, CustomTestStringConvertible {
    var code: String
    var input: String
    var message: String
    var help: String?
    var testDescription: String { "\(code): \(message)" }
  }

  static let cases: [Case] = [
    Case(code: "J001", input: head + #""id":"a" ⟪x⟫}"#, message: "expected ',' or '}', found 'x'"),
    Case(
      code: "J001", input: head + #""shot":{"taste":["sour",⟪]⟫}}"#, message: "expected a value, found ']'",
      help: "JSON does not allow a comma before ']'; remove the comma"),
    Case(
      code: "J001", input: head + #"⟪'⟫id':"a"}"#, message: "expected a key in double quotes, found a single quote",
      help: "JSON strings and keys use double quotes"),
    Case(code: "J002", input: head + #""id":"a"⟪⟫"#, message: "unexpected end of input, expected ',' or '}'"),
    Case(code: "J003", input: head + #""id":⟪"⟫abc"#, message: "unterminated string"),
    Case(code: "J004", input: head + #""id":"a⟪\x⟫"}"#, message: #"invalid escape '\x' in a string"#),
    Case(code: "J004", input: head + #""id":"a⟪\u12G4⟫"}"#, message: #"invalid escape '\u12G4' in a string"#),
    Case(code: "J005", input: head + "\"id\":\"a⟪\u{7}⟫\"}", message: "control character U+0007 in a string"),
    Case(code: "J005", input: head + "\"id\":\"a⟪\u{0}⟫\"}", message: "control character U+0000 in a string"),
    Case(
      code: "J007", input: head + #""id":"⟪\uD800⟫x"}"#, message: #"unpaired surrogate escape '\uD800' in a string"#),
    Case(code: "J007", input: head + #""id":"⟪\uDC00⟫"}"#, message: #"unpaired surrogate escape '\uDC00' in a string"#),
    Case(
      code: "J007", input: head + #""id":"⟪\uD83D⟫\u0041"}"#,
      message: #"unpaired surrogate escape '\uD83D' in a string"#),
    Case(
      code: "J008", input: head + #""shot":{"dose_g":⟪01⟫}}"#,
      message: "invalid number '01': leading zeros are not allowed"),
    Case(
      code: "J008", input: head + #""shot":{"dose_g":⟪1.⟫}}"#,
      message: "invalid number '1.': expected a digit after '.'"),
    Case(
      code: "J008", input: head + #""shot":{"dose_g":⟪-x⟫}}"#,
      message: "invalid number '-x': expected a digit after '-'"),
    Case(
      code: "J008", input: head + #""shot":{"dose_g":⟪1e+⟫}}"#,
      message: "invalid number '1e+': expected a digit in the exponent"),
    Case(code: "J009", input: head + #""shot":{"time_s":⟪NaN⟫}}"#, message: "non-finite number 'NaN' at 'shot.time_s'"),
    Case(
      code: "J009", input: head + #""shot":{"time_s":⟪-Infinity⟫}}"#,
      message: "non-finite number '-Infinity' at 'shot.time_s'"),
    Case(code: "J009", input: head + #""notes":[⟪Infinity⟫]}"#, message: "non-finite number 'Infinity'"),
    Case(code: "J010", input: head + #""id":"a"} ⟪{}⟫"#, message: "unexpected content after the shot object"),
    Case(code: "J013", input: "⟪⟫  \n\t ", message: "empty document, expected a shot object"),
    Case(
      code: "J014", input: #"⟪{⟫"id":"a"}"#, message: "missing required keys 'format' and 'version' at top level"),
    Case(
      code: "J014", input: #"⟪{⟫"format":"dialrules-shot"}"#, message: "missing required key 'version' at top level"),
    Case(
      code: "J014", input: head + #""previous":{"adjustment":⟪{⟫"steps":1}}}"#,
      message: "missing required key 'type' in 'previous.adjustment'"),
    Case(
      code: "J014", input: head + #""previous":{"adjustment":⟪{⟫"type":"yield"}}}"#,
      message: "missing required key 'delta_g' in 'previous.adjustment'"),
    Case(
      code: "J015", input: #"{"format":⟪"dialrules-shots"⟫,"version":1}"#,
      message: "expected 'format' to be 'dialrules-shot', found 'dialrules-shots'"),
    Case(
      code: "J016", input: #"{"format":"dialrules-shot","version":⟪2⟫}"#, message: "unsupported shot JSON version 2"),
    Case(
      code: "J016", input: #"{"format":"dialrules-shot","version":⟪1.5⟫}"#, message: "unsupported shot JSON version 1.5"
    ),
    Case(
      code: "J017", input: head + #""shot":{⟪"yeild_g"⟫:36}}"#, message: "unknown key 'yeild_g' in 'shot'",
      help: "did you mean 'yield_g'?"),
    Case(
      code: "J017", input: head + #"⟪"colour"⟫:1}"#, message: "unknown key 'colour' at top level",
      help: "keys at top level are 'format', 'version', 'id', 'recipe', 'grinder', 'shot' and 'previous'"),
    Case(
      code: "J017", input: head + #""recipe":{⟪"dose\u005Fgg"⟫:18}}"#, message: "unknown key 'dose_gg' in 'recipe'",
      help: "did you mean 'dose_g'?"),
    Case(code: "J018", input: head + #""id":"a",⟪"id"⟫:"b"}"#, message: "duplicate key 'id' at top level"),
    Case(
      code: "J019", input: head + #""previous":{"adjustment":{"type":"no_change",⟪"steps"⟫:1}}}"#,
      message: "key 'steps' does not belong in a 'no_change' adjustment at 'previous.adjustment'",
      help: "a 'no_change' adjustment has no other keys besides 'type'"),
    Case(
      code: "J020", input: head + #""shot":{"time_s":⟪"fast"⟫}}"#,
      message: "expected a number at 'shot.time_s', found a string"),
    Case(
      code: "J020", input: head + #""previous":{"shot":{"taste":[⟪{"a":[1]}⟫]}}}"#,
      message: "expected a taste tag (a string) at 'previous.shot.taste[0]', found an object"),
    Case(
      code: "J020", input: #"{"format":"dialrules-shot","version":⟪null⟫}"#,
      message: "expected a number at 'version', found null"),
    Case(code: "J020", input: "⟪[⟫]", message: "expected a shot object at top level, found an array"),
    Case(code: "J020", input: "⟪null⟫", message: "expected a shot object at top level, found null"),
    Case(code: "J020", input: " ⟪false⟫ ", message: "expected a shot object at top level, found a boolean"),
    Case(code: "J020", input: "⟪12.5⟫", message: "expected a shot object at top level, found a number"),
    // Words that are not JSON literals are syntax errors at the top level too, as inside an object
    // (issue 23: they said "found null" or "found a boolean").
    Case(code: "J001", input: "⟪not⟫ json", message: "expected a shot object starting with '{', found 'not'"),
    Case(code: "J001", input: "⟪nul⟫", message: "expected a shot object starting with '{', found 'nul'"),
    Case(code: "J001", input: "⟪nullx⟫", message: "expected a shot object starting with '{', found 'nullx'"),
    Case(code: "J001", input: "⟪tru⟫", message: "expected a shot object starting with '{', found 'tru'"),
    Case(code: "J001", input: "⟪falsey⟫", message: "expected a shot object starting with '{', found 'falsey'"),
    Case(code: "J008", input: "⟪01⟫", message: "invalid number '01': leading zeros are not allowed"),
    Case(code: "J001", input: head + #""shot":⟪nul⟫}"#, message: "expected a value, found 'nul'"),
    Case(
      code: "J021", input: head + #""recipe":{"dose_g":⟪"18.0"⟫}}"#,
      message: "expected a number at 'recipe.dose_g', found a number in quotes", help: "remove the quotes: 18.0"),
    Case(
      code: "J022", input: head + #""recipe":{"dose_g":⟪1e400⟫}}"#,
      message: "number '1e400' at 'recipe.dose_g' is too large"),
    Case(
      code: "J023", input: head + #""recipe":{"dose_g":⟪18.0000000001⟫}}"#,
      message: "number '18.0000000001' at 'recipe.dose_g' has too many decimal places"),
    Case(
      code: "J023", input: head + #""recipe":{"dose_g":⟪1e-400⟫}}"#,
      message: "number '1e-400' at 'recipe.dose_g' has too many decimal places"),
    Case(
      code: "J024", input: head + "\"recipe\":{\"dose_g\":⟪\(String(repeating: "7", count: 200))⟫}}",
      message: "number '\(String(repeating: "7", count: 40))…' at 'recipe.dose_g' has too many significant digits"),
    Case(
      code: "J025", input: head + #""shot":{"dose_g":⟪0⟫}}"#,
      message: "expected 'shot.dose_g' to be more than 0 and at most 100 g, found 0"),
    Case(
      code: "J025", input: head + #""recipe":{"temperature_c":⟪200⟫}}"#,
      message: "expected 'recipe.temperature_c' to be more than 0 and at most 110 C, found 200"),
    Case(
      code: "J025", input: head + #""previous":{"adjustment":{"type":"yield","delta_g":⟪0⟫}}}"#,
      message: "expected 'previous.adjustment.delta_g' to be non-zero and between -100 and 100 g, found 0"),
    Case(
      code: "J025", input: head + #""previous":{"adjustment":{"type":"grind","direction":"finer","steps":⟪0⟫}}}"#,
      message: "expected 'previous.adjustment.steps' to be a whole number from 1 to 100, found 0"),
    Case(
      code: "J026", input: head + #""previous":{"adjustment":{"type":"grind","direction":"finer","steps":⟪1.5⟫}}}"#,
      message: "expected a whole number at 'previous.adjustment.steps', found 1.5"),
    Case(
      code: "J027", input: head + #""shot":{"taste":["sour",⟪"bitterr"⟫]}}"#,
      message: "unknown taste tag 'bitterr' at 'shot.taste[1]'", help: "did you mean 'bitter'?"),
    Case(
      code: "J027", input: head + #""shot":{"flow":[⟪"slow"⟫]}}"#, message: "unknown flow tag 'slow' at 'shot.flow[0]'",
      help: "flow tags are 'channeling', 'gushing' and 'choked'"),
    Case(
      code: "J028", input: head + #""shot":{"taste":["sour","thin",⟪"sour"⟫]}}"#,
      message: "duplicate tag 'sour' at 'shot.taste[2]'"),
    Case(
      code: "J029", input: head + #""grinder":{"finer":⟪"lowr"⟫}}"#,
      message: "expected one of 'lower', 'higher' at 'grinder.finer', found 'lowr'", help: "did you mean 'lower'?"),
    Case(
      code: "J029", input: head + #""previous":{"adjustment":{"type":⟪"grnd"⟫}}}"#,
      message:
        "expected one of 'grind', 'yield', 'temperature', 'no_change' at 'previous.adjustment.type', found 'grnd'",
      help: "did you mean 'grind'?"),
    Case(
      code: "J030", input: head + #""grinder":{"min":⟪50⟫,"max":0}}"#,
      message: "expected 'grinder.min' to be less than 'grinder.max', found min 50 and max 0"),
    Case(
      code: "J031", input: head + "\"id\":⟪\"\(String(repeating: "x", count: 1001))\"⟫}",
      message: "string at 'id' is too long: 1001 bytes, the limit is 1000"),
  ]

  @Test(arguments: cases)
  func reportsCase(_ c: Case) throws {
    let (bytes, span) = try Self.unmark(c.input)
    let diagnostics = try Self.diagnostics(bytes)
    let found = diagnostics.first { $0.code == c.code }
    let d = try #require(found, "no \(c.code) among \(diagnostics.map { "\($0.code) \($0.message)" })")
    #expect(d.message == c.message)
    #expect(d.span == span, "span \(d.span) ≠ expected \(span)")
    if let help = c.help { #expect(d.help == help) }
    #expect(d.severity == .error)
  }

  @Test func invalidUTF8InAString() throws {
    let bytes = Array((Self.head + #""id":"a"#).utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    let d = try #require(try Self.diagnostics(bytes).first)
    #expect(d.code == "J006")
    #expect(d.message == "invalid UTF-8 byte 0xC3 in a string")
    #expect(d.span == SourceSpan(start: bytes.count - 4, end: bytes.count - 3))
  }

  @Test(
    arguments: [
      [0xC0, 0xAF],  // overlong '/'
      [0xED, 0xA0, 0x80],  // encoded surrogate
      [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
      [0xE2, 0x82],  // truncated
      [0xFF],
    ] as [[UInt8]])
  func rejectsMalformedUTF8(_ sequence: [UInt8]) throws {
    let bytes = Array((Self.head + #""id":""#).utf8) + sequence + Array(#""}"#.utf8)
    #expect(try Self.diagnostics(bytes).map(\.code) == ["J006"])
  }

  @Test func nestingTooDeep() throws {
    let text = Self.head + #""x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"
    let d = try #require(try Self.diagnostics(Array(text.utf8)).first { $0.code == "J011" })
    #expect(d.message == "nesting is deeper than 32 levels")
    // The top-level object is level 1, so the 32nd '[' would open level 33.
    let firstBracket = Self.head.utf8.count + 4
    #expect(d.span == SourceSpan(start: firstBracket + 31, end: firstBracket + 32))
  }

  @Test func documentTooLarge() throws {
    let text = Self.head + #""id":"a""# + String(repeating: " ", count: 1 << 20) + "}"
    let diagnostics = try Self.diagnostics(Array(text.utf8))
    #expect(diagnostics.map(\.code) == ["J012"])
    #expect(diagnostics.first?.message == "document is too large: \(text.utf8.count) bytes, the limit is 1048576")
    #expect(diagnostics.first?.span == SourceSpan(start: 0, end: 1))
  }

  @Test func tooManyErrorsStopsTheDocument() throws {
    let members = (0..<150).map { #""k\#($0)":1"# }.joined(separator: ",")
    let diagnostics = try Self.diagnostics(Array((Self.head + members + "}").utf8))
    #expect(diagnostics.count == 101)
    #expect(diagnostics.filter { $0.code == "J017" }.count == 100)
    let last = try #require(diagnostics.last)
    #expect(last.code == "J032")
    #expect(last.message == "too many errors in this document, stopped after 100")
  }

  @Test func duplicateKeyHasANoteAtTheFirst() throws {
    let (bytes, _) = try Self.unmark(Self.head + #""shot":{⟪"dose_g"⟫:18,"dose_g":19}}"#)
    let d = try #require(try Self.diagnostics(bytes).first)
    #expect(d.code == "J018")
    let first = try Self.unmark(Self.head + #""shot":{⟪"dose_g"⟫:18,"dose_g":19}}"#).1
    #expect(d.notes == [Diagnostic.Note("first given here", span: first)])
  }

  @Test func collectsSeveralErrorsInOneDocument() throws {
    let text = Self.head + #""recipe":{"dose_g":0,"yeild_g":36},"shot":{"time_s":"21","taste":["sweet"]}}"#
    #expect(try Self.diagnostics(Array(text.utf8)).map(\.code) == ["J025", "J017", "J021", "J027"])
  }

  @Test func messagesAreSafeToPrint() throws {
    let key = "\u{1B}[31m" + String(repeating: "k", count: 100)
    let text = Self.head + "\"\(key.unicodeScalars.map { $0.value < 0x20 ? "\\u001b" : String($0) }.joined())\":1}"
    let d = try #require(try Self.diagnostics(Array(text.utf8)).first)
    #expect(d.message == "unknown key '\\u001B[31m" + String(repeating: "k", count: 35) + "…' at top level")
  }

  /// Every code is exercised by a case above (or a dedicated test) and listed in the catalogue.
  @Test func everyCodeIsCovered() {
    let dedicated: Set<String> = ["J006", "J011", "J012", "J032"]
    let covered = Set(Self.cases.map(\.code)).union(dedicated)
    #expect(covered == Set(ShotJSONMessages.allCodes))
  }

  /// `docs/shot-json.md` has a table row for every code.
  @Test func everyCodeIsDocumented() throws {
    let docs = try PackageRoot.read("docs/shot-json.md")
    for code in ShotJSONMessages.allCodes {
      #expect(docs.contains("| \(code) |"), "\(code) is not documented in docs/shot-json.md")
    }
  }

  /// Each literal example in the docs' code table triggers its code (rows whose example is not a
  /// literal, such as "a 2 MiB file", are covered by the tests above).
  @Test func documentedExamplesTriggerTheirCodes() throws {
    let docs = try PackageRoot.read("docs/shot-json.md")
    var checked = 0
    for line in docs.split(separator: "\n") where line.hasPrefix("| J0") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 4 else { continue }
      let code = cells[1]
      let parts = cells[3].split(separator: "`", omittingEmptySubsequences: false)
      guard parts.count >= 3 else { continue }
      let example = String(parts[1])
      if example.contains("<") || example.contains("…(") { continue }
      let input = example.hasPrefix("…") ? Self.head + example.dropFirst() : example
      let codes = try Self.diagnostics(Array(input.utf8)).map(\.code)
      #expect(codes.contains(code), "\(code): \(input) gave \(codes)")
      checked += 1
    }
    #expect(checked >= 25)
  }

  // MARK: Helpers

  /// The input without its markers, and the span they enclosed.
  static func unmark(_ text: String) throws -> ([UInt8], SourceSpan) {
    var bytes: [UInt8] = []
    var start: Int?
    var end: Int?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "⟪": start = bytes.count
      case "⟫": end = bytes.count
      default: bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    let s = try #require(start, "no ⟪ marker")
    let e = try #require(end, "no ⟫ marker")
    return (bytes, SourceSpan(start: s, end: e))
  }

  /// The diagnostics for a document that must fail.
  static func diagnostics(_ bytes: [UInt8]) throws -> [Diagnostic] {
    let result = ShotJSONReader.read(SourceFile(path: "t.json", bytes: bytes))
    guard case .failure(let diagnostics) = result else {
      Issue.record("expected diagnostics, the document was accepted")
      return []
    }
    return diagnostics.diagnostics
  }
}
