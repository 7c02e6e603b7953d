/// docs/design.md §4's decision over a region of shots, computed from which rules are true there
/// (and, for the properties' sweep over recorded axes, which are unknown): what `AgreeOrAbstain`
/// decides, for the analysis.
///
/// With every observation known (the table's sweep and its checks) no rule is unknown or in doubt,
/// so M is the true rules that no true rule overrides, and the decision follows from M alone.
/// Every finding's witness is run through the real `Evaluator`, which checks that the two agree
/// end to end.
struct FullDecision: Hashable {
  var outcome: Decision.Outcome
  /// The evaluator's `decided_by`, as rule indices in source order.
  var decidedBy: [Int]
  /// M: the true rules that are neither overridden nor in doubt.
  var matched: [Int]
}

/// `AgreeOrAbstain` over the rules true (or unknown) in a region: its statuses give M and U, then
/// it combines. No step is written out here; the analysis decides as the evaluator does.
final class Combiner: Sendable {
  let rules: CompiledRules
  /// The combining step and the table's action ids (`actionIDs`, `abstains`).
  let combining: AgreeOrAbstain

  /// The combining step of `rules`.
  init(_ rules: CompiledRules) {
    self.rules = rules
    combining = AgreeOrAbstain(rules)
  }

  /// The outcome when no rule is true.
  var otherwise: Decision.Outcome { combining.otherwiseOutcome }

  /// The outcome of the action with id `id` when it decides.
  func outcome(ofAction id: Int32) -> Decision.Outcome {
    AgreeOrAbstain.outcome(of: combining.actions[Int(id)])
  }

  /// The decision when exactly `trueRules` (ascending) are true.
  func decide(_ trueRules: [Int]) -> FullDecision {
    decide(trueRules, isTrue: { trueRules.contains($0) })
  }

  /// The same, with membership in `trueRules` answered by `isTrue` (constant time for the sweep).
  @_optimize(speed)
  func decide(_ trueRules: [Int], isTrue: (Int) -> Bool) -> FullDecision {
    // Only true rules can be in M, and with no rule unknown none is in U.
    let (matched, _) = AgreeOrAbstain.matchedAndUndecided(trueRules) { q in
      AgreeOrAbstain.status(.yes, overriders: rules.rules[q].overriddenBy) { isTrue($0) ? .yes : .no }
    }
    return decide(matched: matched, undecided: [])
  }

  /// The decision when `trueRules` are true and `unknownRules` unknown (both ascending), the
  /// others false — a shot with observations missing (the properties' sweep over recorded axes).
  func decide(_ trueRules: [Int], unknown unknownRules: [Int]) -> FullDecision {
    guard !unknownRules.isEmpty else { return decide(trueRules) }
    func truth(_ q: Int) -> Truth { trueRules.contains(q) ? .yes : unknownRules.contains(q) ? .unknown : .no }
    // The false rules are in neither M nor U.
    let (matched, undecided) = AgreeOrAbstain.matchedAndUndecided((trueRules + unknownRules).sorted()) { q in
      AgreeOrAbstain.status(truth(q), overriders: rules.rules[q].overriddenBy, truthOf: truth)
    }
    return decide(matched: matched, undecided: undecided)
  }

  /// The decision for M and U (both ascending).
  @_optimize(speed)
  private func decide(matched: [Int], undecided: [Int]) -> FullDecision {
    let verdict = combining.combine(matched: matched, undecided: undecided)
    return FullDecision(outcome: combining.outcome(of: verdict), decidedBy: verdict.decidedBy, matched: matched)
  }
}
