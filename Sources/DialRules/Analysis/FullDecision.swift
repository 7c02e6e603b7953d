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

  /// Whether removing rule `r` (true here) would change the outcome for `trueRules`.
  ///
  /// The common case needs no recomputation: when `r` overrides no true rule, removing it only
  /// takes it out of M, and whether that matters follows from how many rules of M share its action.
  func isEssential(_ r: Int, in trueRules: [Int], decision: FullDecision) -> Bool {
    let overridesTrue = rules.rules[r].overrides.contains { trueRules.contains($0) }
    if overridesTrue {
      return decide(trueRules.filter { $0 != r }).outcome != decision.outcome
    }
    guard decision.matched.contains(r) else { return false }
    let id = actionIDs[r]
    let abstainers = decision.matched.filter { actionIDs[$0] < 0 }.count
    if id < 0 { return abstainers == 1 }
    if abstainers > 0 { return false }
    if decision.matched.contains(where: { $0 != r && actionIDs[$0] == id }) { return false }
    return decide(matched: decision.matched.filter { $0 != r }).outcome != decision.outcome
  }
}
