import DialRulesLanguageServer
import Testing

/// Definition, references and highlights for `let`s and for rule ids after `overrides`.
@Suite struct NavigationTests {
  @Test func definitionOfALetAndOfAnOverriddenRule() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let letDefinition = client.result("textDocument/definition", TestClient.at("and fast\n", in: text, plus: 6))
    #expect(letDefinition["uri"] == .string(TestClient.uri))
    #expect(letDefinition["range"]?["start"] == TestClient.position(of: "fast = dt", in: text))
    let rule = client.result("textDocument/definition", TestClient.at("overrides fast_bitter", in: text, plus: 12))
    #expect(rule["range"]?["start"] == TestClient.position(of: "fast_bitter_or_harsh\n  when", in: text))
    // Nothing to jump to from an observation.
    #expect(client.result("textDocument/definition", TestClient.at("shot.time -", in: text)) == .null)
  }

  @Test func referencesWithAndWithoutTheDeclaration() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    var params = TestClient.at("let fast", in: text, plus: 5)
    params["context"] = ["includeDeclaration": false]
    let uses = client.result("textDocument/references", params).elements ?? []
    // `fast` is used by sour_fast, fast_bitter_or_harsh, harsh, thin_not_fast, thin_fast, strong and
    // back_off_after_finer.
    #expect(uses.count == 7)
    params["context"] = ["includeDeclaration": true]
    #expect(client.result("textDocument/references", params).elements?.count == 8)
  }

  @Test func highlightsMarkTheDefinitionAsWritten() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let marks =
      client.result("textDocument/documentHighlight", TestClient.at("let dt", in: text, plus: 4)).elements ?? []
    #expect(marks.map { $0["kind"]?.int } == [3, 2, 2, 2])
  }
}
