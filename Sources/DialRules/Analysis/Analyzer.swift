/// The result of analysing one decision table.
package struct Analysis: Sendable {
  /// The axes: the columns of `dialrules table`.
  var catalog: AxisCatalog
  /// Per rule: its region as boxes (empty for an impossible rule), or nil when not analysed.
  var ruleBoxes: [[Box]?]
  /// Per rule: why it is not analysed (nil when it is).
  var notAnalysed: [String?]
  /// Every finding, in output order, each witness numbered (`A001-harsh-strong-1`).
  package var findings: [AnalysisFinding]
  /// Cells the sweep visited (0 when it did not run).
  package var cells: Int
  /// Whether every rule was analysed and the sweep finished within its limits.
  package var complete: Bool
  /// Codes with more findings than were reported (`AnalysisLimits.maxRegionsPerFinding`,
  /// `maxFindingsPerKind`); each such output says how many were left out.
  var truncated: Set<String>
  /// Per `property` of the file, in source order: proved, failing (A011) or undecided (A012).
  package var properties: [PropertyVerdict] = []
  /// Cells of the properties' own sweep (0 without properties).
  var propertyCells = 0
  /// The table sweep's cells, when asked for and the sweep finished over analysed rules alone.
  var sweptCells: SweptCells?

  /// The findings as diagnostics.
  package var diagnostics: [Diagnostic] { findings.map { $0.diagnostic } }
}

