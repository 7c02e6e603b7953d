/// A003 · **shadowed rule**: a rule that matches some shots but never decides any — wherever it
/// is true, a rule that overrides it is true too, or an abstaining rule decides, or it disagrees
/// with another matching rule. Whatever it says is never the answer, which is rarely intended.
///
/// A claim about every shot the rule matches, so it needs a complete sweep. The witness is a shot
/// where the rule matches and still does not decide; the notes name the rules that beat it there.
enum ShadowedRule: AnalysisCheck {
  static let code = "A003"
  static let name = "shadowed rule"
  static let summary = "A rule matches some shots but never decides: it is always overridden, outvoted or in conflict."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule channeling
      when channeling
      then insufficient "Channeling observed: fix puck preparation first."
      because "A channel makes the taste meaningless."

    rule channeling_sour
      when channeling and sour
      then grind finer 1 step
      because "Sour despite channeling."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule channeling
      when channeling
      then insufficient "Channeling observed: fix puck preparation first."
      because "A channel makes the taste meaningless."

    rule sour
      when sour and not channeling
      then grind finer 1 step
      because "A sour shot is under-extracted."
    """

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep, sweep.complete else { return [] }
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    for rule in table where !sweep.decides[rule.index] {
      guard let cell = sweep.firstMatch[rule.index], context.admit(code) else { continue }
      let r = rule.index
      var hows: [String] = []
      if sweep.losses[r] & 1 != 0 { hows.append("a rule that overrides it matches too") }
      if sweep.losses[r] & 2 != 0 { hows.append("an abstaining rule decides") }
      if sweep.losses[r] & 4 != 0 { hows.append("it disagrees with another matching rule") }
      // Every rule that beats it somewhere, in source order: the same whatever order the rules
      // are written in (the witness cell, the first found, is not).
      let beaters = sweep.beatenBy[r].sorted()
      let base = AnalysisMessages.shadowed(
        rule.idSpan, rule.id, how: hows.joined(separator: ", or "),
        beaters: beaters.map { (table[$0].id, table[$0].idSpan) })
      let finding = AnalysisFinding(
        base: base, rules: [r] + beaters, regionText: context.describeRule(r), witnessStem: "A003-\(rule.id)")
      if let f = context.witnessed(finding, in: cell.box, claim: .losing(r)) { out.append(f) }
    }
    context.noteOmitted(code, in: &out)
    return out
  }
}
