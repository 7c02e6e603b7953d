import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// `diff` over the input space: exact regions, witnesses both tables confirm, nothing for equal
/// tables, and the same output on every run.
@Suite struct InputSpaceDiffTests {
  /// The reference table (version 1 of the default rules, `Fixtures/reference`): the regions
  /// below are its own, so they do not move when the shipped table changes.
  static func referenceRules() throws -> (String, CompiledRules) {
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
    return (text, try compileValid(text))
  }

  /// The reference table with `fast` narrowed from `dt < -3 s` to `dt < -4 s`.
  static func narrowedFast() throws -> CompiledRules {
    let (text, _) = try referenceRules()
    let changed = text.replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    #expect(changed != text)
    return try compileValid(changed)
  }

  @Test func identicalTablesHaveNoRegions() throws {
    let (_, rules) = try Self.referenceRules()
    let diff = InputSpaceDiff(old: rules, new: rules)
    #expect(diff.notAnalysed == nil)
    #expect(diff.regions.isEmpty)
    #expect(diff.omitted == 0)
    #expect(diff.unverified == 0)
    #expect(diff.cells > 0)
  }

  @Test func narrowingFastChangesExactlyTheStretchBetweenTheBounds() throws {
    let (_, old) = try Self.referenceRules()
    let new = try Self.narrowedFast()
    let diff = InputSpaceDiff(old: old, new: new)
    #expect(diff.notAnalysed == nil)
    #expect(diff.unverified == 0, "internal inconsistency: a claimed region did not verify")
    #expect(!diff.regions.isEmpty)
    // Every changed region lies in -4 s ≤ dt < -3 s: closed at -4 (no longer fast in the new
    // table), open at -3 (never fast in the old one).
    for r in diff.regions { #expect(r.region.contains("-4 s ≤ dt < -3 s"), "\(r.region)") }
    let sourFast = diff.regions.filter {
      $0.from == "adjust grind finer 1 step" && $0.to == "insufficient evidence (no_rule)"
    }
    #expect(!sourFast.isEmpty)
    for r in diff.regions {
      let witness = r.witness
      #expect(DecisionChange.label(Evaluator(old).decide(witness)) == r.from)
      #expect(DecisionChange.label(Evaluator(new).decide(witness)) == r.to)
    }
    // Just outside the stretch, a sour shot decides the same under both tables.
    for time in ["25", "23.9", "28"] {
      let shot = ShotRecord(
        id: "edge", recipe: .init(doseG: num("18"), yieldG: num("36"), timeS: num("28")),
        shot: .init(doseG: num("18"), yieldG: num("36"), timeS: num(time), taste: TagSet([.sour])))
      #expect(Evaluator(old).decide(shot).outcome == Evaluator(new).decide(shot).outcome, "time \(time)")
    }
    let onBound = ShotRecord(
      id: "edge", recipe: .init(doseG: num("18"), yieldG: num("36"), timeS: num("28")),
      shot: .init(doseG: num("18"), yieldG: num("36"), timeS: num("24"), taste: TagSet([.sour])))
    #expect(Evaluator(old).decide(onBound).outcome != Evaluator(new).decide(onBound).outcome)
  }

  @Test func resultIsDeterministic() throws {
    let (_, old) = try Self.referenceRules()
    let new = try Self.narrowedFast()
    let a = InputSpaceDiff(old: old, new: new)
    let b = InputSpaceDiff(old: old, new: new)
    #expect(a.regions == b.regions)
    #expect(a.cells == b.cells)
  }

  /// Random pairs of tables: every claim verifies, and a random shot decides differently only
  /// when some region was reported.
  @Test func randomPairsVerifyAndAreNotMissed() throws {
    var rng = SeededGenerator(seed: 4_004)
    var compared = 0
    for _ in 0..<TestScale.count(20, long: 300) {
      let old = try AnalysisTestSupport.randomTable(&rng, count: 6).rules
      let new = try AnalysisTestSupport.randomTable(&rng, count: 6).rules
      let diff = InputSpaceDiff(old: old, new: new)
      guard diff.notAnalysed == nil else { continue }
      compared += 1
      #expect(diff.unverified == 0, "internal inconsistency: a claimed region did not verify")
      let reported = !diff.regions.isEmpty || diff.omitted > 0
      for _ in 0..<100 {
        let shot = AnalysisTestSupport.fullShot(&rng)
        if Evaluator(old).decide(shot).outcome != Evaluator(new).decide(shot).outcome {
          #expect(reported, "a shot decides differently but no region was reported: \(shot.jsonText)")
          break
        }
      }
    }
    #expect(compared > 0)
  }
}
