import DialRulesTestSupport
import Testing

@testable import DialRules

/// Randomized properties of docs/design.md §4 over generated tables and shots, from fixed seeds so a
/// failure reproduces exactly.
@Suite struct PropertyTests {
  /// A random table of `count` rules over the default table's vocabulary. Overrides only point to
  /// earlier rules, so they are acyclic.
  static func randomTable(_ rng: inout SeededGenerator, count: Int) -> (header: String, rules: [String]) {
    let atoms = [
      "sour", "bitter", "thin", "strong", "harsh", "balanced", "channeling", "fast", "slow", "on_time",
      "dy > 2 g", "dy < -2 g", "dd > 0.5 g", "shot.ratio < 1.8", "shot.ratio between 1.9 and 2.1",
      "previous.adjustment is grind finer", "previous.adjustment is none", "shot.first_drop > 8 s",
    ]
    let actions = [
      "grind finer 1 step", "grind finer 2 steps", "grind coarser 1 step", "yield +2 g", "yield -2 g", "no change",
      "insufficient \"abstain\"",
    ]
    func condition(_ depth: Int) -> String {
      let pick = Int.random(in: 0..<10, using: &rng)
      if depth > 2 || pick < 4 {
        let a = atoms.randomElement(using: &rng) ?? "sour"
        return Bool.random(using: &rng) ? a : "not (\(a))"
      }
      let op = pick < 7 ? "and" : "or"
      return "(\(condition(depth + 1)) \(op) \(condition(depth + 1)))"
    }
    let header = """
      dialrules 1
      ruleset "random"
      let dt = shot.time - recipe.time
      let dy = shot.yield - recipe.yield
      let dd = shot.dose - recipe.dose
      let fast = dt < -3 s
      let slow = dt > 3 s
      let on_time = dt between -3 s and 3 s

      """
    var rules: [String] = []
    for i in 0..<count {
      var r = "rule r\(i)\n  when \(condition(0))\n  then \(actions.randomElement(using: &rng) ?? "no change")\n"
      r += "  because \"random\"\n"
      if i > 0, Int.random(in: 0..<4, using: &rng) == 0 {
        r += "  overrides r\(Int.random(in: 0..<i, using: &rng))\n"
      }
      rules.append(r)
    }
    return (header, rules)
  }

  static func randomShot(_ rng: inout SeededGenerator) -> ShotRecord {
    func maybe(_ values: [String]) -> String? {
      Int.random(in: 0..<5, using: &rng) == 0 ? nil : values.randomElement(using: &rng)
    }
    let tastes = TasteTag.allCases.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
    let taste: [TasteTag]? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : tastes
    let adjustments: [Adjustment?] = [nil, .grind(.finer, steps: 1), .grind(.coarser, steps: 1), .noChange]
    var s = shot(
      time: maybe(["20", "24.9", "25", "28", "31", "31.1", "36"]), yield: maybe(["33.9", "34", "36", "38", "38.1"]),
      dose: maybe(["17.4", "17.5", "18", "18.5", "18.6"]), taste: taste,
      flow: Bool.random(using: &rng) ? nil : (Bool.random(using: &rng) ? [.channeling] : []),
      recipeTime: maybe(["28"]), recipeYield: maybe(["36"]), recipeDose: maybe(["18"]),
      previous: adjustments.randomElement(using: &rng) ?? nil)
    s.shot?.firstDropS = maybe(["5", "8", "9.5"]).map(num)
    return s
  }

  /// Every way to forget one observation of `s`.
  static func weakenings(of s: ShotRecord) -> [ShotRecord] {
    var out: [ShotRecord] = []
    let edits: [(inout ShotRecord) -> Void] = [
      { $0.shot?.timeS = nil }, { $0.shot?.yieldG = nil }, { $0.shot?.doseG = nil }, { $0.shot?.taste = nil },
      { $0.shot?.firstDropS = nil }, { $0.recipe?.timeS = nil }, { $0.recipe?.yieldG = nil },
      { $0.recipe?.doseG = nil },
    ]
    for edit in edits {
      var copy = s
      edit(&copy)
      if copy != s { out.append(copy) }
    }
    return out
  }

  /// docs/design.md §4: a decided adjustment never flips when an unknown becomes known — equivalently,
  /// forgetting an observation can only turn it into insufficient evidence.
  @Test(arguments: TestScale.seeds([1, 2, 3, 4, 5], longRunAdds: 45, from: 6))
  func removingAnObservationNeverChangesADecidedAdjustment(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var checked = 0
    for _ in 0..<20 {
      let table = Self.randomTable(&rng, count: Int.random(in: 2...12, using: &rng))
      let rules = try compileValid(table.header + table.rules.joined(separator: "\n"))
      let e = Evaluator(rules)
      for _ in 0..<50 {
        let full = Self.randomShot(&rng)
        let before = e.decide(full).outcome
        guard case .insufficientEvidence = before else {
          for weaker in Self.weakenings(of: full) {
            let after = e.decide(weaker).outcome
            if case .insufficientEvidence = after { continue }
            checked += 1
            #expect(after == before, "forgetting an observation changed \(before) into \(after)")
          }
          continue
        }
      }
    }
    // Guard against a vacuous pass: enough decided shots stayed decided after weakening.
    #expect(checked > 100, "only \(checked) weakened shots kept a decision")
  }

  /// Shuffling the rules changes nothing but the order of `decided_by` (which follows the file).
  @Test(arguments: TestScale.seeds([11, 12, 13], longRunAdds: 30, from: 14))
  func ruleOrderDoesNotChangeDecisions(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<20 {
      let table = Self.randomTable(&rng, count: Int.random(in: 2...10, using: &rng))
      let a = Evaluator(try compileValid(table.header + table.rules.joined(separator: "\n")))
      let b = Evaluator(try compileValid(table.header + table.rules.shuffled(using: &rng).joined(separator: "\n")))
      for _ in 0..<50 {
        let s = Self.randomShot(&rng)
        let x = a.decide(s)
        let y = b.decide(s)
        #expect(x.outcome == y.outcome)
        #expect(Set(x.decidedBy) == Set(y.decidedBy))
        #expect(x.missing == y.missing)
      }
    }
  }

  /// Decisions are a pure function of the input: evaluating twice agrees, and the lazy,
  /// short-circuiting `decide` agrees with the eager evaluation behind `explain`.
  @Test(arguments: TestScale.seeds([99, 100, 101, 102, 103], longRunAdds: 45, from: 104))
  func decideAndExplainAgree(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let table = Self.randomTable(&rng, count: 12)
    let e = Evaluator(try compileValid(table.header + table.rules.joined(separator: "\n")))
    for _ in 0..<200 {
      let s = Self.randomShot(&rng)
      let explanation = e.explain(s)
      #expect(e.decide(s) == explanation.decision)
      #expect(e.decide(s) == e.decide(s))
    }
  }
}
