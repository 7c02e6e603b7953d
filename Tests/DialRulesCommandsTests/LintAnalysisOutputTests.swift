import DialRules
import DialRulesTestSupport
import Foundation
import Testing

/// `lint`'s analysis output for tools: SARIF, JSON, witness files, fail levels, `--no-analysis`.
@Suite struct LintAnalysisOutputTests {
  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// A minimal SARIF 2.1.0 log with everything code hosts read to annotate a pull request.
  @Test func sarifIsAValidMinimalLog() throws {
    let r = dialrules(
      "lint", "--format", "sarif", "rules/espresso.dialrules", "Fixtures/lint/A005-impossible.dialrules")
    #expect(r.status == 1)
    let log = try Self.json(r.out)
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "dialrules")
    let ruleIDs = Set(((driver["rules"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count > 5)
    for result in results {
      let id = try #require(result["ruleId"] as? String)
      #expect(ruleIDs.contains(id), "rule \(id) is not described in the driver")
      #expect(["note", "warning", "error"].contains(result["level"] as? String))
      #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let location = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let uri = (location["artifactLocation"] as? [String: Any])?["uri"] as? String
      #expect(uri == "rules/espresso.dialrules" || uri == "Fixtures/lint/A005-impossible.dialrules")
      let region = try #require(location["region"] as? [String: Any])
      for key in ["startLine", "startColumn", "endLine", "endColumn"] {
        #expect((region[key] as? Int ?? 0) >= 1, "\(key) missing or not positive")
      }
    }
    #expect(results.contains { $0["ruleId"] as? String == "A005" && $0["level"] as? String == "error" })
    #expect(results.contains { $0["ruleId"] as? String == "A001" && $0["level"] as? String == "note" })
  }

  @Test func jsonCarriesRegionAndWitness() throws {
    let r = dialrules("lint", "--format", "json", "rules/espresso.dialrules")
    #expect(r.status == 0)
    let root = try Self.json(r.out)
    let file = try #require((root["files"] as? [[String: Any]])?.first)
    let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
    let conflict = try #require(diagnostics.first { ($0["rules"] as? [String]) == ["harsh", "strong"] })
    #expect(conflict["code"] as? String == "A001")
    #expect((conflict["region"] as? String)?.hasPrefix("taste has harsh and strong") == true)
    let witness = try #require(conflict["witness"] as? [String: Any])
    #expect(witness["id"] as? String == "A001-harsh-strong-1")
    let decision = try #require(conflict["witness_decision"] as? [String: Any])
    #expect(decision["decided_by"] as? [String] == ["harsh", "strong"])
    #expect((file["analysis"] as? [String: Any])?["complete"] as? Bool == true)
  }

  @Test func failLevels() {
    let rules = "rules/espresso.dialrules"
    #expect(dialrules("lint", rules).status == 0)
    #expect(dialrules("lint", "--fail-level", "warning", rules).status == 0)
    #expect(dialrules("lint", "--fail-level", "info", rules).status == 1)
    let gap = "Fixtures/lint/A002-gap-undeclared-otherwise.dialrules"
    #expect(dialrules("lint", gap).status == 0)
    #expect(dialrules("lint", "--strict", gap).status == 1)
    #expect(dialrules("lint", "--strict", "--fail-level", "error", gap).status == 0)
    #expect(dialrules("lint", "--fail-level", "fatal", gap).status == 64)
  }

  @Test func noAnalysisSkipsFindings() {
    let r = dialrules("lint", "--no-analysis", "Fixtures/lint/A005-impossible.dialrules")
    #expect(r.status == 0)
    #expect(!r.err.contains("[A0"))
  }

  /// Witness files are pretty shot JSON v1 named after their finding, and read back to the shot
  /// the finding printed.
  @Test func witnessDirectoryHoldsReadableFixtures() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = dialrules("lint", "--witness-dir", dir, "rules/espresso.dialrules")
    #expect(r.status == 0, "\(r.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(
      names == [
        "A001-bitter_on_time-harsh-1.json", "A001-harsh-strong-1.json", "A001-harsh-thin_not_fast-1.json",
        "A001-strong-balanced-1.json", "A001-thin_fast-back_off_after_finer-1.json", "A002-no-rule-1.json",
        "A002-no-rule-2.json",
      ])
    let rules = try #require(
      RuleCompiler.compile(SourceFile(path: "r", text: try PackageRoot.read("rules/espresso.dialrules"))).rules)
    for name in names {
      let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
      #expect(text.hasPrefix("{\n  \"format\": \"dialrules-shot\",\n  \"version\": 1,\n"))
      guard case .success(let shot) = ShotJSONReader.read(SourceFile(path: name, text: text)) else {
        Issue.record("\(name) is not valid shot JSON")
        continue
      }
      #expect(shot.id.map { $0 + ".json" } == name)
      let decision = Evaluator(rules).decide(shot)
      if name.hasPrefix("A001") { #expect(decision.outcome == .insufficientEvidence(.conflict)) }
      if name.hasPrefix("A002") { #expect(decision.outcome == .insufficientEvidence(.noRule)) }
    }
  }

  @Test func requiredAgreementFailsTheRun() {
    let r = dialrules("lint", "Fixtures/lint/A001-required-agreement.dialrules")
    #expect(r.status == 1)
    #expect(r.err.contains("error[A001]"))
    #expect(r.err.contains("the ruleset requires agreement"))
  }
}
