/// A001 · **disagreement**: a region where rules with different actions all match and none
/// abstains, so the table answers "insufficient evidence (conflict)".
///
/// Abstaining by disagreement is by design (docs/design.md §4), so this is information — unless the
/// ruleset says `require agreement`, which makes every such region an error. A region where an
/// abstaining rule also matches is not a disagreement: the abstention decides there (`explicit`).
/// One finding per group of disagreeing rules and region; the witness gets `conflict` with
/// exactly those rules in `decided_by`.
enum Disagreement: AnalysisCheck {
  static let code = "A001"
  static let name = "disagreement"
  static let summary = "Rules with different actions all match somewhere, so the table abstains there (conflict)."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule harsh
      when harsh
      then grind coarser 1 step
      because "Harsh means over-extracted."

    rule strong
      when strong
      then yield +2 g
      because "A strong shot opens up with a longer ratio."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule harsh
      when harsh
      then grind coarser 1 step
      because "Harsh means over-extracted."

    rule strong
      when strong and not harsh
      then yield +2 g
      because "A strong shot opens up with a longer ratio."
    """

  /// The findings of this check (see the type's description): one per group of disagreeing
  /// rules, listing every region where they do (each with its checked witness).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep else { return [] }
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    // One budget for all groups: up to 200 groups each simplifying a couple of thousand boxes.
    var budget = AnalysisLimits.maxMergeComparisons
    for group in sweep.conflictOrder {
      guard let regions = sweep.conflicts[group], let first = group.first else { continue }
      let boxes = BoxUnion.simplify(regions.boxes, budget: &budget)
      let ids = group.map { table[$0].id }
      let actions = group.map { table[$0].action.ruleText }
      let shown = Array(boxes.prefix(AnalysisLimits.maxRegionsPerFinding))
      if regions.boxes.count < regions.count || boxes.count > shown.count { context.truncated.insert(code) }
      let base = AnalysisMessages.disagreement(
        table[first].idSpan, ids: ids, actions: actions, otherSpans: group.dropFirst().map { table[$0].idSpan },
        required: context.rules.requirements.agreement)
      var rejected: [AnalysisFinding] = []
      let finding = AnalysisFinding(base: base, rules: group, witnessStem: "A001-" + ids.joined(separator: "-"))
      if var found = context.witnessed(finding, in: shown, claim: .conflict(group), rejected: &rejected) {
        if found.regions.count > 1 {
          found.base.message += " in \(found.regions.count) regions"
        }
        if boxes.count > shown.count {
          found.base.notes.append(
            .init("\(boxes.count - shown.count) more regions where these rules disagree are not shown (limit)"))
        }
        out.append(found)
      }
      out += rejected
    }
    if sweep.unreportedConflictCells > 0, !out.isEmpty {
      // The sweep stopped keeping new groups of disagreeing rules; say so on the last finding.
      context.truncated.insert(code)
      out[out.count - 1].base.notes.append(
        .init(
          "more groups of disagreeing rules exist than are reported (limit \(AnalysisLimits.maxFindingsPerKind) groups)"
        ))
    }
    return out
  }
}
