import Testing

@testable import DialRules

/// Axes: equal expressions share one, comparisons become exact interval sets on it, adjustment
/// patterns become classes, and regions read in the domain's words.
@Suite struct AxisTests {
  static func analysis(_ body: String) throws -> (CompiledRules, Analysis) {
    let rules = try compileValid(rulesText(body))
    return (rules, Analyzer.analyze(rules))
  }

  @Test func differentlyWrittenDifferencesShareTheLetAxis() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule slow
        when shot.time > recipe.time + 3 s
        then grind coarser
        because "x"
      rule fast
        when recipe.time - shot.time > 3 s
        then grind finer
        because "x"
      rule also_slow
        when 2 * dt > 6 s
        then grind coarser
        because "x"
      """)
    #expect(a.catalog.numeric.count == 1)
    #expect(a.catalog.numeric[0].label == "dt")
    let text = RegionText(catalog: a.catalog)
    #expect(a.ruleBoxes[0].map { $0.map { text.describe($0) } } == ["dt > 3 s (where dt = shot.time - recipe.time)"])
    #expect(a.ruleBoxes[1].map { $0.map { text.describe($0) } } == ["dt < -3 s (where dt = shot.time - recipe.time)"])
    #expect(a.ruleBoxes[2] == a.ruleBoxes[0])
    // Same bounds, same action: one of the two is redundant.
    #expect(a.findings.contains { $0.code == "A004" })
  }

  /// `between` with bounds that are not constants is two comparisons; here both land on `dt`, and
  /// its negation (an `or` of the two complements) merges back into one interval set.
  @Test func betweenWithMeasuredBoundsIsTwoComparisons() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule on_time
        when shot.time between recipe.time - 3 s and recipe.time + 3 s
        then no change
        because "x"
      rule off_time
        when not (shot.time between recipe.time - 3 s and recipe.time + 3 s)
        then grind finer
        because "x"
      """)
    let text = RegionText(catalog: a.catalog)
    #expect(
      a.ruleBoxes[0].map { $0.map { text.describe($0) } } == ["-3 s ≤ dt ≤ 3 s (where dt = shot.time - recipe.time)"])
    #expect(
      a.ruleBoxes[1].map { $0.map { text.describe($0) } } == [
        "dt < -3 s or dt > 3 s (where dt = shot.time - recipe.time)"
      ])
    #expect(!a.findings.contains { ["A001", "A002"].contains($0.code) })
  }

  /// A `let` no rule uses adds no axis, so it can neither add a column nor make the axes the rules
  /// do use look dependent (`shot.time` would make `dt` and `recipe.time` dependent).
  @Test func unusedLetsAddNoAxis() throws {
    let (_, a) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      let early = shot.time > 20 s
      rule a
        when sour and dt > 3 s
        then grind coarser
        because "x"
      rule b
        when sour and recipe.time > 30 s
        then grind finer
        because "x"
      """)
    #expect(a.catalog.numeric.map(\.label) == ["dt", "recipe.time"])
    #expect(a.notAnalysed == [nil, nil])
    let conflict = try #require(a.findings.first { $0.code == "A001" })
    #expect(conflict.witness?.recipe?.timeS == num("31") && conflict.witness?.shot?.timeS == num("35"))
  }

  @Test func ratiosAreAxesAndWitnessesSolveTheYield() throws {
    let (rules, a) = try Self.analysis(
      """
      rule long
        when shot.ratio > 2.5
        then yield -2 g
        because "x"
      rule long_too
        when shot.yield / shot.dose >= 2.4
        then yield +2 g
        because "x"
      """)
    #expect(a.catalog.numeric.map(\.label) == ["shot.ratio"])
    let conflict = try #require(a.findings.first { $0.code == "A001" })
    #expect(conflict.regionText == "shot.ratio > 2.5 (where shot.ratio = shot.yield / shot.dose)")
    let witness = try #require(conflict.witness)
    // 18 g in, ratio 3 (the nicest value above 2.5): 54 g out.
    #expect(witness.shot?.doseG == num("18") && witness.shot?.yieldG == num("54"))
    #expect(Evaluator(rules).decide(witness).outcome == .insufficientEvidence(.conflict))
  }

  @Test func adjustmentPatternsBecomeClasses() throws {
    let classes = try #require(
      AdjustmentClasses(patterns: [
        AdjustmentMatcher(kind: .grind, direction: .finer, steps: nil, negative: nil, amount: nil),
        AdjustmentMatcher(kind: .grind, direction: .finer, steps: 2, negative: nil, amount: nil),
      ]))
    // none (and everything else) / finer 2 / finer other than 2.
    #expect(classes.representatives.count == 3)
    #expect(classes.representatives.contains { $0 == .grind(.finer, steps: 2) })
    #expect(classes.representatives.contains { $0 == .grind(.finer, steps: 1) })
    let all: UInt64 = 0b111
    #expect(classes.describe(classes.patternMasks[0], all: all) == "previous.adjustment is grind finer")
    #expect(classes.describe(all & ~classes.patternMasks[0], all: all) == "previous.adjustment is not grind finer")
    let onlyOne = classes.patternMasks[0] & ~classes.patternMasks[1]
    #expect(
      classes.describe(onlyOne, all: all)
        == "previous.adjustment is grind finer but not grind finer 2 steps")
  }

  @Test func outOfFragmentConditionsAreNamedNotGuessed() throws {
    let (_, a) = try Self.analysis(
      """
      rule product
        when shot.time * 2 > shot.first_drop * 5
        then no change
        because "x"
      rule ok
        when sour
        then no change
        because "x"
      """)
    #expect(a.notAnalysed[0] == nil)
    let (_, b) = try Self.analysis(
      """
      rule ratio_squared
        when shot.ratio * shot.ratio > 4
        then no change
        because "x"
      """)
    #expect(
      b.notAnalysed[0]
        == "'shot.ratio * shot.ratio' reads every observation in it more than once, so no witness can be solved for it")
    #expect(b.findings.map(\.code) == ["A008"])
    let (_, c) = try Self.analysis(
      """
      let dt = shot.time - recipe.time
      rule three_dependent
        when dt > 1 s and shot.time > 20 s and recipe.time > 20 s
        then no change
        because "x"
      """)
    // Three linear values of two observations are analysed over the fields (`AxisDependence`).
    #expect(c.notAnalysed[0] == nil)
    #expect(c.catalog.dependence != nil)
    // A value that is not linear still needs a field of its own.
    let (_, d) = try Self.analysis(
      """
      let dr = shot.ratio - recipe.ratio
      rule dependent_ratio
        when shot.yield > 20 g and shot.dose > 10 g and recipe.yield > 20 g and recipe.dose > 10 g and dr > 0.2
        then no change
        because "x"
      """)
    #expect(d.notAnalysed[0]?.contains("reads the same observations as other compared values") == true)
  }
}
