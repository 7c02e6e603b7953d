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
      // Only a shot left out for an unknown slice axis is placed here, with the same lookups.
      guard !unknown.isEmpty, case .success(let situation) = situation(at: position) else { return .notPlaced(reason) }
      switch plotted(at: position) {
      case .success(let (x, y)):
        return .placed(situation: situation, slice: nil, unknownSliceAxes: unknown.map { $0.label }, x: x, y: y)
      case .failure(let unplaced): return .notPlaced(unplaced.reason)
      }
    }
  }
}
