import DialRules
import DialRulesLanguageServer
import Testing

/// `textDocument/completion` in each context: after `has`, `is`, `then`, a number, `overrides`, in
/// a condition, in an example, and at the start of a clause.
@Suite struct CompletionTests {
  /// The labels offered with the cursor at the end of `text` (a document of just that text).
  func labels(_ text: String, snippets: Bool = true) -> [String] {
    let client = snippets ? TestClient() : TestClient(capabilities: [:])
    client.open(text)
    let end = TestClient.position(of: text, in: text, plus: text.utf8.count)
    let items =
      client.result(
        "textDocument/completion", ["textDocument": ["uri": .string(TestClient.uri)], "position": end]
      ).array ?? []
    return items.compactMap { $0["label"]?.string }
  }

  static let header =
    "dialrules 1\nlet fast = shot.time < 20 s\nrule a\n  when fast\n  then no change\n  because \"x\"\nrule b\n"

  @Test func tagsAfterHasOfTheRightSet() {
    #expect(
      labels(Self.header + "  when shot.taste has ") == ["sour", "bitter", "balanced", "thin", "strong", "harsh"])
    #expect(labels(Self.header + "  when shot.flow has ") == ["channeling", "gushing", "choked"])
  }

  @Test func patternsActionsUnitsAndLimits() {
    #expect(labels(Self.header + "  when previous.adjustment is ").contains("grind finer"))
    let actions = labels(Self.header + "  when sour\n  then ")
    #expect(actions.contains("grind finer 1 step") && actions.contains("no change") && actions.contains("yield -2 g"))
    #expect(labels(Self.header + "  when shot.time > 30") == ["g", "s", "C", "step", "steps"])
    #expect(labels("dialrules 1\nruleset \"x\"\n  limit ") == ["grind", "yield", "temperature"])
  }

  @Test func ruleIdsAfterOverridesExceptItsOwn() {
    #expect(labels(Self.header + "  overrides ") == ["a"])
    #expect(
      labels(Self.header.replacingOccurrences(of: "rule b\n", with: "rule c\nrule b\n") + "  overrides a, ") == [
        "a", "c",
      ])
  }

  @Test func namesInAConditionIncludeLetsObservationsAndTags() {
    let names = labels(Self.header + "  when sour and ")
    for expected in ["shot.time", "recipe.ratio", "previous.adjustment", "sour", "channeling", "fast", "not"] {
      #expect(names.contains(expected), "\(expected)")
    }
    // After a complete operand: operators and the next clauses.
    let next = labels(Self.header + "  when fast ")
    #expect(next.contains("and") && next.contains("then"))
    // A partly typed name is replaced as a whole, dots included.
    let client = TestClient()
    let text = Self.header + "  when shot.ti"
    client.open(text)
    let item = client.result(
      "textDocument/completion",
      [
        "textDocument": ["uri": .string(TestClient.uri)],
        "position": TestClient.position(of: text, in: text, plus: text.utf8.count),
      ]
    ).array?.first { $0["label"] == "shot.time" }
    #expect(item?["textEdit"]?["range"]?["start"] == TestClient.position(of: text, in: text, plus: text.utf8.count - 7))
  }

  @Test func exampleFieldsAndTags() {
    let example = Self.header + "  when fast\n  then no change\n  because \"y\"\n  example\n    "
    #expect(labels(example) == ["shot", "recipe", "previous", "expect"])
    #expect(labels(example + "shot ") == ["dose", "yield", "time", "first_drop", "taste", "flow"])
    #expect(labels(example + "recipe dose 18 g, ") == ["dose", "yield", "time", "temperature"])
    #expect(labels(example + "shot taste ").contains("none"))
    #expect(labels(example + "shot taste sour ").contains("bitter"))
    #expect(labels(example + "expect insufficient ") == Decision.Reason.allCases.map(\.rawValue))
    #expect(labels(example + "expect insufficient ").starts(with: ["explicit", "conflict", "incomplete", "no_rule"]))
  }

  @Test func keywordsAtClauseAndFileStartAndSnippets() throws {
    #expect(labels("dialrules 1\n") == ["rule", "let"])
    #expect(labels(Self.header + "  ").contains("because"))
    let client = TestClient()
    client.open("dialrules 1\n")
    let rule = client.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 1, "character": 0]]
    ).array?.first { $0["label"] == "rule" }
    #expect(rule?["insertTextFormat"] == 2)
    #expect(rule?["textEdit"]?["newText"]?.string?.contains("${1:id}") == true)
    // Without snippet support, plain words.
    let plainClient = TestClient(capabilities: [:])
    plainClient.open("dialrules 1\n")
    let plain = plainClient.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 1, "character": 0]]
    ).array?.first { $0["label"] == "rule" }
    #expect(plain?["textEdit"]?["newText"] == "rule")
  }

  @Test func nothingInsideACommentOrAString() {
    #expect(labels(Self.header + "  # a comment ").isEmpty)
    let client = TestClient()
    let text = Self.header + "  because \"half done\"\n"
    client.open(text)
    let inString = client.result("textDocument/completion", TestClient.at("half done", in: text, plus: 2))
    #expect(inString == [])
  }
}
