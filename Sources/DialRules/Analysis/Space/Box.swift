/// A product region: one interval set per numeric axis and one class mask per finite axis. A
/// shot is in the box when every axis value lies in its part.
///
/// A rule's condition is a union of boxes; regions of findings are boxes. An unconstrained numeric
/// axis holds its whole domain and an unconstrained finite axis every class, so "no constraint"
/// and "everything a shot can be" are the same value.
struct Box: Hashable, Sendable {
  var numeric: [IntervalSet]
  var finite: [UInt64]

  /// The box holding every fully observed shot.
  static func all(_ catalog: AxisCatalog) -> Box {
    Box(numeric: catalog.numeric.map { $0.domain }, finite: catalog.finite.map { $0.allMask })
  }

  /// Whether some shot is in the box.
  var isEmpty: Bool { numeric.contains { $0.isEmpty } || finite.contains { $0 == 0 } }

  /// The box cut down by one constraint.
  func constrained(by c: AxisConstraint) -> Box {
    var out = self
    switch c {
    case .numeric(let axis, let set): out.numeric[axis] = numeric[axis].intersection(set)
    case .finite(let axis, let mask): out.finite[axis] = finite[axis] & mask
    }
    return out
  }

  /// The shots in both boxes.
  func intersection(_ other: Box) -> Box {
    var out = self
    for i in numeric.indices { out.numeric[i] = numeric[i].intersection(other.numeric[i]) }
    for i in finite.indices { out.finite[i] = finite[i] & other.finite[i] }
    return out
  }

  /// Whether the boxes may share a shot: false only when on some axis they share no value, so
  /// `intersection` would be empty. Builds nothing, so it can sort out most pairs cheaply.
  func mayMeet(_ other: Box) -> Bool {
    for i in finite.indices where finite[i] & other.finite[i] == 0 { return false }
    for i in numeric.indices where !numeric[i].mayMeet(other.numeric[i]) { return false }
    return true
  }

  /// `mayMeet` for a box that lies in `full` (as every branch and cell of a sweep over `full`
  /// does), reading only `axes`, `other.constrainedAxes(comparedWith: full)`: on every other axis
  /// `other` holds all of `full`, so it shares a value with any non-empty part of it.
  func mayMeet(_ other: Box, on axes: UInt64) -> Bool {
    var rest = axes
    while rest != 0 {
      let k = rest.trailingZeroBitCount
      rest &= rest - 1
      if k < finite.count {
        if finite[k] & other.finite[k] == 0 { return false }
      } else if !numeric[k - finite.count].mayMeet(other.numeric[k - finite.count]) {
        return false
      }
    }
    return true
  }

  /// `intersection` for a box that lies in `full`, cutting only `axes`,
  /// `other.constrainedAxes(comparedWith: full)`: on every other axis `other` is all of `full`,
  /// whose intersection with a part of it is that part.
  func intersection(_ other: Box, on axes: UInt64) -> Box {
    var out = self
    var rest = axes
    while rest != 0 {
      let k = rest.trailingZeroBitCount
      rest &= rest - 1
      if k < finite.count {
        out.finite[k] &= other.finite[k]
      } else {
        out.numeric[k - finite.count] = numeric[k - finite.count].intersection(other.numeric[k - finite.count])
      }
    }
    assert(out == intersection(other), "a box outside the space it was cut in")
    return out
  }

  /// Whether every shot of `self` is in `other`.
  func isSubset(of other: Box) -> Bool {
    for i in finite.indices where finite[i] & ~other.finite[i] != 0 { return false }
    for i in numeric.indices where !numeric[i].isSubset(of: other.numeric[i]) { return false }
    return true
  }

  /// When the boxes differ on at most one axis, the single box that is their union.
  func union(_ other: Box) -> Box? {
    var differing: (numeric: Bool, index: Int)?
    for i in finite.indices where finite[i] != other.finite[i] {
      if differing != nil { return nil }
      differing = (false, i)
    }
    for i in numeric.indices where numeric[i] != other.numeric[i] {
      if differing != nil { return nil }
      differing = (true, i)
    }
    guard let (isNumeric, i) = differing else { return self }
    var out = self
    if isNumeric {
      out.numeric[i] = numeric[i].union(other.numeric[i])
    } else {
      out.finite[i] = finite[i] | other.finite[i]
    }
    return out
  }

