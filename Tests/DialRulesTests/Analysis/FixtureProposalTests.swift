import DialRulesTestSupport
import Testing

@testable import DialRules

/// Proposed fixtures do what they claim when evaluated, on generated tables.
@Suite struct FixtureProposalTests {
  @Test func proposalsOnRandomTablesVerify() throws {
    var rng = SeededGenerator(seed: 2_002)
    var decides = 0
    for _ in 0..<30 {
      let rules = try AnalysisTestSupport.randomTable(&rng, count: 6).rules
      let all = rules.rules.map(\.index)
      let found = FixtureProposal.propose(rules, for: all)
      #expect(Set(found.keys) == Set(all))
      for r in all {
        let id = rules.rules[r].id
        switch found[r] {
        case .decides(let shot, _):
          decides += 1
          #expect(shot.id == id)
          let decision = Evaluator(rules).decide(shot)
          #expect(decision.decidedBy.contains(id), "\(id): \(shot.jsonText)")
          #expect(decision.outcome != .insufficientEvidence(.conflict))
        case .matches(let shot):
          #expect(Evaluator(rules).evaluate(shot).statuses[r] == .matched, "\(id): \(shot.jsonText)")
        case .notFound(let reason):
          #expect(!reason.isEmpty)
        case nil:
          Issue.record("no outcome for \(id)")
        }
      }
    }
    #expect(decides > 0)
  }

  /// A proposal is a shot the rule decides alone where one exists (issue 23: a shot three rules
  /// decided was proposed, though one decided by the rule alone exists); where none exists it
  /// says which rules decide with it.
  @Test func prefersAShotTheRuleDecidesAlone() throws {
    let rules = try compileValid(PackageRoot.read("Fixtures/proposal/nested.dialrules"))
    let found = FixtureProposal.propose(rules, for: rules.rules.map(\.index))
    let evaluator = Evaluator(rules)
    for rule in rules.rules {
      guard case .decides(let shot, let others) = found[rule.index] else {
        Issue.record("\(rule.id): \(String(describing: found[rule.index]))")
        continue
      }
      let decidedBy = evaluator.decide(shot).decidedBy
      if rule.id == "low" {
        // Wherever it is true, `wide` is true and agrees with it.
        #expect(others == ["wide"])
        #expect(decidedBy == ["wide", "low"])
      } else if rule.id == "strong_low" {
        #expect(others == ["wide", "low"])
        #expect(decidedBy == ["wide", "low", "strong_low"])
      } else {
        #expect(others.isEmpty, "\(rule.id)")
        #expect(decidedBy == [rule.id], "\(rule.id): \(shot.jsonText)")
      }
    }
  }
}
