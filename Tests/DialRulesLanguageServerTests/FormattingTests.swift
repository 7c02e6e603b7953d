import DialRules
import DialRulesLanguageServer
import Testing

/// `textDocument/formatting`: the CLI formatter's result as an edit of only the changed lines;
/// nothing when the file is formatted or the formatter refuses.
@Suite struct FormattingTests {
  func format(_ client: TestClient) -> [JSONValue] {
    client.result(
      "textDocument/formatting",
      ["textDocument": ["uri": .string(TestClient.uri)], "options": ["tabSize": 2, "insertSpaces": true]]
    ).elements ?? []
  }

  @Test func aMisformattedFileGetsTheFormattersText() throws {
    let text =
      "dialrules 1\n# café ☕\nlet   fast=shot.time<20 s\nrule a\nwhen fast\n    then no change\n because \"x\"\n"
    let client = TestClient()
    client.open(text)
    let edits = format(client)
    #expect(edits.count == 1)
    // Only from the first changed line on (the blank line the formatter puts after the header):
    // the header itself is not touched.
    #expect(edits.first?["range"]?["start"] == ["line": 1, "character": 0])
    let expected = try FormatRunner.format(SourceFile(path: "t", text: text)).get()
    #expect(apply(edits, to: text) == expected)
  }

  @Test func theDefaultFileIsAlreadyFormatted() throws {
    let client = TestClient()
    client.open(try referenceTable())
    #expect(format(client).isEmpty)
  }

  @Test func aFileWithSyntaxErrorsIsLeftAlone() {
    let client = TestClient()
    client.open("dialrules 1\nrule\n  when (sour\n")
    #expect(format(client).isEmpty)
  }

  @Test func theChangedLinesAreAtLineBoundaries() {
    let source = SourceFile(path: "t", text: "a\nb\nc\nd\n")
    let (span, text) = FormattingFeature.changedLines(source, Array("a\nB\nc\nd\n".utf8)) ?? (.at(0), "")
    #expect(span == SourceSpan(start: 2, end: 4))
    #expect(text == "B\n")
    #expect(FormattingFeature.changedLines(source, source.bytes) == nil)
    // Appending a final line break.
    let noNewline = SourceFile(path: "t", text: "a\nb")
    let (tail, added) = FormattingFeature.changedLines(noNewline, Array("a\nb\n".utf8)) ?? (.at(0), "")
    #expect(tail == SourceSpan(start: 2, end: 3))
    #expect(added == "b\n")
  }
}
