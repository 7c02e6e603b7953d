/// docs/design.md §4, "Agree or abstain", the one definition of it, in the order of its steps:
///
/// 1. `status(_:overriders:truthOf:)`: a rule is overridden, in doubt, or keeps its own truth;
/// 2. `matchedAndUndecided(_:status:)`: M, the rules that are true and neither overridden nor in
///    doubt, and U, the rules that are unknown or in doubt;
/// 3. `combine(matched:undecided:)`: agree on one action or abstain.
///
/// Who calls it: the general plan (`EvaluationPlan+Run` for the statuses, `EvaluationPlan.combine`
/// for the rest; what `explain` runs, and the reference for every other path) and the analysis
/// (`Combiner`, over the rules true, or true and unknown, in a region of shots).
///
/// The checked fast path: the compiled program (`DecisionProgram+Combine`, what `decide`, `eval`
/// and `diff --shots` run) does all three steps once more as mask operations over words of rule
/// bits, with the action ids numbered here. It is not derived from this definition but checked
/// against it: `CompiledDecisionTests` and the evaluator fuzz oracle require its decisions to
/// equal the general plan's, field for field, over generated tables and shots.
struct AgreeOrAbstain: Sendable {
  /// Step 1. The status of a rule whose own truth is `truth`, given the rules that override it
  /// (`CompiledRule.overriddenBy`, in whatever form the caller holds them) and the truth of each.
  @inline(__always)
  static func status<Overriders: Sequence>(
    _ truth: Truth, overriders: Overriders, truthOf: (Overriders.Element) -> Truth
  ) -> RuleStatus {
    var someOverriderUnknown = false
    for overrider in overriders {
      switch truthOf(overrider) {
      // A rule is overridden when at least one rule that overrides it is true.
      case .yes: return .overridden
      case .unknown: someOverriderUnknown = true
      case .no: break
      }
    }
    // It is in doubt when no overrider is true, at least one is unknown, and the rule itself is
    // not false.
    if someOverriderUnknown && truth != .no { return .inDoubt }
    switch truth {
    case .yes: return .matched
    case .no: return .notMatched
    case .unknown: return .unknown
    }
  }

  /// Step 2. M and U among `rules` (ascending, so both follow the source file), from each one's
  /// status. Overridden rules drop out. A rule left out of `rules` must be false: a false rule is
  /// never in M and, since it cannot be in doubt, never in U.
  @inline(__always)
  static func matchedAndUndecided(_ rules: some Sequence<Int>, status: (Int) -> RuleStatus) -> (
    matched: [Int], undecided: [Int]
  ) {
    var matched: [Int] = []
    var undecided: [Int] = []
    matched.reserveCapacity(rules.underestimatedCount)
    for rule in rules {
      switch status(rule) {
      case .matched: matched.append(rule)
      case .unknown, .inDoubt: undecided.append(rule)
      case .notMatched, .overridden: break
      }
    }
    return (matched, undecided)
  }

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

    /// The rules that decide (`decided_by`): none for `otherwise`.
    var decidedBy: [Int] {
      switch self {
      case .abstain(let rules), .conflict(let rules), .agree(let rules), .incomplete(let rules): rules
      case .otherwise: []
      }
    }
  }

  /// Step 3. Combines M and U, both ascending rule indices: the first case that applies is the
  /// answer.
  @inline(__always)
  @_optimize(speed)
  func combine(matched: [Int], undecided: [Int]) -> Verdict {
    // A rule in M abstains: reason `explicit`, decided by the abstaining rules of M.
    if matched.contains(where: { abstains[$0] }) { return .abstain(matched.filter { abstains[$0] }) }
    // M is empty: the `otherwise` result if U is empty too, else `incomplete`, decided by U.
    guard let first = matched.first else { return undecided.isEmpty ? .otherwise : .incomplete(undecided) }
    // M holds two or more different actions: reason `conflict`, decided by M.
    let action = actionIDs[first]
    if matched.contains(where: { actionIDs[$0] != action }) { return .conflict(matched) }
    // M holds one action A: A if every rule of U has A as well, else `incomplete`, decided by the
    // rules of U that do not.
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
