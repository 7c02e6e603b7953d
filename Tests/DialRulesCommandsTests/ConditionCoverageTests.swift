import DialRulesTestSupport
import Foundation
import Testing

/// `test --coverage` per condition: each top-level condition of a rule's `when` counted true,
/// false and unknown, with the cases where it mattered; the gaps flagged; and `--propose` writing
/// a fixture, checked here by `explain`, for each condition never false alone.
/// `Fixtures/coverage/conditions.dialrules` says which gaps its cases leave.
@Suite struct ConditionCoverageTests {
  static let table = "Fixtures/coverage/conditions.dialrules"
  static let fixtures = "Fixtures/coverage/fixtures"

  /// A scratch copy of the table and its fixtures (with goldens), to add fixtures to.
  func scratch() throws -> String {
    let dir = try temporaryDirectory()
    try FileManager.default.copyItem(atPath: PackageRoot.file(Self.table), toPath: dir + "/conditions.dialrules")
    try FileManager.default.copyItem(atPath: PackageRoot.file(Self.fixtures), toPath: dir + "/fixtures")
    return dir
  }

  /// The `coverage` member of `test --format json --coverage` output.
  func coverageJSON(_ out: String) throws -> [String: Any] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    return try #require(root["coverage"] as? [String: Any])
  }

  /// The counts and gaps of condition `number` (from 1) of `rule`.
  func condition(_ coverage: [String: Any], _ rule: String, _ number: Int) throws -> [String: Any] {
    let rules = try #require(coverage["rules"] as? [[String: Any]])
    let row = try #require(rules.first { $0["id"] as? String == rule })
    let conditions = try #require(row["conditions"] as? [[String: Any]])
    return try #require(conditions.first { $0["condition"] as? Int == number })
  }

  /// The whole text and JSON reports, as reviewed.
  @Test func reportMatchesGoldens() {
    let text = dialrules("test", "--coverage", Self.table, Self.fixtures)
    #expect(text.status == 0, "\(text.out)")
    if let failure = Golden.checkSeeded(text.out, against: "Fixtures/coverage/conditions.coverage.txt") {
      Issue.record("\(failure)")
    }
    let json = dialrules("test", "--coverage", "--format", "json", Self.table, Self.fixtures)
    #expect(json.status == 0)
    if let failure = Golden.checkSeeded(json.out, against: "Fixtures/coverage/conditions.coverage.json") {
      Issue.record("\(failure)")
    }
  }

  /// The counts follow from the cases: the example (sour, 7 s fast), `sour-on-time` (2 s slow)
  /// and `sour-no-time` (no time, so `fast` is unknown).
  @Test func countsWhatTheCasesShow() throws {
    let coverage = try coverageJSON(dialrules("test", "--coverage", "--format", "json", Self.table, Self.fixtures).out)
    let fast = try condition(coverage, "sour_fast", 2)
    #expect(fast["text"] as? String == "fast")
    #expect(fast["line"] as? Int == 12)
    #expect(fast["column"] as? Int == 17)
    #expect([fast["true"], fast["false"], fast["unknown"]].map { $0 as? Int } == [1, 1, 1])
    // It mattered on every case (the others were true), false alone on sour-on-time.
    #expect(fast["matters"] as? Int == 3)
    #expect(fast["false_alone"] as? Int == 1)
    #expect((fast["gaps"] as? [String]) == [])
    // Where the time was 2 s slow, `fast` was false too, so `dt < -1 s` being false did not matter.
    let implied = try condition(coverage, "sour_hurried", 3)
    #expect(implied["false"] as? Int == 1)
    #expect(implied["false_alone"] as? Int == 0)
    #expect((implied["gaps"] as? [String]) == ["never_shown_to_matter"])
    // bitter is false on every case, and on sour-no-time mattered (the time was unknown).
    let bitter = try condition(coverage, "bitter_slow", 1)
    #expect([bitter["true"], bitter["false"], bitter["matters"]].map { $0 as? Int } == [0, 3, 1])
    #expect((bitter["gaps"] as? [String]) == ["never_true", "never_shown_to_matter"])
  }

  /// A condition no case shows false is reported so, until a fixture where it is false and the
  /// rule's other conditions true is added; then it is covered.
  @Test func neverFalseIsReportedUntilAFixtureShowsIt() throws {
    let dir = try scratch()
    let rules = dir + "/conditions.dialrules"
    let before = dialrules("test", "--coverage", rules, dir + "/fixtures")
    #expect(before.status == 0, "\(before.out)")
    #expect(
      before.out.contains(
        "  sour_fast     1  12:8      3      0        0        2            0  sour        never false, never shown to matter\n"
      ), "\(before.out)")
    let gaps = try #require(
      try coverageJSON(dialrules("test", "--coverage", "--format", "json", rules, dir + "/fixtures").out)[
        "condition_gaps"] as? [[String: Any]])
    #expect(gaps.contains { $0["rule"] as? String == "sour_fast" && $0["condition"] as? Int == 1 })

    // Not sour, 7 s fast, not bitter.
    try """
    {"format": "dialrules-shot", "version": 1, "id": "fast-only",
     "recipe": {"dose_g": 18, "yield_g": 36, "time_s": 28},
     "shot": {"dose_g": 18, "yield_g": 36, "time_s": 21, "taste": []}}
    """.write(toFile: dir + "/fixtures/fast-only.json", atomically: true, encoding: .utf8)
    #expect(dialrules("test", "--update", rules, dir + "/fixtures").status == 0)
    let after = dialrules("test", "--coverage", rules, dir + "/fixtures")
    #expect(
      after.out.contains("  sour_fast     1  12:8      3      1        0        3            1  sour\n"), "\(after.out)"
    )
    let sour = try condition(
      coverageJSON(dialrules("test", "--coverage", "--format", "json", rules, dir + "/fixtures").out), "sour_fast", 1)
    #expect((sour["gaps"] as? [String]) == [])
  }

  /// `--propose` writes, for each condition never false alone, a shot on which it is false and
  /// the rule's other conditions true — each checked here with `explain` — says why where there
  /// is none, and points a condition never true at the rule's own proposal. Run as fixtures, the
  /// proposals leave only the gap no shot can fill.
  @Test func proposesAVerifiedFixturePerConditionGap() throws {
    let dir = try scratch()
    let rules = dir + "/conditions.dialrules"
    let out = dir + "/proposed"
    let r = dialrules("test", "--coverage", "--propose", out, rules, dir + "/fixtures")
    #expect(r.status == 0, "\(r.err)")
    let expected = [
      ("sour_fast", 1), ("sour_fast", 3), ("bitter_slow", 2), ("sour_hurried", 1), ("sour_hurried", 2),
    ]
    for (rule, number) in expected {
      #expect(
        r.out.contains("  wrote \(out)/\(rule).condition-\(number)-false.json (\(rule) condition \(number) '"),
        "\(rule) \(number): \(r.out)")
    }
    #expect(
      r.out.contains(
        "  sour_hurried condition 3 'dt < -1 s' (never shown to matter): no fixture where it is false: "
          + "wherever the rule's other conditions are true, it is true too\n"), "\(r.out)")
    #expect(
      r.out.contains(
        "  bitter_slow condition 1 'bitter' (never true, never shown to matter): true on the rule's proposal "
          + "\(out)/bitter_slow.json\n"))
    let written = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.contains(".condition-") }
    #expect(written.count == expected.count, "\(written)")

    // Each proposal does what it claims, as the evaluator explains it.
    for (rule, number) in expected {
      let e = dialrules("explain", "--format", "json", rules, "\(out)/\(rule).condition-\(number)-false.json")
      let root = try #require(try JSONSerialization.jsonObject(with: Data(e.out.utf8)) as? [String: Any])
      let explained = try #require((root["rules"] as? [[String: Any]])?.first { $0["id"] as? String == rule })
      let truths = try #require(explained["conditions"] as? [[String: Any]]).map { $0["truth"] as? String }
      #expect(truths.indices.allSatisfy { truths[$0] == ($0 == number - 1 ? "false" : "true") }, "\(rule): \(truths)")
      #expect(explained["truth"] as? String == "false")
    }

    let json = dialrules("test", "--coverage", "--format", "json", "--propose", out, rules, dir + "/fixtures")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let proposed = try #require(root["proposed_conditions"] as? [[String: Any]])
    let none = try #require(proposed.first { $0["rule"] as? String == "sour_hurried" && $0["condition"] as? Int == 3 })
    #expect(none["file"] is NSNull)
    #expect(none["shows"] as? String == "false")

    // With the proposals as fixtures (goldens written), only the implied condition is left.
    let update = dialrules("test", "--update", "--coverage", rules, dir + "/fixtures", out)
    #expect(update.status == 0, "\(update.out)")
    let coverage = try coverageJSON(
      dialrules("test", "--coverage", "--format", "json", rules, dir + "/fixtures", out).out)
    let left = try #require(coverage["condition_gaps"] as? [[String: Any]])
    #expect(left.count == 1, "\(left)")
    #expect(left.first?["rule"] as? String == "sour_hurried")
    #expect(left.first?["condition"] as? Int == 3)
  }
}
