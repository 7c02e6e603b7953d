/// How a rule took part in one decision (`RuleExplanation.status`); the raw values are the words
/// of `explain --format json`. New statuses may be added in a minor release; end a `switch` with
/// `@unknown default`.
public enum RuleStatus: String, Hashable, Sendable {
  /// True and not overridden: it is in M.
  case matched
  /// False.
  case notMatched = "not_matched"
  /// Unknown: an observation it reads is absent.
  case unknown
  /// A rule that overrides it is true: it takes no part.
  case overridden
  /// Not false, and an overriding rule is unknown: it might be overridden.
  case inDoubt = "in_doubt"
}

/// Applies a decision table to shots (docs/design.md §4): evaluate every rule in three-valued logic,
/// apply `overrides`, then agree or abstain.
///
/// Two evaluations of one table, checked against each other by property tests: `decide` runs the
/// compiled `DecisionProgram` (bit operations, exact fixed-point comparisons, prebuilt decisions,
/// no allocation) on the shot's compact form; `explain`, and `decide` for a record outside the
/// bounds of shot JSON, run the `EvaluationPlan`, which keeps every value and condition for the
/// explanation. Both share the texts of every decision (`decision(_:missing:)`).
///
/// Evaluation reads the table only, never the file order: rules are combined as a set and
/// `decided_by` is sorted by source position, so shuffling rules changes nothing but that order.
package struct Evaluator: Sendable {
  let plan: EvaluationPlan
  let program: DecisionProgram

  /// The table this evaluator applies.
  var rules: CompiledRules { plan.rules }

  package init(_ rules: CompiledRules) {
    self.plan = EvaluationPlan(rules)
    self.program = DecisionProgram(rules)
  }

  /// An evaluator that keeps at most `decisionCapacity` decisions built (tests of a full table).
  init(_ rules: CompiledRules, decisionCapacity: Int) {
    self.plan = EvaluationPlan(rules)
    self.program = DecisionProgram(rules, classCapacity: decisionCapacity)
  }

  /// The decision for one shot.
  package func decide(_ shot: ShotRecord) -> Decision {
    guard let compact = CompactShot(shot) else { return referenceDecision(shot) }
    return decision(compact, id: shot.id)
  }

  /// The decision for one line of a batch (`ShotJSONReader.readShots`), with its id.
  func decide(_ shot: ReadShot) -> Decision { decision(shot.compact, id: shot.id) }

  /// The decision for one line of a batch without its id: what `diff --shots` compares.
  package func decisionWithoutID(_ shot: ReadShot) -> Decision { decision(shot.compact, id: nil) }

  /// Appends the decision JSON for one line of a batch to `w`: the escaped id, then the decision's
  /// prebuilt bytes. What `eval` does per line.
  package func writeDecision(_ shot: ReadShot, to w: inout JSONWriter) {
    w.beginObject()
    w.key("id")
    shot.writeID(to: &w)
    if let entry = cachedEntry(shot.compact) {
      entry.pointee.tail.withUnsafeBufferPointer { w.fragment($0) }
      return
    }
    program.run(shot.compact, plan: plan) { key in
      if let entry = program.classes.entry(key, make: { decision(key) }) {
        entry.pointee.tail.withUnsafeBufferPointer { w.fragment($0) }
      } else {
        DecisionClasses.Entry(decision(key)).tail.withUnsafeBufferPointer { w.fragment($0) }
      }
    }
  }

  /// The decision the compiled table gives a compact shot, with `id`.
  func decision(_ shot: CompactShot, id: String?) -> Decision {
    guard let entry = cachedEntry(shot) else { return decisionByRunning(shot, id: id) }
    return DecisionClasses.Entry.decision(at: entry, id: id)
  }

  /// The entry of `shot`'s decision class through the atom cache, built on a miss; nil when the
  /// table is not in one-word form or the decision table is full (then `run` decides).
  @inline(__always)
  private func cachedEntry(_ shot: CompactShot) -> UnsafePointer<DecisionClasses.Entry>? {
    guard let probe = program.probeAtoms(shot, plan: plan) else { return nil }
    return probe.entry ?? entry(missed: probe, shot)
  }

  /// The entry for atoms the cache does not hold yet (nil when the decision table is full). Out
  /// of line, so the closure that builds a decision is made only here.
  @inline(never)
  private func entry(missed probe: DecisionProgram.AtomProbe, _ shot: CompactShot)
    -> UnsafePointer<DecisionClasses.Entry>?
  {
    program.missedEntry(shot, probe, make: { decision($0) })
  }

  /// The decision without the atom cache: a table that is not in one-word form, or a full cache.
  @inline(never)
  private func decisionByRunning(_ shot: CompactShot, id: String?) -> Decision {
    var made = program.run(shot, plan: plan) { key in
      program.classes.entry(key, make: { decision(key) })?.pointee.decision ?? decision(key)
    }
    made.id = id
    return made
  }

  /// The decision for `key`, texts and all (no id).
  func decision(_ key: DecisionKey) -> Decision {
    var rules: [Int] = []
    for w in key.rules.indices {
      var m = key.rules[w]
      while m != 0 {
        rules.append(w * 64 + m.trailingZeroBitCount)
        m &= m &- 1
      }
    }
    let verdict: AgreeOrAbstain.Verdict
    switch key.verdict {
    case .abstain: verdict = .abstain(rules)
    case .conflict: verdict = .conflict(rules)
    case .agree: verdict = .agree(rules)
    case .incomplete: verdict = .incomplete(rules)
    case .otherwise: verdict = .otherwise
    }
    return plan.decision(verdict, missing: key.missing)
  }

  /// The decision by the general plan, which `explain` also runs: the reference the compiled
  /// table is tested against, and the path for records outside the bounds of shot JSON.
  package func referenceDecision(_ shot: ShotRecord) -> Decision {
    plan.decide(shot)
  }

  /// Everything evaluation found out, for the decision and for explanations.
  struct Evaluation {
    var state: ProgramState
    var truths: [Truth]
    var statuses: [RuleStatus]
    var decision: Decision
  }

  func evaluate(_ shot: ShotRecord) -> Evaluation {
    plan.run(shot, eager: true) { b in
      Evaluation(
        state: ProgramState(b), truths: Array(b.truths), statuses: Array(b.statuses),
        decision: plan.combine(shot: shot, b))
    }
  }
}

extension RuleAction {
  /// The sentence for an abstention, or the adjustment's sentence.
  var reasonText: String {
    switch self {
    case .insufficient(let reason): reason
    case .adjust(let a): a.text
    }
  }
}
