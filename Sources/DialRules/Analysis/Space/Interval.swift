/// An interval of exact numbers with open or closed ends; a nil end is unbounded.
///
/// The analysis turns every comparison with a constant into one of these (`dt < -3 s` is
/// `(-∞, -3)`, `dt between -3 s and 3 s` is `[-3, 3]`), so that boundaries stay exact: whether
/// `-3` itself is in or out is decided by `lowerClosed`/`upperClosed`, never by a tolerance.
package struct Interval: Hashable, Sendable {
  package var lower: ExactNumber?
  package var lowerClosed: Bool
  package var upper: ExactNumber?
  package var upperClosed: Bool

  /// An interval; an unbounded end is never closed.
  init(lower: ExactNumber?, lowerClosed: Bool, upper: ExactNumber?, upperClosed: Bool) {
    self.lower = lower
    self.lowerClosed = lower != nil && lowerClosed
    self.upper = upper
    self.upperClosed = upper != nil && upperClosed
  }

  /// Every number.
  static let all = Interval(lower: nil, lowerClosed: false, upper: nil, upperClosed: false)

  /// The single number `value`.
  static func point(_ value: ExactNumber) -> Interval {
    Interval(lower: value, lowerClosed: true, upper: value, upperClosed: true)
  }

  /// Whether no number lies in the interval.
  var isEmpty: Bool {
    guard let lower, let upper else { return false }
    let c = lower.compare(upper)
    return c > 0 || (c == 0 && !(lowerClosed && upperClosed))
  }

  /// Whether `value` lies in the interval.
  func contains(_ value: ExactNumber) -> Bool {
    if let lower {
      let c = value.compare(lower)
      if c < 0 || (c == 0 && !lowerClosed) { return false }
    }
    if let upper {
      let c = value.compare(upper)
      if c > 0 || (c == 0 && !upperClosed) { return false }
    }
    return true
  }

  /// The numbers in both intervals (possibly empty).
  func intersection(_ other: Interval) -> Interval {
    var out = self
    if Self.lowerPrecedes(out.lower, out.lowerClosed, other.lower, other.lowerClosed) {
      out.lower = other.lower
      out.lowerClosed = other.lowerClosed
    }
    if Self.upperFollows(out.upper, out.upperClosed, other.upper, other.upperClosed) {
      out.upper = other.upper
      out.upperClosed = other.upperClosed
    }
    return out
  }

  /// Whether the two intervals share a number: `!intersection(other).isEmpty`, with the same
  /// comparisons, without building the intersection (the properties' focus asks this for every
  /// branch of its sweep).
  func meets(_ other: Interval) -> Bool {
    let laterLower = Self.lowerPrecedes(lower, lowerClosed, other.lower, other.lowerClosed)
    let earlierUpper = Self.upperFollows(upper, upperClosed, other.upper, other.upperClosed)
    guard let l = laterLower ? other.lower : lower, let u = earlierUpper ? other.upper : upper else { return true }
    let c = l.compare(u)
    return c < 0
      || (c == 0 && (laterLower ? other.lowerClosed : lowerClosed) && (earlierUpper ? other.upperClosed : upperClosed))
  }

  /// Whether lower end `a` admits numbers that lower end `b` excludes (a starts strictly earlier).
  static func lowerPrecedes(_ a: ExactNumber?, _ aClosed: Bool, _ b: ExactNumber?, _ bClosed: Bool) -> Bool {
    guard let b else { return false }
    guard let a else { return true }
    let c = a.compare(b)
    return c < 0 || (c == 0 && aClosed && !bClosed)
  }

  /// Whether upper end `a` admits numbers that upper end `b` excludes (a ends strictly later).
  static func upperFollows(_ a: ExactNumber?, _ aClosed: Bool, _ b: ExactNumber?, _ bClosed: Bool) -> Bool {
    guard let b else { return false }
    guard let a else { return true }
    let c = a.compare(b)
    return c > 0 || (c == 0 && aClosed && !bClosed)
  }
}

