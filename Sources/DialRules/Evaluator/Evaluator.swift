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

/// Applies a decision table to shots (design §4): evaluate every rule in three-valued logic,
/// apply `overrides`, then agree or abstain.
///
/// Evaluation reads the table only, never the file order: rules are combined as a set and
/// `decided_by` is sorted by source position, so shuffling rules changes nothing but that order.
package struct Evaluator: Sendable {
  let plan: EvaluationPlan

  /// The table this evaluator applies.
  package var rules: CompiledRules { plan.rules }

  package init(_ rules: CompiledRules) {
    self.plan = EvaluationPlan(rules)
  }

  /// The decision for one shot.
  package func decide(_ shot: ShotRecord) -> Decision {
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
    // Counted first, so each list is allocated once at its size (and not at all when empty).
    let count = plan.ids.count
    var matchedCount = 0
    var undecidedCount = 0
    for i in 0..<count {
      switch b.statuses[i] {
      case .matched: matchedCount += 1
      case .unknown, .inDoubt: undecidedCount += 1
      case .notMatched, .overridden: break
      }
    }
    var matched: [Int] = []
    var undecided: [Int] = []
    matched.reserveCapacity(matchedCount)
    undecided.reserveCapacity(undecidedCount)
    for i in 0..<count {
      switch b.statuses[i] {
      case .matched: matched.append(i)
      case .unknown, .inDoubt: undecided.append(i)
      case .notMatched, .overridden: break
      }
    }
    let verdict = plan.combining.combine(matched: matched, undecided: undecided)
    let outcome = plan.combining.outcome(of: verdict)
    switch verdict {
    case .abstain(let abstaining):
      let text =
        abstaining.count == 1 ? plan.texts[abstaining[0]] : Decision.abstentionText(abstaining.map { plan.texts[$0] })
      return decision(shot, outcome, text, abstaining, missing: [])
    case .conflict(let rules):
      let text = "The matching rules disagree: " + rules.map { plan.conflictClauses[$0] }.joined(separator: "; ") + "."
      return decision(shot, outcome, text, rules, missing: [])
    case .agree(let rules):
      return decision(shot, outcome, plan.texts[rules[0]], rules, missing: [])
    case .incomplete(let rules):
      return incomplete(shot, rules, b)
    case .otherwise:
      return decision(shot, outcome, plan.otherwise.reasonText, [], missing: [])
    }
  }

  /// `incomplete`, listing the absent paths the undecided rules read — for a rule in doubt, also
  /// those its unknown overriders read, since they are what keeps it undecided.
  func incomplete(_ shot: ShotRecord, _ undecided: [Int], _ b: PlanBuffers) -> Decision {
    var reads: UInt32 = 0
    for i in undecided {
      reads |= plan.reads[i]
      for k in plan.overriderRanges[i] {
        let o = Int(plan.overriders[k])
        if b.truths[o] == .unknown { reads |= plan.reads[o] }
      }
    }
    let missing = ObservedPath.paths(in: reads & Self.absentMask(shot))
    let text =
      missing.isEmpty
      ? "Not enough observations to decide."
      : "Not enough observations to decide; missing: \(missing.joined(separator: ", "))."
    return decision(shot, .insufficientEvidence(.incomplete), text, undecided, missing: missing)
  }

  func decision(
    _ shot: ShotRecord, _ outcome: Decision.Outcome, _ text: String, _ indices: [Int], missing: [String]
  ) -> Decision {
    var ids: [String] = []
    ids.reserveCapacity(indices.count)
    for i in indices { ids.append(plan.ids[i]) }
    return Decision(id: shot.id, outcome: outcome, text: text, decidedBy: ids, missing: missing)
  }

  /// The observed paths absent from `shot`, as a mask over `ObservedPath`.
  static func absentMask(_ shot: ShotRecord) -> UInt32 {
    var mask: UInt32 = 0
    func absent(_ present: Bool, _ path: ObservedPath) { if !present { mask |= path.bit } }
    absent(shot.previous?.shot?.doseG != nil, .previousShotDose)
    absent(shot.previous?.shot?.firstDropS != nil, .previousShotFirstDrop)
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
