import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// The shipped default table: it checks cleanly, has exactly the rule ids of docs/design.md §5 in that
/// order, and every inline example gets its expected decision.
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
        "sour_fast", "sour_on_time", "sour_slow", "bitter_slow", "bitter_on_time", "fast_bitter_or_harsh",
        "sour_and_bitter", "harsh", "thin_not_fast", "thin_fast", "strong", "balanced", "back_off_after_finer",
        "channeling", "yield_off_target", "dose_off_target", "gushing", "choked",
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
    #expect(rules.otherwise.action == .insufficient("No rule covers this shot."))
    #expect(rules.otherwise.declared)
  }

  @Test func everyRuleHasARationaleAndMostHaveExamples() throws {
    let rules = try Self.compiled().rules
    #expect(rules.allSatisfy { !$0.because.isEmpty })
    #expect(rules.filter { !$0.examples.isEmpty }.count >= 12)
  }

  @Test func inlineExamplesPass() throws {
    let results = ExampleRunner.run(try Self.compiled())
    #expect(results.count >= 16)
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
}