  /// Bit mask of the axes the box constrains (finite axes first, then numeric), against `full`.
  /// Axes always fit in 64 bits: at most 22 tags and one adjustment axis, and at most 11 numeric
  /// axes when they are independent (one per observed field, which `PivotPlanner` enforces) or
  /// `AnalysisLimits.maxDependentAxes` (32) when they are not.
  func constrainedAxes(comparedWith full: Box) -> UInt64 {
    var mask: UInt64 = 0
    for i in finite.indices where finite[i] != full.finite[i] { mask |= UInt64(1) << UInt64(i) }
    for i in numeric.indices where numeric[i] != full.numeric[i] {
      mask |= UInt64(1) << UInt64(finite.count + i)
    }
    return mask
  }
}

/// Simplifying unions of boxes without changing the region they cover.
enum BoxUnion {
  /// Drops boxes inside another box, then repeatedly merges two boxes that differ on one axis,
  /// until nothing changes. The result covers exactly the same shots. Pairs are tried in a fixed
  /// order, so the result is deterministic. From 64 boxes on, every group of boxes equal on all
  /// axes but one is first merged into one box, axis after axis until nothing changes (linear
  /// work per round, `InternedBoxes.mergeGroups`), and the pairwise pass then works on what is
  /// left. `limit` bounds the quadratic work: larger inputs get no pairwise pass.
  static func simplify(_ boxes: [Box], limit: Int = 2_000) -> [Box] {
    var budget = AnalysisLimits.maxMergeComparisons
    return simplify(boxes, limit: limit, budget: &budget)
  }

  /// `simplify`, spending at most `budget` pair comparisons (and taking them off it). Once it is
  /// spent, merging stops where it is: every step keeps the union the same, so the boxes still
  /// cover exactly the same shots, there are only more of them. Repeated passes over a couple of
  /// thousand boxes were the analysis's slowest step (found by the evaluator fuzz target: a
  /// 10-rule table took over 10 s under the sanitizers).
  static func simplify(_ boxes: [Box], limit: Int = 2_000, budget: inout Int) -> [Box] {
    var simplifier = Simplifier()
    return simplifier.simplify(boxes, limit: limit, budget: &budget)
  }

  /// `simplify` for many unions over the same axes, one after another: what it learns about their
  /// sets (each set's id, which set lies in which, their unions) serves the next union too. The
  /// results are those of `simplify`, which compares the same sets the same way.
  struct Simplifier {
    private var rows: InternedBoxes?
    private let internsSmallUnions: Bool

    /// A simplifier for one union (`BoxUnion.simplify`), or, with `reused`, for many: then small
    /// unions are interned too, since their sets are mostly known already (hashing a box reads
    /// every exact number in it), with the same merges as `PlainBoxes`.
    init(reused: Bool = false) { internsSmallUnions = reused }

    /// `BoxUnion.simplify(boxes, limit:)`.
    mutating func simplify(_ boxes: [Box], limit: Int = 2_000) -> [Box] {
      var budget = AnalysisLimits.maxMergeComparisons
      return simplify(boxes, limit: limit, budget: &budget)
    }

    /// `BoxUnion.simplify(boxes, limit:, budget:)`.
    mutating func simplify(_ boxes: [Box], limit: Int = 2_000, budget: inout Int) -> [Box] {
      // Few boxes merge faster as they are; many are compared as rows of interned sets, where each
      // pair of sets is compared once (the same answers, so the same merges in the same order).
      guard boxes.count > BoxUnion.internedFrom || internsSmallUnions && !boxes.isEmpty else {
        var out: [Box] = []
        var seen = Set<Box>()
        for b in boxes where !b.isEmpty && seen.insert(b).inserted { out.append(b) }
        guard out.count <= limit else { return out }
        var plain = PlainBoxes()
        merge(&out, in: &plain, budget: &budget)
        return out
      }
      let (finite, numeric) = (boxes[0].finite.count, boxes[0].numeric.count)
      // Taken out while in use, so that it is not copied on the first change.
      var rows = self.rows.take() ?? InternedBoxes(finite: finite, numeric: numeric)
      if !rows.has(finite: finite, numeric: numeric) { rows = InternedBoxes(finite: finite, numeric: numeric) }
      defer { self.rows = rows }
      var out: [Int] = []
      var seen = Set<Interned>()
      for b in boxes where !b.isEmpty {
        let key = rows.key(b)
        if seen.insert(key).inserted { out.append(rows.add(key)) }
      }
      if boxes.count > BoxUnion.internedFrom { rows.mergeGroups(&out) }
      if out.count <= limit { merge(&out, in: &rows, budget: &budget) }
      return out.map { rows.box($0) }
    }
  }

