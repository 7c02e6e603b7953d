/// Decisions by the general plan, and the texts of every decision: the one place they are made,
/// for the compiled table's decisions too (`Evaluator.decision(_:)` builds each from its verdict).
extension EvaluationPlan {
  /// The decision for `shot` by the plan alone: what `explain` decides, the reference the compiled
  /// table is tested against.
  package func decide(_ shot: ShotRecord) -> Decision {
    run(shot) { combine(shot: shot, $0) }
  }

  /// The outcome the table without rule `rule` gives `shot`: the rule counts as false, which is
  /// what deleting it (and the `overrides` naming it) means under docs/design.md §4 — and costs no second
  /// plan. A test checks it against `CompiledRules.removingRule` on generated tables.
  package func outcome(_ shot: ShotRecord, without rule: Int) -> Decision.Outcome {
    run(shot, without: rule) { combine(shot: shot, $0).outcome }
  }

  /// Steps 2 and 3 of docs/design.md §4's agree or abstain (`AgreeOrAbstain`, shared with the
  /// analysis) over the statuses in `b`, then the decision's texts. Collects indices in source
  /// order, so `decided_by` follows the file.
  func combine(shot: ShotRecord, _ b: PlanBuffers) -> Decision {
    let (matched, undecided) = AgreeOrAbstain.matchedAndUndecided(0..<ids.count) { b.statuses[$0] }
    let verdict = combining.combine(matched: matched, undecided: undecided)
    var missing: UInt32 = 0
    if case .incomplete(let rules) = verdict {
      // The absent paths the undecided rules read — for a rule in doubt, also those its unknown
      // overriders read, since they are what keeps it undecided.
      for i in rules {
        missing |= reads[i]
        for k in overriderRanges[i] {
          let o = Int(overriders[k])
          if b.truths[o] == .unknown { missing |= reads[o] }
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
    let outcome = combining.outcome(of: verdict)
    switch verdict {
    case .abstain(let abstaining):
      let text =
        abstaining.count == 1 ? texts[abstaining[0]] : Decision.abstentionText(abstaining.map { texts[$0] })
      return decision(outcome, text, abstaining, missing: [])
    case .conflict(let rules):
      let text = "The matching rules disagree: " + rules.map { conflictClauses[$0] }.joined(separator: "; ") + "."
      return decision(outcome, text, rules, missing: [])
    case .agree(let rules):
      return decision(outcome, texts[rules[0]], rules, missing: [])
    case .incomplete(let rules):
      let paths = ObservedPath.paths(in: missing)
      let text =
        paths.isEmpty
        ? "Not enough observations to decide."
        : "Not enough observations to decide; missing: \(paths.joined(separator: ", "))."
      return decision(.insufficientEvidence(.incomplete), text, rules, missing: paths)
    case .otherwise:
      return decision(outcome, otherwise.reasonText, [], missing: [])
    }
  }

  func decision(_ outcome: Decision.Outcome, _ text: String, _ indices: [Int], missing: [String]) -> Decision {
    Decision(id: nil, outcome: outcome, text: text, decidedBy: indices.map { ids[$0] }, missing: missing)
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
