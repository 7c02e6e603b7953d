/// Where one shot lies in the analysed space: its value on every numeric axis and its class on
/// every finite axis, read through the same fields the evaluator reads.
///
/// A value the shot does not carry (no taste verdict, no recipe time) is nil: the shot has no
/// place on that axis. `WitnessCheck` uses this to confirm a witness lies in its region, and the
/// decision map to draw fixtures, logged shots and witnesses where they fall.
struct ShotPosition: Hashable, Sendable {
  /// Per numeric axis of the catalog: the axis value, or nil when a field it reads is absent.
  var numeric: [ExactNumber?]
  /// Per finite axis: the class index (0 absent / 1 present for a tag), or nil when unknown.
  var finite: [Int?]

  /// The position of `shot` over the axes of `catalog`.
  init(_ shot: ShotRecord, catalog: AxisCatalog) {
    // Room for every field at once: growing the table four times was half the cost of a position.
    var fields = [NumericField: ExactNumber](minimumCapacity: NumericField.allCases.count)
    for f in NumericField.allCases { fields[f] = f.value(in: shot) }
    numeric = catalog.numeric.map { $0.form.value(fields) }
    finite = catalog.finite.map { axis in
      switch axis.kind {
      case .tag(let source, let word):
        guard let mask = source.mask(of: word), let present = source.contains(mask: mask, in: shot) else { return nil }
        return present ? 1 : 0
      case .recorded(let path):
        return EvaluationPlan.absentMask(shot) & path.bit == 0 ? 1 : 0
      case .adjustment:
        guard let classes = axis.adjustments else { return nil }
        let vector = classes.patterns.map { $0.matches(shot.previous?.adjustment) }
        return classes.representatives.firstIndex { r in classes.patterns.map { $0.matches(r) } == vector }
      }
    }
  }

  /// Whether the shot lies in `box`. An axis the box leaves whole (its domain, every class)
  /// constrains nothing, so an unknown value there does not matter.
  func isInside(_ box: Box, catalog: AxisCatalog) -> Bool {
    for (i, axis) in catalog.numeric.enumerated() where box.numeric[i] != axis.domain {
      guard let v = numeric[i], box.numeric[i].contains(v) else { return false }
    }
    for (i, axis) in catalog.finite.enumerated() where box.finite[i] != axis.allMask {
      guard let c = finite[i] else { return false }
      if box.finite[i] & (UInt64(1) << UInt64(c)) == 0 { return false }
    }
    return true
  }
}