  /// From how many boxes `simplify` interns their sets.
  private static let internedFrom = 64

  /// Repeatedly merges two boxes of `out` when one holds the other or they differ on one axis,
  /// pairs in a fixed order, until nothing changes or `budget` is spent.
  private static func merge<Space: MergeSpace>(_ out: inout [Space.Row], in space: inout Space, budget: inout Int) {
    var changed = true
    while changed {
      changed = false
      var i = 0
      while i < out.count {
        var j = i + 1
        while j < out.count {
          guard budget > 0 else { return }
          budget -= 1
          if let merged = space.merged(out[i], out[j]) {
            out[i] = merged
            out.remove(at: j)
            changed = true
          } else {
            j += 1
          }
        }
        i += 1
      }
    }
  }

  /// What `merge` asks of the boxes it merges, as rows of some storage.
  private protocol MergeSpace {
    associatedtype Row
    /// The one box of `a` and `b` together, in this order: `a` when it holds `b`, `b` when it
    /// holds `a`, else `Box.union` (nil when they differ on more than one axis).
    mutating func merged(_ a: Row, _ b: Row) -> Row?
  }

  /// Boxes as they are.
  private struct PlainBoxes: MergeSpace {
    func merged(_ a: Box, _ b: Box) -> Box? {
      if b.isSubset(of: a) { return a }
      if a.isSubset(of: b) { return b }
      return a.union(b)
    }
  }

  /// A value per pair of small ids, -1 until set: a square table that grows with the ids, since
  /// the merge asks about the same few pairs of sets again and again and hashing a pair cost
  /// more than the answer.
  private struct PairTable {
    private var side = 0
    private var values: [Int] = []
    /// Pairs with an id past `maxSide`, which would make the table too large.
    private var far: [Int: Int] = [:]
    private static let maxSide = 1_024

    subscript(a: Int, b: Int) -> Int {
      get {
        if a < side && b < side { return values[a * side + b] }
        return a < Self.maxSide && b < Self.maxSide ? -1 : far[a << 32 | b] ?? -1
      }
      set {
        guard a < Self.maxSide && b < Self.maxSide else {
          far[a << 32 | b] = newValue
          return
        }
        if a >= side || b >= side { grow(to: Swift.max(a, b) + 1) }
        values[a * side + b] = newValue
      }
    }

    private mutating func grow(to needed: Int) {
      var larger = Swift.max(16, side)
      while larger < needed { larger *= 2 }
      var grown = [Int](repeating: -1, count: larger * larger)
      for a in 0..<side {
        for b in 0..<side { grown[a * larger + b] = values[a * side + b] }
      }
      side = larger
      values = grown
    }
  }

  /// A box as ids in `InternedBoxes`: its finite masks together, and each numeric set; equal ids
  /// are equal masks and sets.
  private struct Interned: Hashable {
    var finite: Int
    var ids: [Int]
  }

  /// The boxes being simplified as rows of flat arrays, each numeric set an id of the distinct sets
  /// of its axis, with what `Box.isSubset` and `Box.union` found for each pair of sets (the same
  /// answers, computed once): comparing two boxes then costs integers, not exact numbers.
  private struct InternedBoxes: MergeSpace {
    private let finiteCount: Int
    private let numericCount: Int
    /// Per row: the id of its finite masks, and its numeric set ids.
    private var finiteOf: [Int] = []
    private var ids: [Int] = []
    private var rowCount = 0
    /// The distinct finite masks of the rows (all finite axes of a box), and the id of each.
    private var finites: [[UInt64]] = []
    private var finiteIDs: [[UInt64]: Int] = [:]
    /// By pair of finite ids: how the two compare (`relate`), encoded.
    private var finiteRelations = PairTable()
    /// Per numeric axis: its distinct sets, and the id of each.
    private var sets: [[IntervalSet]]
    private var setIDs: [IntervalSetMemo<Int>]
    /// Per numeric axis, by pair of ids: whether the first set is in the second, and the id of
    /// their union.
    private var subsets: [PairTable]
    private var unions: [PairTable]

    init(finite: Int, numeric: Int) {
      finiteCount = finite
      numericCount = numeric
      sets = Array(repeating: [], count: numeric)
      setIDs = Array(repeating: IntervalSetMemo(), count: numeric)
      subsets = Array(repeating: PairTable(), count: numeric)
      unions = Array(repeating: PairTable(), count: numeric)
    }

    /// Whether rows of this many finite and numeric axes fit.
    func has(finite: Int, numeric: Int) -> Bool { finiteCount == finite && numericCount == numeric }

