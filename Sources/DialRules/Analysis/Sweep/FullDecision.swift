/// docs/design.md §4's agree-or-abstain step for a fully observed shot, computed from the set of rules that
/// are true: the analysis' view of `AgreeOrAbstain`, the combining step the evaluator runs too.
///
/// With every observation known no rule is unknown or in doubt, so M is the true rules that no
/// true rule overrides, and the decision follows from M alone. Every finding's witness is run
/// through the real `Evaluator`, which checks that the two agree end to end.
struct FullDecision: Hashable {
  var outcome: Decision.Outcome
  /// The evaluator's `decided_by`, as rule indices in source order.
  var decidedBy: [Int]
  /// M: the true rules that are not overridden.
  var matched: [Int]
}

/// `AgreeOrAbstain` over the rules true in a region: applies `overrides` to find M, then combines.
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

  /// The decision when `trueRules` are true and `unknownRules` unknown (both ascending), the
  /// others false — a shot with observations missing (the properties' sweep over recorded axes).
  /// The statuses are the evaluator's: a rule some true rule overrides is overridden; a rule that
  /// is not false and has an unknown overrider is in doubt; with unknown rules, both are
  /// undecided (U of docs/design.md §4).
  func decide(_ trueRules: [Int], unknown unknownRules: [Int]) -> FullDecision {
    guard !unknownRules.isEmpty else { return decide(trueRules) }
    var matched: [Int] = []
    var undecided: [Int] = []
    for q in (trueRules + unknownRules).sorted() {
      let overriders = rules.rules[q].overriddenBy
      if overriders.contains(where: { trueRules.contains($0) }) { continue }
      if unknownRules.contains(q) || overriders.contains(where: { unknownRules.contains($0) }) {
        undecided.append(q)
      } else {
        matched.append(q)
      }
    }
    let verdict = combining.combine(matched: matched, undecided: undecided)
    let decidedBy: [Int]
    switch verdict {
    case .abstain(let rules), .conflict(let rules), .agree(let rules), .incomplete(let rules): decidedBy = rules
    case .otherwise: decidedBy = []
    }
    return FullDecision(outcome: combining.outcome(of: verdict), decidedBy: decidedBy, matched: matched)
  }

  /// The decision for a given M (ascending); nothing is undecided.
  func decide(matched: [Int]) -> FullDecision {
    let verdict = combining.combine(matched: matched, undecided: [])
    let decidedBy: [Int]
    switch verdict {
    case .abstain(let rules), .conflict(let rules), .agree(let rules), .incomplete(let rules): decidedBy = rules
    case .otherwise: decidedBy = []
    }
    return FullDecision(outcome: combining.outcome(of: verdict), decidedBy: decidedBy, matched: matched)
  }
}
