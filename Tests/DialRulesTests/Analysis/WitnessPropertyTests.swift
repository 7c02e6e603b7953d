import DialRulesTestSupport
import Testing

@testable import DialRules

/// Witness validity and exactness, as properties over generated tables (seeded SplitMix64, so a
/// failure reproduces): every witness gets the decision its finding claims, independently of the
/// analysis' own check; and random fully observed shots agree with the regions — a shot in a
/// reported gap or disagreement gets exactly that decision, and every gap or disagreement a shot
/// runs into was reported.
@Suite struct WitnessPropertyTests {
  /// Checks one finding's witness with the evaluator alone.
  static func verifyWitness(_ f: AnalysisFinding, _ rules: CompiledRules) {
    if f.regions.count > 1 {
      // A finding about several regions: each region's witness on its own.
      for one in f.perRegion { verifyWitness(one, rules) }
      return
    }
    let ids = f.rules.map { rules.rules[$0].id }
    guard let witness = f.witness else {
      #expect(["A005", "A006", "A008", "A009"].contains(f.code), "\(f.code) has no witness")
      return
    }
    guard let (shot, d) = AnalysisTestSupport.decideAfterRoundTrip(witness, rules) else {
      Issue.record("witness \(witness.jsonText) is not valid shot JSON")
      return
    }
    #expect(d == f.witnessDecision, "the printed decision is not the evaluator's")
    let explanation = Evaluator(rules).explain(shot)
    switch f.code {
    case "A001":
      // One finding per pair of actions: the witness is decided by rules of the finding, with
      // every action the finding is about.
      let actions = Set(f.rules.map { rules.rules[$0].action.ruleText })
      let deciding = rules.rules.filter { d.decidedBy.contains($0.id) }.map(\.action.ruleText)
      #expect(
        d.outcome == .insufficientEvidence(.conflict) && Set(d.decidedBy).isSubset(of: ids)
          && Set(deciding) == actions, "\(f.diagnostic.message)")
    case "A002":
      #expect(d.decidedBy.isEmpty && explanation.rules.allSatisfy { $0.truth == .no })
      #expect(d.outcome != .insufficientEvidence(.incomplete))
    case "A003":
      let r = f.rules[0]
      #expect(explanation.rules[r].truth == .yes)
      #expect(!(d.decidedBy.contains(ids[0]) && d.outcome != .insufficientEvidence(.conflict)))
    case "A004":
      // The rule decides here, and deleting it from the table changes nothing.
      #expect(d.decidedBy.contains(ids[0]))
      #expect(Evaluator(rules.removingRule(f.rules[0])).decide(shot).outcome == d.outcome)
    case "A007":
      #expect(d.outcome == .insufficientEvidence(.incomplete))
      #expect(ids.allSatisfy { d.decidedBy.contains($0) })
    default:
      Issue.record("unexpected witness on \(f.code)")
    }
  }

  // 1015 and 1025 once produced redundancy claims the evaluator refuted (a rule that only overrides a
  // rule with its own action); they stay as regressions. 104–106 and more run with
  // DIALRULES_LONG_TESTS=1 (`TestScale`).
  @Test(arguments: TestScale.seeds([101, 102, 103, 1015, 1025], longRunAdds: 40, from: 104))
  func witnessesAndRegionsAgreeWithTheEvaluator(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var seen: [String: Int] = [:]
    var completeTables = 0
    for _ in 0..<12 {
      let (_, _, rules) = try AnalysisTestSupport.randomTable(&rng, count: Int.random(in: 2...10, using: &rng))
      let analysis = Analyzer.analyze(rules)
      #expect(!analysis.findings.contains { $0.code == "A010" }, "a witness failed the analysis' own check")
      for f in analysis.findings {
        seen[f.code, default: 0] += 1
        Self.verifyWitness(f, rules)
      }
      try checkRegions(analysis, rules, &rng)
      if analysis.truncated.isEmpty { completeTables += 1 }
    }
    #expect(completeTables >= 6, "too few tables were checked without a limit cutting findings short")
    // Not vacuous: the generated tables do produce the findings this test checks.
    for code in ["A001", "A002", "A003"] { #expect(seen[code, default: 0] > 0, "no \(code) for seed \(seed)") }
  }

  /// Random shots against the analysis' universal claims.
  func checkRegions(_ analysis: Analysis, _ rules: CompiledRules, _ rng: inout SeededGenerator) throws {
    let evaluator = Evaluator(rules)
    let check = WitnessCheck(rules: rules, catalog: analysis.catalog)
    let otherwise = Combiner(rules).otherwise
    let gaps = analysis.findings.filter { $0.code == "A002" }
    let conflicts = analysis.findings.filter { $0.code == "A001" }
    let impossible = Set(analysis.findings.filter { $0.code == "A005" }.map { $0.rules[0] })
    let shadowed = Set(analysis.findings.filter { $0.code == "A003" }.map { $0.rules[0] })
    let ineffective = analysis.findings.filter { $0.code == "A006" }.map { ($0.rules[0], $0.rules[1]) }
    // A limit may leave regions unreported (and says so); completeness is only claimed without one.
    let gapsComplete = !analysis.truncated.contains("A002")
    let conflictsComplete = !analysis.truncated.contains("A001")
    // A finding about several regions (one disagreement in several places) claims each of them.
    func contains(_ f: AnalysisFinding, _ shot: ShotRecord) -> Bool {
      let boxes = f.regions.isEmpty ? (f.region.map { [$0] } ?? []) : f.regions.map(\.box)
      return boxes.contains { check.contains($0, shot) }
    }
    for _ in 0..<150 {
      let shot = AnalysisTestSupport.fullShot(&rng)
      let e = evaluator.explain(shot)
      let d = e.decision
      let truths = e.rules.map(\.truth)
      #expect(!truths.contains(.unknown), "a fully observed shot left a rule unknown")
      let noRule = truths.allSatisfy { $0 == .no }
      let inGap = gaps.contains { contains($0, shot) }
      if analysis.complete {
        if inGap { #expect(noRule && d.outcome == otherwise, "a shot in a reported gap matched a rule") }
        if noRule && gapsComplete { #expect(inGap, "a shot no rule matches is in no reported gap: \(shot.jsonText)") }
        for f in conflicts where contains(f, shot) {
          // The rules deciding are those of the region the shot is in (its witness's).
          let holding = f.regions.isEmpty ? [] : f.regions.filter { check.contains($0.box, shot) }
          let expected = holding.first?.witnessDecision?.decidedBy ?? f.rules.map { rules.rules[$0].id }
          #expect(
            d.outcome == .insufficientEvidence(.conflict) && Set(d.decidedBy) == Set(expected),
            "a shot in a reported disagreement decided \(d.outcome)")
        }
        if d.outcome == .insufficientEvidence(.conflict) && conflictsComplete {
          let group = Set(d.decidedBy)
          let regions = conflicts.filter { group.isSubset(of: $0.rules.map { rules.rules[$0].id }) }
          #expect(!regions.isEmpty, "an unreported disagreement among \(d.decidedBy.sorted())")
          #expect(regions.contains { contains($0, shot) })
        }
        for r in shadowed {
          #expect(!(d.decidedBy.contains(rules.rules[r].id) && d.outcome != .insufficientEvidence(.conflict)))
        }
      }
      for r in impossible { #expect(truths[r] != .yes, "an impossible rule matched") }
      for (a, b) in ineffective {
        #expect(!(truths[a] == .yes && truths[b] == .yes), "an ineffective override applied")
      }
    }
  }

  /// A rule reported redundant can be deleted without changing any decision of a fully observed
  /// shot. Where no `overrides` names or is named by it, the rule is deleted from the text and the
  /// table compiled again (independent of the analysis); otherwise `removingRule` drops it and
  /// the `overrides` naming it.
  @Test(arguments: TestScale.seeds([201, 202], longRunAdds: 20, from: 203))
  func removingARedundantRuleChangesNoDecision(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var checked = 0
    for _ in 0..<25 {
      let (text, parts, rules) = try AnalysisTestSupport.randomTable(&rng, count: Int.random(in: 3...9, using: &rng))
      let analysis = Analyzer.analyze(rules)
      for f in analysis.findings where f.code == "A004" {
        let r = f.rules[0]
        let id = rules.rules[r].id
        let standalone = rules.rules[r].overrides.isEmpty && rules.rules[r].overriddenBy.isEmpty
        let reduced =
          standalone ? try compileValid(text.replacingOccurrences(of: parts[r], with: "")) : rules.removingRule(r)
        #expect(reduced.rules.count == rules.rules.count - 1)
        for _ in 0..<100 {
          let shot = AnalysisTestSupport.fullShot(&rng)
          #expect(
            Evaluator(rules).decide(shot).outcome == Evaluator(reduced).decide(shot).outcome,
            "removing redundant '\(id)' changed a decision")
        }
        checked += 1
      }
    }
    #expect(checked > 0, "no redundant rule was found to check")
  }
}