    mutating func key(_ b: Box) -> Interned {
      Interned(finite: finiteID(b.finite), ids: b.numeric.indices.map { id(b.numeric[$0], axis: $0) })
    }

    /// Adds a row, returning its index.
    mutating func add(_ key: Interned) -> Int {
      finiteOf.append(key.finite)
      ids += key.ids
      rowCount += 1
      return rowCount - 1
    }

    private mutating func id(_ set: IntervalSet, axis: Int) -> Int {
      if let id = setIDs[axis].value(for: set) { return id }
      let id = sets[axis].count
      sets[axis].append(set)
      setIDs[axis].remember(id, for: set)
      return id
    }

    private mutating func finiteID(_ masks: [UInt64]) -> Int {
      if let id = finiteIDs[masks] { return id }
      finites.append(masks)
      finiteIDs[masks] = finites.count - 1
      return finites.count - 1
    }

    func box(_ row: Int) -> Box {
      Box(numeric: (0..<numericCount).map { sets[$0][ids[row * numericCount + $0]] }, finite: finites[finiteOf[row]])
    }

    /// How finite masks `x` and `y` compare, once per pair: bit 0 set when `y` lies in `x`, bit 1
    /// when `x` lies in `y`, bits 2–3 how many axes differ (2 standing for two or more), the rest
    /// the last differing axis.
    private mutating func relate(_ x: Int, _ y: Int) -> Int {
      let known = finiteRelations[x, y]
      if known >= 0 { return known }
      let (a, b) = (finites[x], finites[y])
      var yInX = 1
      var xInY = 2
      var differing = 0
      var last = 0
      for k in 0..<finiteCount where a[k] != b[k] {
        differing = Swift.min(differing + 1, 2)
        last = k
        if b[k] & ~a[k] != 0 { yInX = 0 }
        if a[k] & ~b[k] != 0 { xInY = 0 }
      }
      let relation = last << 4 | differing << 2 | xInY | yInX
      finiteRelations[x, y] = relation
      return relation
    }

    /// `merged` of rows `a` and `b` in one pass over their axes: on each axis where they differ,
    /// whether either side holds the other (the finite masks together, by `relate`; numeric sets by
    /// `subsets`), and how many axes differ. It stops once neither can hold the other and two axes
    /// differ; the union's set is only computed when they differ on exactly one axis and neither
    /// holds the other, as `Box.union` would, so rows are added in the same order.
    mutating func merged(_ a: Int, _ b: Int) -> Int? {
      var bInA = true
      var aInB = true
      var differing = 0
      var lastAxis = 0
      let (fa, fb) = (finiteOf[a], finiteOf[b])
      if fa != fb {
        let relation = relate(fa, fb)
        bInA = relation & 1 != 0
        aInB = relation & 2 != 0
        differing = relation >> 2 & 3
        lastAxis = relation >> 4
        if differing > 1 && !bInA && !aInB { return nil }
      }
      let na = a * numericCount
      let nb = b * numericCount
      for k in 0..<numericCount {
        let x = ids[na + k]
        let y = ids[nb + k]
        if x == y { continue }
        differing += 1
        lastAxis = finiteCount + k
        if bInA { bInA = isSubset(y, of: x, axis: k) }
        if aInB { aInB = isSubset(x, of: y, axis: k) }
        if differing > 1 && !bInA && !aInB { return nil }
      }
      if bInA { return a }
      if aInB { return b }
      guard differing == 1 else { return nil }
      var row = Interned(finite: fa, ids: Array(ids[na..<na + numericCount]))
      if lastAxis < finiteCount {
        var masks = finites[fa]
        masks[lastAxis] |= finites[fb][lastAxis]
        row.finite = finiteID(masks)
      } else {
        let k = lastAxis - finiteCount
        let (x, y) = (ids[na + k], ids[nb + k])
        let known = unions[k][x, y]
        if known >= 0 {
          row.ids[k] = known
        } else {
          let joined = id(sets[k][x].union(sets[k][y]), axis: k)
          unions[k][x, y] = joined
          row.ids[k] = joined
        }
      }
      return add(row)
    }

