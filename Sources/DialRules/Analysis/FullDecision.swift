/// Design §4's agree-or-abstain step for a fully observed shot, computed from the set of rules that
/// are true — the analysis' symbolic counterpart of `Evaluator.combine`.
///
/// With every observation known no rule is unknown or in doubt, so M is the true rules that no
/// true rule overrides, and the decision follows from M alone. Every finding's witness is run
/// through the real `Evaluator`, which checks that this and the evaluator agree.
struct FullDecision: Hashable {
  var outcome: Decision.Outcome
  /// The evaluator's `decided_by`, as rule indices in source order.
  var decidedBy: [Int]
  /// M: the true rules that are not overridden.
  var matched: [Int]
}

/// Precomputed per-table facts for `FullDecision`.
struct Combiner {
  let rules: CompiledRules
  /// Equal actions share an id; every abstention is -1.
  let actionIDs: [Int]
  /// Representative action of each id.
  let actions: [RuleAction]
  /// The outcome when no rule is true.
  let otherwise: Decision.Outcome

  /// Numbers the distinct actions of `rules` and fixes the `otherwise` outcome.
  init(_ rules: CompiledRules) {
    self.rules = rules
    var ids: [Int] = []
    var actions: [RuleAction] = []
    for rule in rules.rules {
      if rule.action.isAbstention {
        ids.append(-1)
      } else if let i = actions.firstIndex(of: rule.action) {
        ids.append(i)
      } else {
        ids.append(actions.count)
        actions.append(rule.action)
      }
    }
    actionIDs = ids
    self.actions = actions
    switch rules.otherwise.action {
    case .insufficient: otherwise = .insufficientEvidence(.noRule)
    case .adjust(let a): otherwise = a == .noChange ? .noChange : .adjust(a)
    }
  }

  /// The outcome of a non-abstaining action.
  func outcome(of id: Int) -> Decision.Outcome {
    guard case .adjust(let a) = actions[id] else { return .insufficientEvidence(.explicit) }
    return a == .noChange ? .noChange : .adjust(a)
  }

  /// The decision when exactly `trueRules` (ascending) are true.
  func decide(_ trueRules: [Int]) -> FullDecision {
    let matched = trueRules.filter { q in
      !rules.rules[q].overriddenBy.contains { o in trueRules.contains(o) }
    }
    return decide(matched: matched)
  }

  /// The same, with membership in `trueRules` answered by `isTrue` (constant time for the sweep).
  func decide(_ trueRules: [Int], isTrue: (Int) -> Bool) -> FullDecision {
    var matched: [Int] = []
    matched.reserveCapacity(trueRules.count)
    for q in trueRules where !rules.rules[q].overriddenBy.contains(where: isTrue) { matched.append(q) }
    return decide(matched: matched)
  }

  /// The decision for a given M (ascending).
  func decide(matched: [Int]) -> FullDecision {
    let abstaining = matched.filter { actionIDs[$0] < 0 }
    if !abstaining.isEmpty {
      return FullDecision(outcome: .insufficientEvidence(.explicit), decidedBy: abstaining, matched: matched)
    }
    guard let first = matched.first else { return FullDecision(outcome: otherwise, decidedBy: [], matched: []) }
    if matched.contains(where: { actionIDs[$0] != actionIDs[first] }) {
      return FullDecision(outcome: .insufficientEvidence(.conflict), decidedBy: matched, matched: matched)
    }
    return FullDecision(outcome: outcome(of: actionIDs[first]), decidedBy: matched, matched: matched)
  }
}
