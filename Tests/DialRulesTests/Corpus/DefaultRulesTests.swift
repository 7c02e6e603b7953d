import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// The shipped default table: it checks cleanly, has exactly the rule ids of design §5 in that
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
        "channeling", "yield_off_target", "dose_off_target",
      ])
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
