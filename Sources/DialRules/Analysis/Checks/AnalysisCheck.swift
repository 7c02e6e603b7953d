/// One static check of a decision table: a code, a one-line summary, and an example rule file
/// that triggers it and one that does not. The examples double as documentation
/// (`docs/analysis.md` quotes them) and as tests (`AnalysisCheckTests` runs them).
protocol AnalysisCheck: Sendable {
  /// The stable `A…` code.
  static var code: String { get }
  /// Short name, as in the docs: `disagreement`, `gap`.
  static var name: String { get }
  /// What the check finds, in one sentence.
  static var summary: String { get }
  /// A complete rule file on which the check reports exactly one finding.
  static var triggeringExample: String { get }
  /// A close variant on which it reports nothing.
  static var nonTriggeringExample: String { get }
  /// The check's findings, each with its witness already checked.
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding]
}

/// Every check, sorted by code. A test asserts that each is here, documented and has fixtures.
enum AnalysisChecks {
  /// One check as a value: its texts and its `findings`. The list holds these rather than
  /// `any AnalysisCheck.Type` because Embedded Swift (the browser playground,
  /// Tests/Playground/build.sh) has no existential metatypes.
  struct Entry: Sendable {
    let code: String
    let name: String
    let summary: String
    let triggeringExample: String
    let nonTriggeringExample: String
    let findings: @Sendable (AnalysisContext) -> [AnalysisFinding]

    init<Check: AnalysisCheck>(_: Check.Type) {
      code = Check.code
      name = Check.name
      summary = Check.summary
      triggeringExample = Check.triggeringExample
      nonTriggeringExample = Check.nonTriggeringExample
      findings = { Check.findings($0) }
    }
  }

  static let all: [Entry] = [
    Entry(Disagreement.self), Entry(CoverageGap.self), Entry(ShadowedRule.self), Entry(RedundantRule.self),
    Entry(ImpossibleRule.self), Entry(IneffectiveOverride.self), Entry(UnknownSensitiveRule.self),
  ]
}

/// What the checks read: the table, its axes, every rule's region, the sweep (nil when a rule is
/// not analysed, since then no table-wide claim can be exact), and the witness machinery. A class
/// so that checks can record which of their findings a limit cut short (`truncated`).
final class AnalysisContext {
  let rules: CompiledRules
  let catalog: AxisCatalog
  /// Per rule: its boxes, or nil when it is not analysed.
  let ruleBoxes: [[Box]?]
  let sweep: TableSweep?
  let text: RegionText
  let builder: WitnessBuilder
  let checker: WitnessCheck
  /// Codes whose findings were not all reported because of `AnalysisLimits`.
  var truncated = Set<String>()
  /// Per-rule findings admitted so far, and those left out, by code (see `admit`).
  private var admitted: [String: Int] = [:]
  private var omitted: [String: Int] = [:]

  /// The context for one table; `truncated` starts empty.
  init(
    rules: CompiledRules, catalog: AxisCatalog, ruleBoxes: [[Box]?], sweep: TableSweep?, text: RegionText,
    builder: WitnessBuilder, checker: WitnessCheck
  ) {
    self.rules = rules
    self.catalog = catalog
    self.ruleBoxes = ruleBoxes
    self.sweep = sweep
    self.text = text
    self.builder = builder
    self.checker = checker
  }

  /// Whether one more per-rule finding of `code` may be built. Past
  /// `AnalysisLimits.maxFindingsPerKind` the rest are only counted: each finding builds and checks
  /// a witness (a pass over the table) and names the rules around it, so a table of thousands of
  /// overlapping rules made thousands of findings each thousands of rules long — quadratic time,
  /// and 700 MB of `lint --format json` for a 200 KB file.
  func admit(_ code: String) -> Bool {
    if admitted[code, default: 0] < AnalysisLimits.maxFindingsPerKind {
      admitted[code, default: 0] += 1
      return true
    }
    omitted[code, default: 0] += 1
    truncated.insert(code)
    return false
  }

  /// Adds to the last of `findings` a note counting the findings of `code` that `admit` left out.
  func noteOmitted(_ code: String, in findings: inout [AnalysisFinding]) {
    guard let n = omitted[code], n > 0, !findings.isEmpty else { return }
    findings[findings.count - 1].base.notes.append(
      .init(
        "\(n) more rule\(n == 1 ? "" : "s") like this \(n == 1 ? "is" : "are") not reported "
          + "(limit \(AnalysisLimits.maxFindingsPerKind) findings of one kind)"))
  }

  /// Where findings about the whole table point: the ruleset header, else the start of the file.
  var tableSpan: SourceSpan { rules.rulesetSpan ?? SourceSpan.at(0) }

  /// The rule's region in words (a union of boxes joined with "or").
  func describeRule(_ r: Int) -> String {
    guard let boxes = ruleBoxes[r] else { return "" }
    return RegionText.union(boxes.map { describe($0) })
  }

