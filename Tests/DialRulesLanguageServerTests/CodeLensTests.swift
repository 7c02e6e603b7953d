import DialRules
import DialRulesLanguageServer
import Testing

/// `textDocument/codeLens` (each rule's examples, run against the whole table) and the command it
/// runs.
@Suite struct CodeLensTests {
  func lenses(_ client: TestClient) -> [JSONValue] {
    client.result("textDocument/codeLens", ["textDocument": ["uri": .string(TestClient.uri)]]).elements ?? []
  }

  @Test func everyRuleOfTheDefaultFilePasses() throws {
    let client = TestClient()
    client.open(try defaultRules())
    let titles = lenses(client).compactMap { $0["command"]?["title"]?.string }
    // 39 rules, and the 8 properties, each proved.
    #expect(titles.count == 39 + 8)
    #expect(titles.filter { $0 == "✓ proved" }.count == 8)
    #expect(titles.filter { $0 == "✓ 2 examples pass" }.count == 11)
    #expect(titles.filter { $0 == "✓ 1 example passes" }.count == 28)
  }

  static let failing = """
    dialrules 1
    rule a
      when sour
      then yield +2 g
      because "b"
      example "wrong"
        shot taste sour
        expect no change
    rule c
      when bitter
      then no change
      because "d"

    """

  /// A property gets a lens once the analysis ran: "✓ proved", or "✗ fails: witness …" with the
  /// witness shot as JSON.
  @Test func propertiesShowTheirVerdict() throws {
    let client = TestClient()
    client.open(
      Self.failing + """
        property never_yield
          when sour
          never yield +2 g

        property bitter_no_change
          when bitter and not sour
          always no change

        """)
    let titles = lenses(client).compactMap { $0["command"]?["title"]?.string }
    #expect(titles.count == 4)
    #expect(titles[0].hasPrefix("✗ fails: witness {\"format\":\"dialrules-shot\""), "\(titles)")
    #expect(titles[0].contains("\"taste\":[\"sour\"]"))
    #expect(titles[1] == "✓ proved")
  }

  @Test func aFailingExampleShowsOnTheLensAndInTheCommand() throws {
    let client = TestClient()
    client.open(Self.failing)
    let all = lenses(client)
    #expect(all.compactMap { $0["command"]?["title"]?.string } == ["✗ 1 of 1 example fails", "no examples"])
    let command = try #require(all.first?["command"])
    let shown = client.result(
      "workspace/executeCommand", ["command": command["command"] ?? .null, "arguments": command["arguments"] ?? .null])
    #expect(shown == "rule a: 1 example, 1 failing:\n- example \"wrong\": expected `no change`, got `yield +2 g`")
    #expect(client.notifications.last?["method"] == "window/showMessage")
    // Wrong arguments are errors, not crashes.
    for arguments: JSONValue in [[], [1, 2], [.string(TestClient.uri), "nope"]] {
      let response = client.request(
        "workspace/executeCommand", ["command": "dialrules.showExamples", "arguments": arguments])
      #expect(response["error"] != nil)
    }
    #expect(client.request("workspace/executeCommand", ["command": "other"])["error"]?["code"] == -32602)
  }

  @Test func noLensesForAFileWithErrors() {
    let client = TestClient()
    client.open("dialrules 1\nrule a\n  when sour\n")
    #expect(lenses(client).isEmpty)
  }
}
