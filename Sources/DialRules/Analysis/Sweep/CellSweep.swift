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
/// When the numeric axes are dependent (`AxisCatalog.dependence`), a product of axis values need
/// not hold a shot (`dy > 2 g` and `shot.ratio < 1` with the recipe's ratio at 2): each numeric
/// branch whose hull holds no shot is dropped, and each cell is cut down to the combinations of
/// its axes' intervals that hold shots, or dropped when none does (`CellFeasibility`). A dropped
/// cell is no gap, no disagreement, and no rule matches in it.
///
/// Finite axes (tags, adjustments) are cut first: they split the rules most, which keeps the
/// numeric sweeps small. Recursion depth is at most the number of axes, which the catalog bounds
/// (11 numeric fields, 15 tags, one adjustment). The region being built is one `Box` changed in
/// place and restored on the way back, so a branch costs no copies.
struct CellSweep {
  /// One box of one rule.
  struct Entry {
    var box: Box
    var rule: Int
  }

  let entries: [Entry]
  let full: Box
  /// Per numeric axis: the elementary pieces of every end point any box uses on it.
  let pieces: [ElementaryPieces]
  /// Per numeric axis: the runs of pieces each entry's interval set covers.
  private let pieceRuns: [PieceRuns]
  /// Per numeric axis: the runs of pieces inside the axis domain.
  let domainRanges: [[ClosedRange<Int>]]
  /// Set when the numeric axes are dependent: which regions hold shots at all.
  let feasibility: CellFeasibility?
  /// This sweep's generation in `feasibility`'s memos by ids (`CellFeasibility.beginSweep`).
  private let generation: Int
  /// Per entry: the axes (finite first, then numeric) on which its box is not the whole domain.
  private let constrainedAxes: [UInt64]
  /// Per entry, per finite axis (entry after entry): its classes there.
  private let finiteClasses: [UInt64]
  /// Per entry: a fixed pseudo-random key (`key(_:)`), for piece signatures.
  private let signatureKeys: [UInt64]
  var cells = 0
  /// Per numeric axis: the normalized set of each run of pieces a group of one segment took,
  /// found by its first and last piece (`runKey`, plus one: `IntTable` keys are nonzero) in
  /// `runSetIndex`. The sweep meets the same runs in branch after branch, and snapping a run's
  /// ends to the axis grid is exact arithmetic each time.
  private var runSets: [[IntervalSet]]
  private var runSetIndex: [IntTable]
  /// Per numeric axis: the id and the set of each group of several runs of pieces the sweep gave
  /// the axis, by the runs' first and last pieces (a set of one run is known by its `runKey`).
  private var multiRuns: [[[Int]: (id: Int, set: IntervalSet)]]
  /// Per numeric axis: the id of the set `region` holds there (`setID`; 0: the whole domain, where
  /// the sweep starts). `CellFeasibility` remembers its answers by these ids, which are cheap to
  /// hash and compare, where the sets themselves are exact numbers.
  private var regionIDs: [Int]
  /// Set when `AnalysisLimits.maxCells`, or the visitor's own budget, stopped the sweep.
  var stopped = false
  /// The boxes of `run(focus:_:)`, while it runs: a branch that meets none of them is not swept.
  private var focus: [Box]?
  /// Per box of `focus`: the axes it constrains (`Box.constrainedAxes`); on the others it meets
  /// every branch.
  private var focusAxes: [UInt64] = []
  private var scratch = SplitScratch()
  /// The entry lists of the branches being swept, one after another: each branch's entries are
  /// one run of it, pushed by the split that made the branch and dropped once that split is
  /// swept. Branches are many and deep, so they share this one buffer instead of an array each.
  private var lists: [Int] = []
  /// The branches of the finite splits being swept (`lists` holds their entries), innermost last.
  private var finiteBranches: [FiniteBranch] = []
  /// The same for the numeric splits.
  private var numericBranches: [NumericBranch] = []
  /// The entries covering the cell being visited, refilled for each cell.
  private var covering: [Int] = []
  /// With dependent axes, or while numbering numeric parts: the numeric part of `region`, as a
  /// state of the path of numeric cuts that made it (0: no cut yet). The sweep reaches the same numeric region under branch after
  /// branch of the finite axes, so what `feasibility` answers about it is kept per state, read
  /// without hashing anything but the one step from the parent state. Both answers read only
  /// the region's numeric sets, so they are the same wherever the state is met.
  private var numericState = 0
  private var numericStates = NumericStates()
  /// Set while `run(numberingParts: true, _:)` runs: the numeric states are followed even with
  /// independent axes.
  private var numbersNumericParts = false

