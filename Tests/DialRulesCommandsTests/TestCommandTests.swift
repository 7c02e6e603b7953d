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
    #expect(r.out.hasSuffix("196 passed, 0 failed\n"))
  }

  /// Each `property` is a test case, in text, JSON and JUnit: passed when lint proves it, failed
  /// with its witness when a shot breaks it.
  @Test func propertiesAreTestCases() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/p.dialrules"
    try """
    dialrules 1

    rule sour
      when sour
      then grind finer
      because "Sour is under-extracted."

    property sour_never_coarser
      when sour
      never grind coarser

    property bitter_no_change
      when bitter
      always no change

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let text = dialrules("test", "--verbose", path)
    #expect(text.status == 1)
    #expect(text.out.contains("ok   \(path):8:10 property sour_never_coarser\n"), "\(text.out)")
    #expect(text.out.contains("FAIL \(path):12:10 property bitter_no_change\n  fails: witness {"))
    #expect(text.out.contains(" gets "))
    #expect(text.out.hasSuffix("1 passed, 1 failed\n"))
    let json = dialrules("test", "--format", "json", path)
    #expect(json.out.contains("\"kind\":\"property\""), "\(json.out)")
    #expect(json.out.contains("\"passed\":1"))
    let junit = dialrules("test", "--format", "junit", path)
    #expect(
      junit.out.contains(
        "<testcase classname=\"dialrules.property\" name=\"\(path):8:10 property sour_never_coarser\"/>"))
    #expect(junit.out.contains("failures=\"1\""))
  }

  /// A directory as RULES stands for every rule file below it: each one's examples run; fixtures
  /// need exactly one rule file, since their goldens pin one table.
  @Test func rulesMayBeADirectory() throws {
    let r = dialrules("test", "rules/", "Fixtures/shots")
    #expect(r.status == 0, "\(r.out)\(r.err)")
    #expect(r.out.hasSuffix("196 passed, 0 failed\n"))
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
    let rule = "dialrules 1\n\nrule a\n  when sour\n  then grind finer\n  because \"x\"\n  example\n"
    try (rule + "    shot taste sour\n    expect grind finer\n").write(
      toFile: dir + "/b/two.dialrules", atomically: true, encoding: .utf8)
    try (rule + "    shot taste bitter\n    expect grind finer\n").write(
      toFile: dir + "/one.dialrules", atomically: true, encoding: .utf8)
    let both = dialrules("test", "--verbose", dir)
    #expect(both.status == 1)
    #expect(both.out.contains("ok   \(dir)/b/two.dialrules:7:3 example of a\n"), "\(both.out)")
    #expect(both.out.contains("FAIL \(dir)/one.dialrules:7:3 example of a\n"), "\(both.out)")
    #expect(both.out.hasSuffix("1 passed, 1 failed\n"))
    let ambiguous = dialrules("test", dir, "Fixtures/shots")
    #expect(ambiguous.status == 64)
    #expect(ambiguous.err.contains("fixtures are checked against one rule file"), "\(ambiguous.err)")
    let empty = try temporaryDirectory()
    let none = dialrules("test", empty)
    #expect(none.status == 2)
    #expect(none.err == "\(empty): error: no rule files (*.dialrules) in this directory\n")
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
    #expect(r.out.hasSuffix("58 passed, 1 failed\n"))  // 50 examples, 8 properties, the fixture
  }

  /// The `.explain` goldens name the rule file by its file name, so how its path was typed (relative,
  /// absolute, from another directory) or where the folder holding it moved does not matter.
  @Test func goldensDoNotDependOnHowTheRulesPathIsTyped() throws {
    let root = PackageRoot.path()
    let absolute = dialrules("test", root + "/rules/espresso.dialrules", "Fixtures/shots")
    #expect(absolute.status == 0, "\(absolute.out)")
    #expect(absolute.out.hasSuffix(" passed, 0 failed\n"))
    let elsewhere = try temporaryDirectory()
    let fromElsewhere = dialrules(
      in: elsewhere, "test", root + "/rules/espresso.dialrules", root + "/Fixtures/shots")
    #expect(fromElsewhere.status == 0, "\(fromElsewhere.out)")
    try FileManager.default.createDirectory(atPath: elsewhere + "/tables", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: root + "/rules/espresso.dialrules", toPath: elsewhere + "/tables/espresso.dialrules")
    let moved = dialrules(in: elsewhere, "test", "tables/espresso.dialrules", root + "/Fixtures/shots")
    #expect(moved.status == 0, "\(moved.out)")
    // A golden written from elsewhere, through an absolute path, is the reviewed one byte for byte.
    let dir = try scratchFixture()
    let reviewed = try String(contentsOfFile: dir + "/sour-fast.json.explain", encoding: .utf8)
    try FileManager.default.removeItem(atPath: dir + "/sour-fast.json.explain")
    let update = dialrules(in: elsewhere, "test", "--update", root + "/rules/espresso.dialrules", dir)
    #expect(update.status == 0, "\(update.out)")
    #expect(try String(contentsOfFile: dir + "/sour-fast.json.explain", encoding: .utf8) == reviewed)
  }

  /// Removed lines are listed in file order, each before the lines added in its place.
  @Test func goldenDiffListsLinesInFileOrder() throws {
    let dir = try scratchFixture()
    let explain = dir + "/sour-fast.json.explain"
    var lines = try String(contentsOfFile: explain, encoding: .utf8).components(separatedBy: "\n")
    #expect(lines.count > 30)
    lines[1] = "replaced"
    lines.insert(contentsOf: ["stale 1", "stale 2", "stale 3", "stale 4"], at: 3)
    lines.insert("stale 5", at: 27)
    try lines.joined(separator: "\n").write(toFile: explain, atomically: true, encoding: .utf8)
    let r = dialrules("test", "rules/espresso.dialrules", dir)
    #expect(r.status == 1)
    let expected = """
      FAIL \(dir)/sour-fast.json
        \(dir)/sour-fast.json.explain differs:
          first difference at line 2
          -2: replaced
          +2: decision: adjust — Grind finer by 1 step
          -4: stale 1
          -5: stale 2
          -6: stale 3
          -7: stale 4
          -28: stale 5
      """ + "\n"
    #expect(r.out.hasPrefix(expected), "\(r.out)")
    #expect(r.out.dropFirst(expected.count).hasSuffix(" passed, 1 failed\n"), "a line is left over: \(r.out)")
    #expect(!r.out.dropFirst(expected.count).dropLast().contains("\n"), "a line is left over: \(r.out)")
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
    // sour-fast, sour-fast-after-finer and yield-absent-sour-fast; no inline example.
    #expect(r.out.hasSuffix("3 passed, 0 failed\n"))
  }

  @Test func junitReportsEveryCase() throws {
    let dir = try scratchFixture()
    try "{}\n".write(toFile: dir + "/sour-fast.json.decision", atomically: true, encoding: .utf8)
    let r = dialrules("test", "--format", "junit", "rules/espresso.dialrules", dir)
    #expect(r.status == 1)
    #expect(r.out.contains("<testsuite name=\"dialrules\" tests=\"59\" failures=\"1\">"))
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

  /// The proposal says when the rule only decides together with others (issue 23: a shot three
  /// rules decided was announced as "(fine_but_off_time decides)").
  @Test func proposalSaysWhichRulesDecideWithIt() throws {
    let dir = try temporaryDirectory()
    let table = try PackageRoot.read("Fixtures/proposal/nested.dialrules")
    try table.write(toFile: dir + "/t.dialrules", atomically: true, encoding: .utf8)
    let out = dir + "/proposed"
    let r = dialrules("test", "--coverage", "--propose", out, dir + "/t.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("wrote \(out)/wide.json (wide decides)\n"), "\(r.out)")
    #expect(
      r.out.contains(
        "wrote \(out)/low.json (low decides, together with 'wide': no shot was found where it decides alone)"),
      "\(r.out)")
    #expect(r.out.contains("(strong_low decides, together with 'wide' and 'low': no shot was found"), "\(r.out)")
    let update = dialrules("test", "--update", dir + "/t.dialrules", out)
    #expect(update.status == 0, "\(update.out)")
    let decision = try String(contentsOfFile: out + "/wide.json.decision", encoding: .utf8)
    #expect(decision.contains("\"decided_by\":[\"wide\"]"), "\(decision)")
  }

  /// No rule fixture when every rule is covered; the directory holds only the proposals for
  /// conditions (ConditionCoverageTests), which the inline examples alone leave some of.
  @Test func proposesNothingWhenEveryRuleIsCovered() throws {
    let dir = try temporaryDirectory() + "/proposed"
    let r = dialrules("test", "--coverage", "--propose", dir, "rules/espresso.dialrules")
    #expect(r.status == 0)
    #expect(r.out.contains("proposed: nothing (every rule is covered)\n"))
    let written = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    #expect(written.allSatisfy { $0.contains(".condition-") && $0.hasSuffix("-false.json") }, "\(written)")
    let bare = dialrules("test", "--propose", dir, "rules/espresso.dialrules")
    #expect(bare.status == 64)
  }
  /// Enough fixtures for `test` to check them on several workers (64 a worker): the verbose
  /// report, the differences of a broken golden and the first unreadable fixture are those of
  /// the same fixtures checked in order, a part at a time (each part too small for a second
  /// worker). On a one-core machine both runs are in order and the test still compares them.
  @Test func fixturesCheckedSideBySideReportAsInOrder() throws {
    let root = try temporaryDirectory()
    let shipped = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.file("Fixtures/shots"))
      .filter { $0.hasSuffix(".json") }.sorted()
    let parts = ["p0", "p1", "p2"]
    for part in parts {
      try FileManager.default.createDirectory(atPath: root + "/" + part, withIntermediateDirectories: true)
      for name in shipped {
        for suffix in ["", ".decision", ".explain"] {
          try FileManager.default.copyItem(
            atPath: PackageRoot.file("Fixtures/shots/" + name + suffix), toPath: "\(root)/\(part)/\(name)\(suffix)")
        }
      }
    }
    #expect(shipped.count * parts.count >= 3 * 64, "too few fixtures for a second worker")
    // One golden that differs and one that is missing, in the middle part.
    try "{}\n".write(toFile: "\(root)/p1/\(shipped[3]).decision", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: "\(root)/p1/\(shipped[5]).explain")

    func fixtureLines(_ out: String) -> [Substring] {
      // Without the inline examples, the properties and the summary, which each part repeats.
      out.split(separator: "\n").filter {
        !$0.contains("example of") && !$0.contains(" property ") && !$0.contains(" passed, ")
      }
    }
    let whole = dialrules("test", "--verbose", "rules/espresso.dialrules", root)
    var inParts: [Substring] = []
    var failed = 0
    for part in parts {
      let r = dialrules("test", "--verbose", "rules/espresso.dialrules", root + "/" + part)
      inParts += fixtureLines(r.out)
      if r.status == 1 { failed += 1 }
    }
    #expect(whole.status == 1 && failed == 1)
    #expect(fixtureLines(whole.out) == inParts)
    #expect(whole.out.contains("FAIL \(root)/p1/\(shipped[3])"), "\(whole.out)")
    #expect(whole.out.contains("\(root)/p1/\(shipped[5]).explain is missing"))
    #expect(whole.out.hasSuffix("\(shipped.count * 3 + 58 - 2) passed, 2 failed\n"), "\(whole.out.suffix(80))")

    // Two unreadable fixtures: the run stops at the first in order, as it does alone.
    try "{".write(toFile: "\(root)/p1/\(shipped[7])", atomically: true, encoding: .utf8)
    try "[".write(toFile: "\(root)/p2/\(shipped[2])", atomically: true, encoding: .utf8)
    let broken = dialrules("test", "rules/espresso.dialrules", root)
    let first = dialrules("test", "rules/espresso.dialrules", root + "/p1")
    #expect(broken.status == 2 && first.status == 2)
    #expect(broken.err == first.err && broken.err.contains("p1/\(shipped[7])"), "\(broken.err)")
  }
}
