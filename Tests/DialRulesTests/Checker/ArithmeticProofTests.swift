import DialRulesTestSupport
import Testing

@testable import DialRules

/// docs/design.md §4: arithmetic never fails on a valid shot. The checker proves it from shot JSON's
/// bounds, rejects what it cannot prove (T004, at the expression, saying why), and hands the proof
/// on as per-node value bounds.
@Suite struct ArithmeticProofTests {
  static func rule(_ condition: String) -> String {
    "rule r\n  when \(condition)\n  then no change\n  because \"x\"\n"
  }

  @Test func aDivisorThatCanBeZeroIsAnError() {
    assertDiagnostics(
      "dialrules 1\nlet dd = shot.dose - recipe.dose\n" + Self.rule("shot.yield / 1️⃣dd > 2"), stage: .checker,
      [.init("T004", at: "1️⃣", message: "the divisor 'dd' can be 0 g")])
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("shot.time / 1️⃣shot.first_drop > 3"), stage: .checker,
      [.init("T004", at: "1️⃣", message: "the divisor 'shot.first_drop' can be 0 s")])
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("shot.yield / 1️⃣(shot.dose - 0.000000001 g) > 2"), stage: .checker,
      [.init("T004", at: "1️⃣", message: "the divisor 'shot.dose - 0.000000001 g' can be 0 g")])
  }

  @Test func aValueBeyondTheExactRangeIsAnError() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("1️⃣shot.ratio * shot.ratio * shot.ratio * shot.ratio > 16"), stage: .checker,
      [
        .init(
          "T004", at: "1️⃣",
          message: "'shot.ratio * shot.ratio * shot.ratio * shot.ratio' can exceed the exact range of numbers")
      ])
  }

  /// What the proof admits: ratios, their differences and cubes, divisions by positive values.
  @Test func safeArithmeticChecks() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("shot.ratio - recipe.ratio > 0.2") + "rule t\n  when shot.ratio * shot.ratio"
        + " * shot.ratio > 8 and shot.time / recipe.time > 1.5 and shot.time / 3 > 2 s\n  then no change\n"
        + "  because \"x\"\n",
      stage: .checker)
  }

  /// The bounds the proof found, as the compiled evaluator reads them: exact intervals of every
  /// value a valid shot can give, and the decimals when the value is always a decimal.
  @Test func boundsArePublishedPerNode() throws {
    let rules = try compileValid(
      rulesText("let dt = shot.time - recipe.time\n" + Self.rule("dt > 3 s and shot.ratio > 2 and shot.dose * 2 > 3 g"))
    )
    let program = rules.program
    func field(_ n: Int) -> NumericField? {
      if case .field(let f) = program.nodes[n] { return f }
      return nil
    }
    func bound(_ matches: (ConditionProgram.NumericNode) -> Bool) throws -> ValueBound {
      let node = try #require(program.nodes.indices.first { matches(program.nodes[$0]) })
      return rules.valueBounds[node]
    }
    let dt = try bound {
      if case .arithmetic(.subtract, let a, let b) = $0 {
        field(a) == .shotTime && field(b) == .recipeTime
      } else {
        false
      }
    }
    #expect(dt.lower == num("-599.999999999") && dt.upper == num("599.999999999"))
    #expect(dt.decimals == 9)
    let ratio = try bound {
      if case .arithmetic(.divide, let a, let b) = $0 { field(a) == .shotYield && field(b) == .shotDose } else { false }
    }
    #expect(
      ratio.lower == ExactNumber(significand: 1, scale: 11) && ratio.upper == ExactNumber(500_000_000_000), "\(ratio)")
    #expect(ratio.decimals == nil)
    let twice = try bound {
      if case .arithmetic(.multiply, let a, _) = $0 { field(a) == .shotDose } else { false }
    }
    #expect(twice.lower == num("0.000000002") && twice.upper == num("200") && twice.decimals == 9)
    #expect(rules.valueBounds.count == rules.program.nodes.count)
  }

  /// On the most extreme valid shots, every value the proof admits is computed exactly: no
  /// decision is "incomplete" with nothing missing. (Cubing a ratio of 500 g over 0.000000001 g
  /// overflowed the unreduced fractions before.)
  @Test func extremeShotsAreDecidedExactly() throws {
    let rules = try compileValid(
      rulesText(
        Self.rule("shot.ratio * shot.ratio * shot.ratio > 8 and shot.ratio - recipe.ratio > 0.2")
          + "rule t\n  when shot.ratio * recipe.ratio / (shot.dose / recipe.dose) > 3\n  then grind finer\n"
          + "  because \"y\"\n"))
    let e = Evaluator(rules)
    let extremes = ["0.000000001", "0.000000007", "17.999999999", "99.999999999", "100"]
    var decided = 0
    for dose in extremes {
      for yield in ["0.000000001", "36", "499.999999999", "500"] {
        for recipeDose in extremes {
          let s = shot(time: "600", yield: yield, dose: dose, recipeTime: "0.000000001", recipeDose: recipeDose)
          let d = e.decide(s)
          #expect(d.outcome != .insufficientEvidence(.incomplete), "\(s.jsonText): \(d)")
          decided += 1
        }
      }
    }
    #expect(decided == 100)
  }
}
