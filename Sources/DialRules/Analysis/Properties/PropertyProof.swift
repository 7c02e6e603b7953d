/// Proves a table's `property` declarations over every valid shot with the analysis's exact
/// partition (`docs/analysis.md` §5, A011 and A012).
///
/// Each property's condition is converted over the same axes as the rules (`AxisCatalog` of the
/// table with one extra row per property, which the evaluator never sees), and one `CellSweep`
/// cuts the space of shots by every rule. Besides the fully observed shots, the space holds the
/// shots without each observation some condition tests with `is known` (one recorded axis per
/// such path, `AxisCatalog+Recording`), where rules are read three-valuedly: each rule's region
/// where it is true and, when it reads such a path, where it is not false, so a cell knows which
/// rules are true, unknown and false. In each cell that is constant, so the decision is constant
/// (`Combiner`, with the evaluator's statuses for unknown rules); where it breaks a property, the
/// cell's intersection with each box of the property's condition is a region where it fails. Cells where a property
/// fails are merged into regions (`BoxUnion.simplify`), each with a witness that must read back from
/// shot JSON, lie in its region, make the property's condition true and get the breaking decision
/// from the real evaluator (`WitnessClaim.breaks`); only then is the property reported as failing.
/// Whatever the sweep cannot settle — a rule or condition outside the analysed fragment, the
/// sweep's limits, a region without a witness, missing observations that may matter
/// (`UnknownObservations`) — makes the property undecided (A012), never proved.
package struct PropertyProof {
  package var findings: [AnalysisFinding] = []
  package var verdicts: [PropertyVerdict] = []
  package var cells = 0
  /// The axes the proof swept: the table's and its properties' conditions (the regions of its
  /// findings are boxes over these).
  var catalog: AxisCatalog?

  /// Proves every property of `rules` (checked without errors); without properties, does nothing.
  package init(_ rules: CompiledRules) {
    let properties = rules.properties
    guard !properties.isEmpty else { return }
    let n = rules.rules.count
    // The table with one row per property condition, for the axes and regions only.
    var extended = rules
    var row: [Int?] = []
    for p in properties {
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
    let catalog = AxisCatalog(extended, recording: true)
    self.catalog = catalog
    let regions = RuleRegions(extended, catalog: catalog)
    // Where each rule is not false, for the rules that read a path that may be missing.
    let recordedPaths = catalog.recordedPaths
    let notFalse = catalog.records ? RuleRegions(extended, catalog: catalog, possible: true) : nil
    let all = Box.all(catalog)

    // Entries: rules where surely true (0); for a rule not analysed, where it may be true or
    // unknown beyond that (1); for an analysed rule, where it is unknown beyond that (2).
    var entries: [(box: Box, rule: Int)] = []
    var kinds: [UInt8] = []
    var notAnalysed: [Int: String] = [:]
    var undecided: [Int: String] = [:]
    // Properties whose condition is outside the fragment, with why: swept by where it may hold.
    var approximate: [Int: String] = [:]
    for r in 0..<n {
      var region = regions.regions[r]
      var unknownBoxes: [Box] = []
      if case .success = region, let notFalse, rules.rules[r].reads & recordedPaths != 0 {
        switch notFalse.regions[r] {
        case .success(let boxes): unknownBoxes = boxes
        // Too large where it is not false: counted as not analysed, true or unknown anywhere.
        case .failure(let failure): region = .failure(failure)
        }
      }
      switch region {
      case .success(let boxes):
        for b in boxes {
          entries.append((b, r))
          kinds.append(0)
        }
        for b in unknownBoxes {
          entries.append((b, r))
          kinds.append(2)
        }
      case .failure(let failure):
        // Over recorded axes, `upper` is where the rule may be true or unknown.
        let lower = regions.bounds[r]?.lower ?? []
        let upper = (notFalse ?? regions).bounds[r]?.upper ?? [all]
        let bounds = (lower: lower, upper: upper)
        for b in bounds.lower {
          entries.append((b, r))
          kinds.append(0)
        }
        for b in bounds.upper {
          entries.append((b, r))
          kinds.append(1)
        }
        switch failure {
        case .unsupported(let reason, _): notAnalysed[r] = reason
        case .tooLarge: notAnalysed[r] = "its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes"
        }
      }
    }
    // Each property's region (nil: every shot). Where its condition is outside the fragment, the
    // region where it may hold; a failure there is only claimed with a confirmed witness.
    var propertyBoxes: [[Box]?] = []
    for (p, row) in row.enumerated() {
      guard let row else {
        propertyBoxes.append(nil)
        continue
      }
      switch regions.regions[row] {
      case .success(let boxes): propertyBoxes.append(boxes)
      case .failure(let failure):
        switch failure {
        case .unsupported(let reason, _): approximate[p] = "its condition is outside the analysed fragment: \(reason)"
        case .tooLarge:
          approximate[p] = "its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes (limit)"
        }
        propertyBoxes.append(regions.bounds[row]?.upper ?? [all])
      }
    }

    // One sweep over the rules alone: the cells are those of the table (a property condition
    // cuts no cell), and each cell's part where a property applies is its intersection with the
    // property's boxes, which is exact (and checked for holding shots when axes are dependent).
    let combiner = Combiner(rules)
    let feasibility = CellFeasibility(catalog)
    var failing: [Int: [Decision.Outcome: [Box]]] = [:]
    var outcomeOrder: [Int: [Decision.Outcome]] = [:]
    var work = 0
    var sweep = CellSweep(entries: entries, catalog: catalog)
    let entryRules = sweep.entries.map { $0.rule }
    func parts(_ cell: Box, _ p: Int) -> [Box] {
      guard let boxes = propertyBoxes[p] else { return [catalog.widened(cell)] }
      return boxes.compactMap { b in
        let i = cell.intersection(b)
        guard !i.isEmpty else { return nil }
        return (feasibility.map { $0.trimmed(i) } ?? i).map(catalog.widened)
      }
    }
    // The recorded axes, each with the mask of its path.
    let recordedAxes: [(axis: Int, bit: UInt32)] = catalog.finite.indices.compactMap { i in
      if case .recorded(let path) = catalog.finite[i].kind { return (i, path.bit) }
      return nil
    }
    sweep.run { box, covering in
      work += covering.count + 1
      // Entries come in rule order (and `covering` in entry order), so each rule's entries are
      // adjacent and the lists come out ascending.
      var trueRules: [Int] = []
      var uncertain: [Int] = []
      var unknownRules: [Int] = []
      var k = 0
      while k < covering.count {
        let r = entryRules[covering[k]]
        var seen: UInt8 = 0
        while k < covering.count, entryRules[covering[k]] == r {
          seen |= 1 << kinds[covering[k]]
          k += 1
        }
        if seen & 0b001 != 0 {
          trueRules.append(r)
        } else if seen & 0b010 != 0 {
          uncertain.append(r)
        } else {
          unknownRules.append(r)
        }
      }
      // Paths the cell may lack: a rule not analysed that reads one may be unknown too.
      var mayLack: UInt32 = 0
      for (axis, bit) in recordedAxes where box.finite[axis] & 0b01 != 0 { mayLack |= bit }
      var outcomes: [Decision.Outcome] = []
      if uncertain.count <= TableSweep.maxUncertainRules {
        // Each uncertain rule false (0), true (1) or, when it reads a path the cell may lack,
        // unknown (2).
        let choices = uncertain.map { rules.rules[$0].reads & mayLack != 0 ? 3 : 2 }
        var combination = [Int](repeating: 0, count: uncertain.count)
        while true {
          var rs = trueRules
          var us = unknownRules
          for (k, r) in uncertain.enumerated() {
            if combination[k] == 1 { rs.append(r) } else if combination[k] == 2 { us.append(r) }
          }
          let outcome =
            uncertain.isEmpty
            ? combiner.decide(trueRules, unknown: unknownRules).outcome
            : combiner.decide(rs.sorted(), unknown: us.sorted()).outcome
          if !outcomes.contains(outcome) { outcomes.append(outcome) }
          guard let k = combination.indices.first(where: { combination[$0] + 1 < choices[$0] }) else { break }
          combination[k] += 1
          for j in 0..<k { combination[j] = 0 }
        }
      }
      for (p, property) in properties.enumerated() {
        work += 1
        if uncertain.isEmpty, let outcome = outcomes.first {
          guard !property.holds(for: outcome) else { continue }
          let here = parts(box, p)
          work += propertyBoxes[p]?.count ?? 1
          guard !here.isEmpty else { continue }
          if failing[p]?[outcome] == nil { outcomeOrder[p, default: []].append(outcome) }
          if failing[p]?[outcome]?.count ?? 0 < AnalysisLimits.maxStoredRegions {
            failing[p, default: [:]][outcome, default: []] += here
          }
        } else if undecided[p] == nil, outcomes.isEmpty || outcomes.contains(where: { !property.holds(for: $0) }),
          !parts(box, p).isEmpty
        {
          let names = uncertain.prefix(AnalysisMessages.maxNamedRules).map {
            "'\(rules.rules[$0].id)' (\(notAnalysed[$0] ?? "not analysed"))"
          }
          undecided[p] =
            "where it applies, the decision depends on \(uncertain.count == 1 ? "rule" : "rules") "
            + "\(names.joined(separator: ", ")), which the analysis cannot place"
        }
      }
      return work <= AnalysisLimits.maxRuleVisits
    }
    cells = sweep.cells
    let stopped = sweep.stopped

    // Witnesses for the failing properties, checked by the evaluator.
    let context = AnalysisContext(
      rules: rules, catalog: catalog, ruleBoxes: [], sweep: nil, text: RegionText(catalog: catalog),
      builder: WitnessBuilder(rules: extended, catalog: catalog), checker: WitnessCheck(rules: rules, catalog: catalog))
    let unknowns = UnknownObservations(rules: rules, swept: recordedPaths)
    for (p, property) in properties.enumerated() {
      var verdict = PropertyVerdict(index: p, id: property.id, status: .proved, cells: cells)
      if let byOutcome = failing[p] {
        var boxes: [Box] = []
        for outcome in outcomeOrder[p] ?? [] { boxes += BoxUnion.simplify(byOutcome[outcome] ?? []) }
        let regionCount = boxes.count
        boxes = Array(boxes.prefix(AnalysisLimits.maxRegionsPerFinding))
        let base = AnalysisMessages.propertyFails(property, regions: regionCount)
        var rejected: [AnalysisFinding] = []
        if var finding = context.witnessed(
          AnalysisFinding(base: base, rules: [], witnessStem: "A011-\(property.id)"), in: boxes,
          claim: .breaks(property: p), rejected: &rejected)
        {
          if regionCount > boxes.count {
            finding.base.notes.append(
              .init("\(regionCount - boxes.count) more regions are not shown (limit \(boxes.count))"))
          }
          verdict.status = .fails
          // The id `Analyzer.numbered` gives the first witness of the finding.
          verdict.witness = finding.witness
          verdict.witness?.id = "A011-\(property.id)-1"
          verdict.witnessDecision = finding.witnessDecision
          verdict.witnessDecision?.id = "A011-\(property.id)-1"
          findings.append(finding)
          // Where the condition is only known to possibly hold, a witness outside it is expected.
          if approximate[p] == nil { findings += rejected }
          verdicts.append(verdict)
          continue
        }
        if approximate[p] == nil { findings += rejected }
        if undecided[p] == nil {
          undecided[p] =
            approximate[p] ?? "no valid shot was found in the \(regionCount) regions where it seems to fail"
        }
      }
      if undecided[p] == nil, stopped {
        undecided[p] =
          "the sweep stopped at its limits (\(AnalysisLimits.maxCells) cells or \(AnalysisLimits.maxRuleVisits) "
          + "rule visits) after \(cells) cells"
      }
      if undecided[p] == nil, let refused = catalog.recordingRefused {
        undecided[p] = "proved for fully observed shots only: " + refused
      }
      if undecided[p] == nil, let obstacle = unknowns.obstacle(property) {
        undecided[p] = "proved for fully observed shots only: " + obstacle
      }
      if let reason = undecided[p] {
        verdict.status = .undecided
        verdict.reason = reason
        findings.append(
          AnalysisFinding(
            base: AnalysisMessages.propertyUndecided(property, reason: reason, cells: cells), rules: [],
            witnessStem: "A012-\(property.id)"))
      }
      verdicts.append(verdict)
    }
    // Regions without a witness are already named in the property's A012.
    _ = context.incompleteFindings()
  }
}
