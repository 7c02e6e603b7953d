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
      ).elements ?? []
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
    #expect(!labels(Self.header + "  when previous.adjustment is ").contains("known"))
    // Any other value or tag set: `is known`, and only that.
    #expect(labels(Self.header + "  when shot.first_drop is ") == ["known"])
    #expect(labels(Self.header + "  when shot.taste is ") == ["known"])
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
    ).elements?.first { $0["label"] == "time" }
    // A partly typed dotted name: its last part is replaced, after the dot.
    #expect(item?["textEdit"]?["range"]?["start"] == TestClient.position(of: text, in: text, plus: text.utf8.count - 2))
    let whole = Self.header + "  when tim"
    let bare = TestClient()
    bare.open(whole)
    let fast = bare.result(
      "textDocument/completion",
      [
        "textDocument": ["uri": .string(TestClient.uri)],
        "position": TestClient.position(of: whole, in: whole, plus: whole.utf8.count),
      ]
    ).elements?.first { $0["label"] == "shot.time" }
    #expect(
      fast?["textEdit"]?["range"]?["start"] == TestClient.position(of: whole, in: whole, plus: whole.utf8.count - 3))
  }

  /// After a dot, the parts of the names the checker accepts there — not the fields of an example
  /// part, not operators (issue 23: `previous.` offered `dose`, which lint rejects).
  @Test func partsOfDottedNames() {
    #expect(labels(Self.header + "  when previous.") == ["shot.", "adjustment"])
    #expect(
      labels(Self.header + "  when previous.shot.") == [
        "dose", "yield", "time", "first_drop", "ratio", "taste", "flow",
      ])
    #expect(labels(Self.header + "  when shot.") == ["dose", "yield", "time", "first_drop", "ratio", "taste", "flow"])
    #expect(labels(Self.header + "  when sour and recipe.") == ["dose", "yield", "time", "temperature", "ratio"])
    #expect(labels(Self.header + "  when shot.time > recipe.ti") == ["dose", "yield", "time", "temperature", "ratio"])
    #expect(labels("dialrules 1\nlet x = previous.sh") == ["shot.", "adjustment"])
    // Not where no name fits.
    #expect(labels(Self.header + "  when shot.time.").isEmpty)
    #expect(labels(Self.header + "  when fast\n  then grind.").isEmpty)
    #expect(labels(Self.header + "  when previous.shot.flow has ") == ["channeling", "gushing", "choked"])
  }

  /// The completion items at the end of `text` with the text each one's edit gives.
  func completions(_ text: String) -> [(label: String, result: String)] {
    let client = TestClient(capabilities: [:])
    client.open(text)
    let end = TestClient.position(of: text, in: text, plus: text.utf8.count)
    let items =
      client.result("textDocument/completion", ["textDocument": ["uri": .string(TestClient.uri)], "position": end])
      .elements ?? []
    return items.compactMap { item in
      guard let label = item["label"]?.string, let edit = item["textEdit"] else { return nil }
      return (label, apply([edit], to: text))
    }
  }

  static func errors(_ text: String) -> [Diagnostic] {
    switch RuleSet.compile(text) {
    case .success: []
    case .failure(let list): list.diagnostics.filter(\.isError)
    }
  }

  /// Property: at every place a name fits, each item, inserted (following parts that end in a dot
  /// to their names), gives a file that checks for some ending of the clause; and every name the
  /// checker accepts — found by trying every dotted combination of a word list, not from the
  /// completion's own tables — is offered there, part by part.
  @Test func everyOfferedNameChecksAndEveryValidNameIsOffered() {
    let endings = ["", " has sour", " has channeling", " is none", " > 1 g", " > 1 s", " > 1 C", " > 1", " sour"]
    let ruleEnd = "\n  then no change\n  because \"y\"\n"
    let places: [(String, String)] = [
      (Self.header + "  when ", ruleEnd), (Self.header + "  when sour and not ", ruleEnd),
      (Self.header + "  when (", ")" + ruleEnd), ("dialrules 1\nlet y = ", "\n"),
      // Not the let being defined, nor one that uses it (a cycle).
      ("dialrules 1\nlet a = b and sour\nlet c = shot.time > 1 s\nlet b = ", "\n"),
    ]
    var checked = 0
    for (place, end) in places {
      var pending = [place]
      while let text = pending.popLast() {
        for (label, inserted) in completions(text) {
          if label.hasSuffix(".") {
            pending.append(inserted)
            continue
          }
          let ok = endings.contains { Self.errors(inserted + $0 + end).isEmpty }
          #expect(ok, "inserting '\(label)' into '\(text.suffix(30))' never checks")
          checked += 1
        }
      }
    }
    #expect(checked > 100)
    // Every valid name, from an independent word list.
    let words =
      ["shot", "recipe", "previous", "dose", "yield", "time", "first_drop", "ratio", "taste", "flow", "adjustment"]
      + ["temperature", "fast", "temp", "grind"]
    let tags = TasteTag.allCases.map(\.rawValue) + FlowTag.allCases.map(\.rawValue)
    var names = words + tags
    for a in words { for b in words { names.append("\(a).\(b)") } }
    for a in ["shot", "recipe", "previous"] { for b in words { for c in words { names.append("\(a).\(b).\(c)") } } }
    let valid = names.filter { name in
      !Self.errors(Self.header + "  when \(name)" + ruleEnd).contains { $0.code == "C002" || $0.code.hasPrefix("P") }
    }
    #expect(valid.count >= 30)
    let top = Set(labels(Self.header + "  when "))
    for name in valid {
      #expect(top.contains(name), "'\(name)' is not offered at the start of a condition")
      var prefix = ""
      for part in name.split(separator: ".").dropLast() {
        prefix += part + "."
        let offered = labels(Self.header + "  when " + prefix)
        let next = name.dropFirst(prefix.count)
        let expected = next.firstIndex(of: ".").map { String(next[...$0]) } ?? String(next)
        #expect(offered.contains(expected), "after '\(prefix)': '\(expected)' not offered")
      }
    }
  }

  @Test func exampleFieldsAndTags() {
    let example = Self.header + "  when fast\n  then no change\n  because \"y\"\n  example\n    "
    #expect(labels(example) == ["shot", "recipe", "previous", "expect"])
    #expect(labels(example + "shot ") == ["dose", "yield", "time", "first_drop", "taste", "flow"])
    #expect(labels(example + "recipe dose 18 g, ") == ["dose", "yield", "time", "temperature"])
    #expect(labels(example + "shot taste ").contains("none"))
    #expect(labels(example + "shot taste sour ").contains("bitter"))
    // Only the reasons the checker accepts: `invalid_shot` is never an example's outcome.
    #expect(labels(example + "expect insufficient ") == ["explicit", "conflict", "incomplete", "no_rule"])
  }

  @Test func keywordsAtClauseAndFileStartAndSnippets() throws {
    #expect(labels("dialrules 1\n") == ["rule", "let"])
    #expect(labels(Self.header + "  ").contains("because"))
    let client = TestClient()
    client.open("dialrules 1\n")
    let rule = client.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 1, "character": 0]]
    ).elements?.first { $0["label"] == "rule" }
    #expect(rule?["insertTextFormat"] == 2)
    #expect(rule?["textEdit"]?["newText"]?.string?.contains("${1:id}") == true)
    // Without snippet support, plain words.
    let plainClient = TestClient(capabilities: [:])
    plainClient.open("dialrules 1\n")
    let plain = plainClient.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(TestClient.uri)], "position": ["line": 1, "character": 0]]
    ).elements?.first { $0["label"] == "rule" }
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
