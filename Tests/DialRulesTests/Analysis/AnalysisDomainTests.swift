import DialRulesTestSupport
import Testing

@testable import DialRules

/// The analysed space is exactly the shots shot JSON can hold (issue 15, items 5–8): its bounds
/// and its 9 decimals decide what is impossible; witnesses reach its extremes; non-linear values
/// compared with constants are axes of their own; findings come one per thing to fix; regions
/// read exactly.
@Suite struct AnalysisDomainTests {
  static func analysis(_ body: String) throws -> (CompiledRules, Analysis) {
    let rules = try compileValid(rulesText(body))
    return (rules, Analyzer.analyze(rules))
  }

  static func codes(_ a: Analysis) -> [String] { a.findings.map(\.code) }

  // MARK: - Item 5: shot JSON's domain

  /// `shot.time` is at most 600 s and `recipe.time` at least 0.000000001 s, so `dt` never exceeds
  /// 599.999999999 s: a rule that needs more is impossible, not a gap and a flood of A009.
  @Test func aConditionBeyondTheBoundsIsImpossible() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule beyond
        when dt > 599.999999999 s
        then no change
        because "x"
      """)
    #expect(Self.codes(a).contains("A005"))
    #expect(!Self.codes(a).contains("A009"))
    // The gap is the whole space, said as such.
    #expect(a.findings.first { $0.code == "A002" }?.regionText == "every fully observed shot")
  }

  /// Over fully observed shots `x is known` is always true, but a shot without `x` is valid: a
  /// rule that tests `not x is known` is not impossible, and the evaluator shows a shot it matches.
  /// A rule that stays false without the observation too is still reported.
  @Test func aRuleTrueOnlyWithoutAnObservationIsNotImpossible() throws {
    let (rules, a) = try Self.analysis(
      """
      rule no_time
        when not shot.time is known
        then insufficient "Time the shot."
        because "x"
      rule no_time_but_long
        when not shot.time is known and shot.time > 5 s
        then no change
        because "x"
      """)
    let impossible = a.findings.filter { $0.code == "A005" }
    #expect(impossible.map(\.base.message) == ["the condition of rule 'no_time_but_long' can never be true"])
    let shot = try ShotJSONReader.read(
      SourceFile(
        path: "no-time.json",
        text: #"{"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36,"time_s":28},"#
          + #""shot":{"dose_g":18,"yield_g":36}}"#)
    ).get()
    let explanation = Evaluator(rules).explain(shot)
    #expect(explanation.rules.first { $0.id == "no_time" }?.truth == .yes)
    #expect(explanation.rules.first { $0.id == "no_time_but_long" }?.truth == .unknown)
  }

  /// Values have at most 9 decimals: no `dt` lies strictly between 3 s and 3.000000001 s.
  @Test func aConditionBetweenTwoNeighbouringDecimalsIsImpossible() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule between_neighbours
        when dt > 3 s and dt < 3.000000001 s
        then no change
        because "x"
      """)
    #expect(Self.codes(a).contains("A005"))
  }

  /// A disagreement that needs a ratio of at most 0.0000000001 and a yield below 0.00000002 g
  /// exists (100 g in, 0.00000001 g out); its witness is found and checked.
  @Test func witnessesReachTheExtremesOfShotJSON() throws {
    let (rules, a) = try Self.analysis(
      """
      rule tiny_ratio
        when shot.ratio * 10 <= 0.000000001
        then grind finer
        because "x"
      rule tiny_yield
        when shot.yield < 0.00000002 g
        then grind coarser
        because "x"
      """)
    let conflict = try #require(a.findings.first { $0.code == "A001" }, "\(Self.codes(a))")
    let witness = try #require(conflict.witness)
    #expect(witness.shot?.doseG == num("100") && witness.shot?.yieldG == num("0.00000001"))
    #expect(Evaluator(rules).decide(witness).outcome == .insufficientEvidence(.conflict))
    #expect(!Self.codes(a).contains("A009"))
  }

  /// A region whose axes share an observation and cannot all take their values at once: the
  /// A009 says so, not that it lies "beyond the bounds" (it does not).
  @Test func anUnrealisableRegionSaysWhatIsTrue() throws {
    let (_, a) = try Self.analysis(
      """
      let dy = shot.yield - recipe.yield
      rule huge_ratio
        when shot.ratio / 1000 > 499999999.999
        then grind finer
        because "x"
      rule short
        when dy < -1 g
        then grind coarser
        because "x"
      """)
    let incomplete = try #require(a.findings.first { $0.code == "A009" }, "\(Self.codes(a))")
    #expect(!(incomplete.base.help ?? "").contains("beyond the bounds"))
    #expect(incomplete.base.help?.contains("shot.yield") == true, "\(incomplete.base.help ?? "")")
  }

  // MARK: - Item 6: non-linear values compared with constants

  /// The natural ratio rule: `shot.ratio - recipe.ratio` is its own axis, with exact witnesses.
  @Test func aRatioDifferenceIsAnAxis() throws {
    let (rules, a) = try Self.analysis(
      """
      let dr = shot.ratio - recipe.ratio
      rule long
        when dr > 0.2
        then yield -2 g
        because "x"
      rule short
        when shot.ratio < recipe.ratio - 0.2
        then yield +2 g
        because "x"
      rule over
        when sour and shot.ratio > recipe.ratio
        then grind finer
        because "x"
      """)
    #expect(a.notAnalysed == [nil, nil, nil], "\(a.notAnalysed)")
    #expect(a.catalog.numeric.map(\.label) == ["dr"])
    let gap = try #require(a.findings.first { $0.code == "A002" })
    #expect(gap.regionText == "taste has no sour; -0.2 ≤ dr ≤ 0.2 (where dr = shot.ratio - recipe.ratio)")
    let conflict = try #require(a.findings.first { $0.code == "A001" })
    #expect(conflict.regionText?.contains("dr > 0.2") == true)
    let witness = try #require(conflict.witness)
    #expect(Evaluator(rules).decide(witness).outcome == .insufficientEvidence(.conflict))
    #expect(!Self.codes(a).contains("A008") && !Self.codes(a).contains("A009"))
  }

  /// A rule that cannot be analysed (a square is solved for no single observation) leaves the
  /// table-wide checks on where its condition is settled without it: here wherever there is no
  /// channeling, harsh and strong disagree and sour shots match no rule.
  @Test func oneUnanalysedRuleDoesNotSilenceTheOthers() throws {
    let (_, a) = try Self.analysis(
      """
      rule squared
        when channeling and shot.ratio * shot.ratio > 4
        then insufficient "odd"
        because "x"
      rule harsh
        when harsh
        then grind coarser
        because "x"
      rule strong
        when strong
        then yield +2 g
        because "x"
      """)
    #expect(a.notAnalysed[0] != nil && a.notAnalysed[1] == nil && a.notAnalysed[2] == nil)
    let conflict = try #require(a.findings.first { $0.code == "A001" }, "\(Self.codes(a))")
    #expect(conflict.regionText?.contains("no channeling") == true, "\(conflict.regionText ?? "")")
    #expect(Self.codes(a).contains("A002"))
    #expect(!Self.codes(a).contains("A010"))
  }

  /// Generated tables where some rules are not analysed (a square of the ratio, which the analysis
  /// cannot solve, standing for a bound on the ratio, and one more rule on the square): what is
  /// still reported must hold for every shot — a shot in a reported gap matches no rule, one in a
  /// reported disagreement gets exactly that conflict, a shadowed rule never decides, and removing
  /// a redundant rule changes no decision. Checked with random fully observed shots and the
  /// evaluator, not the analysis.
  @Test(arguments: TestScale.seeds([501, 502, 503], longRunAdds: 20, from: 504))
  func partlyAnalysedTablesReportOnlyWhatHolds(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var checked: [String: Int] = [:]
    var tablesWithUnanalysed = 0
    for _ in 0..<16 {
      let table = PropertyTests.randomTable(&rng, count: Int.random(in: 2...8, using: &rng))
      let body = table.rules.joined(separator: "\n").replacingOccurrences(
        of: "shot.ratio < 1.8", with: "shot.ratio * shot.ratio < 3.24")
      let square =
        "rule square\n  when channeling and shot.ratio * shot.ratio > 4.41\n  then yield -2 g\n  because \"x\"\n"
      let rules = try compileValid(table.header + body + "\n" + square)
      let analysis = Analyzer.analyze(rules)
      #expect(analysis.notAnalysed.last != nil)
      #expect(!analysis.complete, "completeness claimed with a rule not analysed")
      #expect(!Self.codes(analysis).contains("A010"))
      tablesWithUnanalysed += 1
      let evaluator = Evaluator(rules)
      let check = WitnessCheck(rules: rules, catalog: analysis.catalog)
      func boxes(_ f: AnalysisFinding) -> [Box] {
        f.regions.isEmpty ? (f.region.map { [$0] } ?? []) : f.regions.map(\.box)
      }
      let otherwise = Combiner(rules).otherwise
      for _ in 0..<200 {
        let shot = AnalysisTestSupport.fullShot(&rng)
        let explanation = evaluator.explain(shot)
        let d = explanation.decision
        for f in analysis.findings {
          switch f.code {
          case "A002" where boxes(f).contains { check.contains($0, shot) }:
            checked["A002", default: 0] += 1
            #expect(explanation.rules.allSatisfy { $0.truth == .no } && d.outcome == otherwise, "\(shot.jsonText)")
          case "A001" where boxes(f).contains { check.contains($0, shot) }:
            checked["A001", default: 0] += 1
            // One finding per pair of actions: the rules deciding are those of the region it is in.
            let regions = f.regions.isEmpty ? [] : f.regions.filter { check.contains($0.box, shot) }
            let expected = regions.first?.witnessDecision?.decidedBy ?? f.rules.map { rules.rules[$0].id }
            #expect(
              d.outcome == .insufficientEvidence(.conflict) && Set(d.decidedBy) == Set(expected),
              "\(shot.jsonText)")
          case "A003":
            checked["A003", default: 0] += 1
            let id = rules.rules[f.rules[0]].id
            #expect(!(d.decidedBy.contains(id) && d.outcome != .insufficientEvidence(.conflict)))
          case "A004":
            checked["A004", default: 0] += 1
            #expect(Evaluator(rules.removingRule(f.rules[0])).decide(shot).outcome == d.outcome)
          default: break
          }
        }
      }
    }
    #expect(tablesWithUnanalysed == 16)
    // Not vacuous: with rules not analysed, gaps and disagreements are still found and hit.
    for code in ["A001", "A002", "A003"] { #expect(checked[code, default: 0] > 0, "no \(code) checked, seed \(seed)") }
  }

  // MARK: - Item 7: one finding per thing to fix

  /// Two rules that disagree in two separate regions (harsh and fast; harsh and sour, both strong).
  static let disagreeInTwoRegions = """
    let dt = shot.time - recipe.time
    rule harsh_fast_or_sour
      when harsh and (dt < -3 s or sour)
      then grind coarser
      because "x"
    rule strong
      when strong
      then yield +2 g
      because "x"
    """

  /// Two rules that disagree in two separate regions give one A001, listing both regions.
  @Test func oneDisagreementPerGroup() throws {
    let (_, a) = try Self.analysis(Self.disagreeInTwoRegions)
    let conflicts = a.findings.filter { $0.code == "A001" }
    #expect(conflicts.count == 1)
    let finding = try #require(conflicts.first)
    #expect(finding.regions.count == 2)
    #expect(finding.base.message.contains("2 regions"), "\(finding.base.message)")
    #expect(finding.regions.allSatisfy { $0.witness != nil })
  }

  /// `lint --shots` weighs a disagreement in several regions region by region: a shot in the
  /// second region is counted there, not lost because the finding's first region is elsewhere.
  @Test func shotsAreWeighedInEveryRegionOfAFinding() throws {
    let (_, a) = try Self.analysis(Self.disagreeInTwoRegions)
    let conflict = try #require(a.findings.first { $0.code == "A001" })
    #expect(conflict.perRegion.count == 2)
    let second = try #require(conflict.regions.dropFirst().first)
    let shot = ShotRecord(
      id: "s", recipe: .init(doseG: num("18"), yieldG: num("36"), timeS: num("28")),
      shot: .init(doseG: num("18"), yieldG: num("36"), timeS: num("28"), taste: TagSet([.harsh, .sour, .strong])))
    let weights = a.weigh([shot])
    #expect(weights.placed == 1)
    let hit = try #require(weights.regions.first)
    #expect(hit.shots == [0] && hit.finding.code == "A001")
    #expect(hit.finding.regionText == second.text, "\(hit.finding.regionText ?? "")")
  }

  /// One expression outside the fragment used by two rules: one A008, naming both.
  @Test func oneNotAnalysedFindingPerExpression() throws {
    let (_, a) = try Self.analysis(
      """
      let square = shot.ratio * shot.ratio
      rule big
        when square > 4
        then yield -2 g
        because "x"
      rule small
        when square < 3
        then yield +2 g
        because "x"
      """)
    let notAnalysed = a.findings.filter { $0.code == "A008" }
    #expect(notAnalysed.count == 1)
    #expect(notAnalysed.first?.rules == [0, 1])
  }

  /// Regions without a witness for the same reason are one A009 listing them.
  @Test func identicalIncompleteFindingsAreFolded() throws {
    let (_, a) = try Self.analysis(
      """
      let dy = shot.yield - recipe.yield
      let dd = shot.dose - recipe.dose
      rule ordinary
        when shot.ratio / 1000 <= 499999999.999 or (dy >= -1 g and dd <= 0.5 g)
        then no change
        because "x"
      """)
    let incomplete = a.findings.filter { $0.code == "A009" }
    #expect(incomplete.count == 1, "\(a.diagnostics.map(\.message))")
    #expect(incomplete.first?.base.message.contains("2 A002 regions") == true)
  }

  /// `test --propose` says why no shot was proposed: here no valid shot lies in the rule's
  /// region as the analysis sees it, which has nothing to do with overrides.
  @Test func proposalsGiveTheTrueReason() throws {
    let rules = try compileValid(
      rulesText(
        """
        let dy = shot.yield - recipe.yield
        rule edge
          when shot.ratio / 1000 > 499999999.999 and dy < -1 g
          then no change
          because "x"
        """))
    guard case .notFound(let reason) = FixtureProposal.propose(rules, for: [0])[0] else {
      Issue.record("a shot was proposed")
      return
    }
    #expect(!reason.contains("override"), "\(reason)")
    #expect(reason.contains("no valid shot"), "\(reason)")
  }

  // MARK: - Item 8: regions a person reads

  @Test func adjustmentClassesAreSaidSimply() throws {
    let (_, a) = try Self.analysis(
      """
      rule fresh
        when previous.adjustment is none or previous.adjustment is no change
        then no change
        because "x"
      rule after_finer
        when previous.adjustment is grind finer
        then grind coarser
        because "x"
      """)
    let text = RegionText(catalog: a.catalog)
    #expect(a.ruleBoxes[0]?.map { text.describe($0) } == ["previous.adjustment is none or no change"])
  }

  /// 20/9 is written as the fraction, and a bound the decimals snap to reads as written.
  @Test func boundariesAreExact() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule long
        when shot.yield / shot.dose * 9 > 20
        then yield -2 g
        because "x"
      rule fast
        when dt < 3 s
        then grind finer
        because "x"
      """)
    let text = RegionText(catalog: a.catalog)
    #expect(
      a.ruleBoxes[0]?.map { text.describe($0) } == ["shot.ratio > 20/9 (where shot.ratio = shot.yield / shot.dose)"])
    #expect(a.ruleBoxes[1]?.map { text.describe($0) } == ["dt < 3 s (where dt = shot.time - recipe.time)"])
  }
}
