/// A005 · **impossible rule**: a rule whose condition no valid shot satisfies, such as
/// `dt < -3 s and dt > 3 s`, or `shot.time < 0 s` (shot JSON has no such times). An error: the
/// rule can never take part in any decision, which is never what its author meant.
///
/// There is no witness — the claim is that no shot exists. The rule's region is computed exactly
/// (`RuleRegions`), and an empty region is the proof.
enum ImpossibleRule: AnalysisCheck {
  static let code = "A005"
  static let name = "impossible rule"
  static let summary = "A rule's condition can never be true for a valid shot."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule fast_and_slow
      when dt < -3 s and dt > 3 s
      then no change
      because "Never true: a shot cannot be both fast and slow."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule fast_or_slow
      when dt < -3 s or dt > 3 s
      then no change
      because "Either fast or slow."
    """

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    var out: [AnalysisFinding] = []
    for rule in context.rules.rules {
      guard let boxes = context.ruleBoxes[rule.index], boxes.isEmpty else { continue }
      out.append(
        AnalysisFinding(
          base: AnalysisMessages.impossible(rule.conditionSpan, rule.id), rules: [rule.index],
          witnessStem: "A005-\(rule.id)"))
    }
    return out
  }
}