  /// `text.describe(box)`, with the clause texts of every region described so far at hand
  /// (`RegionText.Memo`): the regions of one table share most of their axes' sets.
  func describe(_ box: Box) -> String { text.describe(box, memo: &regionMemo) }

  /// The clause texts `describe` has built.
  private var regionMemo = RegionText.Memo()
  /// The witness candidates `witness(in:claim:)` has worked out.
  private var witnessMemo = WitnessBuilder.Memo()

  /// `finding` with a witness built in `box` and checked against `claim`. When no witness can be
  /// built the region is set aside for one A009 per code (`incompleteFindings`) and nil is
  /// returned; when the witness fails the check (a bug), an A010 comes back instead.
  func witnessed(_ finding: AnalysisFinding, in box: Box, claim: WitnessClaim) -> AnalysisFinding? {
    var out = finding
    out.region = box
    out.claim = claim
    switch witness(in: box, claim: claim) {
    case .none:
      unrealised.append(
        .init(
          code: finding.code, span: finding.base.span, rules: finding.rules, box: box,
          text: finding.regionText ?? describe(box)))
      return nil
    case .some(.success(let (witness, decision))):
      out.witness = witness
      out.witnessDecision = decision
      return out
    case .some(.failure(let failure)):
      let diagnostic = AnalysisMessages.witnessRejected(finding.base.span, code: finding.code, reason: failure.reason)
      return AnalysisFinding(base: diagnostic, rules: finding.rules, witnessStem: "A010")
    }
  }

  /// `finding` about every region of `boxes`, each with its checked witness (`regions`, the first
  /// also as `region` and `witness`), or nil when none got a witness; regions without one are set
  /// aside as `witnessed` does, and a witness that fails its check gives an A010 in `rejected`.
  func witnessed(
    _ finding: AnalysisFinding, in boxes: [Box], claim: WitnessClaim, rejected: inout [AnalysisFinding]
  ) -> AnalysisFinding? {
    var out = finding
    out.claim = claim
    for box in boxes {
      let words = describe(box)
      switch witness(in: box, claim: claim) {
      case .none:
        unrealised.append(
          .init(code: finding.code, span: finding.base.span, rules: finding.rules, box: box, text: words))
      case .some(.success(let (witness, decision))):
        out.regions.append(FindingRegion(box: box, text: words, witness: witness, witnessDecision: decision))
      case .some(.failure(let failure)):
        let diagnostic = AnalysisMessages.witnessRejected(finding.base.span, code: finding.code, reason: failure.reason)
        rejected.append(AnalysisFinding(base: diagnostic, rules: finding.rules, witnessStem: "A010"))
      }
    }
    guard let first = out.regions.first else { return nil }
    out.region = first.box
    out.regionText = first.text
    out.witness = first.witness
    out.witnessDecision = first.witnessDecision
    return out
  }

  /// A witness in `box` checked against `claim`: nil when none could be built.
  private func witness(in box: Box, claim: WitnessClaim) -> Result<(ShotRecord, Decision), WitnessCheck.Failure>? {
    guard let shot = builder.shot(in: box, id: "witness", memo: &witnessMemo) else { return nil }
    return checker.verify(shot, in: box, claim: claim)
  }

  /// A region no witness was found for.
  struct Unrealised {
    var code: String
    var span: SourceSpan
    var rules: [Int]
    var box: Box
    var text: String
  }

  /// Regions set aside for want of a witness, in the order they were met.
  private(set) var unrealised: [Unrealised] = []

  /// One A009 per code whose regions got no witness, listing them (the first few in its text, all
  /// in `regions`), with what the regions' axes share: values of one observation cannot all be
  /// chosen freely, which is how a region of axis values can hold no shot.
  func incompleteFindings() -> [AnalysisFinding] {
    var order: [String] = []
    var byCode: [String: [Unrealised]] = [:]
    for u in unrealised {
      if byCode[u.code] == nil { order.append(u.code) }
      byCode[u.code, default: []].append(u)
    }
    return order.compactMap { code in
      guard let group = byCode[code], let first = group.first else { return nil }
      var shared = Set<NumericField>()
      for u in group {
        var readers: [NumericField: Int] = [:]
        for (i, axis) in catalog.numeric.enumerated() where u.box.numeric[i] != axis.domain {
          for f in axis.form.fields { readers[f, default: 0] += 1 }
        }
        shared.formUnion(readers.filter { $0.value > 1 }.keys)
      }
      let sharedNames = NumericField.allCases.filter(shared.contains).map { $0.rawValue }
      var rules: [Int] = []
      for u in group { for r in u.rules where !rules.contains(r) { rules.append(r) } }
      var finding = AnalysisFinding(
        base: AnalysisMessages.unrealisable(
          first.span, code: code, regions: group.map { $0.text }, shared: sharedNames),
        rules: rules, witnessStem: "A009")
      finding.regions = group.map { FindingRegion(box: $0.box, text: $0.text) }
      return finding
    }
  }
}
