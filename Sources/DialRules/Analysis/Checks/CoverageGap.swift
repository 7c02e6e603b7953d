/// A002 · **gap**: a region of fully observed shots where no rule matches, so `otherwise` decides.
///
/// A warning when the ruleset has no `otherwise` line (the built-in abstention decides, perhaps
/// by accident); information when `otherwise` is declared, since the author chose what happens.
/// Every gap is reported as a box with a witness whose decision has an empty `decided_by`.
enum CoverageGap: AnalysisCheck {
  static let code = "A002"
  static let name = "gap"
  static let summary = "Some fully observed shots match no rule, so 'otherwise' decides for them."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule not_sour
      when not sour
      then no change
      because "Only sour shots need a change here."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule sour_not_fast
      when sour and dt >= -3 s
      then yield +2 g
      because "The time is right but the shot is sour."

    rule not_sour
      when not sour
      then no change
      because "Only sour shots need a change here."
    """

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep, sweep.gaps.count > 0 else { return [] }
    let boxes = BoxUnion.simplify(sweep.gaps.boxes)
    let span = context.rules.otherwise.span ?? context.tableSpan
    let declared = context.rules.otherwise.declared
    var out: [AnalysisFinding] = []
    for (i, box) in boxes.prefix(AnalysisLimits.maxRegionsPerFinding).enumerated() {
      var base = AnalysisMessages.gap(span, index: i + 1, of: boxes.count, declared: declared)
      if i + 1 == AnalysisLimits.maxRegionsPerFinding, boxes.count > i + 1 {
        base.notes.append(.init("\(boxes.count - i - 1) more regions without a rule are not shown (limit)"))
        context.truncated.insert(code)
      }
      let finding = AnalysisFinding(
        base: base, rules: [], regionText: context.describe(box), witnessStem: "A002-no-rule")
      if let f = context.witnessed(finding, in: box, claim: .gap) { out.append(f) }
    }
    return out
  }
}
