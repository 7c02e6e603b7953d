/// How a rule took part in one decision.
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
public struct Evaluator: Sendable {
  public let rules: CompiledRules

  public init(_ rules: CompiledRules) {
    self.rules = rules
  }

  /// The decision for one shot.
  public func decide(_ shot: ShotRecord) -> Decision {
    evaluate(shot).decision
  }

  /// Everything evaluation found out, for the decision and for explanations.
  struct Evaluation {
    var state: ProgramState
    var truths: [Truth]
    var statuses: [RuleStatus]
    var decision: Decision
  }

  func evaluate(_ shot: ShotRecord) -> Evaluation {
    let state = ProgramState(program: rules.program, shot: shot)
    let truths = rules.rules.map { state.truth(of: $0.condition) }
    let statuses = Self.statuses(rules.rules, truths)
    let decision = combine(shot: shot, truths: truths, statuses: statuses)
    return Evaluation(state: state, truths: truths, statuses: statuses, decision: decision)
  }

  /// Overridden: some overrider is true. In doubt: none is true, one is unknown, and the rule
  /// itself is not false.
  static func statuses(_ rules: [CompiledRule], _ truths: [Truth]) -> [RuleStatus] {
    var out: [RuleStatus] = []
    out.reserveCapacity(rules.count)
    for (i, rule) in rules.enumerated() {
      var anyTrue = false
      var anyUnknown = false
      for o in rule.overriddenBy {
        if truths[o] == .yes { anyTrue = true } else if truths[o] == .unknown { anyUnknown = true }
      }
      let t = truths[i]
      if anyTrue {
        out.append(.overridden)
      } else if anyUnknown && t != .no {
        out.append(.inDoubt)
      } else {
        out.append(t == .yes ? .matched : (t == .no ? .notMatched : .unknown))
      }
    }
    return out
  }

  /// The agree-or-abstain step of design §4.
  func combine(shot: ShotRecord, truths: [Truth], statuses: [RuleStatus]) -> Decision {
    let table = rules.rules
    var matched: [Int] = []
    var undecided: [Int] = []
    for i in table.indices {
      switch statuses[i] {
      case .matched: matched.append(i)
      case .unknown, .inDoubt: undecided.append(i)
      case .notMatched, .overridden: break
      }
    }

    let abstaining = matched.filter { table[$0].action.isAbstention }
    if !abstaining.isEmpty {
      let text = abstaining.map { table[$0].action.reasonText }.joined(separator: "; ")
      return decision(shot, .insufficientEvidence(.explicit), text, abstaining, missing: [])
    }

    if let first = matched.first {
      let action = table[first].action
      if matched.contains(where: { table[$0].action != action }) {
        let text =
          "The matching rules disagree: "
          + matched.map { "\(table[$0].id) says \(table[$0].action.ruleText)" }.joined(separator: "; ") + "."
        return decision(shot, .insufficientEvidence(.conflict), text, matched, missing: [])
      }
      let dissenting = undecided.filter { table[$0].action != action }
      if dissenting.isEmpty {
        guard case .adjust(let adjustment) = action else {
          return decision(shot, .insufficientEvidence(.explicit), action.reasonText, matched, missing: [])
        }
        let outcome: Decision.Outcome = adjustment == .noChange ? .noChange : .adjust(adjustment)
        return decision(shot, outcome, adjustment.text, matched, missing: [])
      }
      return incomplete(shot, dissenting, truths: truths)
    }

    if undecided.isEmpty {
      switch rules.otherwise.action {
      case .insufficient(let reason):
        return decision(shot, .insufficientEvidence(.noRule), reason, [], missing: [])
      case .adjust(let adjustment):
        let outcome: Decision.Outcome = adjustment == .noChange ? .noChange : .adjust(adjustment)
        return decision(shot, outcome, adjustment.text, [], missing: [])
      }
    }
    return incomplete(shot, undecided, truths: truths)
  }

  /// `incomplete`, listing the absent paths the undecided rules read — for a rule in doubt, also
  /// those its unknown overriders read, since they are what keeps it undecided.
  func incomplete(_ shot: ShotRecord, _ undecided: [Int], truths: [Truth]) -> Decision {
    var reads: UInt32 = 0
    for i in undecided {
      let rule = rules.rules[i]
      reads |= rule.reads
      for o in rule.overriddenBy where truths[o] == .unknown { reads |= rules.rules[o].reads }
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
    Decision(id: shot.id, outcome: outcome, text: text, decidedBy: indices.map { rules.rules[$0].id }, missing: missing)
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
