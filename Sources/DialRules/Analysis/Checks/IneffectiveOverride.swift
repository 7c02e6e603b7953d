/// A006 · **ineffective override**: `a overrides b`, but no valid shot makes both true, so the
/// declaration never changes a decision (it only adds "in doubt" cases when observations are
/// missing). Usually one of the two conditions is not what its author meant.
///
/// Exact without the sweep: two rules both match some shot exactly when one box of each
/// intersects (in a region that holds shots, when the axes are dependent). There is no witness, since the claim is that no such shot exists.
enum IneffectiveOverride: AnalysisCheck {
  static let code = "A006"
  static let name = "ineffective override"
  static let summary = "An 'overrides' whose two rules never match the same shot."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule back_off
      when previous.adjustment is grind finer and dt < -3 s
      then grind coarser 1 step
      because "Ground finer and now fast: go back."
      overrides slow_bitter

    rule slow_bitter
      when bitter and dt > 3 s
      then grind coarser 1 step
      because "Slow and bitter is over-extracted."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule back_off
      when previous.adjustment is grind finer and dt < -3 s
      then grind coarser 1 step
      because "Ground finer and now fast: go back."
      overrides fast_bitter

    rule fast_bitter
      when bitter and dt < -3 s
      then insufficient "Fast and bitter: likely channeling."
      because "A fast shot should not taste bitter."
    """

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    // With dependent axes two boxes may meet only where no shot is (`CellFeasibility`).
    let feasibility = CellFeasibility(context.catalog)
    func meet(_ x: Box, _ y: Box) -> Bool {
      let both = x.intersection(y)
      guard !both.isEmpty else { return false }
      return feasibility.map { $0.trimmed(both) != nil } ?? true
    }
    for rule in table {
      for q in rule.overrides {
        // An impossible rule is reported as such (A005); both must be analysed to say anything.
        guard let a = context.ruleBoxes[rule.index], let b = context.ruleBoxes[q], !a.isEmpty, !b.isEmpty else {
          continue
        }
        let overlap = a.contains { x in b.contains { y in meet(x, y) } }
        if overlap { continue }
        let base = AnalysisMessages.ineffectiveOverride(
          rule.idSpan, rule.id, target: table[q].id, targetSpan: table[q].idSpan)
        out.append(AnalysisFinding(base: base, rules: [rule.index, q], witnessStem: "A006-\(rule.id)-\(table[q].id)"))
      }
    }
    return out
  }
}
