import DialRulesTestSupport
import Foundation
import Testing

@Suite struct TestCommandTests {
  /// A scratch copy of one fixture (with its goldens) to break and update.
  func scratchFixture() throws -> String {
    let dir = try temporaryDirectory()
    for suffix in ["", ".decision", ".explain"] {
      try FileManager.default.copyItem(
        atPath: PackageRoot.file("Fixtures/shots/sour-fast.json" + suffix), toPath: dir + "/sour-fast.json" + suffix)
    }
    return dir
  }

  @Test func shippedFixturesAndExamplesPass() {
    let r = dialrules("test", "rules/espresso.dialrules", "Fixtures/shots")
    #expect(r.status == 0, "\(r.out)")
    #expect(r.out.hasSuffix("106 passed, 0 failed\n"))
  }

  @Test func changedGoldenFailsWithALineDiff() throws {
    let dir = try scratchFixture()
    let explain = dir + "/sour-fast.json.explain"
    let text = try String(contentsOfFile: explain, encoding: .utf8)
    try text.replacingOccurrences(of: "Grind finer by 1 step", with: "Grind coarser").write(
      toFile: explain, atomically: true, encoding: .utf8)
    let r = dialrules("test", "rules/espresso.dialrules", dir)
    #expect(r.status == 1)
    #expect(r.out.contains("FAIL \(dir)/sour-fast.json"))
    #expect(r.out.contains("first difference at line 2"))
    #expect(r.out.contains("+2: decision: adjust — Grind finer by 1 step"))
    #expect(r.out.hasSuffix("21 passed, 1 failed\n"))
  }

  @Test func missingGoldenFailsUntilUpdateWritesIt() throws {
    let dir = try scratchFixture()
    try FileManager.default.removeItem(atPath: dir + "/sour-fast.json.explain")
    let before = dialrules("test", "rules/espresso.dialrules", dir)
    #expect(before.status == 1)
    #expect(before.out.contains("is missing; run with --update"))
    let update = dialrules("test", "--update", "rules/espresso.dialrules", dir)
    #expect(update.status == 0)
    #expect(update.out.contains("wrote \(dir)/sour-fast.json.explain"))
    #expect(dialrules("test", "rules/espresso.dialrules", dir).status == 0)
  }

  @Test func filterSelectsCases() {
    let r = dialrules("test", "--filter", "sour-fast", "rules/espresso.dialrules", "Fixtures/shots")
    #expect(r.status == 0)
    #expect(r.out.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func junitReportsEveryCase() throws {
    let dir = try scratchFixture()
    try "{}\n".write(toFile: dir + "/sour-fast.json.decision", atomically: true, encoding: .utf8)
    let r = dialrules("test", "--format", "junit", "rules/espresso.dialrules", dir)
    #expect(r.status == 1)
    #expect(r.out.contains("<testsuite name=\"dialrules\" tests=\"22\" failures=\"1\">"))
    #expect(r.out.contains("<failure message="))
  }

  @Test func unreadableFixtureExitsTwo() throws {
    let dir = try temporaryDirectory()
    try "{not json".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
    let r = dialrules("test", "rules/espresso.dialrules", dir)
    #expect(r.status == 2)
    #expect(r.err.contains("bad.json:1:"))
  }

  @Test func failingExampleIsReported() throws {
    let dir = try temporaryDirectory()
    let rules = """
      dialrules 1

      rule a
        when sour
        then grind finer
        because "x"
        example
          shot taste sour
          expect grind coarser
      """
    try rules.write(toFile: dir + "/r.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("test", dir + "/r.dialrules")
    #expect(r.status == 1)
    #expect(r.out.contains("example of a"))
    #expect(r.out.contains("expected grind coarser 1 step, got grind finer 1 step"))
  }

  /// Four rules, no examples: one decides, one only ever loses (to an abstention or a conflict),
  /// one is overridden wherever it is true, one abstains.
  static let uncoveredTable = """
    dialrules 1

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "Under-extracted."

    rule sour_any
      when sour and bitter
      then grind coarser 1 step
      because "Mixed."

    rule bitter_quick
      when bitter and dt < 0 s
      then grind coarser 1 step
      because "Bitter."

    rule bitter_all
      when bitter
      then insufficient "Check."
      because "x"
      overrides bitter_quick

    """

  @Test func proposesAVerifiedFixturePerUncoveredRule() throws {
    let dir = try temporaryDirectory()
    try Self.uncoveredTable.write(toFile: dir + "/t.dialrules", atomically: true, encoding: .utf8)
    let out = dir + "/proposed"
    let r = dialrules("test", "--coverage", "--propose", out, dir + "/t.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("wrote \(out)/sour_fast.json (sour_fast decides)"), "\(r.out)")
    #expect(r.out.contains("wrote \(out)/sour_any.json (sour_any matches, but never decides)"))
    #expect(r.out.contains("wrote \(out)/bitter_all.json (bitter_all decides)"))
    #expect(r.out.contains("bitter_quick: no fixture: wherever it is true, a rule that overrides it is true too"))
    #expect(!FileManager.default.fileExists(atPath: out + "/bitter_quick.json"))
    let fixture = try String(contentsOfFile: out + "/sour_fast.json", encoding: .utf8)
    #expect(fixture.contains("\"id\": \"sour_fast\""))
    // Run as fixtures, the proposals cover what they claim: goldens written by --update record
    // the deciding rule, and coverage now counts each proposed rule as matched.
    let update = dialrules("test", "--update", "--coverage", dir + "/t.dialrules", out)
    #expect(update.status == 0, "\(update.out)")
    let decision = try String(contentsOfFile: out + "/sour_fast.json.decision", encoding: .utf8)
    #expect(decision.contains("\"decided_by\":[\"sour_fast\"]"), "\(decision)")
    let abstaining = try String(contentsOfFile: out + "/bitter_all.json.decision", encoding: .utf8)
    #expect(abstaining.contains("\"decided_by\":[\"bitter_all\"]"), "\(abstaining)")
    #expect(update.out.contains("  uncovered: bitter_quick\n"), "\(update.out)")
    let json = dialrules("test", "--format", "json", "--coverage", "--propose", out, dir + "/t.dialrules")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((root["proposed"] as? [[String: Any]])?.count == 4)
  }

  @Test func proposesNothingWhenEveryRuleIsCovered() throws {
    let dir = try temporaryDirectory() + "/proposed"
    let r = dialrules("test", "--coverage", "--propose", dir, "rules/espresso.dialrules")
    #expect(r.status == 0)
    #expect(r.out.contains("proposed: nothing (every rule is covered)\n"))
    #expect(!FileManager.default.fileExists(atPath: dir))
    let bare = dialrules("test", "--propose", dir, "rules/espresso.dialrules")
    #expect(bare.status == 64)
  }
}
