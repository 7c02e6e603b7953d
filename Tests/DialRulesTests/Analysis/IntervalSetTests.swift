import DialRulesTestSupport
import Testing

@testable import DialRules

/// Interval sets are the analysis' arithmetic: exact ends, normal forms, complements.
@Suite struct IntervalSetTests {
  static func open(_ a: String?, _ b: String?) -> Interval {
    Interval(lower: a.map(num), lowerClosed: false, upper: b.map(num), upperClosed: false)
  }
  static func closed(_ a: String, _ b: String) -> Interval {
    Interval(lower: num(a), lowerClosed: true, upper: num(b), upperClosed: true)
  }

  @Test func touchingPiecesJoinOnlyWhenAnEndIsClosed() {
    let joined = IntervalSet([Self.open(nil, "-3"), Self.closed("-3", "3")])
    #expect(joined.intervals == [Interval(lower: nil, lowerClosed: false, upper: num("3"), upperClosed: true)])
    let apart = IntervalSet([Self.open(nil, "-3"), Self.open("-3", nil)])
    #expect(apart.intervals.count == 2)
    #expect(!apart.contains(num("-3")))
    #expect(apart.contains(num("-3.000000001")))
  }

  @Test func complementIsExactAtBoundaries() {
    let onTime = IntervalSet(Self.closed("-3", "3"))
    let c = onTime.complement
    #expect(c == IntervalSet([Self.open(nil, "-3"), Self.open("3", nil)]))
    #expect(c.complement == onTime)
    #expect(IntervalSet.all.complement.isEmpty)
    #expect(IntervalSet.empty.complement == .all)
    #expect(!c.contains(num("3")) && c.contains(num("3.000000001")))
  }

