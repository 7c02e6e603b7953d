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
  var findings: [AnalysisFinding] = []
  package var verdicts: [PropertyVerdict] = []
  var cells = 0
  /// The axes the proof swept: the table's and its properties' conditions (the regions of its
  /// findings are boxes over these).
  var catalog: AxisCatalog?

  /// Proves every property of `rules` (checked without errors); without properties, does nothing.
  package init(_ rules: CompiledRules) {
    self.init(rules, focused: true, table: nil)
  }

  /// The same, with the table's own catalog and rule regions when the caller has them
  /// (`Analyzer`): where the proof's axes are the table's, the rules' regions are not converted
  /// again. With `focused` false the sweep visits every cell, not only where a property can fail
  /// (`ProofFocus`): the same verdicts, for the tests that check the focus leaves nothing out, as
  /// `focusBudget` (`AnalysisLimits.maxFocusWork`) is for the tests of the focus's fallback.
  init(
    _ rules: CompiledRules, focused: Bool, table: ProofSpace.Table?,
    focusBudget: Int = AnalysisLimits.maxFocusWork
  ) {
    guard !rules.properties.isEmpty else { return }
    let space = ProofSpace(rules, table: table)
    catalog = space.catalog
    // One sweep over the rules alone: the cells are those of the table (a property condition
    // cuts no cell), and each cell's part where a property applies is its intersection with the
    // property's boxes, which is exact (and checked for holding shots when axes are dependent).
    // Only where some property can fail (`ProofFocus`): elsewhere no cell could break one.
    let combiner = Combiner(rules)
    let focus =
      focused
      ? ProofFocus(rules, space, combining: combiner.combining, budget: focusBudget)
      : ProofFocus(everywhere: rules, space)
    var sweep = CellSweep(entries: space.entries, catalog: space.catalog, sharing: table?.feasibility)
    let visitor = PropertyCells(rules, space, combiner: combiner, focus: focus, feasibility: sweep.feasibility)
    sweep.run(focus: focus.boxes) { visitor.visit($0, $1, $2) }
    cells = sweep.cells
    judge(rules, space, visitor, stopped: sweep.stopped, evaluator: table?.evaluator)
  }

  /// Each property's verdict from the sweep: failing where a witness the evaluator confirms breaks
  /// it, undecided where anything was left unsettled, proved otherwise.
  private mutating func judge(
    _ rules: CompiledRules, _ space: ProofSpace, _ visitor: PropertyCells, stopped: Bool, evaluator: Evaluator?
  ) {
    let properties = rules.properties
    let catalog = space.catalog
    let approximate = space.approximate
    var undecided = visitor.undecided
    // Witnesses for the failing properties, checked by the evaluator.
    let context = AnalysisContext(
      rules: rules, catalog: catalog, ruleBoxes: [], sweep: nil, text: RegionText(catalog: catalog),
      builder: WitnessBuilder(rules: space.extended, catalog: catalog),
      checker: WitnessCheck(rules: rules, catalog: catalog, evaluator: evaluator ?? Evaluator(rules)))
    let unknowns = UnknownObservations(rules: rules, swept: catalog.recordedPaths)
    // The failing cells of every property lie on the same axes, mostly on the same few sets.
    var simplifier = BoxUnion.Simplifier(reused: true)
    for (p, property) in properties.enumerated() {
      var verdict = PropertyVerdict(index: p, id: property.id, status: .proved, cells: cells)
      if let byOutcome = visitor.failing[p] {
        var boxes: [Box] = []
        for outcome in visitor.outcomeOrder[p] ?? [] { boxes += simplifier.simplify(byOutcome[outcome] ?? []) }
        let regionCount = boxes.count
        boxes = Array(boxes.prefix(AnalysisLimits.maxRegionsPerFinding))
        let base = AnalysisMessages.propertyFails(property, regions: regionCount)
        var rejected: [AnalysisFinding] = []
        if var finding = context.witnessed(
          AnalysisFinding(base: base, rules: [], witnessStem: "A011-\(property.id)", property: p), in: boxes,
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
            witnessStem: "A012-\(property.id)", property: p))
      }
      verdicts.append(verdict)
    }
    // Regions without a witness are already named in the property's A012.
    _ = context.incompleteFindings()
  }
}