  /// The states of the numeric cuts met so far, and what `feasibility` answered for each.
  private struct NumericStates {
    /// The state reached from a state by one cut (the axis and the id of its set), packed into
    /// one key (`packed`) when its parts fit, as they do for any table but a huge one.
    var packedSteps = IntTable()
    /// The same for steps whose parts do not fit in one key.
    var steps: [Step: Int] = [:]
    /// Per state: whether the hull of the region may hold shots (nil: not asked yet).
    var hull: [Bool?] = [nil]
    /// Per state: the cell's numeric sets trimmed (`CellFeasibility.trimmed`); an inner nil: it
    /// holds no shot; nil: not asked yet.
    var trimmed: [[IntervalSet]??] = [nil]

    struct Step: Hashable {
      var state: Int
      var axis: Int
      var id: Int
    }

    /// The state one cut on `axis` to the set `id` leads to from `state`.
    @_optimize(speed)
    mutating func state(after state: Int, axis: Int, id: Int) -> Int {
      if let key = Self.packed(state, axis, id) {
        if let known = packedSteps[key] { return known }
        let new = addState()
        packedSteps[key] = new
        return new
      }
      let step = Step(state: state, axis: axis, id: id)
      if let known = steps[step] { return known }
      let new = addState()
      steps[step] = new
      return new
    }

    private mutating func addState() -> Int {
      hull.append(nil)
      trimmed.append(nil)
      return hull.count - 1
    }

    /// One nonzero key for a step: 31 bits of state, 7 of axis, 25 of id and a top bit set; nil
    /// when a part does not fit (each step always takes the same way, so none is met twice).
    private static func packed(_ state: Int, _ axis: Int, _ id: Int) -> UInt64? {
      // In UInt64: Int is 32 bits in WebAssembly.
      guard state >= 0, axis >= 0, id >= 0 else { return nil }
      let (s, a, i) = (UInt64(state), UInt64(axis), UInt64(id))
      guard s < 1 << 31, a < 1 << 7, i < 1 << 25 else { return nil }
      return 1 << 63 | s << 32 | a << 25 | i
    }
  }

  /// One branch of a finite axis: its classes and the entries holding them.
  private struct FiniteBranch {
    var mask: UInt64
    var members: Range<Int>
  }

  /// One branch of a numeric axis: its set, the set's id (`regionIDs`) and the entries covering it.
  private struct NumericBranch {
    var set: IntervalSet
    var id: Int
    var members: Range<Int>
  }

  /// One numeric axis's runs of pieces for every entry, flat: entry `e`'s runs are
  /// `lower[k]...upper[k]` for `k` in `start[e] ..< start[e + 1]`.
  private struct PieceRuns {
    var start: [Int] = [0]
    var lower: [Int] = []
    var upper: [Int] = []

    /// Whether one of entry `e`'s runs holds piece `p`.
    @inline(__always)
    func covers(_ e: Int, _ p: Int) -> Bool {
      for k in start[e]..<start[e + 1] where lower[k] <= p && p <= upper[k] { return true }
      return false
    }
  }

  /// `splitNumeric`'s work arrays, per piece or per segment of the axis being split.
  private struct SplitScratch {
    var isCut: [Bool] = []
    var segmentOf: [Int] = []
    var bounds: [Int] = []
    var toggles: [UInt64] = []
    var counts: [Int] = []
    var inDomain: [Bool] = []
    var groups: [SegmentGroup] = []
    /// Per segment: the next segment of its group (-1: the last).
    var nextSegment: [Int] = []
    /// The first and last pieces of a group's runs, as `multiRuns` is keyed.
    var runsKey: [Int] = []
  }

  /// Segments of a numeric axis covered by the same entries, linked through `nextSegment`.
  private struct SegmentGroup {
    var signature: UInt64
    var members: Range<Int>
    var firstSegment: Int
    var lastSegment: Int
    var segmentCount: Int
  }

