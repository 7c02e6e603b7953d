/// What the property proof sweeps: the table's rules over axes that also cover every property's
/// condition, each rule as the boxes where it is true (and, for a rule that reads an observation
/// that may be missing, where it is unknown), and each property's region.
///
/// The catalog is the table's with one extra row per property condition (which the evaluator
/// never sees) and with recorded axes (`AxisCatalog+Recording`), so regions of findings are boxes
/// over these axes and missing observations are part of the space.
struct ProofSpace {
  /// How an entry of the sweep counts for its rule.
  enum EntryKind: UInt8 {
    /// The rule is surely true in the box.
    case isTrue = 0
    /// The rule is not analysed: in the box it may be true or unknown beyond `isTrue`'s boxes.
    case mayBeTrue = 1
    /// The rule is analysed: in the box it is unknown beyond `isTrue`'s boxes.
    case isUnknown = 2
  }

  /// What the table's own analysis already built, for the proof to reuse where its axes are the
  /// same: the catalog, the rules' regions, the sweep's checker of which regions hold shots, and
  /// the evaluator.
  struct Table {
    var catalog: AxisCatalog
    var regions: RuleRegions
    var feasibility: CellFeasibility?
    /// The table's evaluator, for checking the witnesses of failing properties without compiling
    /// the table a second time.
    var evaluator: Evaluator? = nil
  }

  /// The table with one rule per property condition, for the axes and regions only.
  let extended: CompiledRules
  let catalog: AxisCatalog
  /// The boxes of the sweep, in rule order, and how each counts (`EntryKind.rawValue`).
  private(set) var entries: [(box: Box, rule: Int)] = []
  private(set) var kinds: [UInt8] = []
  /// Rules outside the analysed fragment, with why.
  private(set) var notAnalysed: [Int: String] = [:]
  /// Each property's region (nil: every shot). Where its condition is outside the fragment, the
  /// region where it may hold, and `approximate` says why.
  private(set) var propertyBoxes: [[Box]?] = []
  private(set) var approximate: [Int: String] = [:]

  /// The space of `rules`' properties (checked without errors, at least one property). `table`
  /// is the table's own catalog and rule regions, when the caller has them: where the proof's
  /// catalog has the same axes and records nothing, the rules' regions are the same and are
  /// taken from it.
  init(_ rules: CompiledRules, table: ProofSpace.Table? = nil) {
    var extended = rules
    var row: [Int?] = []
    for p in rules.properties {
      guard let condition = p.condition else {
        row.append(nil)
        continue
      }
      row.append(extended.rules.count)
      extended.rules.append(
        CompiledRule(
          id: p.id, index: extended.rules.count, span: p.span, idSpan: p.idSpan, condition: condition,
          conditionSpan: p.conditionSpan ?? p.idSpan, action: .adjust(.noChange), actionSpan: p.patternSpan,
          because: "", overrides: [], overriddenBy: [], examples: [], reads: p.reads))
    }
    self.extended = extended
    catalog = AxisCatalog(extended, recording: true)
    let sameAxes = table.map {
      !catalog.records && $0.catalog.numeric == catalog.numeric && $0.catalog.finite == catalog.finite
    }
    let regions = RuleRegions(extended, catalog: catalog, known: sameAxes == true ? table?.regions : nil)
    // Where each rule is not false, for the rules that read a path that may be missing.
    let notFalse = catalog.records ? RuleRegions(extended, catalog: catalog, possible: true) : nil
    for r in rules.rules.indices {
      addEntries(rule: r, reads: rules.rules[r].reads, regions: regions, notFalse: notFalse)
    }
    for row in row { addPropertyRegion(row: row, regions: regions) }
  }

  /// The entries of rule `r`: where it is surely true, and where it is unknown or may be true.
  private mutating func addEntries(rule r: Int, reads: UInt32, regions: RuleRegions, notFalse: RuleRegions?) {
    var region = regions.regions[r]
    var unknownBoxes: [Box] = []
    if case .success = region, let notFalse, reads & catalog.recordedPaths != 0 {
      switch notFalse.regions[r] {
      case .success(let boxes): unknownBoxes = boxes
      // Too large where it is not false: counted as not analysed, true or unknown anywhere.
      case .failure(let failure): region = .failure(failure)
      }
    }
    switch region {
    case .success(let boxes):
      add(boxes, rule: r, .isTrue)
      add(unknownBoxes, rule: r, .isUnknown)
    case .failure(let failure):
      // Over recorded axes, `upper` is where the rule may be true or unknown.
      add(regions.bounds[r]?.lower ?? [], rule: r, .isTrue)
      add((notFalse ?? regions).bounds[r]?.upper ?? [Box.all(catalog)], rule: r, .mayBeTrue)
      switch failure {
      case .unsupported(let reason, _): notAnalysed[r] = reason
      case .tooLarge: notAnalysed[r] = "its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes"
      }
    }
  }

  private mutating func add(_ boxes: [Box], rule: Int, _ kind: EntryKind) {
    for b in boxes {
      entries.append((b, rule))
      kinds.append(kind.rawValue)
    }
  }

  /// The region of the next property, whose condition is rule `row` of `extended` (nil: none).
  private mutating func addPropertyRegion(row: Int?, regions: RuleRegions) {
    guard let row else {
      propertyBoxes.append(nil)
      return
    }
    switch regions.regions[row] {
    case .success(let boxes): propertyBoxes.append(boxes)
    case .failure(let failure):
      let p = propertyBoxes.count
      switch failure {
      case .unsupported(let reason, _): approximate[p] = "its condition is outside the analysed fragment: \(reason)"
      case .tooLarge:
        approximate[p] = "its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes (limit)"
      }
      propertyBoxes.append(regions.bounds[row]?.upper ?? [Box.all(catalog)])
    }
  }
}
