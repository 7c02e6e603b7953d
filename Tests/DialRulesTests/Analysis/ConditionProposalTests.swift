import DialRulesTestSupport
import Testing

@testable import DialRules

/// Proposed condition fixtures do what they claim when explained, on generated tables; where
/// none is proposed because the region is empty, no random shot finds one either.
@Suite struct ConditionProposalTests {
  @Test func proposalsOnRandomTablesVerify() throws {
    var rng = SeededGenerator(seed: 2_412)
    var found = 0
    var empty = 0
    for _ in 0..<30 {
      let rules = try AnalysisTestSupport.randomTable(&rng, count: 5).rules
      let evaluator = Evaluator(rules)
      let targets = rules.rules.flatMap { rule in
        rule.conditionParts.indices.map { ConditionProposal.Target(rule: rule.index, condition: $0) }
      }
      let proposals = ConditionProposal.propose(rules, for: targets)
      #expect(Set(proposals.keys) == Set(targets))
      let probes = (0..<200).map { _ in evaluator.explain(AnalysisTestSupport.fullShot(&rng)) }
      for target in targets {
        let rule = rules.rules[target.rule]
        // Every part has its own place in the rule's `when`.
        #expect(rule.conditionPartSpans.count == rule.conditionParts.count, "\(rule.id)")
        func falseAlone(_ e: Explanation) -> Bool {
          let truths = e.rules[target.rule].conditions.map(\.truth)
          return truths.indices.allSatisfy { truths[$0] == ($0 == target.condition ? .no : .yes) }
        }
        switch proposals[target] {
        case .falseAlone(let shot):
          found += 1
          #expect(shot.id == ConditionProposal.fixtureName(rules, target))
          guard let (back, _) = AnalysisTestSupport.decideAfterRoundTrip(shot, rules) else {
            Issue.record("\(rule.id) \(target.condition): not shot JSON")
            continue
          }
          let explained = evaluator.explain(back)
          #expect(falseAlone(explained), "\(rule.id) \(target.condition): \(back.jsonText)")
          #expect(explained.rules[target.rule].truth == .no)
        case .notFound(let reason):
          #expect(!reason.isEmpty)
          if reason.hasPrefix("wherever") || reason.hasPrefix("the rule's other") || reason.hasPrefix("no fully") {
            empty += 1
            #expect(!probes.contains(where: falseAlone), "\(rule.id) \(target.condition): \(reason)")
          }
        case nil:
          Issue.record("no outcome for \(rule.id) \(target.condition)")
        }
      }
    }
    #expect(found > 0)
    #expect(empty > 0)
  }

  /// `dt < -1 s` beside `fast` (`dt < -3 s`) can never be false while `fast` is true.
  @Test func anImpliedConditionHasNoProposal() throws {
    let rules = try compileValid(PackageRoot.read("Fixtures/coverage/conditions.dialrules"))
    let hurried = try #require(rules.rules.first { $0.id == "sour_hurried" })
    let targets = hurried.conditionParts.indices.map { ConditionProposal.Target(rule: hurried.index, condition: $0) }
    let found = ConditionProposal.propose(rules, for: targets)
    #expect(found[targets[2]] == .notFound("wherever the rule's other conditions are true, it is true too"))
    guard case .falseAlone(let shot) = found[targets[1]] else {
      Issue.record("fast: \(String(describing: found[targets[1]]))")
      return
    }
    // `fast` false, `dt < -1 s` true: between 3 s and 1 s fast.
    let truths = Evaluator(rules).explain(shot).rules[hurried.index].conditions.map(\.truth)
    #expect(truths == [.yes, .no, .yes])
  }
}