  /// Prepares the sweep over `entries`: which axes each box constrains, and per numeric axis the
  /// elementary pieces and each box's runs of them.
  ///
  /// `sharing` is another sweep's checker of which regions hold shots: when it serves the same
  /// dependent axes, this sweep uses it and its memos.
  init(entries: [(box: Box, rule: Int)], catalog: AxisCatalog, sharing: CellFeasibility? = nil) {
    let full = Box.all(catalog)
    self.full = full
    let feasibility = CellFeasibility.serving(catalog, sharing: sharing)
    self.feasibility = feasibility
    self.generation = feasibility?.beginSweep() ?? 0
    self.entries = entries.map { Entry(box: $0.box, rule: $0.rule) }
    self.constrainedAxes = entries.map { $0.box.constrainedAxes(comparedWith: full) }
    self.finiteClasses = entries.flatMap { $0.box.finite }
    self.signatureKeys = entries.indices.map(Self.key)
    // End points are sorted once per axis; from then on the sweep compares piece indices only.
    var pieces: [ElementaryPieces] = []
    var pieceRuns: [PieceRuns] = []
    var domainRanges: [[ClosedRange<Int>]] = []
    for axis in full.numeric.indices {
      var points = full.numeric[axis].endPoints
      for e in entries { points += e.box.numeric[axis].endPoints }
      let p = ElementaryPieces(points)
      pieces.append(p)
      var runs = PieceRuns()
      for e in entries {
        for r in p.ranges(of: e.box.numeric[axis]) {
          runs.lower.append(r.lowerBound)
          runs.upper.append(r.upperBound)
        }
        runs.start.append(runs.lower.count)
      }
      pieceRuns.append(runs)
      domainRanges.append(p.ranges(of: full.numeric[axis]))
    }
    self.pieces = pieces
    self.pieceRuns = pieceRuns
    self.domainRanges = domainRanges
    self.runSets = Array(repeating: [], count: full.numeric.count)
    self.runSetIndex = Array(repeating: IntTable(), count: full.numeric.count)
    self.multiRuns = Array(repeating: [:], count: full.numeric.count)
    self.regionIDs = Array(repeating: 0, count: full.numeric.count)
  }

  /// Calls `visit` once per cell with the cell and the entries (indices into `entries`) covering
  /// it; `visit` returns false to stop the sweep (its own work budget is spent).
  @_optimize(speed)
  mutating func run(_ visit: (Box, [Int]) -> Bool) {
    run(numberingParts: false) { cell, covering, _ in visit(cell, covering) }
  }

  /// The same, with `numberingParts` also numbering each cell's numeric part (else the number
  /// means nothing): cells given the same number have the same numeric sets (the number is the
  /// state of the numeric cuts that made the cell, and a cell's sets follow from them). Cells
  /// share few numeric parts: the sweep meets the same numeric regions under branch after branch
  /// of the finite axes.
  @_optimize(speed)
  mutating func run(numberingParts: Bool, _ visit: (Box, [Int], Int) -> Bool) {
    var region = full
    lists = Array(entries.indices)
    numbersNumericParts = numberingParts
    sweep(axis: 0, active: lists.indices, live: [], region: &region) { cell, covering, _, part in
      visit(cell, covering, part)
    }
    numbersNumericParts = false
  }

  /// The same, leaving out every branch that shares no value with any box of `focus` on an axis it
  /// was cut on; `visit` also gets the indices of the focus boxes the cell may meet (ascending).
  /// Focus boxes cut nothing: the cells visited are exactly those of `run(_:)` that may meet a
  /// focus box, so a visitor that decides exactly on each cell gets the same answers there.
  @_optimize(speed)
  mutating func run(focus: [Box], _ visit: (Box, [Int], [Int]) -> Bool) {
    var region = full
    self.focus = focus
    focusAxes = focus.map { $0.constrainedAxes(comparedWith: full) }
    lists = Array(entries.indices)
    sweep(axis: 0, active: lists.indices, live: Array(focus.indices), region: &region) { cell, covering, live, _ in
      visit(cell, covering, live)
    }
    self.focus = nil
    focusAxes = []
  }

