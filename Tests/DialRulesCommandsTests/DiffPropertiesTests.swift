import DialRulesTestSupport
import Foundation
import Testing

/// `diff` proves the properties of both files against both tables (issue 24 item 3): a promise
/// that held in OLD and fails in NEW is named first, in every format, with a witness that NEW
/// really decides against it — also when NEW dropped the property along with the rule change.
@Suite struct DiffPropertiesTests {
  static let old = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    let harsh_or_bitter = bitter or harsh

    rule bitter
      when bitter
      then grind coarser 1 step
      because "Bitter is over-extracted."

    property bitter_never_finer
      when bitter and not sour
      never grind finer
      because "Bitter alone is over-extraction."

    property sour_decides
      when sour
      always decides

    """

  /// `old` with `bitter` grinding finer (which breaks `bitter_never_finer`), then `edit` applied.
  func files(_ edit: (String) -> String = { $0 }) throws -> (dir: String, old: String, new: String) {
    let dir = try temporaryDirectory()
    try Self.old.write(toFile: dir + "/old.dialrules", atomically: true, encoding: .utf8)
    let new = edit(Self.old.replacingOccurrences(of: "then grind coarser 1 step", with: "then grind finer 1 step"))
    try new.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    return (dir, dir + "/old.dialrules", dir + "/new.dialrules")
  }

  func json(_ out: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
  }

  @Test func aPropertyThatHeldAndNowFailsIsNamedFirstWithAWitnessNEWReallyBreaks() throws {
    let (dir, old, new) = try files()
    let text = dialrules("diff", "--exit-code", old, new)
    #expect(text.status == 1, "\(text.err)")
    let lines = text.out.split(separator: "\n")
    #expect(lines.first == "properties: 1 regressed (held in OLD, fails in NEW): bitter_never_finer; 1 unchanged")
    #expect(lines.dropFirst().first == "  regressed  bitter_never_finer: proved → fails")
    #expect(text.out.contains("NEW decides adjust grind finer 1 step\nrules:\n"), "\(text.out)")

    // The witness from JSON, decided by NEW through `eval`: grinding finer on a bitter, not sour shot.
    let root = try json(dialrules("diff", "--format", "json", old, new).out)
    #expect(root.keys.count > 1)
    let properties = try #require(root["properties"] as? [String: Any])
    #expect(properties["regressed"] as? [String] == ["bitter_never_finer"])
    let rows = try #require(properties["rows"] as? [[String: Any]])
    #expect(rows.map { $0["change"] as? String } == ["regressed", "unchanged"])
    let verdict = try #require(rows[0]["new"] as? [String: Any])
    let witness = try #require(verdict["witness"])
    let shot = try JSONSerialization.data(withJSONObject: witness)
    try shot.write(to: URL(fileURLWithPath: dir + "/witness.json"))
    let evaluated = try json(dialrules("eval", new, dir + "/witness.json").out)
    let decision = try #require(evaluated["decision"] as? [String: Any])
    let adjustment = try #require(decision["adjustment"] as? [String: Any])
    #expect(adjustment["type"] as? String == "grind" && adjustment["direction"] as? String == "finer")
    let taste = try #require((witness as? [String: Any])?["shot"] as? [String: Any])["taste"] as? [String]
    #expect(taste?.contains("bitter") == true && taste?.contains("sour") == false)
    // OLD decides the same shot coarser: the promise held there.
    let before = try json(dialrules("eval", old, dir + "/witness.json").out)
    #expect(
      ((before["decision"] as? [String: Any])?["adjustment"] as? [String: Any])?["direction"] as? String == "coarser")
  }

  @Test func droppingThePromiseWithTheBreakingChangeDoesNotHideIt() throws {
    let (_, old, new) = try files {
      $0.replacingOccurrences(
        of: "property bitter_never_finer\n  when bitter and not sour\n  never grind finer\n"
          + "  because \"Bitter alone is over-extraction.\"\n", with: "")
    }
    let r = dialrules("diff", old, new)
    #expect(r.out.hasPrefix("properties: 1 regressed (held in OLD, fails in NEW): bitter_never_finer; 1 unchanged\n"))
    #expect(r.out.contains("bitter_never_finer: proved → fails (no longer declared; checked against NEW's rules)"))
  }

  @Test func aDroppedPropertyThatDoesNotCompileAgainstNEWSaysSo() throws {
    // OLD's property reads a `let` NEW no longer defines; NEW drops the property and adds another.
    let (_, old, new) = try files {
      $0.replacingOccurrences(of: "let harsh_or_bitter = bitter or harsh\n", with: "")
        .replacingOccurrences(
          of: "property bitter_never_finer\n  when bitter and not sour\n  never grind finer\n",
          with: "property harsh_never_finer\n  when harsh\n  never grind finer\n")
    }
    let oldText = try String(contentsOfFile: old, encoding: .utf8)
      .replacingOccurrences(of: "when bitter and not sour\n  never", with: "when harsh_or_bitter and not sour\n  never")
    try oldText.write(toFile: old, atomically: true, encoding: .utf8)
    let r = dialrules("diff", "--format", "json", old, new)
    #expect(r.status == 0, "\(r.err)")
    let rows = try #require((try json(r.out)["properties"] as? [String: Any])?["rows"] as? [[String: Any]])
    let dropped = try #require(rows.first { $0["id"] as? String == "bitter_never_finer" })
    #expect(dropped["change"] as? String == "removed")
    #expect(
      dropped["not_checked"] as? String == "it does not compile against NEW: unknown name 'harsh_or_bitter'",
      "\(dropped)")
    #expect(dropped["new"] is NSNull)
    #expect(rows.contains { $0["id"] as? String == "harsh_never_finer" && $0["change"] as? String == "added" })
  }

  @Test func unchangedPropertiesAreCountedAndChangeNothing() throws {
    let (_, old, _) = try files()
    let r = dialrules("diff", "--exit-code", old, old)
    #expect(r.status == 0)
    #expect(r.out == "properties: 2 unchanged\nrules: no changes\ninput space: no region decides differently\n")
  }

  @Test func markdownAndHTMLPutThePropertiesFirst() throws {
    let (_, old, new) = try files()
    let md = dialrules("diff", "--format", "markdown", old, new).out
    #expect(md.hasPrefix("### Properties\n\n**1 regressed** (held in OLD, fails in NEW): `bitter_never_finer`\n"))
    #expect(md.contains("| **regressed** | `bitter_never_finer` | `proved → fails` |"), "\(md)")
    let html = dialrules("diff", "--format", "html", old, new).out
    let section = try #require(html.range(of: "<h2 id=\"properties\">Properties</h2>"))
    let rules = try #require(html.range(of: "<h2 id=\"rules\">Rule changes</h2>"))
    #expect(section.lowerBound < rules.lowerBound)
    #expect(html.contains("<strong>1 regressed</strong> (held in OLD, fails in NEW): <code>bitter_never_finer</code>"))
  }
}
