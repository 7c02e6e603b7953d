import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// The shipped default table (version 2): it checks cleanly, has exactly its documented rule ids in
/// that order, every inline example gets its expected decision, and the advice follows the
/// espresso compass (docs/default-rules.md) — one test per mistake version 1 made.
@Suite struct DefaultRulesTests {
  static func compiled() throws -> CompiledRules {
    let text = try PackageRoot.read("rules/espresso.dialrules")
    let out = RuleCompiler.compile(SourceFile(path: "rules/espresso.dialrules", text: text))
    #expect(out.diagnostics.isEmpty, "\(out.diagnostics.map(\.message))")
    return try #require(out.rules)
  }

  @Test func hasTheDesignRuleIdsInOrder() throws {
    let ids = try Self.compiled().rules.map(\.id)
    #expect(
      ids == [
        "sour_fast", "sour_very_fast", "sour_on_time", "sour_thin", "sour_strong", "sour_at_long_end", "sour_slow",
        "bitter_slow", "bitter_very_slow", "bitter_on_time", "harsh_on_time", "bitter_strong", "bitter_thin",
        "bitter_at_short_end", "fast_bitter_or_harsh", "back_off_after_finer", "sour_and_bitter", "sour_and_harsh",
        "thin_fast", "thin_very_fast", "thin_not_fast", "balanced_thin", "thin_at_short_end", "strong_slow",
        "strong_very_slow", "strong_longer", "balanced_strong", "strong_at_long_end", "strength_at_window_edge",
        "thin_and_strong", "balanced",
        "channeling", "gushing", "choked", "yield_off_target", "dose_off_target", "check_ratio", "check_time",
        "check_first_drop",
      ])
  }

  /// docs/design.md §5's flow rules: a shot whose flow failed gets no one-step recipe change. A gushing,
  /// sour shot on time got "yield +2 g" before they were added.
  @Test func gushingAndChokedShotsAbstain() throws {
    let rules = try Self.compiled()
    let e = Evaluator(rules)
    for (tag, id) in [(FlowTag.gushing, "gushing"), (.choked, "choked")] {
      let index = try #require(rules.index(of: id))
      #expect(rules.rules[index].action.isAbstention)
      #expect(rules.rules[index].reads == 0, "'\(id)' reads only the flow, which is never unknown")
      var sourOnTime = ShotRecord(
        recipe: .init(doseG: 18, yieldG: 36, timeS: 28), shot: .init(doseG: 18, yieldG: 36, timeS: 27, taste: [.sour]))
      #expect(e.decide(sourOnTime).outcome == .adjust(.yield(deltaGrams: 2)))
      sourOnTime.shot?.flow = TagSet([tag])
      let d = e.decide(sourOnTime)
      #expect(d.outcome == .insufficientEvidence(.explicit))
      #expect(d.decidedBy == [id])
      #expect(d.text.contains(tag == .gushing ? "gushed" : "choked"))
    }
    let gushing = try #require(rules.rules.first { $0.id == "gushing" })
    #expect(
      gushing.action
        == .insufficient(
          "The shot gushed: the puck gave way; fix distribution and tamping (or grind much finer) before a one-step change."
        ))
    let choked = try #require(rules.rules.first { $0.id == "choked" })
    #expect(
      choked.action
        == .insufficient(
          "The shot choked: far too fine or too much coffee; go several steps coarser or check the dose, then dial in again."
        ))
  }

  @Test func declaresTheDesignLimitsAndOtherwise() throws {
    let rules = try Self.compiled()
    #expect(rules.limits.grindSteps == 2)
    #expect(rules.limits.yieldGrams == ExactNumber(4))
    #expect(
      rules.otherwise.action
        == .insufficient(
          "No rule covers this shot: note how it tasted (sour, bitter, harsh, balanced, thin or strong)."))
    #expect(rules.otherwise.declared)
  }

  @Test func everyRuleHasARationaleAndMostHaveExamples() throws {
    let rules = try Self.compiled().rules
    #expect(rules.allSatisfy { !$0.because.isEmpty })
    #expect(rules.allSatisfy { !$0.examples.isEmpty }, "every rule of the default table has an example")
  }

  @Test func inlineExamplesPass() throws {
    let results = ExampleRunner.run(try Self.compiled())
    #expect(results.count >= 39)
    for r in results {
      #expect(
        r.passed,
        "example of \(r.ruleID): expected \(r.example.expected.expectationText), got \(r.decision.outcome.expectationText)"
      )
    }
  }

  @Test func backOffOverridesFastBitter() throws {
    let rules = try Self.compiled()
    let back = try #require(rules.index(of: "back_off_after_finer"))
    let fastBitter = try #require(rules.index(of: "fast_bitter_or_harsh"))
    #expect(rules.rules[back].overrides == [fastBitter])
    #expect(rules.rules[fastBitter].overriddenBy == [back])
  }

  // MARK: - The espresso compass (version 2)

  /// The decision for a shot on an 18 g → 36 g in 28 s recipe unless told otherwise.
  static func decide(
    time: ExactNumber, taste: [TasteTag], yield: ExactNumber = 36, dose: ExactNumber = 18,
    recipeYield: ExactNumber = 36, firstDrop: ExactNumber? = nil, previous: Adjustment? = nil
  ) throws -> Decision {
    let shot = ShotRecord(
      recipe: .init(doseG: 18, yieldG: recipeYield, timeS: 28),
      shot: .init(doseG: dose, yieldG: yield, timeS: time, firstDropS: firstDrop, taste: TagSet(taste)),
      previous: previous.map { .init(adjustment: $0) })
    return Evaluator(try compiled()).decide(shot)
  }

  /// Sour and thin wants more extraction and more strength: finer. Version 1 said "yield +2 g",
  /// which makes a thin shot thinner.
  @Test func sourAndThinOnTimeGrindsFiner() throws {
    #expect(try Self.decide(time: 28, taste: [.sour, .thin]).outcome == .adjust(.grind(.finer, steps: 1)))
  }

  /// Bitter and strong wants less of both: coarser. Version 1 said "yield -2 g" (stronger still).
  @Test func bitterAndStrongOnTimeGrindsCoarser() throws {
    #expect(try Self.decide(time: 28, taste: [.bitter, .strong]).outcome == .adjust(.grind(.coarser, steps: 1)))
  }

  /// Rules that point the same way agree: bitter and harsh on time was a conflict in version 1.
  @Test func bitterAndHarshOnTimeAgreeOnCoarser() throws {
    let d = try Self.decide(time: 29, taste: [.bitter, .harsh])
    #expect(d.outcome == .adjust(.grind(.coarser, steps: 1)))
    #expect(d.decidedBy == ["harsh_on_time"])
  }

  /// Balanced but strong: a longer ratio. Version 1 had `strong` and `balanced` in conflict.
  @Test func balancedButStrongGetsALongerRatio() throws {
    #expect(try Self.decide(time: 28, taste: [.balanced, .strong]).outcome == .adjust(.yield(deltaGrams: 2)))
    #expect(try Self.decide(time: 28, taste: [.balanced, .thin]).outcome == .adjust(.yield(deltaGrams: -2)))
  }

  /// More than 8 s off its time is two steps; 3 to 8 s is one (version 1 gave one step at 13 s fast).
  @Test func farOffShotsGetTwoSteps() throws {
    #expect(try Self.decide(time: 15, taste: [.sour]).outcome == .adjust(.grind(.finer, steps: 2)))
    #expect(try Self.decide(time: 20, taste: [.sour]).outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(try Self.decide(time: 19.9, taste: [.sour]).outcome == .adjust(.grind(.finer, steps: 2)))
    #expect(try Self.decide(time: 24, taste: [.sour]).outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(try Self.decide(time: 36.1, taste: [.bitter]).outcome == .adjust(.grind(.coarser, steps: 2)))
    #expect(try Self.decide(time: 36, taste: [.bitter]).outcome == .adjust(.grind(.coarser, steps: 1)))
    #expect(try Self.decide(time: 17, taste: [.thin]).outcome == .adjust(.grind(.finer, steps: 2)))
    #expect(try Self.decide(time: 38, taste: [.strong]).outcome == .adjust(.grind(.coarser, steps: 2)))
  }

  /// A ratio move that would leave 1:1.5–1:2.5 goes to the grind instead: 18 g → 44 g sour is
  /// finer, not 46 g; 18 g → 28 g bitter is coarser, not 26 g. Both window ends are included.
  @Test func ratioMovesStayInsideTheEspressoWindow() throws {
    #expect(
      try Self.decide(time: 28, taste: [.sour], yield: 43, recipeYield: 43).outcome == .adjust(.yield(deltaGrams: 2)))
    #expect(
      try Self.decide(time: 28, taste: [.sour], yield: 44, recipeYield: 44).outcome
        == .adjust(.grind(.finer, steps: 1)))
    #expect(
      try Self.decide(time: 28, taste: [.bitter], yield: 29, recipeYield: 29).outcome
        == .adjust(.yield(deltaGrams: -2)))
    #expect(
      try Self.decide(time: 28, taste: [.bitter], yield: 28, recipeYield: 28).outcome
        == .adjust(.grind(.coarser, steps: 1)))
    #expect(
      try Self.decide(time: 28, taste: [.strong], yield: 44, recipeYield: 44).outcome
        == .adjust(.grind(.coarser, steps: 1)))
    #expect(
      try Self.decide(time: 28, taste: [.thin], yield: 28, recipeYield: 28).outcome
        == .adjust(.grind(.finer, steps: 1)))
  }

  /// Numbers that cannot be the shot as logged abstain with "check the numbers" instead of
  /// moving the recipe; a shot without a first drop is decided as usual.
  @Test func typosDoNotMoveTheRecipe() throws {
    for d in [
      try Self.decide(time: 2.8, taste: [.sour]),
      try Self.decide(time: 95, taste: [.bitter]),
      try Self.decide(time: 28, taste: [.sour], yield: 4.2),
      try Self.decide(time: 28, taste: [.balanced], dose: 1.8),
      try Self.decide(time: 28, taste: [.balanced], firstDrop: 31),
    ] {
      #expect(d.outcome == .insufficientEvidence(.explicit))
      #expect(d.decidedBy.allSatisfy { $0.hasPrefix("check_") }, "\(d.decidedBy)")
      #expect(d.text.contains("Check the numbers"))
    }
    #expect(try Self.decide(time: 28, taste: [.balanced]).outcome == .noChange)
    #expect(try Self.decide(time: 28, taste: [.balanced], firstDrop: 6).outcome == .noChange)
  }

  /// One extraction taste alone: the time breaks the choice; uneven extraction abstains, and
  /// right after a finer change a fast bitter shot backs off.
  @Test func timeBreaksASingleTaste() throws {
    #expect(try Self.decide(time: 23, taste: [.sour]).outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(try Self.decide(time: 27, taste: [.sour]).outcome == .adjust(.yield(deltaGrams: 2)))
    #expect(try Self.decide(time: 33, taste: [.sour]).outcome == .insufficientEvidence(.explicit))
    #expect(try Self.decide(time: 33, taste: [.bitter]).outcome == .adjust(.grind(.coarser, steps: 1)))
    #expect(try Self.decide(time: 29, taste: [.bitter]).outcome == .adjust(.yield(deltaGrams: -2)))
    #expect(try Self.decide(time: 22, taste: [.bitter]).outcome == .insufficientEvidence(.explicit))
    #expect(
      try Self.decide(time: 22, taste: [.bitter], previous: .grind(.finer, steps: 1)).outcome
        == .adjust(.grind(.coarser, steps: 1)))
    #expect(try Self.decide(time: 28, taste: [.sour, .harsh]).outcome == .insufficientEvidence(.explicit))
    #expect(try Self.decide(time: 28, taste: [.thin, .strong]).outcome == .insufficientEvidence(.explicit))
  }

  /// Every fully observed, on-recipe shot with at least one taste word gets an answer: a change,
  /// no change, or a deliberate abstention — never a conflict and never "no rule".
  @Test func onRecipeShotsNeverConflict() throws {
    let rules = try Self.compiled()
    let e = Evaluator(rules)
    let words = TasteTag.allCases
    var checked = 0
    for mask in 1..<(1 << words.count) {
      let taste = words.indices.filter { mask & (1 << $0) != 0 }.map { words[$0] }
      for time: ExactNumber in [12, 19.9, 20, 24, 25, 28, 31, 32, 36, 36.1, 45] {
        for recipeYield: ExactNumber in [28, 29, 36, 43, 44] {
          for previous: Adjustment? in [nil, .grind(.finer, steps: 1)] {
            let shot = ShotRecord(
              recipe: .init(doseG: 18, yieldG: recipeYield, timeS: 28),
              shot: .init(doseG: 18, yieldG: recipeYield, timeS: time, taste: TagSet(taste)),
              previous: previous.map { .init(adjustment: $0) })
            let d = e.decide(shot)
            #expect(
              d.outcome != .insufficientEvidence(.conflict) && d.outcome != .insufficientEvidence(.noRule),
              "\(taste) \(time) s \(recipeYield) g: \(d.decidedBy)")
            checked += 1
          }
        }
      }
    }
    #expect(checked == 63 * 11 * 5 * 2)
  }
}
