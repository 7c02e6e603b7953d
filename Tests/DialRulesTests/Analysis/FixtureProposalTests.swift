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
        case .decides(let shot):
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
}
