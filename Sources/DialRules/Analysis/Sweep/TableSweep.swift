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
///
/// A rule that is not analysed takes part through its bounds (`RuleRegions.bounds`): where it is
/// surely true it is true, outside where it may be true it is false, and in between the cell is
/// *uncertain*. Uncertain cells report no gap, no disagreement and no witness; every way the
/// uncertain rules could turn out is combined there (`maxUncertainRules` of them at most, else
/// every rule of the cell is taken to decide and to matter), so that "never decides" and "never
/// matters" stay exact for the analysed rules.
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
  /// The sweep's checker of which regions hold shots (dependent axes), for the later sweeps over
  /// the same axes to share (`CellSweep.init(sharing:)`).
  private(set) var feasibility: CellFeasibility?
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
  /// Per rule that has not decided so far: every rule that kept it from deciding in some cell
  /// where it matched (an overrider that matched, a rule that decided instead, a rule it
  /// disagreed with). A union over all such cells, so it does not depend on the order the sweep
  /// visits them in (which follows the order of the axes, so of the rules in the file).
  var beatenBy: [Set<Int>]
  /// Override pairs (overrider, overridden) seen true together.
  var overlappingOverrides = Set<[Int]>()
  /// Cells with a decided outcome, for the unknown-observation check; only kept when asked.
  var decidedCells: [Cell] = []
  /// Every cell with its decision, in sweep order (`SweptCells`): only when asked, without
  /// `possible` boxes, and once the sweep finished within the limits of both.
  private(set) var swept: SweptCells?

  // Scratch state for `visit`, reused from cell to cell.
  private var stamp: [Int]
  private var matchedStamp: [Int]
  private var decidedStamp: [Int]
  private var overriders: [[Int]]
  private var settled: [Bool]
  private var hasMatched: [Bool]
  private var overrideTargets: [[Int]]
  private var cellID = 0
  private var trueRules: [Int] = []
  private var actionCounts: [Int]

  /// Most rules that may be uncertain in one cell whose every combination is tried (2^4 = 16
  /// decisions); past it the cell settles nothing.
  static let maxUncertainRules = 4
  /// Cells where a rule that is not analysed may or may not be true.
  var uncertainCells = 0

  /// Sweeps the boxes of the rules: `boxes` where each rule is true (surely), and `possible` where
  /// a rule that is not analysed may be true beyond that; `unanalysed` are those rules, about which
  /// nothing is claimed. `keepDecided` keeps decided cells for A007, `recordCells` every cell.
  /// `sharing` is an earlier sweep's checker of which regions hold shots (`CellSweep`).
  @_optimize(speed)
  init(
    rules: CompiledRules, catalog: AxisCatalog, boxes: [(box: Box, rule: Int)],
    possible: [(box: Box, rule: Int)] = [], unanalysed: Set<Int> = [], keepDecided: Bool, recordCells: Bool = false,
    sharing: CellFeasibility? = nil
  ) {
    let n = rules.rules.count
    firstMatch = Array(repeating: nil, count: n)
    decides = Array(repeating: false, count: n)
    essential = Array(repeating: false, count: n)
    coveredCell = Array(repeating: nil, count: n)
    losses = Array(repeating: 0, count: n)
    stamp = Array(repeating: 0, count: n)
    matchedStamp = Array(repeating: 0, count: n)
    decidedStamp = Array(repeating: 0, count: n)
    overriders = rules.rules.map { $0.overriddenBy }
    beatenBy = Array(repeating: [], count: n)
    settled = Array(repeating: false, count: n)
    hasMatched = Array(repeating: false, count: n)
    overrideTargets = rules.rules.map { $0.overrides }
    let combiner = Combiner(rules)
    actionCounts = Array(repeating: 0, count: combiner.combining.actions.count)
    // Nothing is claimed about a rule that is not analysed: it counts as deciding and mattering.
    for r in unanalysed {
      decides[r] = true
      essential[r] = true
      settled[r] = true
    }
    if recordCells && possible.isEmpty { swept = SweptCells(boxes) }
    var sweep = CellSweep(entries: boxes + possible, catalog: catalog, sharing: sharing)
    feasibility = sweep.feasibility
    let entryRules = sweep.entries.map { $0.rule }
    let sure = boxes.count
    sweep.run(numberingParts: swept != nil) { box, entries, numericPart in
      if let firstPossible = entries.firstIndex(where: { $0 >= sure }) {
        let surelyTrue = Set(entries[..<firstPossible].map { entryRules[$0] })
        let uncertain = Set(entries[firstPossible...].map { entryRules[$0] }).subtracting(surelyTrue)
        if !uncertain.isEmpty {
          self.visitUncertain(surelyTrue.sorted(), uncertain.sorted(), combiner: combiner)
          return self.work <= AnalysisLimits.maxRuleVisits
        }
      }
      let decision = self.visit(box, entries, entryRules, combiner: combiner, keepDecided: keepDecided)
      // Only while cells are kept (a gap is decided by `otherwise`); past the bound, none is.
      let kept = self.swept?.add(
        box, numericPart: numericPart, decision?.outcome ?? combiner.otherwise, decidedBy: decision?.decidedBy ?? [])
      if kept == false { self.swept = nil }
      return self.work <= AnalysisLimits.maxRuleVisits
    }
    cells = sweep.cells
    complete = !sweep.stopped
    if complete { swept?.finish(steps: cells) } else { swept = nil }
  }

  /// A cell where the rules of `uncertain` may or may not be true: every combination of them is
  /// decided, and each rule that decides or matters in any of them is marked so. Nothing that
  /// needs the cell's decision (gaps, disagreements, witnesses) is recorded.
  private mutating func visitUncertain(_ surelyTrue: [Int], _ uncertain: [Int], combiner: Combiner) {
    uncertainCells += 1
    let involved = Set(surelyTrue).union(uncertain)
    guard uncertain.count <= Self.maxUncertainRules else {
      work += involved.count
      for r in involved {
        decides[r] = true
        essential[r] = true
      }
      return
    }
    for combination in 0..<(1 << uncertain.count) {
      var trueRules = surelyTrue
      for (k, r) in uncertain.enumerated() where combination & (1 << k) != 0 { trueRules.append(r) }
      trueRules.sort()
      work += trueRules.count * (trueRules.count + 1)
      let decision = combiner.decide(trueRules)
      let deciding = decision.outcome == .insufficientEvidence(.conflict) ? [] : decision.decidedBy
      for r in deciding { decides[r] = true }
      for r in trueRules where !essential[r] {
        if combiner.decide(trueRules.filter { $0 != r }).outcome != decision.outcome { essential[r] = true }
      }
      for r in trueRules {
        for q in overrideTargets[r] where trueRules.contains(q) { overlappingOverrides.insert([r, q]) }
      }
    }
  }

  /// Records one cell: a gap, or the decision of its true rules and what each true rule did there.
  /// Returns the decision, or nil for a gap.
  @_optimize(speed)
  private mutating func visit(
    _ box: Box, _ entries: [Int], _ entryRules: [Int], combiner: Combiner, keepDecided: Bool
  ) -> FullDecision? {
    cellID += 1
    work += entries.count
    trueRules.removeAll(keepingCapacity: true)
    for e in entries where stamp[entryRules[e]] != cellID {
      stamp[entryRules[e]] = cellID
      trueRules.append(entryRules[e])
    }
    guard !trueRules.isEmpty else {
      gaps.add(box)
      return nil
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
      return decision
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
    for d in decision.decidedBy { decidedStamp[d] = cellID }
    for r in trueRules where !settled[r] {
      work += 1
      if !decides[r] {
        // What keeps it from deciding here (rules that decide instead, rules it disagrees with,
        // overriders that are true), collected until it decides somewhere.
        let decidesHere = decidedStamp[r] == cellID && !isConflict
        if !decidesHere {
          let winners = isConflict ? decision.matched : decision.decidedBy
          work += winners.count + overriders[r].count
          for q in winners where q != r { beatenBy[r].insert(q) }
          for q in overriders[r] where stamp[q] == cellID { beatenBy[r].insert(q) }
        }
      }
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
    return decision
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
