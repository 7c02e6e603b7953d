/// The exact per-axis sweep (Calvanese et al. 2016; Drools' DMN decision-table analyser): cuts
/// the space of fully observed shots into cells on which every rule is constantly true or false.
///
/// Axis by axis, the sweep takes the boxes still in play, sorts their end points on that axis into
/// elementary pieces (each end point, and the open stretch between two), and groups the pieces by
/// which boxes cover them. Each group becomes one branch, and the sweep continues on the next axis
/// with only that group's boxes. Pieces covered by the same boxes are one branch even when they are
/// far apart (`dt < -3 s` and `dt > 3 s` where nothing else differs), so cells come out as large
/// as the table allows. An axis no remaining box constrains is not cut at all, and when no
/// remaining box constrains any later axis, the branch is a cell. No value is sampled: every cell
/// is exactly a product of interval sets and class sets.
///
/// Finite axes (tags, adjustments) are cut first: they split the rules most, which keeps the
/// numeric sweeps small. Recursion depth is at most the number of axes, which the catalog bounds
/// (11 numeric fields, 15 tags, one adjustment).
struct CellSweep {
  /// One box of one rule.
  struct Entry {
    var box: Box
    var rule: Int
    /// Axes (finite first, then numeric) on which the box is not the whole domain.
    var constrained: UInt64
  }

  let entries: [Entry]
  let full: Box
  var cells = 0
  /// Set when `AnalysisLimits.maxCells` stopped the sweep.
  var stopped = false

  init(entries: [(box: Box, rule: Int)], catalog: AxisCatalog) {
    let full = Box.all(catalog)
    self.full = full
    self.entries = entries.map {
      Entry(box: $0.box, rule: $0.rule, constrained: $0.box.constrainedAxes(comparedWith: full))
    }
  }

  /// Calls `visit` once per cell with the cell and the rules true on it (ascending indices).
  mutating func run(_ visit: (Box, [Int]) -> Void) {
    sweep(axis: 0, active: Array(entries.indices), region: full, visit)
  }

  private mutating func sweep(axis: Int, active: [Int], region: Box, _ visit: (Box, [Int]) -> Void) {
    if stopped { return }
    cells += 1
    if cells > AnalysisLimits.maxCells {
      stopped = true
      return
    }
    var pending: UInt64 = 0
    for e in active { pending |= entries[e].constrained }
    pending &= axis >= 64 ? 0 : ~((UInt64(1) << UInt64(axis)) - 1)
    guard pending != 0 else {
      var rules = active.map { entries[$0].rule }
      rules.sort()
      var unique: [Int] = []
      for r in rules where unique.last != r { unique.append(r) }
      visit(region, unique)
      return
    }
    let next = pending.trailingZeroBitCount
    if next < full.finite.count {
      for (mask, subset) in splitFinite(next, active) {
        var r = region
        r.finite[next] = mask
        sweep(axis: next + 1, active: subset, region: r, visit)
      }
    } else {
      let n = next - full.finite.count
      for (set, subset) in splitNumeric(n, active) {
        var r = region
        r.numeric[n] = set
        sweep(axis: next + 1, active: subset, region: r, visit)
      }
    }
  }

  /// Groups the classes of a finite axis by the boxes holding them.
  private func splitFinite(_ axis: Int, _ active: [Int]) -> [(UInt64, [Int])] {
    var groups: [(UInt64, [Int])] = []
    var index: [[Int]: Int] = [:]
    var remaining = full.finite[axis]
    while remaining != 0 {
      let bit = UInt64(1) << UInt64(remaining.trailingZeroBitCount)
      remaining &= ~bit
      let subset = active.filter { entries[$0].box.finite[axis] & bit != 0 }
      if let g = index[subset] {
        groups[g].0 |= bit
      } else {
        index[subset] = groups.count
        groups.append((bit, subset))
      }
    }
    return groups
  }

  /// Groups the elementary pieces of a numeric axis by the boxes covering them.
  private func splitNumeric(_ axis: Int, _ active: [Int]) -> [(IntervalSet, [Int])] {
    var points = full.numeric[axis].endPoints
    for e in active { points += entries[e].box.numeric[axis].endPoints }
    let pieces = ElementaryPieces(points)
    let domain = pieces.mask(of: full.numeric[axis])
    var members = [[Int]](repeating: [], count: pieces.count)
    for e in active {
      for range in pieces.ranges(of: entries[e].box.numeric[axis]) {
        for p in range { members[p].append(e) }
      }
    }
    var groups: [([Int], [Int])] = []  // (pieces, subset)
    var index: [[Int]: Int] = [:]
    for p in 0..<pieces.count where domain[p] {
      if let g = index[members[p]] {
        groups[g].0.append(p)
      } else {
        index[members[p]] = groups.count
        groups.append(([p], members[p]))
      }
    }
    return groups.map { (IntervalSet($0.0.map { pieces.interval($0) }), $0.1) }
  }
}