    /// Merges, axis by axis and round after round until nothing changes, every group of rows that
    /// are equal on all axes but one into a single row: their common values there, and on that axis
    /// the union of theirs. Each merge is exact (the union of the group is that one row), and the
    /// work per round is linear in the rows, where the pairwise `merge` is quadratic: it leaves that
    /// pass few rows. Rows keep the order of their first member, so the result is deterministic.
    mutating func mergeGroups(_ out: inout [Int]) {
      var changed = true
      while changed && out.count > 1 {
        changed = false
        for axis in 0..<(finiteCount + numericCount) where out.count > 1 {
          if mergeGroups(&out, alongAxis: axis) { changed = true }
        }
      }
    }

    /// One step of `mergeGroups`: rows grouped by all their values but those on `axis` (finite
    /// axes first, then numeric) in a hash table of positions, each group of more than one row
    /// replaced by its union at its first row's position. Whether any group was merged.
    private mutating func mergeGroups(_ out: inout [Int], alongAxis axis: Int) -> Bool {
      let n = out.count
      // Finite axis: each row's finite masks with that axis cleared, as a small id.
      var masked: [Int] = []
      if axis < finiteCount {
        var maskedIDs: [[UInt64]: Int] = [:]
        masked = finites.map { masks in
          var m = masks
          m[axis] = 0
          if let id = maskedIDs[m] { return id }
          maskedIDs[m] = maskedIDs.count
          return maskedIDs.count - 1
        }
      }
      let skip = axis - finiteCount
      let nc = numericCount
      func finiteKey(_ row: Int) -> Int { axis < finiteCount ? masked[finiteOf[row]] : finiteOf[row] }
      func hash(_ row: Int) -> Int {
        var h = UInt64(truncatingIfNeeded: finiteKey(row)) &+ 0x9E37_79B9_7F4A_7C15
        for k in 0..<nc where k != skip {
          h = (h ^ UInt64(truncatingIfNeeded: ids[row * nc + k])) &* 0x1000_0000_01B3
          h ^= h >> 29
        }
        return Int(truncatingIfNeeded: h)
      }
      func sameKey(_ a: Int, _ b: Int) -> Bool {
        guard finiteKey(a) == finiteKey(b) else { return false }
        for k in 0..<nc where k != skip && ids[a * nc + k] != ids[b * nc + k] { return false }
        return true
      }
      var capacity = 16
      while capacity < 2 * n { capacity *= 2 }
      let mask = capacity - 1
      var slots = [Int](repeating: -1, count: capacity)
      // Per position: the next member of its group and, for a group's first, its last.
      var next = [Int](repeating: -1, count: n)
      var tail = Array(0..<n)
      var grouped = false
      for p in 0..<n {
        var s = hash(out[p]) & mask
        while slots[s] >= 0, !sameKey(out[slots[s]], out[p]) { s = (s + 1) & mask }
        let first = slots[s]
        guard first >= 0 else {
          slots[s] = p
          continue
        }
        next[tail[first]] = p
        tail[first] = p
        grouped = true
      }
      guard grouped else { return false }
      var kept: [Int] = []
      var member = [Bool](repeating: false, count: n)
      for p in 0..<n where !member[p] {
        guard next[p] >= 0 else {
          kept.append(out[p])
          continue
        }
        let row = out[p]
        var key = Interned(finite: finiteOf[row], ids: Array(ids[row * nc..<row * nc + nc]))
        var q = next[p]
        if axis < finiteCount {
          var masks = finites[finiteOf[row]]
          while q >= 0 {
            masks[axis] |= finites[finiteOf[out[q]]][axis]
            member[q] = true
            q = next[q]
          }
          key.finite = finiteID(masks)
        } else {
          var joined = key.ids[skip]
          while q >= 0 {
            joined = unionID(joined, ids[out[q] * nc + skip], axis: skip)
            member[q] = true
            q = next[q]
          }
          key.ids[skip] = joined
        }
        kept.append(add(key))
      }
      out = kept
      return true
    }

    /// The id of the union of sets `x` and `y` of numeric axis `k` (once per pair).
    private mutating func unionID(_ x: Int, _ y: Int, axis k: Int) -> Int {
      if x == y { return x }
      let known = unions[k][x, y]
      if known >= 0 { return known }
      let joined = id(sets[k][x].union(sets[k][y]), axis: k)
      unions[k][x, y] = joined
      return joined
    }

    /// Whether set `x` of numeric axis `k` lies in set `y` (`IntervalSet.isSubset`, once per pair).
    private mutating func isSubset(_ x: Int, of y: Int, axis k: Int) -> Bool {
      let known = subsets[k][x, y]
      if known >= 0 { return known == 1 }
      let holds = sets[k][x].isSubset(of: sets[k][y])
      subsets[k][x, y] = holds ? 1 : 0
      return holds
    }
  }
}
