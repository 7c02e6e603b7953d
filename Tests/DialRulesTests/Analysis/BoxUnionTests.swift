import DialRulesTestSupport
import Testing

@testable import DialRules

/// `BoxUnion.simplify` merges boxes into fewer without changing the shots they cover: over the
/// cells where generated properties fail (what a failing property's regions are made of) and over
/// random sets of grid cells large enough for the interned path and its merge of groups, the
/// union of the result is exactly the union of the input, no result box is empty, there are no
/// more boxes than went in, and the result is the same when computed again.
@Suite struct BoxUnionTests {
  /// `a` less `b`, as disjoint boxes: on each axis in turn, the part of what is left outside `b`.
  static func minus(_ a: Box, _ b: Box) -> [Box] {
    guard a.mayMeet(b), !a.intersection(b).isEmpty else { return [a] }
    var out: [Box] = []
    var rest = a
    for i in a.finite.indices {
      let outside = rest.finite[i] & ~b.finite[i]
      if outside != 0 {
        var piece = rest
        piece.finite[i] = outside
        out.append(piece)
      }
      rest.finite[i] &= b.finite[i]
    }
    for i in a.numeric.indices {
      let outside = rest.numeric[i].intersection(b.numeric[i].complement)
      if !outside.isEmpty {
        var piece = rest
        piece.numeric[i] = outside
        out.append(piece)
      }
      rest.numeric[i] = rest.numeric[i].intersection(b.numeric[i])
    }
    return out
  }

  /// Whether every shot of `boxes` lies in some box of `cover`.
  static func covered(_ boxes: [Box], by cover: [Box]) -> Bool {
    var left = boxes.filter { !$0.isEmpty }
    for c in cover {
      left = left.flatMap { minus($0, c) }.filter { !$0.isEmpty }
      if left.isEmpty { return true }
    }
    return left.isEmpty
  }

  /// Checks `simplify` on `boxes`; returns how many boxes it gave.
  @discardableResult
  static func check(_ boxes: [Box], _ context: @autoclosure () -> String) -> Int {
    // Each answer is a Bool first, so that a failure prints the context, not every box.
    let merged = BoxUnion.simplify(boxes)
    let deterministic = merged == BoxUnion.simplify(boxes)
    let noneEmpty = merged.allSatisfy { !$0.isEmpty }
    let notMore = merged.count <= Set(boxes.filter { !$0.isEmpty }).count
    let keepsAll = covered(boxes, by: merged)
    let addsNone = covered(merged, by: boxes)
    #expect(deterministic, "not deterministic: \(context())")
    #expect(noneEmpty, "an empty box: \(context())")
    #expect(notMore, "more boxes: \(context())")
    #expect(keepsAll, "the result lost shots: \(context())")
    #expect(addsNone, "the result gained shots: \(context())")
    return merged.count
  }

  @Test func theRegionsOfFailingPropertiesCoverTheirCellsExactly() throws {
    var checked = 0
    var cellsChecked = 0
    for seed in 0..<UInt64(TestScale.count(60, long: 600)) {
      var rng = SeededGenerator(seed: 31_000 + seed)
      let text = RuleGenerator.tableWithProperties(using: &rng)
      guard let rules = RuleCompiler.compile(SourceFile(path: "t.dialrules", text: text)).rules,
        !rules.properties.isEmpty
      else { continue }
      // The proof's own sweep over every cell (`PropertyProof` without its focus).
      let space = ProofSpace(rules, table: nil)
      let focus = ProofFocus(everywhere: rules, space)
      var sweep = CellSweep(entries: space.entries, catalog: space.catalog, sharing: nil)
      let visitor = PropertyCells(
        rules, space, combiner: Combiner(rules), focus: focus, feasibility: sweep.feasibility)
      sweep.run(focus: focus.boxes) { visitor.visit($0, $1, $2) }
      for (p, byOutcome) in visitor.failing.sorted(by: { $0.key < $1.key }) {
        for outcome in visitor.outcomeOrder[p] ?? [] {
          let cells = byOutcome[outcome] ?? []
          cellsChecked += cells.count
          checked += 1
          Self.check(cells, "property \(p), \(outcome), in:\n\(text)")
        }
      }
    }
    #expect(checked > 10)
    #expect(cellsChecked > checked)
  }

  /// Random sets of cells of a grid of 3 numeric axes (unit intervals) and 2 finite axes, with some
  /// larger boxes among them: from 64 boxes on, `simplify` interns them and merges groups first.
  @Test func randomGridCellsMergeWithoutChangingTheirUnion() {
    func unit(_ k: Int, _ width: Int = 1) -> IntervalSet {
      IntervalSet([
        Interval(lower: ExactNumber(k), lowerClosed: true, upper: ExactNumber(k + width), upperClosed: false)
      ])
    }
    var large = 0
    for seed in 0..<UInt64(TestScale.count(40, long: 400)) {
      var rng = SeededGenerator(seed: 77_000 + seed)
      let keep = Int.random(in: 20...95, using: &rng)
      var boxes: [Box] = []
      for a in 0..<5 {
        for b in 0..<5 {
          for c in 0..<4 {
            for f in 0..<3 {
              for g in 0..<2 where Int.random(in: 0..<100, using: &rng) < keep {
                boxes.append(Box(numeric: [unit(a), unit(b), unit(c)], finite: [1 << f, 1 << g]))
              }
            }
          }
        }
      }
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        boxes.append(
          Box(
            numeric: [
              unit(Int.random(in: 0..<5, using: &rng), Int.random(in: 1...3, using: &rng)),
              unit(Int.random(in: 0..<5, using: &rng), Int.random(in: 1...3, using: &rng)), unit(0, 4),
            ], finite: [UInt64.random(in: 1...7, using: &rng), UInt64.random(in: 1...3, using: &rng)]))
      }
      boxes.shuffle(using: &rng)
      if boxes.count >= 64 { large += 1 }
      Self.check(boxes, "seed \(seed)")
    }
    #expect(large > 0)
  }
}
