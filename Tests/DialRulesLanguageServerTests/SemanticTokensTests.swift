import DialRulesLanguageServer
import Testing

/// `textDocument/semanticTokens/full`, decoded back into (line, character, length, type).
@Suite struct SemanticTokensTests {
  typealias TokenType = SemanticTokensFeature.TokenType

  func tokens(_ text: String, utf8: Bool = false) -> [(line: Int, start: Int, length: Int, type: TokenType, mods: Int)]
  {
    let client = TestClient(utf8: utf8)
    client.open(text)
    let data =
      (client.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(TestClient.uri)]])[
        "data"]?.elements ?? []).compactMap(\.int)
    var out: [(Int, Int, Int, TokenType, Int)] = []
    var line = 0
    var start = 0
    var i = 0
    while i + 4 < data.count {
      line += data[i]
      start = data[i] == 0 ? start + data[i + 1] : data[i + 1]
      out.append((line, start, data[i + 2], TokenType(rawValue: data[i + 3]) ?? .keyword, data[i + 4]))
      i += 5
    }
    return out
  }

  @Test func eachKindOfTokenGetsItsType() {
    let text =
      "dialrules 1\n# é ☕\nlet fast = shot.time < 20 s\nrule a\n  when fast and sour\n  then no change\n  because \"x\"\n"
    let t = tokens(text)
    func type(line: Int, start: Int) -> TokenType? { t.first { $0.line == line && $0.start == start }?.type }
    #expect(type(line: 0, start: 0) == .keyword)
    #expect(type(line: 0, start: 10) == .number)
    // The comment's length counts UTF-16 units: `# é ☕` is 5.
    #expect(t.first { $0.type == .comment }.map { ($0.line, $0.length) } ?? (0, 0) == (1, 5))
    #expect(type(line: 2, start: 4) == .variable)
    #expect(t.first { $0.line == 2 && $0.start == 4 }?.mods == 1)  // the definition
    #expect(type(line: 2, start: 11) == .property)
    #expect(type(line: 2, start: 21) == .operator)
    #expect(type(line: 2, start: 26) == .type)
    #expect(type(line: 3, start: 5) == .function)
    #expect(type(line: 4, start: 7) == .variable)
    #expect(type(line: 4, start: 16) == .enumMember)
    #expect(type(line: 6, start: 10) == .string)
  }

  /// Translated texts: the language codes (in `languages` and before each translation) are
  /// coloured like fields, the translations like strings, `languages` like a keyword.
  @Test func translatedTextsGetTheirTypes() {
    let text =
      "dialrules 1\nruleset \"t\"\n  languages de es\nrule a\n  when sour\n  then no change\n"
      + "  because \"x\"\n    de \"ü\" es \"y\"\n"
    let t = tokens(text)
    func type(line: Int, start: Int) -> TokenType? { t.first { $0.line == line && $0.start == start }?.type }
    #expect(type(line: 2, start: 2) == .keyword)
    #expect(type(line: 2, start: 12) == .property)
    #expect(type(line: 2, start: 15) == .property)
    #expect(type(line: 7, start: 4) == .property)
    #expect(type(line: 7, start: 7) == .string)
    #expect(type(line: 7, start: 11) == .property)
    #expect(type(line: 7, start: 14) == .string)
  }

  @Test func utf8LengthsCountBytes() {
    let t = tokens("dialrules 1\n# é ☕\n", utf8: true)
    #expect(t.first { $0.type == .comment }?.length == 8)
  }

  @Test func theDefaultFileDecodesInOrder() throws {
    let t = tokens(try referenceTable())
    #expect(t.count > 500)
    for (a, b) in zip(t, t.dropFirst()) { #expect((a.line, a.start) < (b.line, b.start)) }
  }
}
