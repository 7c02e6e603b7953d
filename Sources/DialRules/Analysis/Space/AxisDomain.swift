/// The values valid shot JSON can give a field or an axis, from the reader's bounds
/// (`ShotJSONSchema`): a dose is in `(0, 100]` g, a time in `(0, 600]` s, a first drop in
/// `[0, 600]` s.
///
/// Axis domains are computed exactly by interval arithmetic. Within one axis every field occurs
/// once, so the range of a sum is the sum of the ranges; a ratio's range follows from the sign of
/// its numerator, since its denominator is always positive.
enum AxisDomain {
  /// The schema rule bounding a field.
  static func rule(_ field: NumericField) -> ShotJSONSchema.NumberRule {
    switch field {
    case .shotDose, .recipeDose, .previousShotDose: ShotJSONSchema.NumberField.dose.rule
    case .shotYield, .recipeYield, .previousShotYield: ShotJSONSchema.NumberField.yield.rule
    case .shotTime, .recipeTime, .previousShotTime: ShotJSONSchema.NumberField.time.rule
    case .shotFirstDrop, .previousShotFirstDrop: ShotJSONSchema.NumberField.firstDrop.rule
    case .recipeTemperature: ShotJSONSchema.NumberField.temperature.rule
    }
  }

  /// The valid values of one field.
  static func interval(_ field: NumericField) -> Interval {
    let r = rule(field)
    return Interval(
      lower: ExactNumber(Int(r.minimum)), lowerClosed: r.minimumAllowed, upper: ExactNumber(Int(r.maximum)),
      upperClosed: true)
  }

  /// Whether `value` is a valid JSON value for `field`: within the bounds and writable exactly as
  /// a decimal the reader accepts (at most 9 fraction digits).
  static func admits(_ value: ExactNumber, for field: NumericField) -> Bool {
    guard rule(field).admits(value) else { return false }
    guard case .success(let back) = ExactNumber.parse(value.decimalText) else { return false }
    return back == value
  }

  /// The range of a linear form over independent fields.
  static func range(_ l: LinearForm) -> Interval {
    var lower: ExactNumber? = l.constant
    var lowerClosed = true
    var upper: ExactNumber? = l.constant
    var upperClosed = true
    for t in l.terms {
      let i = interval(t.field)
      let positive = !t.coefficient.isNegative
      // c·[lo, hi] is [c·lo, c·hi] for c > 0 and [c·hi, c·lo] for c < 0, ends keeping their kind.
      let (lo, loClosed) = positive ? (i.lower, i.lowerClosed) : (i.upper, i.upperClosed)
      let (hi, hiClosed) = positive ? (i.upper, i.upperClosed) : (i.lower, i.lowerClosed)
      lower = add(lower, lo.flatMap { $0.multiplied(by: t.coefficient) })
      upper = add(upper, hi.flatMap { $0.multiplied(by: t.coefficient) })
      lowerClosed = lowerClosed && loClosed
      upperClosed = upperClosed && hiClosed
    }
    return Interval(lower: lower, lowerClosed: lowerClosed, upper: upper, upperClosed: upperClosed)
  }

  /// The sum of two ends; nil (unbounded) when either is.
  private static func add(_ a: ExactNumber?, _ b: ExactNumber?) -> ExactNumber? {
    guard let a, let b else { return nil }
    return a.adding(b)
  }

  /// The values an axis can take.
  static func domain(_ form: ValueForm) -> IntervalSet {
    switch form {
    case .linear(let l):
      return IntervalSet(range(l))
    case .ratio(let n, let d):
      // n / d with d in (0, max]: values near 0 for d make the ratio unbounded in n's sign.
      let r = range(n)
      let dMax = interval(d).upper ?? ExactNumber(1)
      var lower: ExactNumber?
      var lowerClosed = false
      if let a = r.lower, !a.isNegative {
        lower = a.isZero ? .zero : a.divided(by: dMax)
        lowerClosed = r.lowerClosed
      }
      var upper: ExactNumber?
      var upperClosed = false
      if let b = r.upper, b.isNegative || b.isZero {
        upper = b.isZero ? .zero : b.divided(by: dMax)
        upperClosed = r.upperClosed
      }
      return IntervalSet(Interval(lower: lower, lowerClosed: lowerClosed, upper: upper, upperClosed: upperClosed))
    }
  }

  /// Default field values for witnesses: the design's example recipe, 18 g in, 36 g out in 28 s at
  /// 93 °C, first drop at 6 s, pulled exactly to the recipe. Rules compare shots with recipes, so
  /// a witness that changes only what its region needs reads like a real shot.
  static let defaults: [NumericField: ExactNumber] = [
    .shotDose: ExactNumber(18), .shotYield: ExactNumber(36), .shotTime: ExactNumber(28),
    .shotFirstDrop: ExactNumber(6), .recipeDose: ExactNumber(18), .recipeYield: ExactNumber(36),
    .recipeTime: ExactNumber(28), .recipeTemperature: ExactNumber(93), .previousShotDose: ExactNumber(18),
    .previousShotYield: ExactNumber(36), .previousShotTime: ExactNumber(28), .previousShotFirstDrop: ExactNumber(6),
  ]
}
