/// What a finding claims its witness shows; checked by running the real `Evaluator`.
enum WitnessClaim: Hashable, Sendable {
  /// The decision is `conflict`, decided by exactly these rules.
  case conflict([Int])
  /// No rule is true; `otherwise` decides (`decided_by` empty).
  case gap
  /// The rule is true, yet it does not decide: it is overridden, outvoted by an abstention, or
  /// in a conflict.
  case losing(Int)
  /// The rule decides, and the table without it decides the same.
  case covered(Int)
  /// Fully observed, the shot is decided; without the observation at the path it is `incomplete`
  /// with the rules among the undecided and the path among the missing. The witness is the shot
  /// without the observation.
  case undecidedWithout([Int], ObservedPath)
  /// The condition of property `index` is true for the shot, and the decision breaks the property.
  case breaks(property: Int)
}

/// Checks witnesses. A finding is only reported when its witness survives a round trip through
/// shot JSON, lies in the finding's region, and gets the claimed decision from the evaluator —
/// the same code `explain` runs.
struct WitnessCheck {
  let rules: CompiledRules
  let catalog: AxisCatalog
  let evaluator: Evaluator
  let combiner: Combiner

  /// A checker for witnesses of `rules`.
  init(rules: CompiledRules, catalog: AxisCatalog) {
    self.init(rules: rules, catalog: catalog, evaluator: Evaluator(rules))
  }

  /// A checker for witnesses of `rules` over `catalog` that runs `evaluator`, which must be the
  /// evaluator of `rules` (the table's own, shared by the checks of its findings and its proof).
  init(rules: CompiledRules, catalog: AxisCatalog, evaluator: Evaluator) {
    self.rules = rules
    self.catalog = catalog
    self.evaluator = evaluator
    self.combiner = Combiner(rules)
  }

  /// The shot to report and its decision, or what went wrong.
  func verify(_ shot: ShotRecord, in box: Box, claim: WitnessClaim) -> Result<(ShotRecord, Decision), Failure> {
    guard contains(box, shot) else { return .failure(Failure("the witness lies outside its region")) }
    var witness = shot
    if case .undecidedWithout(_, let path) = claim {
      let full = evaluator.decide(shot)
      if full.outcome == .insufficientEvidence(.incomplete) {
        return .failure(Failure("the fully observed witness is undecided"))
      }
      witness = shot.removing(path)
    }
    let text = witness.jsonText
    guard case .success(let back) = ShotJSONReader.read(SourceFile(path: "witness", text: text)), back == witness else {
      return .failure(Failure("the witness does not survive a round trip through shot JSON: \(text)"))
    }
    if case .breaks(let p) = claim { return verifyBreaks(back, property: p) }
    // The evaluation `decide` and `explain` share, without building the explanation's texts.
    let evaluation = evaluator.evaluate(back)
    let decision = evaluation.decision
    let ids = rules.rules.map { $0.id }
    let decided = Set(decision.decidedBy)
    switch claim {
    case .conflict(let group):
      guard decision.outcome == .insufficientEvidence(.conflict), decided == Set(group.map { ids[$0] }) else {
        return .failure(Failure("expected a conflict among \(group.map { ids[$0] })", decision))
      }
    case .gap:
      guard decision.decidedBy.isEmpty, decision.outcome == combiner.otherwise,
        evaluation.statuses.allSatisfy({ $0 == .notMatched })
      else { return .failure(Failure("expected no rule to match", decision)) }
    case .losing(let r):
      let deciding = decided.contains(ids[r]) && decision.outcome != .insufficientEvidence(.conflict)
      guard evaluation.truths[r] == .yes, !deciding, decision.outcome != .insufficientEvidence(.incomplete) else {
        return .failure(Failure("expected '\(ids[r])' to match without deciding", decision))
      }
    case .covered(let r):
      let without = evaluator.plan.outcome(back, without: r)
      let deciding = decided.contains(ids[r]) && decision.outcome != .insufficientEvidence(.conflict)
      guard deciding, without == decision.outcome else {
        return .failure(Failure("expected '\(ids[r])' to decide what the table decides without it", decision))
      }
    case .undecidedWithout(let rs, let path):
      guard decision.outcome == .insufficientEvidence(.incomplete), rs.allSatisfy({ decided.contains(ids[$0]) }),
        decision.missing.contains(path.rawValue)
      else {
        return .failure(Failure("expected \(rs.map { ids[$0] }) to be undecided without \(path.rawValue)", decision))
      }
    case .breaks: preconditionFailure("checked by verifyBreaks")
    }
    return .success((back, decision))
  }

