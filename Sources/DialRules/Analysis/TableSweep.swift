/// Everything the checks need to know about a whole table, collected in one pass of the cell
/// sweep: where no rule matches, where rules disagree, and for every rule whether it ever matches,
/// ever decides and ever matters.
///
/// Each cell is one exact region with a fixed set of true rules, so every fact here is exact for
/// fully observed shots — unless the sweep hit `AnalysisLimits.maxCells`, in which case `complete`
/// is false and only facts that something *exists* (a gap, a disagreement) may be reported.
struct TableSweep {
  /// Regions of one kind, for reporting: the first `maxStoredRegions` cells, and how many there were.
  struct Regions {
    var boxes: [Box] = []
    var count = 0
    mutating func add(_ box: Box) {
      count += 1
      if boxes.count < AnalysisLimits.maxStoredRegions { boxes.append(box) }
    }
  }

  /// A cell where a rule matters, kept as a witness candidate.
  struct Cell {
    var box: Box
    var trueRules: [Int]
    var decision: FullDecision
  }

  var complete = true
  var cells = 0
  /// Cells where no rule is true.
  var gaps = Regions()
  /// Cells whose decision is `conflict`, by the rules in M (ascending), in order of discovery.
  var conflicts: [[Int]: Regions] = [:]
  var conflictOrder: [[Int]] = []
  /// Per rule: the first cell where it is true.
  var firstMatch: [Cell?]
  /// Per rule: whether it decides somewhere (in `decided_by` of a decision that is not a conflict).
  var decides: [Bool]
  /// Per rule: whether removing it changes some decision.
  var essential: [Bool]
  /// Per rule: a cell where it decides but removing it changes nothing (a redundancy witness).
  var coveredCell: [Cell?]
  /// Per rule: how it lost where it matched (bits: 1 overridden, 2 outvoted by an abstention,
  /// 4 in a conflict).
  var losses: [UInt8]
  /// Override pairs (overrider, overridden) seen true together.
  var overlappingOverrides = Set<[Int]>()
  /// Cells with a decided outcome, for the unknown-observation check; only kept when asked.
  var decidedCells: [Cell] = []

  /// Sweeps the boxes of the analysed rules. `keepDecided` keeps decided cells for A007.
  init(rules: CompiledRules, catalog: AxisCatalog, boxes: [(box: Box, rule: Int)], keepDecided: Bool) {
    let n = rules.rules.count
    firstMatch = Array(repeating: nil, count: n)
    decides = Array(repeating: false, count: n)
    essential = Array(repeating: false, count: n)
    coveredCell = Array(repeating: nil, count: n)
    losses = Array(repeating: 0, count: n)
    let combiner = Combiner(rules)
    var sweep = CellSweep(entries: boxes, catalog: catalog)
    sweep.run { box, trueRules in
      self.visit(box, trueRules, combiner: combiner, keepDecided: keepDecided)
    }
    cells = sweep.cells
    complete = !sweep.stopped
  }

  private mutating func visit(_ box: Box, _ trueRules: [Int], combiner: Combiner, keepDecided: Bool) {
    guard !trueRules.isEmpty else {
      gaps.add(box)
      return
    }
    let decision = combiner.decide(trueRules)
    let isConflict = decision.outcome == .insufficientEvidence(.conflict)
    if isConflict {
      if conflicts[decision.matched] == nil { conflictOrder.append(decision.matched) }
      conflicts[decision.matched, default: Regions()].add(box)
    }
    let rules = combiner.rules.rules
    for r in trueRules {
      if firstMatch[r] == nil { firstMatch[r] = Cell(box: box, trueRules: trueRules, decision: decision) }
      for q in rules[r].overrides where trueRules.contains(q) { overlappingOverrides.insert([r, q]) }
      let inM = decision.matched.contains(r)
      let deciding = !isConflict && decision.decidedBy.contains(r)
      if deciding { decides[r] = true }
      if !inM {
        losses[r] |= 1
      } else if isConflict {
        losses[r] |= 4
      } else if !deciding {
        losses[r] |= 2
      }
      if !essential[r] {
        if combiner.isEssential(r, in: trueRules, decision: decision) {
          essential[r] = true
        } else if deciding && coveredCell[r] == nil {
          coveredCell[r] = Cell(box: box, trueRules: trueRules, decision: decision)
        }
      }
    }
    if keepDecided, !isConflict, decision.outcome != .insufficientEvidence(.explicit),
      decidedCells.count < AnalysisLimits.maxUnknownProbes
    {
      decidedCells.append(Cell(box: box, trueRules: trueRules, decision: decision))
    }
  }
}
