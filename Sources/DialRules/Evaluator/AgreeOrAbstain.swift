/// docs/design.md §4's combining step, the one definition of it: given M (the rules that are true
/// and not overridden) and U (the rules that are unknown or in doubt), agree on one action or
/// abstain.
///
/// The general plan (`EvaluationPlan.combine`, what `explain` runs) and the analysis (`Combiner`,
/// over the rules true in a region of fully observed shots, where U is empty) call it. The compiled
/// program (`DecisionProgram+Combine`, what `decide` and `eval` run) does the same step once more as
/// mask operations over words of rule bits, with these action ids; it is not derived from this
/// definition but checked against it: `CompiledDecisionTests` and the evaluator fuzz oracle require
/// its decisions to equal the general plan's, field for field, over generated tables and shots.
/// Finding M and U (overrides, "in doubt") is not here: the general plan does it when it runs
/// (`EvaluationPlan+Run`), the compiled program in its combining step.
struct AgreeOrAbstain: Sendable {
  /// Per rule: the id of its action. Rules with equal actions (kind, direction and amount, or the
  /// same abstention reason) share an id; ids count distinct actions in order of first use.
  let actionIDs: [Int32]
  /// Per rule: whether its action abstains (`insufficient "…"`).
  let abstains: [Bool]
  /// Per action id: the action.
  let actions: [RuleAction]
  /// The result when no rule is true or undecided.
  let otherwise: RuleAction

  /// Numbers the distinct actions of `rules`.
  init(_ rules: CompiledRules) {
    // A dictionary: a linear search of the distinct actions so far was quadratic for tables whose
    // rules all abstain with different reasons.
    var distinct: [RuleAction: Int32] = [:]
    var actions: [RuleAction] = []
    var ids: [Int32] = []
    ids.reserveCapacity(rules.rules.count)
    for rule in rules.rules {
      if let id = distinct[rule.action] {
        ids.append(id)
      } else {
        let id = Int32(actions.count)
        distinct[rule.action] = id
        actions.append(rule.action)
        ids.append(id)
      }
    }
    actionIDs = ids
    abstains = rules.rules.map { $0.action.isAbstention }
    self.actions = actions
    otherwise = rules.otherwise.action
  }

  /// What combining says, by rule index (ascending, so `decided_by` follows the file).
  enum Verdict: Equatable {
    /// Rules of M abstain: insufficient evidence, reason `explicit`, decided by them.
    case abstain([Int])
    /// M holds two or more different actions: reason `conflict`, decided by M.
    case conflict([Int])
    /// M holds one action, the one of its first rule, and no undecided rule wants another.
    case agree([Int])
    /// Undecided rules could change the answer: reason `incomplete`, decided by those rules.
    case incomplete([Int])
    /// No rule is true and none is undecided: the `otherwise` result.
    case otherwise
  }

  /// Combines M and U, both ascending rule indices.
  @inline(__always)
  func combine(matched: [Int], undecided: [Int]) -> Verdict {
    if matched.contains(where: { abstains[$0] }) { return .abstain(matched.filter { abstains[$0] }) }
    guard let first = matched.first else { return undecided.isEmpty ? .otherwise : .incomplete(undecided) }
    let action = actionIDs[first]
    if matched.contains(where: { actionIDs[$0] != action }) { return .conflict(matched) }
    if undecided.isEmpty { return .agree(matched) }
    let dissenting = undecided.filter { actionIDs[$0] != action }
    return dissenting.isEmpty ? .agree(matched) : .incomplete(dissenting)
  }

  /// The outcome a verdict stands for (`incomplete` included).
  @inline(__always)
  func outcome(of verdict: Verdict) -> Decision.Outcome {
    switch verdict {
    case .abstain: .insufficientEvidence(.explicit)
    case .conflict: .insufficientEvidence(.conflict)
    case .incomplete: .insufficientEvidence(.incomplete)
    case .agree(let matched): Self.outcome(of: actions[Int(actionIDs[matched[0]])])
    case .otherwise: otherwiseOutcome
    }
  }

  /// The outcome when `otherwise` decides: an abstaining `otherwise` has reason `no_rule`.
  var otherwiseOutcome: Decision.Outcome {
    switch otherwise {
    case .insufficient: .insufficientEvidence(.noRule)
    case .adjust(let a): Self.outcome(of: .adjust(a))
    }
  }

  /// The outcome of a rule's action when it decides: `no change` is its own outcome.
  static func outcome(of action: RuleAction) -> Decision.Outcome {
    switch action {
    case .insufficient: .insufficientEvidence(.explicit)
    case .adjust(let a): a == .noChange ? .noChange : .adjust(a)
    }
  }
}
