extension DecisionMap {
  /// Where a shot falls for a page that marks one shot (the playground): like `place`, but a shot
  /// whose slice axes are not all known (no first drop recorded) is still placed in its situation,
  /// with `slice` nil and the unknown axes named, so the page can mark it in the slice it shows.
  package enum ChartPlacement: Hashable, Sendable {
    case placed(situation: Int, slice: Int?, unknownSliceAxes: [String], x: ExactNumber?, y: ExactNumber?)
    case notPlaced(String)
  }

  /// `place(shot)`, and for a shot it leaves out only for an unknown slice axis, its situation and
  /// plotted values. (`place` decides first, so the two never disagree on a shot both place.)
  package func placeOnChart(_ shot: ShotRecord) -> ChartPlacement {
    switch place(shot) {
    case .placed(let situation, let slice, let x, let y):
      return .placed(situation: situation, slice: slice, unknownSliceAxes: [], x: x, y: y)
    case .notPlaced(let reason):
      let position = ShotPosition(shot, catalog: catalog)
      let unknown = sliceAxes.filter { position.numeric[$0.index] == nil }
      guard !unknown.isEmpty else { return .notPlaced(reason) }
      var classes: [Int] = []
      for i in catalog.finite.indices {
        guard let c = position.finite[i] else { return .notPlaced(reason) }
        classes.append(c)
      }
      guard
        let situation = situations.firstIndex(where: { s in
          s.parts.contains { part in
            classes.indices.allSatisfy { part[$0] & (UInt64(1) << UInt64(classes[$0])) != 0 }
          }
        })
      else { return .notPlaced(reason) }
      var plotted: [ExactNumber?] = []
      for axis in [x, y] {
        guard let axis else {
          plotted.append(nil)
          continue
        }
        guard let v = position.numeric[axis.index] else { return .notPlaced("\(axis.label) is not known") }
        plotted.append(v)
      }
      return .placed(
        situation: situation, slice: nil, unknownSliceAxes: unknown.map { $0.label }, x: plotted[0], y: plotted[1])
    }
  }
}
