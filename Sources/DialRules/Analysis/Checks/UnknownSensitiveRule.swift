/// A007 · **unknown-sensitive rule**: a rule that reads an observation baristas often leave out,
/// and that turns a shot the table would decide into "insufficient evidence (incomplete)" when it
/// is left out. Information: design §4 makes this the honest answer, but a table author may
/// prefer a rule that does not depend on the observation.
///
/// The often-missing observations are listed in `commonlyMissing`. The check looks for a decided
/// cell of the sweep whose witness, with the observation removed, the evaluator leaves undecided
/// with this rule among the undecided; it reports the first it finds (at most
/// `AnalysisLimits.maxUnknownProbes` cells are kept), so it shows that the effect exists, and
/// finding none proves nothing.
enum UnknownSensitiveRule: AnalysisCheck {
  static let code = "A007"
  static let name = "unknown-sensitive rule"
  static let summary = "A rule makes decided shots incomplete when a commonly missing observation is not recorded."

  /// Observations often missing from real shot logs: the first drop is rarely timed, the brew
  /// temperature is rarely known, and the first shot of a session has no previous shot.
  static let commonlyMissing: [ObservedPath] = [
    .shotFirstDrop, .recipeTemperature, .previousShotDose, .previousShotYield, .previousShotTime,
    .previousShotTaste,
  ]

  static let triggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "A fast, sour shot is under-extracted."

    rule late_first_drop
      when shot.first_drop > 10 s
      then insufficient "A late first drop points at a choked puck."
      because "The puck resisted at first; look at distribution."
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

    rule late_first_drop
      when shot.first_drop > 10 s and dt > 3 s
      then insufficient "A late first drop and a slow shot point at a choked puck."
      because "The puck resisted throughout; look at distribution."
    """

  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep else { return [] }
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    for rule in table {
      for path in commonlyMissing where rule.reads & path.bit != 0 {
        for cell in sweep.decidedCells where !cell.decision.decidedBy.contains(rule.index) {
          let base = AnalysisMessages.unknownSensitive(rule.idSpan, rule.id, path: path.rawValue)
          let finding = AnalysisFinding(
            base: base, rules: [rule.index], regionText: context.text.describe(cell.box),
            witnessStem: "A007-\(rule.id)")
          let checked = context.witnessed(finding, in: cell.box, claim: .undecidedWithout(rule.index, path))
          // Only a verified witness shows the effect; other cells simply do not show it.
          if checked.code == code {
            out.append(checked)
            break
          }
        }
      }
    }
    return out
  }
}
