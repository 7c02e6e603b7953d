/// A007 · **unknown-sensitive rules**: rules that read an observation baristas often leave out,
/// and that turn a shot the table would decide into "insufficient evidence (incomplete)" when it
/// is left out. Information: design §4 makes this the honest answer, but a table author may
/// prefer rules that do not depend on the observation.
///
/// One finding per often-missing observation (`commonlyMissing`): the check looks for a decided
/// cell of the sweep whose witness, with the observation removed, the evaluator leaves undecided,
/// and names the rules that read the observation and are undecided there. It reports the first
/// such cell (at most `AnalysisLimits.maxUnknownProbes` decided cells are kept), so it shows that
/// the effect exists; finding none proves nothing.
enum UnknownSensitiveRule: AnalysisCheck {
  static let code = "A007"
  static let name = "unknown-sensitive rules"
  static let summary = "Rules make decided shots incomplete when a commonly missing observation is not recorded."

  /// Observations often missing from real shot logs: the first drop is rarely timed, the brew
  /// temperature is rarely known, and the first shot of a session has no previous shot.
  static let commonlyMissing: [ObservedPath] = [
    .shotFirstDrop, .recipeTemperature, .previousShotDose, .previousShotYield, .previousShotTime,
    .previousShotFirstDrop, .previousShotTaste,
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

  /// The findings of this check (see the type's description).
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep else { return [] }
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    for path in commonlyMissing {
      let readers = table.filter { $0.reads & path.bit != 0 }.map(\.index)
      guard !readers.isEmpty else { continue }
      for cell in sweep.decidedCells {
        guard let shot = context.builder.shot(in: cell.box, id: "probe") else { continue }
        let decision = context.checker.evaluator.decide(shot.removing(path))
        guard decision.outcome == .insufficientEvidence(.incomplete), decision.missing.contains(path.rawValue) else {
          continue
        }
        let undecided = readers.filter { decision.decidedBy.contains(table[$0].id) }
        guard let first = undecided.first else { continue }
        let base = AnalysisMessages.unknownSensitive(
          table[first].idSpan, path: path.rawValue, rules: undecided.map { (table[$0].id, table[$0].idSpan) },
          readers: readers.map { table[$0].id })
        let finding = AnalysisFinding(
          base: base, rules: undecided, regionText: context.text.describe(cell.box),
          witnessStem: "A007-" + String(path.rawValue.map { $0 == "." ? "_" : $0 }))
        out.append(context.witnessed(finding, in: cell.box, claim: .undecidedWithout(undecided, path)))
        break
      }
    }
    return out
  }
}
