import DialRulesTestSupport
import Foundation
import Testing

@Suite struct ExplainCommandTests {
  @Test func explainsAFixtureAsText() {
    let r = dialrules("explain", "rules/espresso.dialrules", "Fixtures/shots/sour-fast.json")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("decision: adjust — Grind finer by 1 step"))
    #expect(r.out.contains("sour_fast (rules/espresso.dialrules:"))
    #expect(r.out.contains("dt = -7 s, shot.time = 21 s, recipe.time = 28 s"))
  }

  @Test func jsonCarriesTheDecisionContractAndRuleDetails() throws {
    let r = dialrules("explain", "--format", "json", "rules/espresso.dialrules", "Fixtures/shots/sour-fast.json")
    #expect(r.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(root["id"] as? String == "sour-fast")
    #expect(root["decided_by"] as? [String] == ["sour_fast"])
    let decision = try #require(root["decision"] as? [String: Any])
    #expect(decision["kind"] as? String == "adjust")
    let rules = try #require(root["rules"] as? [[String: Any]])
    #expect(rules.count == 39)
    #expect(rules.first?["status"] as? String == "matched")
  }

  @Test func previewMovesTheGrindByTheGrindersStep() throws {
    let dir = try temporaryDirectory()
    let shot = """
      {"format":"dialrules-shot","version":1,"id":"p",
       "recipe":{"dose_g":18,"yield_g":36,"time_s":28,"grind":"14"},
       "grinder":{"name":"Niche Zero","step":0.5,"min":0,"max":50,"finer":"lower"},
       "shot":{"dose_g":18,"yield_g":36.4,"time_s":21,"taste":["sour"]}}
      """
    try shot.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
    let r = dialrules("explain", "rules/espresso.dialrules", dir + "/p.json")
    #expect(r.out.contains("grind: 14 -> 13.5"), "\(r.out)")
  }

  /// A rule file with thousands of problems: the first hundred are shown, then a count, as in
  /// `lint` (every diagnostic was printed before).
  @Test func rulesThatDoNotCheckShowTheFirstHundredProblems() throws {
    let dir = try temporaryDirectory()
    var text = "dialrules 1\n"
    for i in 0..<3_000 { text += "rule r\(i)\n when nope\(i)\n then no change\n because \"x\"\n" }
    try text.write(toFile: dir + "/bad.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("explain", dir + "/bad.dialrules", "Fixtures/shots/sour-fast.json")
    #expect(r.status == 2)
    #expect(r.err.components(separatedBy: "error[C002]").count - 1 == 100)
    #expect(r.err.contains("bad.dialrules: note: 2900 more diagnostics not shown"))
    #expect(r.err.hasSuffix("for details\n"))
  }

  @Test func invalidShotExitsTwoWithPathAndCode() throws {
    let dir = try temporaryDirectory()
    try #"{"format":"dialrules-shot","version":1,"shot":{"yeild_g":36}}"#.write(
      toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
    let r = dialrules("explain", "rules/espresso.dialrules", dir + "/bad.json")
    #expect(r.status == 2)
    #expect(r.err.contains("yeild_g"))
    #expect(r.err.contains("did you mean 'yield_g'?"))
  }

  @Test func rulesThatDoNotCheckExitTwo() {
    let r = dialrules("explain", "Fixtures/diagnostics/T001-unit-mismatch.dialrules", "Fixtures/shots/sour-fast.json")
    #expect(r.status == 2)
    #expect(r.err.contains("error[T001]"))
  }

  @Test func wrongArgumentCountIsAUsageError() {
    #expect(dialrules("explain", "rules/espresso.dialrules").status == 64)
  }

  /// Rules and shot cannot both come from standard input.
  @Test func standardInputOnlyOnce() {
    let r = dialrules("explain", "-", "-", stdin: "dialrules 1\n")
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: the rules and the shot cannot both be read from standard input ('-')\n"))
  }

  /// `eval` too: rules and shots cannot both come from standard input, and nothing is written.
  @Test func evalReadsStandardInputOnlyOnce() {
    let r = dialrules("eval", "-", "-", stdin: "dialrules 1\n")
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: the rules and the shots cannot both be read from standard input ('-')\n"))
    #expect(r.out.isEmpty)
  }

  /// A false `or` is false because every part is: each is shown with the values it read.
  @Test func aFalseOrShowsEveryPart() {
    let r = dialrules("explain", "rules/espresso.dialrules", "Fixtures/shots/sour-fast.json")
    #expect(
      r.out.contains(
        """
          fast_bitter_or_harsh: not matched
            over is false
              (bitter or harsh) is false
                bitter is false: shot.taste = [sour]
                harsh is false: shot.taste = [sour]

        """), "\(r.out)")
    #expect(
      r.out.contains(
        """
            (dy < -2 g or dy > 2 g) is false
              dy < -2 g is false: dy = 0.4 g, shot.yield = 36.4 g, recipe.yield = 36 g
              dy > 2 g is false: dy = 0.4 g, shot.yield = 36.4 g, recipe.yield = 36 g

        """), "\(r.out)")
  }

  /// Two abstaining rules with quotes and a line break in their reasons and rationales: the
  /// decision joins the reasons as sentences, and nothing breaks a line of the explanation.
  @Test func abstentionsAndStringsReadWell() throws {
    let dir = try temporaryDirectory()
    let rules = #"""
      dialrules 1

      rule check
        when sour
        then insufficient "Say \"again\"\nplease"
        because "A \"quoted\" word\nand a second line"

      rule pause
        when sour
        then insufficient "Sour: wait"
        because "x"

      """#
    try rules.write(toFile: dir + "/r.dialrules", atomically: true, encoding: .utf8)
    let shot = #"{"format":"dialrules-shot","version":1,"id":"odd \"id\"\nhere","shot":{"taste":["sour"]}}"#
    try shot.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
    let r = dialrules("explain", dir + "/r.dialrules", dir + "/s.json")
    #expect(r.status == 0, "\(r.err)")
    let expected = #"""
      shot: odd "id"\nhere
      decision: insufficient evidence (explicit) — Say "again"\nplease. Sour: wait.
      decided by:
        check (DIR/r.dialrules:3:6): insufficient "Say \"again\"\nplease"
          because: A "quoted" word\nand a second line
        pause (DIR/r.dialrules:8:6): insufficient "Sour: wait"
          because: x

      """#
    #expect(r.out.hasPrefix(expected.replacingOccurrences(of: "DIR", with: dir)), "\(r.out)")
    let eval = dialrules("eval", dir + "/r.dialrules", dir + "/s.json")
    #expect(eval.out.contains(#""text":"Say \"again\"\nplease. Sour: wait.""#), "\(eval.out)")
  }
}

@Suite struct EvalCommandTests {
  @Test func batchMatchesExpectedDecisions() throws {
    let r = dialrules("eval", "rules/espresso.dialrules", "Fixtures/shots/batch.jsonl")
    #expect(r.status == 0, "\(r.err)")
    let expected = try PackageRoot.read("Fixtures/shots/batch.jsonl.decisions")
    let lines = r.out.split(separator: "\n")
    let want = expected.split(separator: "\n")
    #expect(lines.count == want.count)
    for (a, b) in zip(lines, want) {
      #expect(try strip(String(a)) == (try strip(String(b))))
    }
  }

  /// Decision JSON without the free-text `text`.
  func strip(_ line: String) throws -> NSDictionary {
    var root = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    var decision = try #require(root["decision"] as? [String: Any])
    decision.removeValue(forKey: "text")
    root["decision"] = decision
    return root as NSDictionary
  }

  @Test func badLineYieldsAnErrorRecordAndTheRestContinue() throws {
    let good = #"{"format":"dialrules-shot","version":1,"id":"a","shot":{"taste":["balanced"]}}"#
    let bad = #"{"format":"dialrules-shot","version":1,"shot":{"taste":["sweet"]}}"#
    let r = dialrules("eval", "rules/espresso.dialrules", "-", stdin: good + "\n" + bad + "\n\n" + good + "\n")
    #expect(r.status == 2)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"id":"a","#))
    #expect(lines[1].hasPrefix(#"{"line":2,"error":{"code":"#))
    #expect(lines[2].hasPrefix(#"{"id":"a","#))
    #expect(r.err.contains("<stdin>:2:"))
    #expect(r.err.contains("sweet"))
  }
}
