import DialRules
import DialRulesCommands
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
      "lint", "--format", "sarif", "Fixtures/reference/reference-table.dialrules",
      "Fixtures/lint/A005-impossible.dialrules")
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
      #expect(uri == "Fixtures/reference/reference-table.dialrules" || uri == "Fixtures/lint/A005-impossible.dialrules")
      let region = try #require(location["region"] as? [String: Any])
      for key in ["startLine", "startColumn", "endLine", "endColumn"] {
        #expect((region[key] as? Int ?? 0) >= 1, "\(key) missing or not positive")
      }
    }
    #expect(results.contains { $0["ruleId"] as? String == "A005" && $0["level"] as? String == "error" })
    #expect(results.contains { $0["ruleId"] as? String == "A001" && $0["level"] as? String == "note" })
  }

  /// Every finding with a region carries it as data in JSON (`region_data`, on each of its
  /// `regions` too) and in SARIF `properties` (`regionData`, `regions`), with the members the
  /// schema (docs/schema/region.schema.json) allows and nothing else.
  @Test func regionsAreDataInJSONAndSARIF() throws {
    let table = "Fixtures/reference/reference-table.dialrules"
    let root = try Self.json(dialrules("lint", "--format", "json", table).out)
    let file = try #require((root["files"] as? [[String: Any]])?.first)
    let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
    var seen = 0
    for d in diagnostics where ["A001", "A002", "A003", "A004", "A007"].contains(d["code"] as? String ?? "") {
      let data = try #require(d["region_data"] as? [String: Any], "\(d["code"] ?? "") has no region_data")
      #expect(Set(data.keys).isSubset(of: ["tags", "adjustment", "numeric", "legend"]))
      for axis in data["numeric"] as? [[String: Any]] ?? [] {
        let intervals = try #require(axis["intervals"] as? [[String: Any]])
        #expect(intervals.allSatisfy { $0["lower"] is String || $0["lower"] is NSNull })
        #expect(intervals.allSatisfy { $0["lower_closed"] is Bool && $0["upper_closed"] is Bool })
        #expect((axis["value"] as? [String: Any])?["terms"] is [Any])
      }
      for region in d["regions"] as? [[String: Any]] ?? [] { #expect(region["region_data"] is [String: Any]) }
      seen += 1
    }
    #expect(seen >= 6)
    let log = try Self.json(dialrules("lint", "--format", "sarif", table).out)
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let analysed = results.filter { ["A001", "A002"].contains($0["ruleId"] as? String ?? "") }
    #expect(!analysed.isEmpty)
    for result in analysed {
      let properties = try #require(result["properties"] as? [String: Any])
      #expect(properties["regionData"] is [String: Any])
    }
    let several = try Self.json(
      dialrules("lint", "--format", "sarif", "Fixtures/lint/A001-several-regions.dialrules").out)
    let severalResults = try #require(
      (several["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let regions = severalResults.compactMap { ($0["properties"] as? [String: Any])?["regions"] as? [[String: Any]] }
    #expect(regions.contains { $0.count > 1 && $0.allSatisfy { $0["regionData"] is [String: Any] } })
  }

  /// Every SARIF rule carries its name and a `helpUri` to its section of the docs.
  @Test func sarifRulesHaveNamesAndHelp() throws {
    let r = dialrules(
      "lint", "--format", "sarif", "Fixtures/reference/reference-table.dialrules",
      "Fixtures/diagnostics/C002-unknown-name.dialrules")
    let run = try #require((try Self.json(r.out)["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let byID = Dictionary(uniqueKeysWithValues: rules.map { ($0["id"] as? String ?? "", $0) })
    #expect(byID["A001"]?["name"] as? String == "disagreement")
    #expect(byID["A001"]?["helpUri"] as? String == "docs/analysis.md#a001--disagreement")
    #expect(byID["C002"]?["name"] as? String == "unknown name or tag")
    #expect(byID["C002"]?["helpUri"] as? String == "docs/diagnostics.md#c002--unknown-name-or-tag")
    let absolute = dialrules(
      "lint", "--format", "sarif", "--docs-url", "https://example.org/dialrules/docs",
      "Fixtures/reference/reference-table.dialrules")
    #expect(absolute.out.contains(#""helpUri": "https://example.org/dialrules/docs/analysis.md#a002--gap""#))
  }

  /// Every code's name and help link: the name is its heading in the docs, and the anchor exists.
  @Test func everyCodeHasANameAndAnExistingHelpAnchor() throws {
    var anchors: [String: Set<String>] = [:]
    for doc in ["docs/analysis.md", "docs/diagnostics.md"] {
      anchors[doc] = Set(
        try PackageRoot.read(doc).split(separator: "\n").filter { $0.hasPrefix("#") }.map {
          DiagnosticNames.anchor(String($0.drop { $0 == "#" }.dropFirst()))
        })
    }
    let documented = Set(
      try PackageRoot.read("docs/diagnostics.md").split(separator: "\n").filter { $0.hasPrefix("### ") }.map {
        String($0.dropFirst(4).prefix(4))
      })
    let named = Set(DiagnosticNames.all.map(\.code))
    #expect(
      documented.subtracting(named).isEmpty,
      "add these codes, with the words of their heading, to DiagnosticNames: \(documented.subtracting(named).sorted())")
    #expect(
      named.subtracting(documented).isEmpty, "named but not documented: \(named.subtracting(documented).sorted())")
    for entry in DiagnosticNames.all {
      let link = DiagnosticNames.helpLink(entry.code)
      let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
      #expect(parts.count == 2 && anchors["docs/" + parts[0]]?.contains(parts[1]) == true, "\(entry.code): \(link)")
      #expect(!entry.name.isEmpty)
    }
    #expect(DiagnosticNames.name("A002") == "gap")
    #expect(DiagnosticNames.anchor("A001 — disagreement") == "a001--disagreement")
    #expect(
      DiagnosticNames.anchor("7. Output for tools, fail levels, witness files")
        == "7-output-for-tools-fail-levels-witness-files")
  }

  /// `--format github`: one workflow command per diagnostic, properties and message escaped.
  @Test func githubAnnotations() throws {
    let dir = try temporaryDirectory() + "/we,ird:dir%"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try "dialrules 1\nrule a\n  when sour % bitter\n  then grind finer\n  because \"x\"\n".write(
      toFile: dir + "/r.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("lint", "--format", "github", dir + "/r.dialrules")
    #expect(r.status == 1)
    let shown = dir.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ",", with: "%2C")
      .replacingOccurrences(of: ":", with: "%3A")
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first
        == "::error file=\(shown)/r.dialrules,line=3,col=13,endLine=3,endColumn=13,title=L001::unexpected character '%25'",
      "\(r.out)")
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("::error ") }, "\(r.out)")
    #expect(lines.last == "")
    #expect(r.err.isEmpty)
    // Info becomes a notice; notes and help follow the message, on lines joined by %0A.
    let info = dialrules("lint", "--format", "github", "Fixtures/reference/reference-table.dialrules")
    #expect(info.status == 0)
    #expect(info.out.hasPrefix("::notice file=Fixtures/reference/reference-table.dialrules,line="), "\(info.out)")
    #expect(
      info.out.contains(
        ",title=A001::rules 'harsh' and 'strong' disagree where both match, so the table abstains (conflict)%0Anote: "))
    #expect(GitHubAnnotations.property("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce")
    #expect(GitHubAnnotations.data("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e")
  }

  @Test func jsonCarriesRegionAndWitness() throws {
    let r = dialrules("lint", "--format", "json", "Fixtures/reference/reference-table.dialrules")
    #expect(r.status == 0)
    let root = try Self.json(r.out)
    let file = try #require((root["files"] as? [[String: Any]])?.first)
    let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
    let conflict = try #require(diagnostics.first { ($0["rules"] as? [String]) == ["harsh", "strong"] })
    #expect(conflict["code"] as? String == "A001")
    #expect(conflict["name"] as? String == "disagreement")
    #expect(diagnostics.contains { $0["code"] as? String == "A002" && $0["name"] as? String == "gap" })
    #expect((conflict["region"] as? String)?.hasPrefix("taste has harsh and strong") == true)
    let witness = try #require(conflict["witness"] as? [String: Any])
    #expect(witness["id"] as? String == "A001-harsh-strong-1")
    let decision = try #require(conflict["witness_decision"] as? [String: Any])
    #expect(decision["decided_by"] as? [String] == ["harsh", "strong"])
    #expect((file["analysis"] as? [String: Any])?["complete"] as? Bool == true)
  }

  @Test func failLevels() {
    let rules = "Fixtures/reference/reference-table.dialrules"
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
    let r = dialrules("lint", "--witness-dir", dir, "Fixtures/reference/reference-table.dialrules")
    #expect(r.status == 0, "\(r.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(
      names == [
        // 'bitter_on_time' and 'thin_not_fast' both say 'yield -2 g' against 'harsh': one pair of
        // actions, one finding with two regions.
        "A001-bitter_on_time-harsh-1.json", "A001-bitter_on_time-harsh-2.json", "A001-harsh-strong-1.json",
        "A001-strong-balanced-1.json", "A001-thin_fast-back_off_after_finer-1.json", "A002-no-rule-1.json",
        "A002-no-rule-2.json",
      ])
    let rules = try #require(
      RuleCompiler.compile(
        SourceFile(path: "r", text: try PackageRoot.read("Fixtures/reference/reference-table.dialrules"))
      ).rules)
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
