/// How a rule took part in one decision (`RuleExplanation.status`); the raw values are the words
/// of `explain --format json`. New statuses may be added in a minor release; `switch` with a
/// `default` case.
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

/// Applies a decision table to shots (design §4): evaluate every rule in three-valued logic,
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
  package var rules: CompiledRules { plan.rules }

  package init(_ rules: CompiledRules) {
    self.plan = EvaluationPlan(rules)
    self.program = DecisionProgram(rules)
  }

  /// The decision for one shot.
  package func decide(_ shot: ShotRecord) -> Decision {
    guard let compact = CompactShot(shot) else { return referenceDecision(shot) }
    var decision = self.decision(compact)
    decision.id = shot.id
    return decision
  }

  /// The decision for one line of a batch (`ShotJSONReader.readShots`), with its id.
  package func decide(_ shot: ReadShot) -> Decision {
    var decision = self.decision(shot.compact)
    decision.id = shot.id
    return decision
  }

  /// The decision for one line of a batch without its id: what `diff --shots` compares.
  package func decisionWithoutID(_ shot: ReadShot) -> Decision { decision(shot.compact) }

  /// Appends the decision JSON for one line of a batch to `w`: the escaped id, then the decision's
  /// prebuilt bytes. What `eval` does per line.
  package func writeDecision(_ shot: ReadShot, to w: inout JSONWriter) {
    w.beginObject()
    w.key("id")
    shot.writeID(to: &w)
    program.run(shot.compact, plan: plan) { key in
      if let entry = program.classes.entry(key, make: { decision(key) }) {
        entry.pointee.tail.withUnsafeBufferPointer { w.raw($0) }
      } else {
        DecisionClasses.Entry(decision(key)).tail.withUnsafeBufferPointer { w.raw($0) }
      }
    }
  }

  /// The decision (without id) the compiled table gives a compact shot.
  func decision(_ shot: CompactShot) -> Decision {
    program.run(shot, plan: plan) { key in
      program.classes.entry(key, make: { decision(key) })?.pointee.decision ?? decision(key)
    }
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
    return decision(verdict, missing: key.missing)
  }

  /// The decision by the general plan, which `explain` also runs: the reference the compiled
  /// table is tested against, and the path for records outside the bounds of shot JSON.
  package func referenceDecision(_ shot: ShotRecord) -> Decision {
    plan.run(shot) { combine(shot: shot, $0) }
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
        state: ProgramState(b), truths: Array(b.truths), statuses: Array(b.statuses), decision: combine(shot: shot, b))
    }
  }

  /// The agree-or-abstain step of design §4 (`AgreeOrAbstain`, shared with the analysis) over the
  /// statuses in `b`, then the decision's texts. Collects indices in source order, so
  /// `decided_by` follows the file.
  func combine(shot: ShotRecord, _ b: PlanBuffers) -> Decision {
    var matched: [Int] = []
    var undecided: [Int] = []
    for i in 0..<plan.ids.count {
      switch b.statuses[i] {
      case .matched: matched.append(i)
      case .unknown, .inDoubt: undecided.append(i)
      case .notMatched, .overridden: break
      }
    }
    let verdict = plan.combining.combine(matched: matched, undecided: undecided)
    var missing: UInt32 = 0
    if case .incomplete(let rules) = verdict {
      // The absent paths the undecided rules read — for a rule in doubt, also those its unknown
      // overriders read, since they are what keeps it undecided.
      for i in rules {
        missing |= plan.reads[i]
        for k in plan.overriderRanges[i] {
          let o = Int(plan.overriders[k])
          if b.truths[o] == .unknown { missing |= plan.reads[o] }
        }
      }
      missing &= Self.absentMask(shot)
    }
    var decision = decision(verdict, missing: missing)
    decision.id = shot.id
    return decision
  }

  /// The decision (without id) for a verdict; `missing` is the mask of absent paths for
  /// `incomplete`. The one place decision texts are made.
  func decision(_ verdict: AgreeOrAbstain.Verdict, missing: UInt32) -> Decision {
    let outcome = plan.combining.outcome(of: verdict)
    switch verdict {
    case .abstain(let abstaining):
      let text =
        abstaining.count == 1 ? plan.texts[abstaining[0]] : abstaining.map { plan.texts[$0] }.joined(separator: "; ")
      return decision(outcome, text, abstaining, missing: [])
    case .conflict(let rules):
      let text = "The matching rules disagree: " + rules.map { plan.conflictClauses[$0] }.joined(separator: "; ") + "."
      return decision(outcome, text, rules, missing: [])
    case .agree(let rules):
      return decision(outcome, plan.texts[rules[0]], rules, missing: [])
    case .incomplete(let rules):
      let paths = ObservedPath.paths(in: missing)
      let text =
        paths.isEmpty
        ? "Not enough observations to decide."
        : "Not enough observations to decide; missing: \(paths.joined(separator: ", "))."
      return decision(.insufficientEvidence(.incomplete), text, rules, missing: paths)
    case .otherwise:
      return decision(outcome, plan.otherwise.reasonText, [], missing: [])
    }
  }

  func decision(_ outcome: Decision.Outcome, _ text: String, _ indices: [Int], missing: [String]) -> Decision {
    Decision(id: nil, outcome: outcome, text: text, decidedBy: indices.map { plan.ids[$0] }, missing: missing)
  }

  /// The observed paths absent from `shot`, as a mask over `ObservedPath`.
  static func absentMask(_ shot: ShotRecord) -> UInt32 {
    var mask: UInt32 = 0
    func absent(_ present: Bool, _ path: ObservedPath) { if !present { mask |= path.bit } }
    absent(shot.previous?.shot?.doseG != nil, .previousShotDose)
    absent(shot.previous?.shot?.taste != nil, .previousShotTaste)
    absent(shot.previous?.shot?.timeS != nil, .previousShotTime)
    absent(shot.previous?.shot?.yieldG != nil, .previousShotYield)
    absent(shot.recipe?.doseG != nil, .recipeDose)
    absent(shot.recipe?.temperatureC != nil, .recipeTemperature)
    absent(shot.recipe?.timeS != nil, .recipeTime)
    absent(shot.recipe?.yieldG != nil, .recipeYield)
    absent(shot.shot?.doseG != nil, .shotDose)
    absent(shot.shot?.firstDropS != nil, .shotFirstDrop)
    absent(shot.shot?.taste != nil, .shotTaste)
    absent(shot.shot?.timeS != nil, .shotTime)
    absent(shot.shot?.yieldG != nil, .shotYield)
    return mask
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