/// Analyses a decision table (`docs/analysis.md`): builds the axes and every rule's region, sweeps
/// the space of fully observed shots once, then runs each registered check over the result.
///
/// Only `lint` and `table` call this, after the checker accepted the file (`diff` and
/// `test --propose` use the same catalog and sweep through `InputSpaceDiff` and
/// `FixtureProposal`); the evaluator never depends on it.
package enum Analyzer {
  /// Analyses `rules`, which must have checked without errors. Pure and deterministic: the same
  /// table gives the same findings, in the same order, on every run. With `recordingCells` the
  /// analysis keeps its sweep's cells for a decision map of the same table (`SweptCells`). With
  /// `cache` it starts from the answers of the analysis before it (`AnalysisCache`) and leaves its
  /// own there; the findings are the same either way.
  package static func analyze(
    _ rules: CompiledRules, recordingCells: Bool = false, cache: AnalysisCache? = nil
  ) -> Analysis {
    let catalog = AxisCatalog(rules)
    // One checker of which regions hold shots for the rules' regions and the sweep (and, through
    // the sweep, the checks and the proof): the last analysis' when the cache has one.
    let feasibility = cache?.feasibility(for: catalog) ?? CellFeasibility(catalog)
    let regions = RuleRegions(rules, catalog: catalog, sharing: feasibility)
    var findings: [AnalysisFinding] = []
    var ruleBoxes: [[Box]?] = []
    var notAnalysed: [String?] = []
    // One A008 per expression outside the fragment, naming every rule it keeps from analysis.
    var notAnalysedFindings: [String: Int] = [:]
    for rule in rules.rules {
      switch regions.regions[rule.index] {
      case .success(let boxes):
        ruleBoxes.append(boxes)
        notAnalysed.append(nil)
      case .failure(.unsupported(let reason, let span)):
        if let bounds = regions.bounds[rule.index], bounds.upper.isEmpty || bounds.lower == bounds.upper {
          // The part outside the fragment cannot matter: never true, or true exactly where the
          // rest of the condition is.
          ruleBoxes.append(bounds.lower)
          notAnalysed.append(nil)
          continue
        }
        ruleBoxes.append(nil)
        notAnalysed.append(reason)
        if let f = notAnalysedFindings[reason] {
          findings[f].rules.append(rule.index)
          findings[f].base.notes.insert(
            .init("rule '\(rule.id)' is not analysed for the same reason", span: rule.idSpan),
            at: findings[f].rules.count - 1)
        } else {
          notAnalysedFindings[reason] = findings.count
          let diagnostic = AnalysisMessages.notAnalysed(span, rule.id, reason: reason, ruleSpan: rule.idSpan)
          findings.append(AnalysisFinding(base: diagnostic, rules: [rule.index], witnessStem: "A008-\(rule.id)"))
        }
      case .failure(.tooLarge):
        ruleBoxes.append(nil)
        notAnalysed.append("its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes")
        let diagnostic = AnalysisMessages.ruleTooLarge(rule.conditionSpan, rule.id)
        findings.append(AnalysisFinding(base: diagnostic, rules: [rule.index], witnessStem: "A009-\(rule.id)"))
      }
    }

    // One sweep over every rule: analysed rules by their regions, the others by where they are
    // surely and possibly true (`RuleRegions.bounds`), so a rule that is not analysed only
    // silences the table-wide findings where it might match.
    var entries: [(box: Box, rule: Int)] = []
    var possible: [(box: Box, rule: Int)] = []
    var unanalysed = Set<Int>()
    for (r, boxes) in ruleBoxes.enumerated() {
      if let boxes {
        for box in boxes { entries.append((box, r)) }
      } else {
        unanalysed.insert(r)
        let bounds = regions.bounds[r] ?? (lower: [], upper: [Box.all(catalog)])
        for box in bounds.lower { entries.append((box, r)) }
        for box in bounds.upper { possible.append((box, r)) }
      }
    }
    let missingPaths = UnknownSensitiveRule.commonlyMissing.reduce(UInt32(0)) { $0 | $1.bit }
    let readsMissing = rules.rules.contains { $0.reads & missingPaths != 0 }
    let sweep: TableSweep? = TableSweep(
      rules: rules, catalog: catalog, boxes: entries, possible: possible, unanalysed: unanalysed,
      keepDecided: readsMissing, recordCells: recordingCells, sharing: feasibility)
    cache?.keep(feasibility)
    if let sweep, !sweep.complete {
      let limit =
        sweep.cells > AnalysisLimits.maxCells
        ? "\(AnalysisLimits.maxCells) cells" : "\(AnalysisLimits.maxRuleVisits) rule visits"
      let diagnostic = AnalysisMessages.analysisStopped(rules.rulesetSpan ?? SourceSpan.at(0), limit: limit)
      findings.append(AnalysisFinding(base: diagnostic, rules: [], witnessStem: "A009-table"))
    }

    let evaluator = Evaluator(rules)
    let context = AnalysisContext(
      rules: rules, catalog: catalog, ruleBoxes: ruleBoxes, sweep: sweep, text: RegionText(catalog: catalog),
      builder: WitnessBuilder(rules: rules, catalog: catalog),
      checker: WitnessCheck(rules: rules, catalog: catalog, evaluator: evaluator))
    for check in AnalysisChecks.all {
      findings += check.findings(context)
    }
    findings += context.incompleteFindings()
    // The table's findings as data over the table's axes; the properties' over the axes of their
    // own sweep (their conditions may add axes the table lacks).
    let structure = RegionStructure(catalog: catalog)
    var memo = RegionStructure.Memo()
    for i in findings.indices { findings[i].attachRegionData(structure, memo: &memo) }
    let proof = PropertyProof(
      rules, focused: true,
      table: ProofSpace.Table(
        catalog: catalog, regions: regions, feasibility: sweep?.feasibility, evaluator: evaluator))
    var proved = proof.findings
    if let proofCatalog = proof.catalog {
      let proofStructure = RegionStructure(catalog: proofCatalog)
      var proofMemo = RegionStructure.Memo()
      for i in proved.indices { proved[i].attachRegionData(proofStructure, memo: &proofMemo) }
    }
    findings += proved
    for i in findings.indices { findings[i].ordinal = i }
    let output = numbered(findings.sortedForOutput())
    // A failing property's witness as reported, with its final id.
    var verdicts = proof.verdicts
    for i in verdicts.indices where verdicts[i].status == .fails {
      if let f = output.first(where: { $0.code == "A011" && $0.property == verdicts[i].index }) {
        verdicts[i].witness = f.witness
        verdicts[i].witnessDecision = f.witnessDecision
      }
    }
    return Analysis(
      catalog: catalog, ruleBoxes: ruleBoxes, notAnalysed: notAnalysed, findings: output,
      cells: sweep?.cells ?? 0, complete: (sweep?.complete ?? false) && unanalysed.isEmpty,
      truncated: context.truncated, properties: verdicts, propertyCells: proof.cells, sweptCells: sweep?.swept)
  }

  /// Gives every witness its final id, `<stem>-<n>` with n counting findings of the same stem in
  /// output order, which is also its file name under `--witness-dir`.
  static func numbered(_ findings: [AnalysisFinding]) -> [AnalysisFinding] {
    var counts: [String: Int] = [:]
    func next(_ stem: String) -> String {
      let n = (counts[stem] ?? 0) + 1
      counts[stem] = n
      return "\(stem)-\(n)"
    }
    return findings.map { finding in
      var out = finding
      if out.regions.isEmpty {
        guard finding.witness != nil else { return finding }
        let id = next(finding.witnessStem)
        out.witness?.id = id
        out.witnessDecision?.id = id
        return out
      }
      for i in out.regions.indices where out.regions[i].witness != nil {
        let id = next(finding.witnessStem)
        out.regions[i].witness?.id = id
        out.regions[i].witnessDecision?.id = id
      }
      out.witness = out.regions.first?.witness
      out.witnessDecision = out.regions.first?.witnessDecision
      return out
    }
  }
}