  /// Splits the first axis from `axis` on that some active box constrains, and recurses into each
  /// group; a branch with nothing left to split is a cell. `active` is the branch's run of
  /// `lists`. `region` is restored before returning.
  @_optimize(speed)
  private mutating func sweep(
    axis: Int, active: Range<Int>, live: [Int], region: inout Box, _ visit: (Box, [Int], [Int], Int) -> Bool
  ) {
    if stopped { return }
    cells += 1
    if cells > AnalysisLimits.maxCells {
      stopped = true
      return
    }
    var pending: UInt64 = 0
    for i in active { pending |= constrainedAxes[lists[i]] }
    pending &= axis >= 64 ? 0 : ~((UInt64(1) << UInt64(axis)) - 1)
    guard pending != 0 else {
      // With dependent axes a branch may hold no shot at all: then it is no cell.
      if let feasibility {
        let numeric: [IntervalSet]?
        if let known = numericStates.trimmed[numericState] {
          numeric = known
        } else {
          numeric = feasibility.trimmed(region, ids: regionIDs, generation: generation)?.numeric
          numericStates.trimmed[numericState] = .some(numeric)
        }
        guard let numeric else { return }
        visitCell(Box(numeric: numeric, finite: region.finite), active, live, visit)
        return
      }
      visitCell(region, active, live, visit)
      return
    }
    let next = pending.trailingZeroBitCount
    let listed = lists.count
    if next < full.finite.count {
      let saved = region.finite[next]
      let first = finiteBranches.count
      splitFinite(next, active)
      let last = finiteBranches.count
      for b in first..<last {
        let branch = finiteBranches[b]
        var meeting = live
        if let focus {
          let bit = UInt64(1) << UInt64(next)
          meeting = live.filter { focusAxes[$0] & bit == 0 || focus[$0].finite[next] & branch.mask != 0 }
          if meeting.isEmpty { continue }
        }
        region.finite[next] = branch.mask
        sweep(axis: next + 1, active: branch.members, live: meeting, region: &region, visit)
      }
      finiteBranches.removeLast(last - first)
      region.finite[next] = saved
    } else {
      let n = next - full.finite.count
      let saved = region.numeric[n]
      let savedID = regionIDs[n]
      let savedState = numericState
      let first = numericBranches.count
      splitNumeric(n, active)
      let last = numericBranches.count
      for b in first..<last {
        // The branch's fields are read where used: a copy of the branch would retain its set.
        var meeting = live
        if let focus {
          let bit = UInt64(1) << UInt64(next)
          let set = numericBranches[b].set
          meeting = live.filter { focusAxes[$0] & bit == 0 || focus[$0].numeric[n].mayMeet(set) }
          if meeting.isEmpty { continue }
        }
        let id = numericBranches[b].id
        region.numeric[n] = numericBranches[b].set
        regionIDs[n] = id
        if feasibility != nil || numbersNumericParts {
          numericState = numericStates.state(after: savedState, axis: n, id: id)
        }
        if let feasibility {
          let mayHoldShots: Bool
          if let known = numericStates.hull[numericState] {
            mayHoldShots = known
          } else {
            mayHoldShots = feasibility.hullMayHoldShots(region, axis: n, ids: regionIDs, generation: generation)
            numericStates.hull[numericState] = mayHoldShots
          }
          if !mayHoldShots { continue }
        }
        sweep(axis: next + 1, active: numericBranches[b].members, live: meeting, region: &region, visit)
      }
      numericBranches.removeLast(last - first)
      region.numeric[n] = saved
      regionIDs[n] = savedID
      numericState = savedState
    }
    lists.removeLast(lists.count - listed)
  }

  /// Hands one cell to `visit` with its covering entries (the run `active` of `lists`).
  @_optimize(speed)
  private mutating func visitCell(
    _ cell: Box, _ active: Range<Int>, _ live: [Int], _ visit: (Box, [Int], [Int], Int) -> Bool
  ) {
    // Taken out of `self` while `visit` has it; a visitor that keeps it gets its own copy when
    // the next cell refills it.
    var covering: [Int] = []
    swap(&covering, &self.covering)
    covering.removeAll(keepingCapacity: true)
    for i in active { covering.append(lists[i]) }
    if !visit(cell, covering, live, numericState) { stopped = true }
    swap(&covering, &self.covering)
  }

