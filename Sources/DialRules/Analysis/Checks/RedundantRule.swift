/// A004 · **redundant rule**: a rule that does decide somewhere, but removing it would change no
/// decision for any fully observed shot — wherever it matches, other rules with the same action
/// decide the same (or it is overridden or outvoted).
///
/// It can still matter when observations are missing (a broader rule may be unknown where a
/// narrower one is true); the finding is about fully observed shots, as every analysis finding.
/// The witness is a shot where it decides and the table without it decides the same; the notes
/// name the rules that decide there in its place.
enum RedundantRule: AnalysisCheck {
  static let code = "A004"
  static let name = "redundant rule"
  static let summary = "Removing a rule would change no decision: other rules with the same action cover it."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule sour_very_fast
      when sour and dt < -6 s
      then grind finer 1 step
      because "A very fast, sour shot is under-extracted."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule sour_very_fast
      when sour and dt < -6 s
      then grind finer 2 steps
      because "A very fast, sour shot needs a bigger step."
      overrides sour_fast
    """

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep, sweep.complete else { return [] }
    let table = context.rules.rules
    // Built once: it reads the whole table.
    let combiner = Combiner(context.rules)
    var out: [AnalysisFinding] = []
    for rule in table where sweep.decides[rule.index] && !sweep.essential[rule.index] {
      guard let cell = sweep.coveredCell[rule.index], context.admit(code) else { continue }
      // The rules that decide the same in the witness cell once this one is gone: usually others
      // with its action, or a rule it overrides that then takes part again.
      let partners = combiner.decide(cell.trueRules.filter { $0 != rule.index }).decidedBy
      let base = AnalysisMessages.redundant(
        rule.idSpan, rule.id, partners: partners.map { (table[$0].id, table[$0].idSpan) })
      let finding = AnalysisFinding(
        base: base, rules: [rule.index] + partners, regionText: context.describeRule(rule.index),
        witnessStem: "A004-\(rule.id)")
      if let f = context.witnessed(finding, in: cell.box, claim: .covered(rule.index)) { out.append(f) }
    }
    context.noteOmitted(code, in: &out)
    return out
  }
}
