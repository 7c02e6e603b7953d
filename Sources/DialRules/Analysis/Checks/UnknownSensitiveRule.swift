/// A007 · **unknown-sensitive rules**: rules that read an observation baristas often leave out,
/// and that turn a shot the table would decide into "insufficient evidence (incomplete)" when it
/// is left out. Information: docs/design.md §4 makes this the honest answer, but a table author may
/// prefer rules that do not depend on the observation.
///
/// One finding per often-missing observation (`commonlyMissing`): the check looks for a decided
/// cell whose witness, with the observation removed, the evaluator leaves undecided, and names
/// the rules that read the observation and are undecided there. The cells are cut by every atom
/// (`probeCells`), so within one the answer without the observation is the same everywhere and
/// probing one witness each is exhaustive, up to `AnalysisLimits.maxUnknownProbes` decided cells
/// (past it the finding is marked cut short). The first such cell is reported.
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
    // A rule can leave a decided shot undecided only if it can itself be unknown without the
    // observation; one guarded by `is known` (`shot.first_drop is known and …`) cannot, so the
    // observation needs no probing at all (the probe sweep is the costly part of the analysis).
    let paths = commonlyMissing.filter { path in
      table.contains {
        $0.reads & path.bit != 0 && Self.canBeUnknown($0.condition, without: path, context.rules.program)
      }
    }
    guard !paths.isEmpty else { return [] }
    let cells = probeCells(context) ?? sweep.decidedCells.map { $0.box }
    var out: [AnalysisFinding] = []
    for path in paths {
      let readers = table.filter { $0.reads & path.bit != 0 }.map { $0.index }
      for box in cells {
        guard let shot = context.builder.shot(in: box, id: "probe") else { continue }
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
          base: base, rules: undecided, regionText: context.describe(box),
          witnessStem: "A007-" + String(path.rawValue.map { $0 == "." ? "_" : $0 }))
        if let f = context.witnessed(finding, in: box, claim: .undecidedWithout(undecided, path)) { out.append(f) }
        break
      }
    }
    return out
  }

  /// Decided cells in which every atom, not only every rule, is constantly true or false: there,
  /// what the evaluator answers for a shot without an observation is the same for every shot of
  /// the cell, so one witness per cell tells exactly whether the cell holds shots this check is
  /// about, and which cells are tried does not depend on the order of the rules. At most
  /// `AnalysisLimits.maxUnknownProbes` cells (then the check says it was cut short); nil when a
  /// rule is not analysed (then the main sweep's decided cells are probed instead).
  static func probeCells(_ context: AnalysisContext) -> [Box]? {
    guard context.ruleBoxes.allSatisfy({ $0 != nil }) else { return nil }
    let full = Box.all(context.catalog)
    var entries: [(box: Box, rule: Int)] = []
    for (r, boxes) in context.ruleBoxes.enumerated() {
      for box in boxes ?? [] { entries.append((box, r)) }
    }
    // Atoms as entries of no rule (negative indices), one per constraint, so cells cut by them.
    var atomBoxes = Set<Box>()
    for meaning in context.catalog.atoms {
      guard case .constraints(let constraints) = meaning else { continue }
      for c in constraints {
        let box = full.constrained(by: c)
        if !box.isEmpty && box != full && atomBoxes.insert(box).inserted { entries.append((box, -1)) }
      }
    }
    let combiner = Combiner(context.rules)
    var cells: [Box] = []
    var work = 0
    var sweep = CellSweep(entries: entries, catalog: context.catalog, sharing: context.sweep?.feasibility)
    let entryRules = sweep.entries.map { $0.rule }
    sweep.run { box, covering in
      work += covering.count + 1
      let trueRules = Set(covering.map { entryRules[$0] }.filter { $0 >= 0 }).sorted()
      switch combiner.decide(trueRules).outcome {
      case .adjust, .noChange: cells.append(box)
      default: break
      }
      return cells.count < AnalysisLimits.maxUnknownProbes && work <= AnalysisLimits.maxRuleVisits
    }
    if sweep.stopped { context.truncated.insert(code) }
    return cells
  }

  /// Whether `condition` can be unknown on a shot where `path` alone is missing: atoms that read it
  /// are unknown, except `is known` tests of it (false), and every other atom may be true or false.
  /// Exact for that question, by three-valued evaluation over the sets of values each part can take.
  static func canBeUnknown(_ condition: Condition, without path: ObservedPath, _ program: ConditionProgram) -> Bool {
    var formulas: [Int: Set<Truth>] = [:]
    /// The values `c` can take (recursion depth is bounded by the parser's nesting limits).
    func values(_ c: Condition) -> Set<Truth> {
      switch c {
      case .invalid: return [.unknown]
      case .atom(let a):
        guard program.atomReads[a] & path.bit != 0 else { return [.yes, .no] }
        if case .known = program.atoms[a] { return [.no] }
        return [.unknown]
      case .formula(let i):
        if let known = formulas[i] { return known }
        let v = values(program.formulas[i].condition)
        formulas[i] = v
        return v
      case .not(let inner): return Set(values(inner).map { $0.negated })
      case .and(let parts), .or(let parts):
        let isAnd: Bool
        if case .and = c { isAnd = true } else { isAnd = false }
        var acc: Set<Truth> = [isAnd ? .yes : .no]
        for part in parts {
          let v = values(part)
          var next = Set<Truth>()
          for x in acc { for y in v { next.insert(isAnd ? (x && y) : (x || y)) } }
          acc = next
        }
        return acc
      }
    }
    return values(condition).contains(.unknown)
  }
}
