import DialRulesTestSupport
import Testing

@testable import DialRules

/// `property` declarations (language §3.8) and their proof in `lint` (analysis §5, A011/A012):
/// syntax, checker codes, formatting, failing properties with witnesses the evaluator confirms,
/// undecided ones, the default table's promises, and brute force over generated tables.
@Suite struct PropertyProofTests {
  static let table = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule bitter
      when bitter
      then grind finer 1 step
      because "Wrong on purpose."

    """

  static func compile(_ text: String) -> RuleCompiler.Output {
    RuleCompiler.compile(SourceFile(path: "test.dialrules", text: text))
  }

  static func analysed(_ text: String) throws -> (CompiledRules, Analysis) {
    let rules = try compileValid(text)
    return (rules, Analyzer.analyze(rules))
  }

  /// Whether the evaluator, as `explain` runs it, shows the witness breaking property `p`.
  static func breaks(_ rules: CompiledRules, _ p: Int, _ shot: ShotRecord) -> Bool {
    let evaluation = Evaluator(rules).evaluate(shot)
    let property = rules.properties[p]
    let applies = property.condition.map { evaluation.state.truth(of: $0) == .yes } ?? true
    return applies && !property.holds(for: evaluation.decision.outcome)
      && Evaluator(rules).decide(shot).outcome == evaluation.decision.outcome
  }

  @Test func parsesChecksAndFormats() throws {
    let text =
      Self.table + """
        property  no_finer_when_bitter
          when bitter   and not sour
            never grind finer or yield +2 g
          because "Bitter means over-extracted."

        property anything
          always decides or insufficient conflict or no change
        """
    let out = Self.compile(text)
    #expect(out.diagnostics.filter(\.isError).isEmpty, "\(out.diagnostics)")
    let rules = try #require(out.rules)
    #expect(rules.properties.map(\.id) == ["no_finer_when_bitter", "anything"])
    #expect(rules.properties[0].patternText == "never grind finer or yield +2 g")
    #expect(rules.properties[1].condition == nil)
    let formatted = try FormatRunner.format(SourceFile(path: "t", text: text)).get()
    #expect(
      formatted.contains(
        "property no_finer_when_bitter\n  when bitter and not sour\n  never grind finer or yield +2 g\n"))
    #expect(try FormatRunner.format(SourceFile(path: "t", text: formatted)).get() == formatted)
  }

  @Test(arguments: [
    ("property p\n  when sour\n", "C007"),
    ("property p\n  always no change\n  never grind\n", "C008"),
    ("property p\n  when sour\n  when bitter\n  always no change\n", "C008"),
    ("property p\n  always insufficient maybe\n", "C025"),
    ("property p\n  always no change\nproperty p\n  never grind\n", "C026"),
    ("property bitter\n  always no change\n", "C026"),
    ("property p\n  when sourr\n  always no change\n", "C002"),
    ("property p\n  always grind sideways\n", "P001"),
    ("property p\n  always\n", "P001"),
    ("property p\n  when sour\n  then no change\n", "P001"),
  ])
  func rejectsBadProperties(_ tail: String, _ code: String) {
    let out = Self.compile(Self.table + tail)
    #expect(out.diagnostics.contains { $0.code == code && $0.isError }, "\(out.diagnostics.map(\.code))")
    #expect(out.rules == nil)
  }

  @Test func failingPropertyHasAWitnessTheEvaluatorConfirms() throws {
    let (rules, analysis) = try Self.analysed(
      Self.table + "property no_finer_when_bitter\n  when bitter and not sour\n  never grind finer\n")
    let finding = try #require(analysis.findings.first { $0.code == "A011" })
    #expect(finding.severity == .error)
    #expect(finding.region != nil)
    #expect(finding.regionText == "taste has bitter but not sour")
    let witness = try #require(finding.witness)
    #expect(Self.breaks(rules, 0, witness))
    #expect(analysis.properties.map(\.status) == [.fails])
    #expect(analysis.properties[0].witness == witness)
  }

  @Test func holdingPropertiesAreProvedSilently() throws {
    let (_, analysis) = try Self.analysed(
      Self.table + """
        property sour_fast_finer
          when sour and not bitter and dt < -3 s
          always grind finer 1 step

