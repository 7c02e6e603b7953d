/// The proof's work in each cell of its sweep: which rules are true, unknown or uncertain there,
/// the decisions that follows, and for each property whether the cell breaks it where its
/// condition holds (`PropertyProof`).
///
/// A class, so the sweep's visitor captures one reference: the sweep recurses once per axis, and a
/// closure over the table and catalog themselves was copied at every level.
final class PropertyCells {
  private let properties: [CompiledProperty]
  private let combiner: Combiner
  private let catalog: AxisCatalog
  private let feasibility: CellFeasibility?
  private let propertyBoxes: [[Box]?]
  /// Per box of `propertyBoxes`: the axes it constrains, the only ones a cell is cut on.
  private let propertyAxes: [[UInt64]?]
  private let notAnalysed: [Int: String]
  /// Per sweep entry: its rule and how it counts (`ProofSpace.EntryKind`).
  private let entryRules: [Int]
  private let kinds: [UInt8]
  /// Per rule: the paths it reads, and its id.
  private let reads: [UInt32]
  private let ruleIDs: [String]
  /// The recorded axes, each with the bit of its path.
  private let recordedAxes: [(axis: Int, bit: UInt32)]
  /// Per box of the sweep's focus: its property (`ProofFocus`).
  private let focusProperty: [Int]

  /// Per property: where it fails, by outcome, in the order the outcomes were met.
  private(set) var failing: [Int: [Decision.Outcome: [Box]]] = [:]
  private(set) var outcomeOrder: [Int: [Decision.Outcome]] = [:]
  /// Per property: why the sweep could not decide it.
  private(set) var undecided: [Int: String] = [:]
  private var work = 0

  /// `feasibility` is the sweep's own, so cells and their parts share one memo of what holds shots.
  init(
    _ rules: CompiledRules, _ space: ProofSpace, combiner: Combiner, focus: ProofFocus, feasibility: CellFeasibility?
  ) {
    focusProperty = focus.property
    properties = rules.properties
    self.combiner = combiner
    catalog = space.catalog
    self.feasibility = feasibility
    propertyBoxes = space.propertyBoxes
    let full = Box.all(space.catalog)
    propertyAxes = space.propertyBoxes.map { $0?.map { $0.constrainedAxes(comparedWith: full) } }
    notAnalysed = space.notAnalysed
    entryRules = space.entries.map { $0.rule }
    kinds = space.kinds
    reads = rules.rules.map { $0.reads }
    ruleIDs = rules.rules.map { $0.id }
    recordedAxes = space.catalog.recordedAxes.map { ($0.axis, $0.path.bit) }
  }

  /// Visits one cell with the entries covering it and the focus boxes it may meet (ascending, so
  /// by property); false once the work budget is spent.
  func visit(_ box: Box, _ covering: [Int], _ focus: [Int]) -> Bool {
    work += covering.count + 1
    let (trueRules, uncertain, unknownRules) = classify(covering)
    let outcomes = self.outcomes(box, trueRules, uncertain, unknownRules)
    var last = -1
    for f in focus where focusProperty[f] != last {
      let p = focusProperty[f]
      last = p
      work += 1
      if uncertain.isEmpty, let outcome = outcomes.first {
        guard !properties[p].holds(for: outcome) else { continue }
        let here = parts(box, p)
        work += propertyBoxes[p]?.count ?? 1
        guard !here.isEmpty else { continue }
        if failing[p]?[outcome] == nil { outcomeOrder[p, default: []].append(outcome) }
        if failing[p]?[outcome]?.count ?? 0 < AnalysisLimits.maxStoredRegions {
          failing[p, default: [:]][outcome, default: []] += here
        }
      } else if undecided[p] == nil, outcomes.isEmpty || outcomes.contains(where: { !properties[p].holds(for: $0) }),
        !parts(box, p).isEmpty
      {
        let names = uncertain.prefix(AnalysisMessages.maxNamedRules).map {
          "'\(ruleIDs[$0])' (\(notAnalysed[$0] ?? "not analysed"))"
        }
        undecided[p] =
          "where it applies, the decision depends on \(uncertain.count == 1 ? "rule" : "rules") "
          + "\(names.joined(separator: ", ")), which the analysis cannot place"
      }
    }
    return work <= AnalysisLimits.maxRuleVisits
  }

  /// The rules surely true in the cell, those not analysed that may be true, and those unknown.
  /// Entries come in rule order (and `covering` in entry order), so each rule's entries are
  /// adjacent and the lists come out ascending.
  private func classify(_ covering: [Int]) -> (trueRules: [Int], uncertain: [Int], unknown: [Int]) {
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
    return (trueRules, uncertain, unknownRules)
  }

  /// Every outcome the cell may get: one when no rule is uncertain; otherwise one per way the
  /// uncertain rules may turn out, or none when they are more than `TableSweep.maxUncertainRules`.
  private func outcomes(_ box: Box, _ trueRules: [Int], _ uncertain: [Int], _ unknownRules: [Int])
    -> [Decision.Outcome]
  {
    if uncertain.isEmpty { return [combiner.decide(trueRules, unknown: unknownRules).outcome] }
    guard uncertain.count <= TableSweep.maxUncertainRules else { return [] }
    // Paths the cell may lack: a rule not analysed that reads one may be unknown too.
    var mayLack: UInt32 = 0
    for (axis, bit) in recordedAxes where box.finite[axis] & 0b01 != 0 { mayLack |= bit }
    // Each uncertain rule false (0), true (1) or, when it reads a path the cell may lack,
    // unknown (2).
    let choices = uncertain.map { reads[$0] & mayLack != 0 ? 3 : 2 }
    var combination = [Int](repeating: 0, count: uncertain.count)
    var outcomes: [Decision.Outcome] = []
    while true {
      var rs = trueRules
      var us = unknownRules
      for (k, r) in uncertain.enumerated() {
        if combination[k] == 1 { rs.append(r) } else if combination[k] == 2 { us.append(r) }
      }
      let outcome = combiner.decide(rs.sorted(), unknown: us.sorted()).outcome
      if !outcomes.contains(outcome) { outcomes.append(outcome) }
      guard let k = combination.indices.first(where: { combination[$0] + 1 < choices[$0] }) else { break }
      combination[k] += 1
      for j in 0..<k { combination[j] = 0 }
    }
    return outcomes
  }

  /// The parts of `cell` where property `p`'s condition holds, widened over missing observations.
  /// Most cells lie outside most conditions, so boxes that share no value on some axis are
  /// passed over before any intersection is built, and both read only the axes the condition's
  /// box constrains.
  private func parts(_ cell: Box, _ p: Int) -> [Box] {
    guard let boxes = propertyBoxes[p], let axes = propertyAxes[p] else { return [catalog.widened(cell)] }
    var out: [Box] = []
    for (k, b) in boxes.enumerated() where cell.mayMeet(b, on: axes[k]) {
      let i = cell.intersection(b, on: axes[k])
      guard !i.isEmpty else { continue }
      guard let kept = feasibility.map({ $0.trimmed(i) }) ?? i else { continue }
      out.append(catalog.widened(kept))
    }
    return out
  }
}
