import DialRules
import DialRulesTestSupport
import Foundation
import Testing

/// `RuleSet`, `DiagnosticList` and `DiagnosticRenderer` as an app uses them: only public API.
@Suite struct RuleSetTests {
  static let rulesPath = "rules/espresso.dialrules"

  /// The shipped rule file, compiled under its repository path so places match the goldens.
  static func shippedRules() throws -> RuleSet {
    try RuleSet.compile(PackageRoot.read(rulesPath), path: rulesPath).get()
  }

  /// The fixture shots of the default rules (throws when the folder is missing or empty).
  static func fixtureShots() throws -> [String] { try Corpus.files(in: "Fixtures/shots", suffix: ".json") }

  @Test func theDefaultTableIsTheShippedFile() throws {
    let shipped = try Self.shippedRules()
    let builtIn = RuleSet.defaultEspresso
    #expect(builtIn.ruleIDs == shipped.ruleIDs)
    #expect(builtIn.contentHash == shipped.contentHash)
    #expect(builtIn.name == "espresso")
    #expect(builtIn.warnings.isEmpty)
    #expect(builtIn.ruleIDs.count >= 16)
  }

  @Test func thereAreFixtureShots() throws {
    #expect(try Self.fixtureShots().count >= 50)
  }

  /// Every fixture shot, read with `ShotRecord.parseJSON` and decided and explained through the
  /// front door, gives exactly the decision JSON and explanation text the CLI goldens hold.
  @Test func theFrontDoorGivesTheGoldenDecisionsAndExplanations() throws {
    let rules = try Self.shippedRules()
    // Goldens name the rule file by its file name alone (docs/testing-rules.md §3).
    let named = SourceFile(path: "espresso.dialrules", bytes: rules.source.bytes)
    var compared = 0
    let shots = try Self.fixtureShots()
    for relative in shots {
      let shot = try ShotRecord.parseJSON(SourceFile(path: relative, bytes: PackageRoot.bytes(relative))).get()
      let decision = try PackageRoot.read(relative + ".decision").trimmingCharacters(in: .newlines)
      let explanation = try PackageRoot.read(relative + ".explain")
      #expect(rules.decide(shot).jsonText == decision, "\(relative)")
      let why = rules.explain(shot)
      #expect(why.decision == rules.decide(shot), "\(relative)")
      #expect(why.text(rulesFile: named) == explanation, "\(relative)")
      compared += 1
    }
    #expect(compared == shots.count)
  }

  @Test func explanationJSONExtendsTheDecisionJSON() throws {
    let rules = RuleSet.defaultEspresso
    let shot = ShotRecord(
      id: "s", recipe: .init(doseG: 18, yieldG: 36, timeS: 28),
      shot: .init(doseG: 18, yieldG: 36, timeS: 21, taste: [.sour]))
    let json = rules.explain(shot).jsonText(rulesFile: rules.source)
    let decision = rules.decide(shot).jsonText
    #expect(json.hasPrefix(String(decision.dropLast())))
    #expect(json.contains(#""rules_path":"<built-in>/espresso.dialrules""#))
    #expect(json.contains(#""id":"sour_fast","status":"matched""#))
  }

  @Test func aBrokenFileFailsWithEveryErrorInOrder() throws {
    let text = """
      dialrules 1
      rule a
        when sour and
        then grind finer 1 step
      rule b
        when bitter
        then grind sideways 1 step
      """
    let result = RuleSet.compile(text, path: "broken.dialrules")
    guard case .failure(let problems) = result else {
      Issue.record("a broken file compiled")
      return
    }
    #expect(problems.hasErrors)
    #expect(problems.count >= 2)
    #expect(problems.source.path == "broken.dialrules")
    let starts = problems.map(\.span.start)
    #expect(starts == starts.sorted())
    // `description` is the renderer's text: one header per diagnostic, each with its place.
    let rendered = DiagnosticRenderer().render(problems)
    #expect(problems.description == rendered)
    let headers = rendered.split(separator: "\n").filter { $0.hasPrefix("broken.dialrules:") && $0.contains("[") }
    #expect(headers.count == problems.count)
    #expect(rendered.contains("broken.dialrules:4:3: error[P001]"))
    #expect(rendered.contains("broken.dialrules:7:14: error[P001]"))
  }

  /// The analysis of the reference table (version 1 of the default rules, `Fixtures/reference`)
  /// has 6 findings, two of them (A002, one per region) sharing a code and a place; the renderer
  /// shows every one (it used to merge such pairs). Its two disagreements of 'yield -2 g' with
  /// 'grind coarser 1 step' are one A001 finding with two regions.
  @Test func theRendererShowsEveryAnalysisFinding() throws {
    let path = "Fixtures/reference/reference-table.dialrules"
    let rules = try RuleSet.compile(PackageRoot.read(path), path: path).get()
    let findings = rules.analyze()
    #expect(findings.count == 6)
    #expect(findings.allSatisfy { $0.code.hasPrefix("A") && $0.severity == .info })
    let places = findings.map { "\($0.code)@\($0.span.start)" }
    #expect(Set(places).count < places.count, "the reference table's findings no longer share a place")
    let rendered = DiagnosticRenderer().render(findings, in: rules.source)
    let headers = rendered.split(separator: "\n").filter { $0.hasPrefix(path + ":") && $0.contains("info[A") }
    #expect(headers.count == 6)
  }

  @Test func aDiagnosticListIsNeverEmpty() {
    #expect(DiagnosticList([], in: SourceFile(path: "x", text: "")) == nil)
  }

  @Test func warningsDoNotStopCompiling() throws {
    // An unused `let` is a warning, not an error.
    let text = """
      dialrules 1
      let unused = shot.time - recipe.time
      rule a
        when sour
        then grind finer 1 step
        because "sour is under-extracted"
      """
    let rules = try RuleSet.compile(text).get()
    #expect(rules.warnings.contains { $0.severity == .warning })
    #expect(!rules.warnings.contains { $0.isError })
  }
}
