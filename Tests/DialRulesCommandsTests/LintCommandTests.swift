import DialRulesTestSupport
import Foundation
import Testing

@Suite struct LintCommandTests {
  @Test func cleanDefaultRulesExitZeroWithSummary() {
    let r = dialrules("lint", "rules/espresso.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("rules/espresso.dialrules: 39 rules, "))
    #expect(r.out.contains("0 errors"))
  }

  /// A table whose inline examples fail is not clean: each failing example is an error (E001) at
  /// its line, in every format, unless `--no-examples` (issue 23: lint said "0 errors" where
  /// `test` showed 2 failing).
  @Test func failingInlineExamplesAreErrorsUnlessNoExamples() throws {
    let path = "Fixtures/lint/E001-failing-example.dialrules"
    let r = dialrules("lint", "--no-analysis", path)
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "\(path):12:3: error[E001]: example \"slow and sour\" of 'sour_fast' fails: expected 'grind finer 1 step', "
          + "found 'insufficient explicit'"), "\(r.err)")
    #expect(r.err.contains("\(path):20:3: error[E001]: example of 'sour_slow' fails"), "\(r.err)")
    #expect(!r.err.contains("\(path):9:3"), "the passing example is not reported")
    #expect(r.out.contains("2 errors"))
    let quiet = dialrules("lint", "--no-analysis", "--no-examples", path)
    #expect(quiet.status == 0, "\(quiet.err)")
    #expect(!quiet.err.contains("E001"))
    let json = dialrules("lint", "--no-analysis", "--format", "json", path)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    #expect(text.components(separatedBy: "\"E001\"").count - 1 >= 2, "\(json.out)")
    // The default rules' examples all pass.
    #expect(dialrules("lint", "--no-analysis", "rules/espresso.dialrules").status == 0)
  }

  @Test func errorsExitOneAndAreRenderedWithCaret() {
    let r = dialrules("lint", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 1)
    #expect(r.err.contains("T001-unit-mismatch.dialrules:5:20: error[T001]: comparison with '<': expected seconds"))
    #expect(r.err.contains("^^^^"))
  }

  @Test func warningsFailOnlyWhenStrict() {
    #expect(dialrules("lint", "Fixtures/diagnostics/C017-unused-let.dialrules").status == 0)
    #expect(dialrules("lint", "--strict", "Fixtures/diagnostics/C017-unused-let.dialrules").status == 1)
  }

  @Test func jsonFormatListsDiagnosticsWithPositions() throws {
    let r = dialrules("lint", "--format", "json", "Fixtures/diagnostics/C002-unknown-name.dialrules")
    #expect(r.status == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(root["errors"] as? Int == 1)
    let files = try #require(root["files"] as? [[String: Any]])
    let d = try #require((files.first?["diagnostics"] as? [[String: Any]])?.first)
    #expect(d["code"] as? String == "C002")
    #expect(d["line"] as? Int == 5)
    #expect(d["column"] as? Int == 8)
    #expect(d["help"] as? String == "did you mean 'shot.time'?")
  }

  @Test func unreadableFilesExitTwo() throws {
    let missing = dialrules("lint", "no/such/file.dialrules")
    #expect(missing.status == 2)
    #expect(missing.err == "no/such/file.dialrules: error: no such file\n")
  }

  /// A directory stands for every `*.dialrules` below it, sorted; the summaries say which were read.
  @Test func directoriesHoldRuleFiles() throws {
    let r = dialrules("lint", "rules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("rules/espresso.dialrules: "))
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    let good = "dialrules 1\nrule a\n when sour\n then grind finer\n because \"x\"\n"
    try good.write(toFile: dir + "/sub/b.dialrules", atomically: true, encoding: .utf8)
    try "dialrules 1\nrule a when\n".write(toFile: dir + "/a.dialrules", atomically: true, encoding: .utf8)
    let both = dialrules("lint", "--no-analysis", dir)
    #expect(both.status == 1)
    let summaries = both.out.split(separator: "\n").map { $0.prefix { $0 != ":" } }
    #expect(summaries == ["\(dir)/a.dialrules", "\(dir)/sub/b.dialrules"])
    #expect(both.err.contains("\(dir)/a.dialrules:3:1: error[P001]"), "\(both.err)")
  }

  @Test func readsStandardInput() {
    let r = dialrules("lint", "-", stdin: "dialrules 1\nrule a\n when sour\n then grind finer\n because \"x\"\n")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("<stdin>: 1 rule, 0 examples"))
  }

  @Test func usageErrorsExitSixtyFour() {
    let none = dialrules("lint")
    #expect(none.status == 64)
    #expect(none.err.contains("Error: missing rule files to lint"))
    #expect(none.err.contains("See 'dialrules lint --help'"))
    let bad = dialrules("lint", "--formt", "json", "x")
    #expect(bad.status == 64)
    #expect(bad.err.contains("did you mean '--format'?"))
    #expect(dialrules("lint", "--format", "xml", "x").status == 64)
  }

  @Test func helpGoesToStdoutAndExitsZero() {
    let r = dialrules("lint", "--help")
    #expect(r.status == 0)
    #expect(r.out.contains("USAGE: dialrules lint"))
    #expect(r.err.isEmpty)
  }

  /// The summary names at most ten rules without examples: it was one line of every id, however
  /// many thousands a generated table has.
  @Test func summaryNamesAtMostTenRulesWithoutExamples() throws {
    let dir = try temporaryDirectory()
    var text = "dialrules 1\nruleset \"t\"\n  otherwise no change\n"
    for i in 0..<25 { text += "rule r\(i)\n  when sour\n  then no change\n  because \"x\"\n" }
    try text.write(toFile: dir + "/many.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("lint", "--no-analysis", dir + "/many.dialrules")
    #expect(r.out.contains("(no example: r0, r1, r2, r3, r4, r5, r6, r7, r8, r9 and 15 more)"), "\(r.out)")
  }
}
