import Testing

@testable import DialRules

/// The same number with different units must stay two constants: `2 g` and `2 s` once shared a
/// node, so the second took the first one's unit and a correct file failed with T001.
@Suite struct ConstantUnitTests {
  @Test func equalNumbersWithDifferentUnitsAreDifferentConstants() throws {
    let rules = try compileValid(
      rulesText(
        """
        let dt = shot.time - recipe.time
        let dy = shot.yield - recipe.yield
        rule a
          when dy > 2 g and dt < 2 s and recipe.temperature > 2 C and shot.ratio > 2
          then no change
          because "x"
        """))
    var s = shot(time: "29", yield: "39", recipeTime: "28")
    s.recipe?.temperatureC = num("93")
    #expect(Evaluator(rules).decide(s).outcome == .noChange)
    s.shot?.timeS = num("30")
    #expect(Evaluator(rules).decide(s).outcome == .insufficientEvidence(.noRule))
  }
}
