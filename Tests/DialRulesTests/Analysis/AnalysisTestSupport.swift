import DialRulesTestSupport
import Testing

@testable import DialRules

/// Shared helpers for the analysis tests: fully observed random shots near every threshold the
/// generated tables use, and the evaluator's view of a witness after a trip through shot JSON.
enum AnalysisTestSupport {
  /// A shot with every observation a generated table reads, values on and next to the bounds
  /// (`dt` of -3.1, -3 and -2.9 s; `dy` of ±2 and ±2.1 g; …) so boundary mistakes show up.
  static func fullShot(_ rng: inout SeededGenerator) -> ShotRecord {
    func pick(_ values: [String]) -> ExactNumber { num(values.randomElement(using: &rng) ?? "0") }
    let recipeTime = pick(["25", "28", "30"])
    let recipeYield = pick(["36", "40"])
    let recipeDose = pick(["18", "20"])
    let time = recipeTime.adding(pick(["-7", "-3.1", "-3", "-2.9", "0", "2.9", "3", "3.1", "7"])) ?? recipeTime
    let yield = recipeYield.adding(pick(["-3", "-2.1", "-2", "0", "1", "2", "2.1", "3"])) ?? recipeYield
    let dose = recipeDose.adding(pick(["-1", "-0.6", "-0.5", "0", "0.5", "0.6", "1"])) ?? recipeDose
    let taste = TagSet(TasteTag.allCases.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 })
    let flows: [TagSet<FlowTag>?] = [nil, TagSet([.channeling]), TagSet([.gushing]), TagSet()]
    let adjustments: [Adjustment?] = [
      nil, .grind(.finer, steps: 1), .grind(.finer, steps: 2), .grind(.coarser, steps: 1), .noChange,
      .yield(deltaGrams: num("2")),
    ]
    return ShotRecord(
      id: "probe", recipe: .init(doseG: recipeDose, yieldG: recipeYield, timeS: recipeTime),
      shot: .init(
        doseG: dose, yieldG: yield, timeS: time, firstDropS: pick(["0", "5", "8", "8.1", "12"]), taste: taste,
        flow: flows.randomElement(using: &rng) ?? nil),
      previous: .init(adjustment: adjustments.randomElement(using: &rng) ?? nil))
  }

  /// The witness as a user would see it: written, read back, decided.
  static func decideAfterRoundTrip(_ witness: ShotRecord, _ rules: CompiledRules) -> (ShotRecord, Decision)? {
    guard case .success(let back) = ShotJSONReader.read(SourceFile(path: "w", text: witness.jsonText)) else {
      return nil
    }
    return (back, Evaluator(rules).decide(back))
  }

  /// A random table from the evaluator's property tests, compiled.
  static func randomTable(_ rng: inout SeededGenerator, count: Int) throws -> (
    text: String, parts: [String], rules: CompiledRules
  ) {
    let table = PropertyTests.randomTable(&rng, count: count)
    let text = table.header + table.rules.joined(separator: "\n")
    return (text, table.rules, try compileValid(text))
  }
}
