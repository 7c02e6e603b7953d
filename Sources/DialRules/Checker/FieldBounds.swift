/// The values valid shot JSON can give each numeric field, exactly: the reader's bounds
/// (`ShotJSONSchema`) together with its 9 decimals. A dose is more than 0 and at most 100 g, so the
/// smallest dose is 0.000000001 g; a time is at most 600 s; a first drop may be 0 s.
///
/// The checker proves arithmetic safe from these bounds (`ArithmeticProof`), and the analysis
/// takes its domain from them: a region outside them holds no shot.
enum FieldBounds {
  /// Every field value is a whole number of these: shot JSON numbers have at most 9 decimals.
  static let step = ExactNumber(significand: 1, scale: ExactNumber.Limits.maxFractionDigits) ?? ExactNumber(1)
  /// `1 / step`, the denominator every field value can be written over.
  static let grid = Int128(1_000_000_000)

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

  /// The smallest value of `field`: its minimum when allowed, else one step above it.
  static func lower(_ field: NumericField) -> ExactNumber {
    let r = rule(field)
    let minimum = ExactNumber(Int(r.minimum))
    return r.minimumAllowed ? minimum : (minimum.adding(step) ?? minimum)
  }

  /// The largest value of `field`.
  static func upper(_ field: NumericField) -> ExactNumber { ExactNumber(Int(rule(field).maximum)) }

  /// Whether `value` is a valid JSON value for `field`: within the bounds and writable exactly as
  /// a decimal the reader accepts (at most 9 fraction digits).
  static func admits(_ value: ExactNumber, for field: NumericField) -> Bool {
    guard rule(field).admits(value) else { return false }
    return value.multiplied(by: ExactNumber(numerator: grid, denominator: 1))?.isInteger ?? false
  }
}