  /// Groups the classes of a finite axis by the boxes holding them: pushes each group's entries
  /// onto `lists` and the group onto `finiteBranches`, in the order of their first classes.
  private mutating func splitFinite(_ axis: Int, _ active: Range<Int>) {
    let first = finiteBranches.count
    let stride = full.finite.count
    var remaining = full.finite[axis]
    while remaining != 0 {
      let bit = UInt64(1) << UInt64(remaining.trailingZeroBitCount)
      remaining &= ~bit
      let start = lists.count
      for i in active where finiteClasses[lists[i] * stride + axis] & bit != 0 { lists.append(lists[i]) }
      let members = start..<lists.count
      if let g = (first..<finiteBranches.count).first(where: { sameEntries(finiteBranches[$0].members, members) }) {
        finiteBranches[g].mask |= bit
        lists.removeLast(members.count)
      } else {
        finiteBranches.append(FiniteBranch(mask: bit, members: members))
      }
    }
  }

  /// Whether two runs of `lists` list the same entries.
  private func sameEntries(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count else { return false }
    for k in 0..<a.count where lists[a.lowerBound + k] != lists[b.lowerBound + k] { return false }
    return true
  }

  /// Groups the elementary pieces of a numeric axis by the boxes covering them: pushes each
  /// group's entries onto `lists` and each group whose set holds a value onto `numericBranches`,
  /// in the order of their first pieces.
  ///
  /// Only the piece indices where some active box starts or stops matter: between two of them
  /// the covering boxes are the same, so each such *segment* is handled once. Each segment gets
  /// a 64-bit signature, the XOR of a fixed random key per covering entry (a prefix XOR over range
  /// ends). Segments are grouped by signature, and a group is only accepted after checking that
  /// its segments have exactly the same covering entries, so a signature collision can cost time
  /// but never exactness.
  @_optimize(speed)
  private mutating func splitNumeric(_ axis: Int, _ active: Range<Int>) {
    let axisPieces = pieces[axis]
    let runs = pieceRuns[axis]
    // The work arrays of every call, kept between calls (no allocation per branch): taken out of
    // `self` while in use, so that nothing else in `self` is borrowed meanwhile.
    var scratch = SplitScratch()
    swap(&scratch, &self.scratch)
    defer { swap(&scratch, &self.scratch) }
    // Mark where coverage can change; pieces are few, so marking beats sorting. `isCut` is all
    // false between calls (each mark is cleared as it is read), so it is only ever grown.
    let pieceCount = axisPieces.count
    if scratch.isCut.count <= pieceCount {
      scratch.isCut.append(contentsOf: repeatElement(false, count: pieceCount + 1 - scratch.isCut.count))
      scratch.segmentOf.append(contentsOf: repeatElement(0, count: pieceCount + 1 - scratch.segmentOf.count))
    }
    scratch.isCut[0] = true
    scratch.isCut[pieceCount] = true
    for r in domainRanges[axis] {
      scratch.isCut[r.lowerBound] = true
      scratch.isCut[r.upperBound + 1] = true
    }
    for i in active {
      let e = lists[i]
      for k in runs.start[e]..<runs.start[e + 1] {
        scratch.isCut[runs.lower[k]] = true
        scratch.isCut[runs.upper[k] + 1] = true
      }
    }
    // Segment k covers pieces bounds[k] ..< bounds[k + 1]. `segmentOf` gives the segment starting
    // at each cut, and is read only there: every run starts at a cut, and ends just before one.
    scratch.bounds.removeAll(keepingCapacity: true)
    for p in 0...pieceCount where scratch.isCut[p] {
      scratch.isCut[p] = false
      scratch.segmentOf[p] = scratch.bounds.count
      scratch.bounds.append(p)
    }
    let segmentCount = scratch.bounds.count - 1
    scratch.toggles.reset(0, count: segmentCount + 1)
    scratch.counts.reset(0, count: segmentCount + 1)
    for i in active {
      let e = lists[i]
      let key = signatureKeys[e]
      for k in runs.start[e]..<runs.start[e + 1] {
        let first = scratch.segmentOf[runs.lower[k]]
        let after = scratch.segmentOf[runs.upper[k] + 1]
        scratch.toggles[first] ^= key
        scratch.toggles[after] ^= key
        scratch.counts[first] += 1
        scratch.counts[after] -= 1
      }
    }
    scratch.inDomain.reset(false, count: segmentCount + 1)
    for r in domainRanges[axis] {
      for k in scratch.segmentOf[r.lowerBound]..<scratch.segmentOf[r.upperBound + 1] { scratch.inDomain[k] = true }
    }
    // Groups are few, so they are searched in order rather than hashed.
    scratch.groups.removeAll(keepingCapacity: true)
    scratch.nextSegment.reset(-1, count: segmentCount)
    var signature: UInt64 = 0
    var count = 0
    for k in 0..<segmentCount {
      signature ^= scratch.toggles[k]
      count += scratch.counts[k]
      guard scratch.inDomain[k] else { continue }
      let piece = scratch.bounds[k]
      var placed = false
      for g in scratch.groups.indices
      where scratch.groups[g].signature == signature && scratch.groups[g].members.count == count {
        // Same signature and size: accept only if every member really covers this segment.
        if scratch.groups[g].members.allSatisfy({ runs.covers(lists[$0], piece) }) {
          scratch.nextSegment[scratch.groups[g].lastSegment] = k
          scratch.groups[g].lastSegment = k
          scratch.groups[g].segmentCount += 1
          placed = true
          break
        }
      }
      if placed { continue }
      let start = lists.count
      for i in active where runs.covers(lists[i], piece) { lists.append(lists[i]) }
      scratch.groups.append(
        SegmentGroup(
          signature: signature, members: start..<lists.count, firstSegment: k, lastSegment: k, segmentCount: 1))
    }
    // On a grid an open stretch between two neighbouring grid points holds no value: such a
    // group is no cell at all.
    let grid = full.numeric[axis].grid
    let bounds = scratch.bounds
    for g in scratch.groups {
      let set: IntervalSet
      let id: Int
      if g.segmentCount == 1 {
        let k = g.firstSegment
        let key = Self.runKey(bounds[k], bounds[k + 1] - 1, pieces: axisPieces.count)
        id = key + 1
        if let known = runSetIndex[axis][UInt64(id)] {
          set = runSets[axis][known]
        } else {
          set = IntervalSet([run(axisPieces, bounds[k], bounds[k + 1] - 1)], grid: grid)
          runSetIndex[axis][UInt64(id)] = runSets[axis].count
          runSets[axis].append(set)
        }
      } else {
        scratch.runsKey.removeAll(keepingCapacity: true)
        var k = g.firstSegment
        while k >= 0 {
          scratch.runsKey.append(bounds[k])
          scratch.runsKey.append(bounds[k + 1] - 1)
          k = scratch.nextSegment[k]
        }
        if let known = multiRuns[axis][scratch.runsKey] {
          (id, set) = known
        } else {
          var intervals: [Interval] = []
          for r in stride(from: 0, to: scratch.runsKey.count, by: 2) {
            intervals.append(run(axisPieces, scratch.runsKey[r], scratch.runsKey[r + 1]))
          }
          set = IntervalSet(intervals, grid: grid)
          // Past every run key: ids of several runs never meet ids of one.
          id = (axisPieces.count + 1) * (axisPieces.count + 1) + 1 + multiRuns[axis].count
          multiRuns[axis][scratch.runsKey] = (id, set)
        }
      }
      if !set.isEmpty { numericBranches.append(NumericBranch(set: set, id: id, members: g.members)) }
    }
  }

  /// Pieces `first...last` of an axis as one interval.
  private func run(_ axisPieces: ElementaryPieces, _ first: Int, _ last: Int) -> Interval {
    let a = axisPieces.interval(first)
    let b = axisPieces.interval(last)
    return Interval(lower: a.lower, lowerClosed: a.lowerClosed, upper: b.upper, upperClosed: b.upperClosed)
  }

  @inline(__always)
  private static func runKey(_ first: Int, _ last: Int, pieces: Int) -> Int { first * (pieces + 1) + last }

  /// A fixed pseudo-random key per entry (SplitMix64 of its index), for piece signatures.
  private static func key(_ i: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: i) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Array {
  /// Makes the array `count` copies of `value`, reusing its storage.
  fileprivate mutating func reset(_ value: Element, count: Int) {
    if self.count > count { removeLast(self.count - count) }
    for i in indices { self[i] = value }
    if self.count < count { append(contentsOf: repeatElement(value, count: count - self.count)) }
  }
}