        property no_temperature
          never temperature
        """)
    #expect(analysis.properties.map(\.status) == [.proved, .proved])
    #expect(!analysis.findings.contains { $0.code.hasPrefix("A01") && $0.code != "A010" })
  }

  /// A property about the previous shot: the adjustment axis is cut by the property's own pattern.
  @Test func previousShotContext() throws {
    let (rules, analysis) = try Self.analysed(
      Self.table + "property after_finer\n  when previous.adjustment is grind finer\n  never grind finer 1 step\n")
    #expect(analysis.properties.map(\.status) == [.fails])
    let witness = try #require(analysis.properties[0].witness)
    #expect(witness.previous?.adjustment == .grind(.finer, steps: 1))
    #expect(Self.breaks(rules, 0, witness))
  }

  @Test func ruleOutsideTheFragmentLeavesThePropertyUndecided() throws {
    let (_, analysis) = try Self.analysed(
      """
      dialrules 1
      ruleset "example"

      rule square
        when shot.ratio * shot.ratio > 4
        then grind finer
        because "Not analysed."

      property never_finer
        never grind finer
      """)
    #expect(analysis.properties.map(\.status) == [.undecided])
    let finding = try #require(analysis.findings.first { $0.code == "A012" })
    #expect(finding.severity == .warning)
    #expect(finding.base.message.contains("'square'"))
  }

  /// Missing observations: `always decides` cannot be proved when a rule reading an unforced
  /// observation may be unknown; with a guard (`is known`) it can.
  @Test func missingObservationsAreNeverASilentPass() throws {
    let unguarded = """
      dialrules 1
      ruleset "example"
        otherwise no change

      rule late
        when shot.first_drop > 10 s
        then grind coarser
        because "Late first drop."

