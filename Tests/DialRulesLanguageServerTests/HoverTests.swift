import DialRulesLanguageServer
import Testing

/// `textDocument/hover` on every kind of name, from the checked model of the reference table.
@Suite struct HoverTests {
  func hover(_ client: TestClient, _ marker: String, in text: String, plus: Int = 1) -> String {
    client.result("textDocument/hover", TestClient.at(marker, in: text, plus: plus))["contents"]?["value"]?.string ?? ""
  }

  @Test func aRuleShowsItsActionRationaleOverridesAndExamples() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let rule = hover(client, "rule back_off_after_finer", in: text, plus: 6)
    #expect(rule.hasPrefix("**rule `back_off_after_finer`** — `grind coarser 1 step`"))
    #expect(rule.contains("The last change was finer"))
    #expect(rule.contains("overrides: `fast_bitter_or_harsh`"))
    #expect(rule.hasSuffix("1 example, passes"))
    // On the id after `overrides`: the overridden rule, with who overrides it.
    let target = hover(client, "overrides fast_bitter_or_harsh", in: text, plus: 12)
    #expect(target.contains("**rule `fast_bitter_or_harsh`**"))
    #expect(target.contains("overridden by: `back_off_after_finer`"))
  }

  /// On a translation's language code: what the code means; an unknown code says so.
  @Test func aLanguageCodeSaysWhatItTags() {
    let text = "dialrules 1\nrule a\n  when sour\n  then no change\n  because \"x\" de \"y\" xx \"z\"\n"
    let client = TestClient()
    client.open(text)
    #expect(hover(client, "de \"y", in: text).contains("**language `de`** — the text after it is shown"))
    #expect(hover(client, "xx \"z", in: text).contains("not a language code"))
  }

  @Test func aLetShowsItsDefinitionTypeUnitAndReads() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    #expect(
      hover(client, "let dt", in: text, plus: 5)
        == "```dialrules\nlet dt = shot.time - recipe.time\n```\n\na value in seconds (`s`); reads `recipe.time_s`, `shot.time_s`"
    )
    let fast = hover(client, "and fast\n", in: text, plus: 5)
    #expect(fast.contains("let fast = dt < -3 s"))
    #expect(fast.contains("a condition: true, false or unknown; reads `recipe.time_s`, `shot.time_s`"))
  }

  @Test func observationsTagsAndUnits() throws {
    let text = try referenceTable()
    let client = TestClient()
    client.open(text)
    let time = hover(client, "shot.time -", in: text)
    #expect(time.contains("seconds"))
    #expect(time.contains("reads `shot.time_s` of the shot record; when absent: unknown"))
    let sour = hover(client, "sour and not bitter and fast", in: text)
    #expect(sour.contains("a tag of `shot.taste`: `shot.taste has sour`"))
    #expect(sour.contains("when `shot.taste` is absent the test is unknown"))
    let channeling = hover(client, "when channeling", in: text, plus: 6)
    #expect(channeling.contains("an absent `shot.flow` means no problem was noted, so the test is false"))
    #expect(hover(client, "3 s\n", in: text, plus: 2) == "`s`: seconds (`s`)")
    // Nothing under the cursor: a comment.
    #expect(client.result("textDocument/hover", TestClient.at("# The time window", in: text, plus: 3)) == .null)
  }

  @Test func plainTextForClientsWithoutMarkdownAndSyntaxForFilesWithErrors() {
    let text =
      "dialrules 1\nlet t = shot.taste\nrule r\n  when t has sour and shot.flow has channeling\n  then yield +2 g\n  because \"why\"\n  overrides nobody\n"
    let client = TestClient(capabilities: [:])
    client.open(text)
    let response = client.result("textDocument/hover", TestClient.at("rule r", in: text, plus: 5))
    #expect(response["contents"]?["kind"] == "plaintext")
    let value = response["contents"]?["value"]?.string ?? ""
    #expect(value.contains("rule 'r' — 'yield +2 g'"))
    #expect(value.contains("why"))
    #expect(value.contains("examples are not run"))
    #expect(!value.contains("**"))
    // The range is the name's.
    #expect(response["range"]?["start"]?["character"] == 5)
  }

  @Test func aLetOfATagSetOrANameWithoutUnit() {
    let text =
      "dialrules 1\nlet t = shot.taste\nlet r = shot.ratio\nrule x\n  when t has sour and r > 2\n  then no change\n  because \"b\"\n"
    let client = TestClient()
    client.open(text)
    #expect(hover(client, "let t", in: text, plus: 4).contains("the shot.taste tag set"))
    #expect(hover(client, "let r", in: text, plus: 4).contains("no unit"))
    #expect(hover(client, "sour and", in: text).contains("a tag of `shot.taste`"))
  }
}
