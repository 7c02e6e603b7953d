/// The elementary pieces of one numeric axis for a set of end points: every end point on its own,
/// and the open stretches before, between and after them.
///
/// For sorted distinct points `b₀ < … < bₙ₋₁`, piece `2i` is the open stretch just below `bᵢ`,
/// piece `2i + 1` is `[bᵢ, bᵢ]`, and piece `2n` is the stretch above `bₙ₋₁`. Every interval whose
/// ends are among the points covers a contiguous run of pieces, found by binary search, so the
/// sweep assigns boxes to pieces with integer arithmetic only.
struct ElementaryPieces {
  /// The distinct end points, ascending.
  let points: [ExactNumber]

  /// Pieces for `values` (sorted and deduplicated here).
  init(_ values: [ExactNumber]) {
    // End points repeat from box to box, so the distinct ones are few: each is kept as it first
    // occurs (the one a stable sort of all of them would keep), and only those are sorted.
    var seen = Set<ExactNumber>()
    var unique: [ExactNumber] = []
    for v in values where seen.insert(v).inserted { unique.append(v) }
    points = unique.sorted()
  }

  var count: Int { 2 * points.count + 1 }

  /// The position of `value` among the points (it must be one of them).
  func index(of value: ExactNumber) -> Int {
    var lo = 0
    var hi = points.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if points[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The runs of pieces covered by `set` (whose end points are all among the points).
  func ranges(of set: IntervalSet) -> [ClosedRange<Int>] {
    var out: [ClosedRange<Int>] = []
    for i in set.intervals {
      let first = i.lower.map { 2 * index(of: $0) + (i.lowerClosed ? 1 : 2) } ?? 0
      let last = i.upper.map { 2 * index(of: $0) + (i.upperClosed ? 1 : 0) } ?? (count - 1)
      if first <= last { out.append(first...last) }
    }
    return out
  }

  /// For each piece, whether `set` covers it.
  func mask(of set: IntervalSet) -> [Bool] {
    var out = [Bool](repeating: false, count: count)
    for range in ranges(of: set) {
      for p in range { out[p] = true }
    }
    return out
  }

  /// The piece as an interval.
  func interval(_ piece: Int) -> Interval {
    if piece % 2 == 1 { return .point(points[piece / 2]) }
    let i = piece / 2
    return Interval(
      lower: i > 0 ? points[i - 1] : nil, lowerClosed: false, upper: i < points.count ? points[i] : nil,
      upperClosed: false)
  }
}
