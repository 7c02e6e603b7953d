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
    let empty = context.rules.rules.filter { context.ruleBoxes[$0.index]?.isEmpty == true }.map { $0.index }
    let missing = TrueWithoutObservations(context.rules, candidates: empty)
    var out: [AnalysisFinding] = []
    for index in empty where !missing.mayBeTrue(index) {
      let rule = context.rules.rules[index]
      out.append(
        AnalysisFinding(
          base: AnalysisMessages.impossible(rule.conditionSpan, rule.id), rules: [rule.index],
          witnessStem: "A005-\(rule.id)"))
    }
    return out
  }

  /// The regions are over fully observed shots, where `x is known` is always true; a rule that
  /// tests one (`not shot.time is known`) may be true only for shots without that observation,
  /// which are valid shots too. Such a rule is decided again over the catalog with recorded axes,
  /// where each atom is read three-valuedly as the evaluator reads it; where that cannot be done
  /// (the recorded axes do not fit, or the rule is not analysed there) it may be true, so no
  /// error is claimed.
  struct TrueWithoutObservations {
    /// The rules, among the candidates, that are true for some shot missing an observation, or
    /// that could not be decided.
    private var possible: Set<Int> = []

    /// Decides each of `candidates` (rule indices, each false for every fully observed shot).
    init(_ rules: CompiledRules, candidates: [Int]) {
      let testing = candidates.filter { AxisCatalog.knownPaths(rules, only: [$0]) != 0 }
      guard !testing.isEmpty else { return }
      let catalog = AxisCatalog(rules, recording: true)
      guard catalog.recordingRefused == nil else {
        possible = Set(testing)
        return
      }
      let regions = RuleRegions(rules, catalog: catalog).regions
      for index in testing {
        if case .success(let boxes) = regions[index], boxes.isEmpty { continue }
        possible.insert(index)
      }
    }

    /// Whether rule `index` may be true for some valid shot.
    func mayBeTrue(_ index: Int) -> Bool { possible.contains(index) }
  }
}
