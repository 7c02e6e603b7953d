import Testing

@testable import DialRules

/// JSON Lines: one result per non-blank line, right line numbers, file-relative spans.
@Suite struct ShotJSONLinesTests {
  static func shot(_ id: String) -> String { #"{"format":"dialrules-shot","version":1,"id":"\#(id)"}"# }

  func readAll(_ text: String) -> [(line: Int, result: Result<ShotRecord, DiagnosticList>)] {
    readAll(Array(text.utf8))
  }

  func readAll(_ bytes: [UInt8]) -> [(line: Int, result: Result<ShotRecord, DiagnosticList>)] {
    var out: [(Int, Result<ShotRecord, DiagnosticList>)] = []
    ShotJSONReader.readLines(SourceFile(path: "t.jsonl", bytes: bytes)) { out.append(($0, $1)) }
    return out
  }

  func ids(_ results: [(line: Int, result: Result<ShotRecord, DiagnosticList>)]) -> [String?] {
    results.map { (try? $0.result.get())?.id }
  }

  @Test func skipsBlankLinesAndHandlesCRLFAndNoFinalNewline() {
    let text = "\n" + Self.shot("a") + "\r\n  \t \r\n\r\n" + Self.shot("b") + "\n" + Self.shot("c")
    let results = readAll(text)
    #expect(results.map(\.line) == [2, 5, 6])
    #expect(ids(results) == ["a", "b", "c"])
  }

  @Test func loneCRIsALineBreakLikeSourceFile() {
    let results = readAll(Self.shot("a") + "\r" + Self.shot("b"))
    #expect(results.map(\.line) == [1, 2])
    #expect(ids(results) == ["a", "b"])
  }

  @Test func badLineAmongGoodOnes() throws {
    let text = [Self.shot("a"), #"{"format":"dialrules-shot","version":1,"shot":{"yeild_g":36}}"#, "", Self.shot("c")]
      .joined(separator: "\n")
    let file = SourceFile(path: "t.jsonl", text: text)
    var results: [(Int, Result<ShotRecord, DiagnosticList>)] = []
    ShotJSONReader.readLines(file) { results.append(($0, $1)) }
    #expect(results.map(\.0) == [1, 2, 4])
    guard case .failure(let diagnostics) = results[1].1 else {
      Issue.record("line 2 should fail")
      return
    }
    let d = try #require(diagnostics.first)
    #expect(d.code == "J017")
    // Spans are offsets into the whole file, so rendering names line 2.
    #expect(file.position(of: d.span.start) == SourceFile.Position(line: 2, column: 48))
    #expect(DiagnosticRenderer().render(d, in: file).hasPrefix("t.jsonl:2:48: error[J017]: unknown key 'yeild_g'"))
    #expect((try? results[2].1.get())?.id == "c")
  }

  @Test func byteOrderMarkIsSkippedOnlyAtTheStartOfTheFile() {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let results = readAll(bom + Array((Self.shot("a") + "\n").utf8) + bom + Array(Self.shot("b").utf8))
    #expect(ids(results) == ["a", nil])
    guard case .failure(let diagnostics) = results[1].result else { return }
    #expect(diagnostics.map(\.code) == ["J001"])
    #expect(diagnostics.first?.message == "expected a shot object starting with '{', found '\u{FEFF}'")
  }

  @Test func eachLineIsItsOwnDocument() {
    // An object split over two lines fails on both; trailing content after an object is reported.
    let results = readAll("{\"format\":\"dialrules-shot\",\n\"version\":1}\n" + Self.shot("x") + " {}")
    #expect(results.map(\.line) == [1, 2, 3])
    let codes = results.map { result -> [String] in
      if case .failure(let d) = result.result { return d.map(\.code) }
      return []
    }
    #expect(codes == [["J002"], ["J020"], ["J010"]])
  }

  @Test func emptyAndBlankFilesGiveNoResults() {
    #expect(readAll("").isEmpty)
    #expect(readAll("\n\r\n \t\n").isEmpty)
    #expect(readAll([0xEF, 0xBB, 0xBF]).isEmpty)
  }

  @Test func lineTooLarge() {
    let big = #"{"format":"dialrules-shot","version":1,"id":""# + String(repeating: "x", count: 1 << 20) + "\"}"
    let results = readAll(Self.shot("a") + "\n" + big + "\n" + Self.shot("c"))
    #expect(ids(results) == ["a", nil, "c"])
    if case .failure(let d) = results[1].result {
      #expect(d.map(\.code) == ["J012"])
      #expect(d.first?.span.start == Self.shot("a").utf8.count + 1)
    }
  }
}
