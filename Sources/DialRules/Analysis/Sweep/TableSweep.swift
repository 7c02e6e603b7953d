/// Everything the checks need to know about a whole table, collected in one pass of the cell
/// sweep: where no rule matches, where rules disagree, and for every rule whether it ever matches,
/// ever decides and ever matters.
///
/// Each cell is one exact region with a fixed set of true rules, so every fact here is exact for
/// fully observed shots — unless the sweep hit `AnalysisLimits.maxCells` or `maxRuleVisits`, in which case `complete`
/// is false and only facts that something *exists* (a gap, a disagreement) may be reported.
///
/// Cells are many (hundreds of thousands for a large table), so the per-cell work avoids
/// allocation: scratch buffers are reused, and a rule whose facts are all settled (it matched, it
/// decided, it mattered, its overrides were seen in effect) is skipped from then on.
struct TableSweep {
  /// Regions of one kind: the first `maxStoredRegions` cells, and how many there were.
  struct Regions {
    var boxes: [Box] = []
    var count = 0
    /// Counts a cell, keeping it while there is room.
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
  /// Rule visits so far: every box covering a cell, and every unsettled rule looked at in one.
  var work = 0
  /// Cells where no rule is true.
  var gaps = Regions()
  /// Cells whose decision is `conflict`, by the rules in M (ascending), for the first
  /// `maxFindingsPerKind` groups in order of discovery; later groups are only counted.
  var conflicts: [[Int]: Regions] = [:]
  var conflictOrder: [[Int]] = []
  var unreportedConflictCells = 0
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

  // Scratch state for `visit`, reused from cell to cell.
  private var stamp: [Int]
  private var matchedStamp: [Int]
  private var settled: [Bool]
  private var hasMatched: [Bool]
  private var overrideTargets: [[Int]]
  private var cellID = 0
  private var trueRules: [Int] = []
  private var actionCounts: [Int]

  /// Sweeps the boxes of the analysed rules. `keepDecided` keeps decided cells for A007.
  init(rules: CompiledRules, catalog: AxisCatalog, boxes: [(box: Box, rule: Int)], keepDecided: Bool) {
    let n = rules.rules.count
    firstMatch = Array(repeating: nil, count: n)
    decides = Array(repeating: false, count: n)
    essential = Array(repeating: false, count: n)
    coveredCell = Array(repeating: nil, count: n)
    losses = Array(repeating: 0, count: n)
    stamp = Array(repeating: 0, count: n)
    matchedStamp = Array(repeating: 0, count: n)
    settled = Array(repeating: false, count: n)
    hasMatched = Array(repeating: false, count: n)
    overrideTargets = rules.rules.map(\.overrides)
    let combiner = Combiner(rules)
    actionCounts = Array(repeating: 0, count: combiner.combining.actions.count)
    var sweep = CellSweep(entries: boxes, catalog: catalog)
    let entryRules = sweep.entries.map(\.rule)
    sweep.run { box, entries in
      self.visit(box, entries, entryRules, combiner: combiner, keepDecided: keepDecided)
      return self.work <= AnalysisLimits.maxRuleVisits
    }
    cells = sweep.cells
    complete = !sweep.stopped
  }

  /// Records one cell: a gap, or the decision of its true rules and what each true rule did there.
  private mutating func visit(
    _ box: Box, _ entries: [Int], _ entryRules: [Int], combiner: Combiner, keepDecided: Bool
  ) {
    cellID += 1
    work += entries.count
    trueRules.removeAll(keepingCapacity: true)
    for e in entries where stamp[entryRules[e]] != cellID {
      stamp[entryRules[e]] = cellID
      trueRules.append(entryRules[e])
    }
    guard !trueRules.isEmpty else {
      gaps.add(box)
      return
    }
    trueRules.sort()
    let decision = combiner.decide(trueRules, isTrue: { self.stamp[$0] == self.cellID })
    let isConflict = decision.outcome == .insufficientEvidence(.conflict)
    if isConflict {
      if let _ = conflicts[decision.matched] {
        conflicts[decision.matched]?.add(box)
      } else if conflictOrder.count < AnalysisLimits.maxFindingsPerKind {
        conflictOrder.append(decision.matched)
        var regions = Regions()
        regions.add(box)
        conflicts[decision.matched] = regions
      } else {
        unreportedConflictCells += 1
      }
    }
    guard trueRules.contains(where: { !settled[$0] }) else {
      recordDecided(box, decision, isConflict: isConflict, keepDecided: keepDecided)
      return
    }
    // What removing one rule of M would do depends only on how many rules of M share its action.
    var abstainers = 0
    var distinct = 0
    let actionIDs = combiner.combining.actionIDs
    let abstains = combiner.combining.abstains
    for m in decision.matched {
      matchedStamp[m] = cellID
      if abstains[m] {
        abstainers += 1
      } else {
        let id = Int(actionIDs[m])
        if actionCounts[id] == 0 { distinct += 1 }
        actionCounts[id] += 1
      }
    }
    let isExplicit = decision.outcome == .insufficientEvidence(.explicit)
    for r in trueRules where !settled[r] {
      work += 1
      if !hasMatched[r] {
        hasMatched[r] = true
        firstMatch[r] = Cell(box: box, trueRules: trueRules, decision: decision)
      }
      var overridesTrue = false
      if !overrideTargets[r].isEmpty {
        for q in overrideTargets[r] where stamp[q] == cellID {
          overlappingOverrides.insert([r, q])
          overridesTrue = true
        }
      }
      let id = Int(actionIDs[r])
      let inM = matchedStamp[r] == cellID
      let deciding = inM && !isConflict && (!isExplicit || abstains[r])
      if deciding { decides[r] = true }
      if !inM {
        losses[r] |= 1
      } else if isConflict {
        losses[r] |= 4
      } else if !deciding {
        losses[r] |= 2
      }
      if !essential[r] {
        let matters: Bool
        if overridesTrue {
          // Removing it may let the rules it overrides back in: recompute.
          matters = combiner.decide(trueRules.filter { $0 != r }).outcome != decision.outcome
        } else if !inM {
          matters = false
        } else if abstains[r] {
          matters = abstainers == 1
        } else if abstainers > 0 || actionCounts[id] > 1 {
          matters = false
        } else {
          // The only rule with its action: without it, one action fewer takes part.
          matters = distinct == 1 ? combiner.outcome(ofAction: actionIDs[r]) != combiner.otherwise : distinct == 2
        }
        if matters {
          essential[r] = true
        } else if deciding && coveredCell[r] == nil {
          coveredCell[r] = Cell(box: box, trueRules: trueRules, decision: decision)
        }
      }
      if decides[r] && essential[r] {
        settled[r] = overrideTargets[r].allSatisfy { overlappingOverrides.contains([r, $0]) }
      }
    }
    for m in decision.matched where !abstains[m] { actionCounts[Int(actionIDs[m])] = 0 }
    recordDecided(box, decision, isConflict: isConflict, keepDecided: keepDecided)
  }

  /// Keeps a decided cell for the unknown-observation check (A007), while there is room.
  private mutating func recordDecided(_ box: Box, _ decision: FullDecision, isConflict: Bool, keepDecided: Bool) {
    if keepDecided, !isConflict, decision.outcome != .insufficientEvidence(.explicit),
      decidedCells.count < AnalysisLimits.maxUnknownProbes
    {
      decidedCells.append(Cell(box: box, trueRules: trueRules, decision: decision))
    }
  }
}
