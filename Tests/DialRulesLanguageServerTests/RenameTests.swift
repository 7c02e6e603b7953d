import DialRules
import DialRulesLanguageServer
import Testing

/// `prepareRename` and `rename`: every definition and use in one edit; a reserved word, a taken
/// name, a tag word or a non-name refused.
@Suite struct RenameTests {
  func rename(_ client: TestClient, _ marker: String, in text: String, to name: String, plus: Int = 0) -> JSONValue {
    var params = TestClient.at(marker, in: text, plus: plus)
    params["newName"] = .string(name)
    return client.request("textDocument/rename", params)
  }

  @Test func renamingALetChangesItsDefinitionAndEveryUse() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let prepared = client.result("textDocument/prepareRename", TestClient.at("let fast", in: text, plus: 5))
    #expect(prepared["placeholder"] == "fast")
    let edit = rename(client, "and fast\n", in: text, to: "quick", plus: 5)["result"] ?? .null
    let renamed = apply(edits(in: edit), to: text)
    #expect(renamed.contains("let quick = dt < -3 s"))
    #expect(!renamed.contains(" fast\n"))
    let output = RuleCompiler.compile(SourceFile(path: "r", text: renamed))
    #expect(output.rules != nil && !output.diagnostics.hasErrors)
  }

  @Test func renamingARuleUpdatesOverrides() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let edit = rename(client, "rule fast_bitter_or_harsh", in: text, to: "fast_and_harsh", plus: 6)["result"] ?? .null
    #expect(edits(in: edit).count == 2)
    let renamed = apply(edits(in: edit), to: text)
    #expect(renamed.contains("overrides fast_and_harsh"))
    #expect(RuleCompiler.compile(SourceFile(path: "r", text: renamed)).rules != nil)
  }

  @Test func refusals() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    for (name, why) in [
      ("when", "reserved word"), ("slow", "already exists"), ("sour", "tag word"), ("9lives", "not a valid name"),
      ("shot.time", "not a valid name"), ("", "not a valid name"),
    ] {
      let response = rename(client, "let fast", in: text, to: name, plus: 5)
      #expect(response["error"]?["code"] == -32803, "\(name)")
      #expect(response["error"]?["message"]?.string?.contains(why) == true, "\(name): \(response)")
    }
    let rule = rename(client, "rule harsh", in: text, to: "strong", plus: 6)
    #expect(rule["error"]?["message"]?.string?.contains("a rule named 'strong' already exists") == true)
    // Only lets and rules can be renamed.
    #expect(client.result("textDocument/prepareRename", TestClient.at("shot.time -", in: text)) == .null)
    #expect(rename(client, "shot.time -", in: text, to: "x")["error"] != nil)
  }

  @Test func workspaceEditsUseDocumentChangesWhenOffered() throws {
    let text = try referenceTable()
    let capabilities: JSONValue = ["workspace": ["workspaceEdit": ["documentChanges": true]]]
    let client = TestClient(capabilities: capabilities)
    client.open(text)
    let edit = rename(client, "let dt", in: text, to: "time_delta", plus: 4)["result"] ?? .null
    #expect(edit["documentChanges"]?.elements?.first?["textDocument"]?["version"] == 1)
    #expect(edits(in: edit).count == 4)
  }
}
