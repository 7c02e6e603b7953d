/// `dialrules diff` over the input space: the regions of fully observed shots whose decision
/// differs between two tables, each with a witness shot both evaluators have confirmed.
///
/// Exact by construction: both tables get catalogs over the same axes (`AxisCatalog.shared`), so
/// one `CellSweep` over the boxes of both tables cuts the space by the atoms of both. On a cell
/// every rule of either table is constantly true or false, so each table's decision is constant
/// there and `Combiner` computes it symbolically. Cells with the same `from → to` are merged with
/// `BoxUnion.simplify`, which never changes the region covered, so a merged region still holds
/// only shots going `from → to`. Nothing is reported unless its witness, read back from shot
/// JSON, lies in the region and gets `from` from the old table and `to` from the new one.
package struct InputSpaceDiff: Sendable {
  /// One region whose decision changes.
  package struct Region: Hashable, Sendable {
    /// `adjust grind finer 1 step`.
    package var from: String
    /// `insufficient evidence (conflict)`.
    package var to: String
    /// The region in domain words (`dt < -3 s, …`), from `RegionText`.
    package var region: String
    /// The region as data (`RegionStructure`, docs/schema/region.schema.json).
    package var data: JSONValue
    /// A shot in the region; evaluated, the old table decides `from` and the new one `to`.
    package var witness: ShotRecord
  }

  /// Why the space was not compared (a rule outside the fragment, the sweep's limits), or nil.
  package var notAnalysed: String?
  /// The changed regions reported, at most `limit`, in sweep order (deterministic).
  package var regions: [Region] = []
  /// Changed regions beyond `limit`, counted but not listed.
  package var omitted = 0
  /// Claims dropped because their witness did not verify. Always 0 unless the analysis and the
  /// evaluator disagree; tests treat anything else as an internal error.
  package var unverified = 0
  /// Regions left out because no shot inside them fits the bounds of shot JSON (a time below
  /// zero, say): real changes only an impossible shot could show, so not listed.
  package var withoutWitness = 0
  /// Cells the sweep visited.
  var cells = 0

  /// Most regions listed by default; the rest are counted in `omitted` so the output stays
  /// readable (`diff --max-regions N` changes it).
  package static let maxRegions = AnalysisLimits.maxRegionsPerFinding

  /// Compares `old` and `new` (both checked without errors) over every fully observed shot,
  /// listing at most `limit` regions (0: every one).
  package init(old: CompiledRules, new: CompiledRules, limit: Int = Self.maxRegions) {
    let catalogs = AxisCatalog.shared([old, new])
    let catalog = catalogs[0]
    var entries: [(box: Box, rule: Int)] = []
    for (t, (rules, label)) in [(old, "old"), (new, "new")].enumerated() {
      let offset = t == 0 ? 0 : old.rules.count
      let regions = RuleRegions(rules, catalog: catalogs[t])
      for rule in rules.rules {
        switch regions.regions[rule.index] {
        case .success(let boxes):
          for box in boxes { entries.append((box, offset + rule.index)) }
        case .failure(.unsupported(let reason, _)):
          notAnalysed = "rule '\(rule.id)' of the \(label) table: \(reason)"
          return
        case .failure(.tooLarge):
          notAnalysed =
            "rule '\(rule.id)' of the \(label) table expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes"
          return
        }
      }
    }

    // Sweep once over both tables' boxes; group changed cells by (from, to) in discovery order.
    let before = Combiner(old)
    let after = Combiner(new)
    let split = old.rules.count
    var groups: [[Decision.Outcome]: [Box]] = [:]
    var order: [[Decision.Outcome]] = []
    var work = 0
    var sweep = CellSweep(entries: entries, catalog: catalog)
    let entryRules = sweep.entries.map { $0.rule }
    sweep.run { box, covering in
      work += covering.count + 1
      var trueOld = Set<Int>()
      var trueNew = Set<Int>()
      for e in covering {
        let r = entryRules[e]
        if r < split { trueOld.insert(r) } else { trueNew.insert(r - split) }
      }
      let a = before.decide(trueOld.sorted()).outcome
      let b = after.decide(trueNew.sorted()).outcome
      if a != b {
        if groups[[a, b]] == nil { order.append([a, b]) }
        if groups[[a, b], default: []].count < AnalysisLimits.maxStoredRegions {
          groups[[a, b], default: []].append(box)
        }
      }
      return work <= AnalysisLimits.maxRuleVisits
    }
    cells = sweep.cells
    if sweep.stopped {
      notAnalysed =
        "the comparison stopped at its limits (\(AnalysisLimits.maxCells) cells, "
        + "\(AnalysisLimits.maxRuleVisits) rule visits)"
      return
    }

    let reads = old.rules.reduce(UInt32(0)) { $0 | $1.reads } | new.rules.reduce(UInt32(0)) { $0 | $1.reads }
    let builder = WitnessBuilder(rules: old, catalog: catalog, reads: reads)
    let checker = WitnessCheck(rules: old, catalog: catalog)
    let text = RegionText(catalog: catalog)
    let structure = RegionStructure(catalog: catalog)
    let oldEvaluator = Evaluator(old)
    let newEvaluator = Evaluator(new)
    for key in order {
      let from = DecisionChange.label(key[0])
      let to = DecisionChange.label(key[1])
      for box in BoxUnion.simplify(groups[key] ?? []) {
        guard limit == 0 || regions.count < limit else {
          omitted += 1
          continue
        }
        let id = "space-\(regions.count + 1)"
        guard let shot = builder.shot(in: box, id: id) else {
          withoutWitness += 1
          continue
        }
        guard
          let witness = Self.verified(shot, in: box, checker: checker, oldEvaluator, newEvaluator, key[0], key[1])
        else {
          unverified += 1
          continue
        }
        regions.append(
          Region(from: from, to: to, region: text.describe(box), data: structure.json(box), witness: witness))
      }
    }
  }

  /// The witness as read back from its JSON, when it lies in `box` and the old and new tables
  /// decide `from` and `to` on it; nil otherwise.
  static func verified(
    _ shot: ShotRecord, in box: Box, checker: WitnessCheck, _ old: Evaluator, _ new: Evaluator,
    _ from: Decision.Outcome, _ to: Decision.Outcome
  ) -> ShotRecord? {
    guard checker.contains(box, shot),
      case .success(let back) = ShotJSONReader.read(SourceFile(path: "witness", text: shot.jsonText)), back == shot,
      old.decide(back).outcome == from, new.decide(back).outcome == to
    else { return nil }
    return back
  }
}