  @Test func intersectionUnionAndSubset() {
    let a = IntervalSet([Self.open(nil, "-2"), Self.open("2", nil)])
    let b = IntervalSet(Self.closed("-5", "5"))
    let i = a.intersection(b)
    #expect(
      i
        == IntervalSet(
          [Self.closed("-5", "-2"), Self.closed("2", "5")].map {
            var x = $0
            if x.upper == num("-2") { x.upperClosed = false } else { x.lowerClosed = false }
            return x
          }))
    #expect(i.isSubset(of: a) && i.isSubset(of: b) && !b.isSubset(of: a))
    #expect(a.union(a.complement) == .all)
    #expect(IntervalSet(.point(num("1"))).intersection(IntervalSet(Self.open("1", nil))).isEmpty)
  }

  /// `intersection`'s shortcuts (a set met with itself, or with a set holding it) give what
  /// normalizing the pairwise intersections gives, for sets with and without a grid: random unions
  /// of open, closed, half-open, unbounded and point intervals, their complements, their meets with
  /// each other, each met with itself, with a set holding it and with random others.
  @Test func intersectionShortcutsGiveThePairwiseResult() {
    var rng = SeededGenerator(seed: 77)
    let ends = ["-3", "-2.5", "0", "0.000000001", "1", "2", "2.000000001", "2.5", "3", "10", "7.25"]
    var sets: [IntervalSet] = [.all, .empty]
    for _ in 0..<400 {
      var parts: [Interval] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        var a = ends.randomElement(using: &rng).map(num)
        var b = ends.randomElement(using: &rng).map(num)
        if let x = a, let y = b, x > y { (a, b) = (b, a) }
        if Int.random(in: 0..<5, using: &rng) == 0 { a = nil }
        if Int.random(in: 0..<5, using: &rng) == 0 { b = nil }
        parts.append(
          Interval(
            lower: a, lowerClosed: Bool.random(using: &rng), upper: b, upperClosed: Bool.random(using: &rng)))
      }
      let grid = Bool.random(using: &rng) ? num("0.000000001") : nil
      let set = IntervalSet(parts, grid: grid)
      sets.append(set)
      sets.append(set.complement)
      if let other = sets.randomElement(using: &rng) { sets.append(set.intersection(other)) }
    }
    var nonEmpty = 0
    var heldBy = 0
    let domains = [IntervalSet.all, IntervalSet(Self.closed("-3", "10")), IntervalSet(Self.open("0", nil))]
    for set in sets {
      #expect(set.intersection(set) == set.pairwiseIntersection(set), "\(set)")
      for other in domains + (0..<4).compactMap({ _ in sets.randomElement(using: &rng) }) {
        let meet = set.intersection(other)
        #expect(meet == set.pairwiseIntersection(other), "\(set) and \(other)")
        #expect(other.intersection(set) == other.pairwiseIntersection(set), "\(other) and \(set)")
        if meet == set && set != other { heldBy += 1 }
      }
      if !set.isEmpty { nonEmpty += 1 }
    }
    #expect(nonEmpty > 500)
    #expect(heldBy > 500)
  }

  @Test func nicePointsAreShortDecimalsInside() {
    #expect(NicePoint.point(in: IntervalSet(Self.open("3", nil)), near: .zero) == num("4"))
    #expect(NicePoint.point(in: IntervalSet(Self.open(nil, "-3")), near: .zero) == num("-4"))
    #expect(NicePoint.point(in: IntervalSet(Self.closed("-3", "3")), near: .zero) == .zero)
    #expect(NicePoint.point(in: IntervalSet(Self.open("-3", "-2.5")), near: .zero) == num("-2.6"))
    #expect(NicePoint.point(in: IntervalSet(Self.open("2", "2.001")), near: .zero) == num("2.0001"))
    let third = num("1").divided(by: num("3")) ?? .zero
    #expect(NicePoint.point(in: IntervalSet(.point(third)), near: .zero) == third)
    #expect(NicePoint.point(in: IntervalSet(Self.closed("-3", "3")), near: num("-7.26")) == num("-3"))
  }
  /// `IntervalSetMemo` answers by value: a set in storage of its own finds what an equal set in
  /// other storage remembered, a different set finds nothing, and remembering again replaces.
  @Test func theMemoAnswersByValueWhateverTheStorage() {
    var memo = IntervalSetMemo<Int>()
    let a = IntervalSet(Self.closed("-3", "3"))
    let b = IntervalSet([Self.open(nil, "-3"), Self.open("3", nil)])
    memo.remember(1, for: a)
    memo.remember(2, for: b)
    let sameAsA = IntervalSet([Self.closed("-3", "0"), Self.closed("0", "3")])
    #expect(sameAsA == a && sameAsA.storageAddress != a.storageAddress)
    #expect(memo.value(for: sameAsA) == 1)
    #expect(memo.value(for: b) == 2)
    #expect(memo.value(for: a) == 1)
    #expect(memo.value(for: IntervalSet(Self.closed("-3", "2"))) == nil)
    #expect(memo.value(for: .empty) == nil)
    memo.remember(3, for: sameAsA)
    #expect(memo.value(for: a) == 3)
    #expect(memo.value(for: IntervalSet(Self.closed("0", "1")), orMake: { _ in 4 }) == 4)
    #expect(memo.value(for: IntervalSet(Self.closed("0", "1")), orMake: { _ in 5 }) == 4)
  }

  /// `Interval.meets` is `!intersection(_:).isEmpty` for every pair of intervals over a few end
  /// points, open, closed, unbounded and empty ones included (all 6,561 pairs, counted).
  @Test func meetsIsANonEmptyIntersection() {
    let ends: [ExactNumber?] = [nil, ExactNumber(-1), ExactNumber(0), ExactNumber("0.5")!, ExactNumber(1)]
    var intervals: [Interval] = []
    for lower in ends {
      for upper in ends {
        for lowerClosed in [false, true] where lower != nil || !lowerClosed {
          for upperClosed in [false, true] where upper != nil || !upperClosed {
            intervals.append(Interval(lower: lower, lowerClosed: lowerClosed, upper: upper, upperClosed: upperClosed))
          }
        }
      }
    }
    var pairs = 0
    var meeting = 0
    for a in intervals {
      for b in intervals {
        pairs += 1
        let expected = !a.intersection(b).isEmpty
        if expected { meeting += 1 }
        #expect(a.meets(b) == expected, "\(a) and \(b)")
      }
    }
    #expect(pairs == intervals.count * intervals.count && pairs > 2_000 && meeting > 500 && meeting < pairs)
  }
}