      property decides
        always decides
      """
    let (_, a) = try Self.analysed(unguarded)
    #expect(a.properties.map(\.status) == [.undecided])
    #expect(a.properties[0].reason?.contains("shot.first_drop_s") == true)
    let guarded = unguarded.replacingOccurrences(
      of: "shot.first_drop > 10 s", with: "shot.first_drop is known and shot.first_drop > 10 s")
    let (_, b) = try Self.analysed(guarded)
    #expect(b.properties.map(\.status) == [.proved])
    // The warning was right: without the first drop the unguarded table is incomplete.
    let rules = try compileValid(unguarded)
    let shot = ShotRecord(
      id: "x", recipe: .init(doseG: 18, yieldG: 36, timeS: 28), shot: .init(doseG: 18, yieldG: 36, timeS: 28))
    #expect(Evaluator(rules).decide(shot).outcome == .insufficientEvidence(.incomplete))
  }

  /// The default table's promises (default-rules.md) are all proved, and lint stays clean.
  @Test func defaultTablePromisesAreProved() throws {
    let rules = RuleSet.defaultEspresso.compiled
    #expect(rules.properties.count >= 4)
    let analysis = Analyzer.analyze(rules)
    #expect(analysis.properties.allSatisfy { $0.status == .proved }, "\(analysis.properties)")
    #expect(!analysis.findings.contains { $0.severity >= .warning }, "\(analysis.findings.map(\.code))")
  }

  /// Brute force: generated tables with generated properties, 100,000 generated shots per table
  /// (with missing observations, from `RuleGenerator.shot`); a proved property is never broken by
  /// a sampled shot, and every failing property's witness breaks it under the evaluator.
  @Test func bruteForceNeverContradictsTheProof() throws {
    let tables = TestScale.count(3, long: 20)
    let shotsPerTable = 100_000
    var proved = 0
    var fails = 0
    var checkedShots = 0
    var tablesChecked = 0
    for seed in 0..<UInt64(tables * 20) where tablesChecked < tables {
      var rng = SeededGenerator(seed: 9_000 + seed)
      let text = RuleGenerator.tableWithProperties(using: &rng)
      // A generated property may divide by zero (T004) like any condition; such tables are skipped.
      guard let rules = Self.compile(text).rules else { continue }
      let analysis = Analyzer.analyze(rules)
      let evaluator = Evaluator(rules)
      for verdict in analysis.properties where verdict.status == .fails {
        fails += 1
        let witness = try #require(verdict.witness)
        #expect(Self.breaks(rules, verdict.index, witness), "witness of \(verdict.id) in:\n\(text)")
      }
      let provedHere = analysis.properties.filter { $0.status == .proved }
      guard !provedHere.isEmpty else { continue }
      proved += provedHere.count
      tablesChecked += 1
      var shots = RuleGenerator(
        FuzzedBytes((0..<(shotsPerTable * 40)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      for n in 0..<shotsPerTable {
        let shot = n % 4 == 3 ? shots.extremeShot(id: n) : shots.shot(id: n)
        checkedShots += 1
        let evaluation = evaluator.evaluate(shot)
        for verdict in provedHere {
          let property = rules.properties[verdict.index]
          let applies = property.condition.map { evaluation.state.truth(of: $0) == .yes } ?? true
          if applies && !property.holds(for: evaluation.decision.outcome) {
            Issue.record(
              "proved \(verdict.id) broken by \(shot.jsonText) (\(evaluation.decision.outcome)) in:\n\(text)")
            return
          }
        }
      }
    }
    // Not vacuous: proved and failing properties both occur, and the shots were all decided.
    #expect(proved > 0)
    #expect(fails > 0)
    #expect(tablesChecked == tables)
    #expect(checkedShots == tables * shotsPerTable)
  }

  /// The proof sweeps only where a property can fail (`ProofFocus`: its condition, cut down to
  /// the rules whose action breaks it, less where an abstaining rule surely decides). Over
  /// generated tables, that focus gives exactly the verdicts, witnesses and failing regions of a
  /// sweep over every cell, and never visits more cells.
  @Test func theFocusLeavesNoFailureOut() throws {
    var compared = 0
    var fails = 0
    var fewerCells = 0
    for seed in 0..<UInt64(TestScale.count(300, long: 3_000)) {
      var rng = SeededGenerator(seed: 24_000 + seed)
      let text = RuleGenerator.tableWithProperties(using: &rng)
      guard let rules = Self.compile(text).rules, !rules.properties.isEmpty else { continue }
      let catalog = AxisCatalog(rules)
      let focused = PropertyProof(
        rules, focused: true,
        table: ProofSpace.Table(
          catalog: catalog, regions: RuleRegions(rules, catalog: catalog), feasibility: CellFeasibility(catalog)))
      let everywhere = PropertyProof(rules, focused: false, table: nil)
      compared += 1
      fails += focused.verdicts.filter { $0.status == .fails }.count
      if focused.cells < everywhere.cells { fewerCells += 1 }
      #expect(focused.cells <= everywhere.cells)
      func summary(_ proof: PropertyProof) -> [String] {
        proof.verdicts.map { v in
          "\(v.id) \(v.status) \(v.witness?.jsonText ?? "-") \(v.witnessDecision?.outcome.kind.rawValue ?? "-")"
        }
          + proof.findings.filter { $0.code == "A011" }.map { f in
            "\(f.base.message) | \(f.regions.map(\.text).joined(separator: " ; "))"
          }
      }
      #expect(summary(focused) == summary(everywhere), "in:\n\(text)")
    }
    // Not vacuous: tables were compared, some with failing properties, and the focus left cells out.
    #expect(compared >= TestScale.count(300, long: 3_000) / 2)
    #expect(fails > 0)
    #expect(fewerCells > 0)
  }

  /// The focus is bounded like the rest of the analysis: past its budget of box pairs a property
  /// is swept over its whole condition, and the proof says the same.
  @Test func theFocusFallsBackToTheWholeConditionPastItsBudget() throws {
    let rules = try compileValid(DefaultRules.source)
    let space = ProofSpace(rules, table: nil)
    let combining = AgreeOrAbstain(rules)
    let focused = ProofFocus(rules, space, combining: combining)
    let spent = ProofFocus(rules, space, combining: combining, budget: 0)
    let regions = rules.properties.indices.flatMap { p in
      (space.propertyBoxes[p] ?? [Box.all(space.catalog)]).map { _ in p }
    }
    #expect(spent.property == regions)
    #expect(focused.boxes.count < spent.boxes.count)
    #expect(PropertyProof(rules).verdicts.allSatisfy { $0.status == .proved })
    // The proof with its focus spent says the same, over more cells.
    let whole = PropertyProof(rules, focused: true, table: nil, focusBudget: 0)
    #expect(
      whole.verdicts.map { "\($0.id) \($0.status)" } == PropertyProof(rules).verdicts.map { "\($0.id) \($0.status)" })
    #expect(whole.cells > PropertyProof(rules).cells)
  }

  /// `is known` is not monotonic (analysis §5, A011 "Missing observations"): `early` and `late`
  /// decide every recorded first drop, yet a shot without one matches neither. The proof sweeps
  /// shots without the first drop too, so the property fails, with that shot as the witness.
  @Test func guardsAcrossRulesDoNotHideAShotWithoutTheObservation() throws {
    let text = """
      dialrules 1
      ruleset "example"
        otherwise insufficient "No rule covers this shot."