/// A finite union of intervals, kept sorted, disjoint and with no two touching, so equal sets have
/// equal representations (the sweep groups pieces by equality of these).
///
/// Negation needs it: `not (dt between -3 s and 3 s)` is `(-∞, -3) ∪ (3, ∞)`, and `x != c` is two
/// intervals as well.
///
/// A set may carry a `grid`: its axis only takes whole multiples of it (a sum of observations has
/// at most 9 decimals, so `dt` moves in steps of 0.000000001 s). Then the set is normalized on the
/// grid: each interval is first narrowed to closed ends on the grid points it holds — so an
/// interval holding none (`3 < dt < 3.000000001`) is empty, as no shot has such a `dt`, and two
/// intervals one step apart are one — and then each end is written as simply as the grid allows:
/// a closed end one step inside a number with fewer decimals becomes an open end at that number
/// (`[3.000000001, …]` is `(3, …]`, as `dt > 3 s` was written). Equal sets on the grid so get
/// equal representations, and read as continuous intervals they hold the same grid points.
package struct IntervalSet: Hashable, Sendable {
  package private(set) var intervals: [Interval]
  /// The spacing of the axis's values, when it has one.
  private(set) var grid: ExactNumber?

  /// The union of `parts`, normalized (on `grid`, when given).
  init(_ parts: [Interval], grid: ExactNumber? = nil) {
    self.grid = grid
    let snapped = grid.map { g in parts.compactMap { Self.snap($0, to: g) } } ?? parts
    let sorted = snapped.filter { !$0.isEmpty }.sorted {
      Interval.lowerPrecedes($0.lower, $0.lowerClosed, $1.lower, $1.lowerClosed)
    }
    var out: [Interval] = []
    for part in sorted {
      guard var last = out.last else {
        out.append(part)
        continue
      }
      if Self.joins(last, part, grid: grid) {
        if Interval.upperFollows(part.upper, part.upperClosed, last.upper, last.upperClosed) {
          last.upper = part.upper
          last.upperClosed = part.upperClosed
        }
        out[out.count - 1] = last
      } else {
        out.append(part)
      }
    }
    intervals = grid.map { g in out.map { Self.simplified($0, grid: g) } } ?? out
  }

  /// The address of the intervals' storage, 0 without any: two sets with the same address share
  /// their intervals while both are alive (a freed storage's address may be reused later).
  var storageAddress: UInt {
    intervals.withUnsafeBufferPointer { UInt(bitPattern: UnsafeRawPointer($0.baseAddress)) }
  }

  /// The set holding one interval.
  init(_ interval: Interval, grid: ExactNumber? = nil) { self.init([interval], grid: grid) }

  /// `interval` with closed ends on the grid points it holds, or nil when it holds none.
  static func snap(_ interval: Interval, to g: ExactNumber) -> Interval? {
    var out = interval
    if let l = interval.lower {
      guard let q = l.divided(by: g) else { return interval }
      var k = q.floorValue
      if !(q.isInteger && interval.lowerClosed) { k += 1 }
      guard let v = ExactNumber(numerator: k, denominator: 1).multiplied(by: g) else { return interval }
      out.lower = v
      out.lowerClosed = true
    }
    if let u = interval.upper {
      guard let q = u.divided(by: g) else { return interval }
      var k = q.floorValue
      if q.isInteger && !interval.upperClosed { k -= 1 }
      guard let v = ExactNumber(numerator: k, denominator: 1).multiplied(by: g) else { return interval }
      out.upper = v
      out.upperClosed = true
    }
    return out.isEmpty ? nil : out
  }

  static let all = IntervalSet([Interval.all])
  static let empty = IntervalSet([])

  var isEmpty: Bool { intervals.isEmpty }

  /// Whether `b` (which starts no earlier than `a`) overlaps or touches `a`, so their union is one
  /// interval: `[1, 2)` and `[2, 3]` join, `[1, 2)` and `(2, 3]` do not; on a grid, `[1, 2]` and
  /// `[2 + step, 3]` join too.
  static func joins(_ a: Interval, _ b: Interval, grid: ExactNumber? = nil) -> Bool {
    guard let upper = a.upper, let lower = b.lower else { return true }
    if let grid, let next = upper.adding(grid), lower <= next { return true }
    let c = lower.compare(upper)
    return c < 0 || (c == 0 && (a.upperClosed || b.lowerClosed))
  }

  /// Whether `value` lies in one of the intervals.
  func contains(_ value: ExactNumber) -> Bool { intervals.contains { $0.contains(value) } }

  /// The numbers in both sets, by pairwise intersection.
  ///
  /// When the pairwise intersections are just the intervals of one of the sets — a set met with
  /// itself, or with a set holding it, such as its axis's whole domain — the result is that set,
  /// already in normal form, and normalizing again (snapping every end to the grid) is skipped.
  /// Boxes meet mostly on axes one of them leaves whole, so that skip is most of a large table's
  /// region building (`IntervalSetTests` checks the result against `pairwiseIntersection`).
  func intersection(_ other: IntervalSet) -> IntervalSet {
    if self == other { return self }
    let resultGrid = grid ?? other.grid
    // The two skips compare the pairwise intersections with one set's intervals as they come,
    // so that neither builds an array.
    if resultGrid == grid, pairwiseParts(other, equal: intervals) { return self }
    if resultGrid == other.grid, pairwiseParts(other, equal: other.intervals) { return other }
    return IntervalSet(pairwiseParts(other), grid: resultGrid)
  }

  /// Whether `pairwiseParts(other)` is `target`, without building it.
  private func pairwiseParts(_ other: IntervalSet, equal target: [Interval]) -> Bool {
    var k = 0
    for a in intervals {
      for b in other.intervals {
        let c = a.intersection(b)
        if c.isEmpty { continue }
        guard k < target.count, c == target[k] else { return false }
        k += 1
      }
    }
    return k == target.count
  }

  /// Whether some interval of `self` overlaps one of `other` when read as continuous intervals:
  /// false means `intersection` is empty (true may still meet no point of a grid).
  func mayMeet(_ other: IntervalSet) -> Bool {
    for a in intervals {
      for b in other.intervals where a.meets(b) { return true }
    }
    return false
  }

  /// `intersection`, always normalizing the pairwise intersections.
  func pairwiseIntersection(_ other: IntervalSet) -> IntervalSet {
    IntervalSet(pairwiseParts(other), grid: grid ?? other.grid)
  }

  /// The non-empty intersections of each interval of `self` with each of `other`, in order.
  private func pairwiseParts(_ other: IntervalSet) -> [Interval] {
    var parts: [Interval] = []
    for a in intervals {
      for b in other.intervals {
        let c = a.intersection(b)
        if !c.isEmpty { parts.append(c) }
      }
    }
    return parts
  }

  /// The numbers in either set.
  func union(_ other: IntervalSet) -> IntervalSet {
    IntervalSet(intervals + other.intervals, grid: grid ?? other.grid)
  }

  /// The numbers not in the set.
  var complement: IntervalSet {
    var parts: [Interval] = []
    var lower: ExactNumber?
    var lowerClosed = false
    var open = true  // whether a part starting at `lower` is still to be closed
    for i in intervals {
      if let l = i.lower {
        parts.append(Interval(lower: lower, lowerClosed: lowerClosed, upper: l, upperClosed: !i.lowerClosed))
      }
      guard let u = i.upper else {
        open = false
        break
      }
      lower = u
      lowerClosed = !i.upperClosed
    }
    if open { parts.append(Interval(lower: lower, lowerClosed: lowerClosed, upper: nil, upperClosed: false)) }
    return IntervalSet(parts, grid: grid)
  }

  /// Whether every number of `self` is in `other`. Before building the intersection, two answers
  /// it would give are read off directly: a set holds itself (`intersection` returns `self`), and a
  /// set with numbers that shares none with `other` is not in it (the intersection is empty).
  func isSubset(of other: IntervalSet) -> Bool {
    if self == other { return true }
    if !isEmpty && !mayMeet(other) { return false }
    return intersection(other).intervals == intervals
  }

  /// An interval with closed ends on grid points, its ends written as simply as the grid allows:
  /// an end one step inside a number with fewer decimals becomes an open end at that number.
  static func simplified(_ i: Interval, grid: ExactNumber) -> Interval {
    func shorter(_ a: ExactNumber, than b: ExactNumber) -> Bool {
      guard let da = a.fractionDigits else { return false }
      return b.fractionDigits.map { da < $0 } ?? true
    }
    var out = i
    if let l = i.lower, i.lowerClosed, let n = l.subtracting(grid), shorter(n, than: l) {
      out.lower = n
      out.lowerClosed = false
    }
    if let u = i.upper, i.upperClosed, let n = u.adding(grid), shorter(n, than: u) {
      out.upper = n
      out.upperClosed = false
    }
    return out
  }

  /// Every finite end point, for the sweep's elementary pieces.
  var endPoints: [ExactNumber] {
    var out: [ExactNumber] = []
    for i in intervals {
      if let l = i.lower { out.append(l) }
      if let u = i.upper { out.append(u) }
    }
    return out
  }
}
