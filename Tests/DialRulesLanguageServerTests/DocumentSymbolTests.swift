import DialRulesLanguageServer
import Testing

/// `textDocument/documentSymbol`: ruleset, lets, rules and their examples.
@Suite struct DocumentSymbolTests {
  @Test func hierarchicalOutlineOfTheDefaultRules() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let symbols =
      client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(TestClient.uri)]])
      .elements ?? []
    #expect(symbols.first?["name"] == "espresso")
    #expect(symbols.first?["kind"] == 2)
    let lets = symbols.filter { $0["kind"] == 13 }.compactMap { $0["name"]?.string }
    #expect(lets == ["dt", "dy", "dd", "fast", "on_time", "slow"])
    let rules = symbols.filter { $0["kind"] == 12 }
    #expect(rules.count == 18)
    let sourOnTime = try #require(rules.first { $0["name"] == "sour_on_time" })
    #expect(sourOnTime["detail"] == "yield +2 g")
    let examples = sourOnTime["children"]?.elements ?? []
    #expect(examples.compactMap { $0["name"]?.string } == ["example 1", "exactly 3 s fast is still on time"])
    #expect(examples.first?["detail"] == "expect yield +2 g")
    // Each selection range lies inside its range.
    for s in symbols + examples {
      let range = try #require(lspRange(s["range"]))
      let selection = try #require(lspRange(s["selectionRange"]))
      #expect(range.start <= selection.start && selection.end <= range.end, "\(s)")
    }
  }

  @Test func flatListForClientsWithoutHierarchy() throws {
    let client = TestClient(capabilities: [:])
    client.open(try referenceTable())
    let symbols =
      client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(TestClient.uri)]])
      .elements ?? []
    #expect(symbols.count == 1 + 6 + 18 + 21)
    #expect(symbols.allSatisfy { $0["location"]?["uri"] == .string(TestClient.uri) })
    #expect(symbols.last?["containerName"] == "choked")
  }
}
