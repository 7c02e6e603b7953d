import DialRules
import DialRulesLanguageServer
import DialRulesTestSupport
import Testing

/// `textDocument/codeAction`: "did you mean" fixes from the checker's fix-its, a missing
/// `because`, and a finding's witness turned into an example.
@Suite struct CodeActionTests {
  func actions(_ client: TestClient, line: Int, to endLine: Int? = nil) -> [JSONValue] {
    let position: JSONValue = ["line": .int(line), "character": 0]
    let end: JSONValue = ["line": .int(endLine ?? line + 1), "character": 0]
    return client.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(TestClient.uri)], "range": ["start": position, "end": end],
        "context": ["diagnostics": []],
      ]
    ).elements ?? []
  }

  @Test func didYouMeanIsAPreferredQuickFixThatChecks() throws {
    let text = try PackageRoot.read("Fixtures/diagnostics/C002-unknown-name.dialrules")
    let client = TestClient()
    client.open(text)
    let line = try #require(client.diagnostics().first?["range"]?["start"]?["line"]?.int)
    let fix = try #require(actions(client, line: line).first)
    #expect(fix["title"] == "Replace 'shot.tme' with 'shot.time'")
    #expect(fix["kind"] == "quickfix")
    #expect(fix["isPreferred"] == true)
    #expect(fix["diagnostics"]?.elements?.first?["code"] == "C002")
    let fixed = apply(edits(in: fix["edit"] ?? .null), to: text)
    let output = RuleCompiler.compile(SourceFile(path: "t", text: fixed))
    #expect(!output.diagnostics.hasErrors, "\(output.diagnostics)")
  }

  @Test func everyCheckerSuggestionCarriesAFixIt() {
    let text = """
      dialrules 1
      ruleset "x"
        limit grnd 2 steps
        require agrement
      rule a
        when shot.taste has sor and shot.tme > 1 s
        then no change
        because "b"
        overrides bb
        example
          shot tme 3 s
          expect no change
        example
          shot time 3 s
          expect insufficient explict
      rule b
        when bitter
        then no change
        because "c"
      """
    let output = RuleCompiler.compile(SourceFile(path: "t", text: text))
    let suggested = output.diagnostics.filter { $0.help?.hasPrefix("did you mean") == true }
    #expect(suggested.count == 7)
    for d in suggested {
      #expect(d.fixIts.count == 1, "\(d.code) \(d.message)")
      #expect(d.fixIts.first?.edits.first?.span == d.span)
      #expect(d.help == "did you mean '\(d.fixIts.first?.edits.first?.replacement ?? "")'?")
    }
  }

  @Test func addsAMissingBecause() throws {
    let text = "dialrules 1\nrule a\n  when sour\n  then no change\n"
    let client = TestClient()
    client.open(text)
    let action = try #require(actions(client, line: 1).first { $0["title"] == "Add a 'because' clause" })
    let fixed = apply(edits(in: action["edit"] ?? .null), to: text)
    #expect(
      fixed == "dialrules 1\nrule a\n  when sour\n  then no change\n  because \"Say why this rule makes sense.\"\n")
    #expect(!RuleCompiler.compile(SourceFile(path: "t", text: fixed)).diagnostics.hasErrors)
  }

  /// Two conflicts about the same rule give two A001 findings at it, each with its own witness:
  /// the actions name their witnesses, and no title or edit is offered twice (issue 23: identical
  /// "Add the witness of A001 as an example of 'a'" actions).
  @Test func everyWitnessActionIsDistinct() {
    let text = """
      dialrules 1
      let dt = shot.time - recipe.time
      rule a
        when sour
        then grind finer 1 step
        because "x"
      rule b
        when sour and dt < -3 s
        then yield +2 g
        because "y"
      rule c
        when sour and dt > 3 s
        then grind coarser 1 step
        because "z"

      """
    let client = TestClient()
    client.open(text)
    let all = actions(client, line: 0, to: 15).filter { $0["title"]?.string?.contains("witness") == true }
    let titles = all.compactMap { $0["title"]?.string }
    #expect(
      titles.filter { $0.hasSuffix("of A001 as an example of 'a'") } == [
        "Add the witness A001-a-b-1 of A001 as an example of 'a'",
        "Add the witness A001-a-c-1 of A001 as an example of 'a'",
      ], "\(titles)")
    #expect(Set(titles).count == titles.count, "\(titles)")
    #expect(Set(all.compactMap { $0["edit"] }.map { "\($0)" }).count == all.count, "the same edit is offered twice")
  }

  @Test func aWitnessBecomesAnExampleThatPasses() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    // `harsh` and `strong` disagree (A001, at the rule `harsh`).
    let finding = try #require(
      client.diagnostics().first {
        $0["code"] == "A001" && ($0["message"]?.string?.contains("'harsh' and 'strong'") ?? false)
      })
    let line = try #require(finding["range"]?["start"]?["line"]?.int)
    let action = try #require(actions(client, line: line).first { $0["title"]?.string?.contains("witness") == true })
    #expect(action["title"] == "Add the witness A001-harsh-strong-1 of A001 as an example of 'harsh'")

    let edited = apply(edits(in: action["edit"] ?? .null), to: text)
    #expect(edited.contains("example \"A001-harsh-strong-1\""))
    #expect(edited.contains("expect insufficient conflict"))
    let rules = try #require(RuleCompiler.compile(SourceFile(path: "t", text: edited)).rules)
    let results = ExampleRunner.run(rules)
    #expect(results.count == 22)
    #expect(results.allSatisfy { $0.passed })
    // The result is still formatted as `dialrules fmt` wants.
    #expect(try FormatRunner.format(SourceFile(path: "t", text: edited)).get() == edited)
  }
}
