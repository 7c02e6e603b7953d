import DialRulesTestSupport
import Testing

@testable import DialRules

/// docs/design.md §4: no decision is ever "incomplete" with nothing missing. Over the fuzz targets'
/// generated tables (`RuleGenerator`: arithmetic of every kind, `let`s built on `let`s) and their
/// shots, including shot JSON's extreme values, every table checks and every decision that is
/// incomplete names what is missing.
@Suite struct ArithmeticNeverFailsTests {
  @Test(arguments: TestScale.seeds([21, 22, 23], longRunAdds: 20, from: 24))
  func generatedTablesNeverDecideIncompleteWithNothingMissing(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var tablesWithArithmetic = 0
    var shots = 0
    for _ in 0..<TestScale.count(60, long: 600) {
      let bytes = (0..<Int.random(in: 40...400, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      var generator = RuleGenerator(FuzzedBytes(bytes))
      let text = generator.table().text()
      let out = RuleCompiler.compile(SourceFile(path: "generated.dialrules", text: text))
      guard let rules = out.rules else {
        Issue.record("generated table does not check: \(out.diagnostics.map(\.message))\n\(text)")
        continue
      }
      if rules.program.nodes.contains(where: { if case .arithmetic = $0 { true } else { false } }) {
        tablesWithArithmetic += 1
      }
      let evaluator = Evaluator(rules)
      for n in 0..<generator.shotCount() {
        let shot = generator.shot(id: n)
        if case .failure(let problems) = shot.validate() {
          Issue.record("generated shot is not valid shot JSON: \(shot.jsonText): \(problems.map(\.message))")
        }
        let d = evaluator.decide(shot)
        shots += 1
        if d.outcome == .insufficientEvidence(.incomplete) {
          #expect(!d.missing.isEmpty, "incomplete with nothing missing: \(shot.jsonText)\n\(text)")
        }
      }
    }
    // Not vacuous: most tables compute something, and shots were decided.
    #expect(tablesWithArithmetic > TestScale.count(60, long: 600) / 3)
    #expect(shots > 60)
  }

  /// The oracle the fuzz target and the suite share reports the broken property.
  @Test func theOracleReportsIncompleteWithNothingMissing() {
    let decision = Decision(
      id: nil, outcome: .insufficientEvidence(.incomplete), text: "", decidedBy: ["r"], missing: [])
    #expect(FuzzOracles.missingProblems(decision, ShotRecord()).contains { $0.contains("nothing missing") })
  }
}