  /// `verify`'s last step for a property's witness (read back from shot JSON): the property's
  /// condition is true for it and the decision breaks the property. The decision is the compiled
  /// table's (`Evaluator.decide`, what `eval` runs), which the differential property tests hold
  /// equal to the general plan `explain` runs; the condition is read by the general plan, only as
  /// far as it needs. A failing property reports up to 20 witnesses, and evaluating a table of a
  /// thousand rules in full for each was most of the cost of its report.
  private func verifyBreaks(_ shot: ShotRecord, property p: Int) -> Result<(ShotRecord, Decision), Failure> {
    let property = rules.properties[p]
    let decision = evaluator.decide(shot)
    guard property.condition.map({ Self.truth(of: $0, for: shot, in: evaluator.plan) == .yes }) ?? true else {
      return .failure(Failure("expected the condition of property '\(property.id)' to hold", decision))
    }
    guard !property.holds(for: decision.outcome) else {
      return .failure(Failure("expected a decision that breaks property '\(property.id)'", decision))
    }
    return .success((shot, decision))
  }

  /// The truth of `condition` for `shot` by the general plan, computing only the atoms and values
  /// it reaches (`PlanRun.truth(of:)`): the truth an eager run's `ProgramState.truth(of:)` gives.
  static func truth(of condition: Condition, for shot: ShotRecord, in plan: EvaluationPlan) -> Truth {
    plan.withBuffers(fields: FieldValues(shot), tags: TagValues(shot)) { $0.truth(of: condition) }
  }

  /// Abstentions count as the same action: any of them decides `explicit`.
  static func sameAction(_ a: RuleAction, _ b: RuleAction) -> Bool {
    a == b || (a.isAbstention && b.isAbstention)
  }

  /// Whether `shot` lies in `box`, read back through the same fields the evaluator reads.
  func contains(_ box: Box, _ shot: ShotRecord) -> Bool {
    ShotPosition(shot, catalog: catalog).isInside(box, catalog: catalog)
  }

  /// Why a witness was rejected.
  struct Failure: Error, Hashable {
    var reason: String
    /// The reason, with the decision the evaluator gave instead when there was one.
    init(_ reason: String, _ decision: Decision? = nil) {
      if let decision {
        let by = decision.decidedBy.isEmpty ? "" : " by \(decision.decidedBy.joined(separator: ", "))"
        self.reason = "\(reason), but the evaluator decided \(decision.outcome.words)\(by)"
      } else {
        self.reason = reason
      }
    }
  }
}

extension Decision.Outcome {
  /// `grind finer 1 step`, `no change`, `insufficient evidence (conflict)`.
  var words: String {
    switch self {
    case .adjust(let a): a.ruleText
    case .noChange: "no change"
    case .insufficientEvidence(let reason): "insufficient evidence (\(reason.rawValue))"
    }
  }
}

extension ShotRecord {
  /// The record with the observation at `path` left out (unknown).
  func removing(_ path: ObservedPath) -> ShotRecord {
    var out = self
    switch path {
    case .previousShotDose: out.previous?.shot?.doseG = nil
    case .previousShotFirstDrop: out.previous?.shot?.firstDropS = nil
    case .previousShotTaste: out.previous?.shot?.taste = nil
    case .previousShotTime: out.previous?.shot?.timeS = nil
    case .previousShotYield: out.previous?.shot?.yieldG = nil
    case .recipeDose: out.recipe?.doseG = nil
    case .recipeTemperature: out.recipe?.temperatureC = nil
    case .recipeTime: out.recipe?.timeS = nil
    case .recipeYield: out.recipe?.yieldG = nil
    case .shotDose: out.shot?.doseG = nil
    case .shotFirstDrop: out.shot?.firstDropS = nil
    case .shotTaste: out.shot?.taste = nil
    case .shotTime: out.shot?.timeS = nil
    case .shotYield: out.shot?.yieldG = nil
    }
    return out
  }
}
