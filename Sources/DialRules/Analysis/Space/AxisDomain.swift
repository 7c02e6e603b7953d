/// The values valid shot JSON can give an axis: the exact range of its form over the fields'
/// bounds (`FieldBounds`: a dose is in `[0.000000001, 100]` g, a time in `[0.000000001, 600]` s, a
/// first drop in `[0, 600]` s), on the grid of its values when it is a sum of observations.
///
/// For a sum or a quotient of observations that reads each field once the range is exact: both
/// ends are reached by some shot, so `dt > 599.999999999 s` is outside the domain of `dt` and a
/// rule that needs it is impossible. Where a field occurs twice the range is a sound enclosure
/// (interval arithmetic), so a region beyond what shots reach may remain: it gets no witness.
enum AxisDomain {
  /// The values an axis can take.
  static func domain(_ form: ValueForm) -> IntervalSet {
    let grid = form.grid
    guard let r = form.range else { return IntervalSet(Interval.all, grid: grid) }
    return IntervalSet(Interval(lower: r.lower, lowerClosed: true, upper: r.upper, upperClosed: true), grid: grid)
  }

  /// Whether `value` is a valid JSON value for `field`.
  static func admits(_ value: ExactNumber, for field: NumericField) -> Bool { FieldBounds.admits(value, for: field) }

  /// Default field values for witnesses: the example recipe of docs/design.md §6, 18 g in, 36 g out in 28 s at
  /// 93 °C, first drop at 6 s, pulled exactly to the recipe. Rules compare shots with recipes, so
  /// a witness that changes only what its region needs reads like a real shot.
  static let defaults: [NumericField: ExactNumber] = [
    .shotDose: ExactNumber(18), .shotYield: ExactNumber(36), .shotTime: ExactNumber(28),
    .shotFirstDrop: ExactNumber(6), .recipeDose: ExactNumber(18), .recipeYield: ExactNumber(36),
    .recipeTime: ExactNumber(28), .recipeTemperature: ExactNumber(93), .previousShotDose: ExactNumber(18),
    .previousShotYield: ExactNumber(36), .previousShotTime: ExactNumber(28), .previousShotFirstDrop: ExactNumber(6),
  ]

  /// Values tried for a field the witness builder may move freely when the defaults leave no
  /// solution (the ends of its range, then round values between): a region that needs a ratio
  /// of 0.0000000001 is reached by a 100 g dose.
  static func alternatives(_ field: NumericField) -> [ExactNumber] {
    let lower = FieldBounds.lower(field)
    let upper = FieldBounds.upper(field)
    var out = [upper, lower]
    for v in [1, 10, 50, 100, 300].map({ ExactNumber($0) }) where v > lower && v < upper { out.append(v) }
    return out
  }
}
