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

  /// The agree-or-abstain step of design §4, over the statuses in `b`. Collects indices in source
  /// order, so `decided_by` follows the file.
  func combine(shot: ShotRecord, _ b: PlanBuffers) -> Decision {
    let count = plan.ids.count
    // First pass: what M holds, without allocating.
    var firstMatched = -1
    var anyAbstaining = false
    var disagree = false
    var anyUndecided = false
    for i in 0..<count {
      switch b.statuses[i] {
      case .matched:
        if plan.abstains[i] { anyAbstaining = true }
        if firstMatched < 0 {
          firstMatched = i
        } else if plan.actionIDs[i] != plan.actionIDs[firstMatched] {
          disagree = true
        }
      case .unknown, .inDoubt: anyUndecided = true
      case .notMatched, .overridden: break
      }
    }
    if anyAbstaining {
      let abstaining = (0..<count).filter { b.statuses[$0] == .matched && plan.abstains[$0] }
      let text =
        abstaining.count == 1 ? plan.texts[abstaining[0]] : abstaining.map { plan.texts[$0] }.joined(separator: "; ")
      return decision(shot, .insufficientEvidence(.explicit), text, abstaining, missing: [])
    }
    if firstMatched >= 0 {
      var matched: [Int] = []
      matched.reserveCapacity(4)
      for i in firstMatched..<count where b.statuses[i] == .matched { matched.append(i) }
      if disagree {
        let text =
          "The matching rules disagree: "
          + matched.map { plan.conflictClauses[$0] }.joined(separator: "; ") + "."
        return decision(shot, .insufficientEvidence(.conflict), text, matched, missing: [])
      }
      let action = plan.actionIDs[firstMatched]
      let dissenting =
        anyUndecided
        ? (0..<count).filter {
          (b.statuses[$0] == .unknown || b.statuses[$0] == .inDoubt) && plan.actionIDs[$0] != action
        }
        : []
      if !dissenting.isEmpty { return incomplete(shot, dissenting, b) }
      guard case .adjust(let adjustment) = plan.actions[firstMatched] else {
        return decision(
          shot, .insufficientEvidence(.explicit), plan.actions[firstMatched].reasonText, matched, missing: [])
      }
      let outcome: Decision.Outcome = adjustment == .noChange ? .noChange : .adjust(adjustment)
      return decision(shot, outcome, plan.texts[firstMatched], matched, missing: [])
    }
    if !anyUndecided {
      switch plan.otherwise {
      case .insufficient(let reason):
        return decision(shot, .insufficientEvidence(.noRule), reason, [], missing: [])
      case .adjust(let adjustment):
        let outcome: Decision.Outcome = adjustment == .noChange ? .noChange : .adjust(adjustment)
        return decision(shot, outcome, adjustment.text, [], missing: [])
      }
    }
    let undecided = (0..<count).filter { b.statuses[$0] == .unknown || b.statuses[$0] == .inDoubt }
    return incomplete(shot, undecided, b)
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