      rule early
        when shot.first_drop is known and shot.first_drop <= 10 s
        then grind finer 1 step
        because "Early first drop."

      rule late
        when shot.first_drop is known and shot.first_drop > 10 s
        then grind coarser 1 step
        because "Late first drop."

      property decides
        always decides
      """
    let (rules, analysis) = try Self.analysed(text)
    #expect(analysis.properties.map(\.status) == [.fails], "\(analysis.properties)")
    let witness = try #require(analysis.properties.first?.witness)
    #expect(witness.shot?.firstDropS == nil)
    #expect(witness.shot?.timeS != nil)
    #expect(Self.breaks(rules, 0, witness))
    #expect(Evaluator(rules).decide(witness).outcome == .insufficientEvidence(.noRule))
    let finding = try #require(analysis.findings.first { $0.code == "A011" })
    #expect(finding.regionText == "shot.first_drop not recorded", "\(finding.regionText ?? "")")
  }

  /// The same gap for a property that allows `incomplete` and `conflict`: a rule that only fires
  /// without an observation is no longer read as never true.
  @Test func aRuleForShotsWithoutTheObservationIsSwept() throws {
    let text = """
      dialrules 1
      ruleset "example"
        otherwise no change

      rule no_first_drop
        when not shot.first_drop is known
        then grind coarser 1 step
        because "Wrong on purpose."

      property never_coarser
        never grind coarser
      """
    let (rules, analysis) = try Self.analysed(text)
    #expect(analysis.properties.map(\.status) == [.fails], "\(analysis.properties)")
    let witness = try #require(analysis.properties.first?.witness)
    #expect(witness.shot?.firstDropS == nil)
    #expect(Self.breaks(rules, 0, witness))
  }

  /// Without the observation an unguarded rule is unknown (Kleene) while a guarded one is false:
  /// the sweep evaluates both three-valuedly, so the `incomplete` answer is a confirmed failure.
  @Test func unknownRulesWithoutTheObservationAreExact() throws {
    let text = """
      dialrules 1
      ruleset "example"
        otherwise no change

      rule late
        when shot.first_drop is known and shot.first_drop > 10 s
        then grind coarser 1 step
        because "Late first drop."

      rule early
        when shot.first_drop < 5 s
        then grind finer 1 step
        because "Early first drop."

      property decides
        always decides
      """
    let (rules, analysis) = try Self.analysed(text)
    #expect(analysis.properties.map(\.status) == [.fails], "\(analysis.properties)")
    let witness = try #require(analysis.properties.first?.witness)
    #expect(witness.shot?.firstDropS == nil)
    #expect(Evaluator(rules).decide(witness).outcome == .insufficientEvidence(.incomplete))
    #expect(Self.breaks(rules, 0, witness))
  }
}
