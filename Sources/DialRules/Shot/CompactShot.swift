/// One shot as the compiled evaluator reads it: every number a rule can read as a fixed-point
/// integer (the value × 10⁹, exact for every number shot JSON accepts), which observations are
/// present as one bit mask, tag sets as bits, and the previous adjustment as a few integers.
///
/// About a hundred bytes and no reference-counted part, so it is built once per shot (by the shot
/// JSON reader directly, or from a `ShotRecord`) and borrowed by every stage after that. Values are
/// meaningful only where `present` says so.
struct CompactShot: Sendable {
  /// The value × 10⁹ of each `NumericField`, indexed by `NumericField.ordinal`.
  var values = InlineArray<12, Int64>(repeating: 0)
  /// The observed paths that are present (bits of `ObservedPath`).
  var present: UInt32 = 0
  /// `shot.taste`, `shot.flow`, `previous.shot.taste` and `previous.shot.flow` as tag bits
  /// (`TagSet.bits`); an unknown taste is 0 with its `present` bit clear, and an absent flow is the
  /// empty set (design §4).
  var taste: UInt32 = 0
  var flow: UInt32 = 0
  var previousTaste: UInt32 = 0
  var previousFlow: UInt32 = 0
  /// `previous.adjustment`.
  var adjustment = CompactAdjustment.none

  /// 10⁹: the scale of every fixed-point value.
  static let scale: Int64 = 1_000_000_000

  init() {}

  /// Records `field` as present with the fixed-point value `scaled`.
  @inline(__always)
  mutating func set(_ field: NumericField, scaled: Int64) {
    values[field.ordinal] = scaled
    present |= field.path.bit
  }

  /// The fixed-point value of `field`, or nil when it is absent.
  @inline(__always)
  func scaled(_ field: NumericField) -> Int64? {
    present & field.path.bit != 0 ? values[field.ordinal] : nil
  }

  /// The observed paths absent from the shot.
  var absent: UInt32 { ~present & ObservedPath.allBits }
}

/// `previous.adjustment` in integers: what adjustment patterns (`previous.adjustment is grind
/// finer`) test.
struct CompactAdjustment: Hashable, Sendable {
  /// What kind of change it was.
  enum Kind: UInt8, Sendable {
    case none, noChange, grind, yield, temperature
  }
  var kind: Kind
  /// For grind: true for coarser.
  var coarser = false
  /// For grind: the steps.
  var steps = 0
  /// For yield and temperature: the change × 10⁹.
  var delta: Int64 = 0

  /// No adjustment was applied (or there was no previous shot).
  static let none = CompactAdjustment(kind: .none)
}

extension CompactShot {
  /// The compact form of a record, or nil when some value has no exact fixed-point form or lies
  /// outside the bounds of shot JSON (`ShotJSONSchema.NumberField`): the compiled evaluator's
  /// arithmetic is proved exact only within those bounds, so such a record is evaluated by the
  /// general plan instead. Records that `validate()` accepts always have a compact form.
  ///
  /// Fields are read through optional chains, not by binding the parts: a part is hundreds of
  /// bytes (and holds strings), and binding one copies it.
  init?(_ record: borrowing ShotRecord) {
    self.init()
    guard set(.shotDose, record.shot?.doseG, .dose), set(.shotYield, record.shot?.yieldG, .yield),
      set(.shotTime, record.shot?.timeS, .time), set(.shotFirstDrop, record.shot?.firstDropS, .firstDrop),
      set(.recipeDose, record.recipe?.doseG, .dose), set(.recipeYield, record.recipe?.yieldG, .yield),
      set(.recipeTime, record.recipe?.timeS, .time), set(.recipeTemperature, record.recipe?.temperatureC, .temperature),
      set(.previousShotDose, record.previous?.shot?.doseG, .dose),
      set(.previousShotYield, record.previous?.shot?.yieldG, .yield),
      set(.previousShotTime, record.previous?.shot?.timeS, .time),
      set(.previousShotFirstDrop, record.previous?.shot?.firstDropS, .firstDrop)
    else { return nil }
    if let t = record.shot?.taste {
      taste = t.bits
      present |= ObservedPath.shotTaste.bit
    }
    flow = record.shot?.flow?.bits ?? 0
    previousFlow = record.previous?.shot?.flow?.bits ?? 0
    if let t = record.previous?.shot?.taste {
      previousTaste = t.bits
      present |= ObservedPath.previousShotTaste.bit
    }
    if let a = record.previous?.adjustment {
      guard let compact = CompactAdjustment(a) else { return nil }
      adjustment = compact
    }
  }

  /// Sets `field` from `value` when it is present; false when it has no fixed-point form within
  /// the bounds of `bounds`.
  private mutating func set(_ field: NumericField, _ value: ExactNumber?, _ bounds: ShotJSONSchema.NumberField)
    -> Bool
  {
    guard let value else { return true }
    guard let scaled = value.scaledValue, bounds.rule.admits(scaled: scaled) else { return false }
    set(field, scaled: scaled)
    return true
  }
}

extension CompactAdjustment {
  /// The compact form of an adjustment, or nil when its amount has no fixed-point form within the
  /// bounds shot JSON reads it with.
  init?(_ adjustment: Adjustment) {
    switch adjustment {
    case .noChange: self.init(kind: .noChange)
    case .grind(let direction, let steps):
      guard ShotJSONSchema.NumberField.steps.rule.admits(scaled: Int64(clamping: steps) &* CompactShot.scale) else {
        return nil
      }
      self.init(kind: .grind, coarser: direction == .coarser, steps: steps)
    case .yield(let delta):
      guard let d = delta.scaledValue, ShotJSONSchema.NumberField.deltaGrams.rule.admits(scaled: d) else { return nil }
      self.init(kind: .yield, delta: d)
    case .temperature(let delta):
      guard let d = delta.scaledValue, ShotJSONSchema.NumberField.deltaCelsius.rule.admits(scaled: d) else {
        return nil
      }
      self.init(kind: .temperature, delta: d)
    }
  }

  /// The adjustment this stands for (nil for none).
  var adjustment: Adjustment? {
    switch kind {
    case .none: nil
    case .noChange: .noChange
    case .grind: .grind(coarser ? .coarser : .finer, steps: steps)
    case .yield: .yield(deltaGrams: ExactNumber(scaled: delta))
    case .temperature: .temperature(deltaCelsius: ExactNumber(scaled: delta))
    }
  }
}

extension ExactNumber {
  /// The value × 10⁹ when that is a whole number that fits in 64 bits: the fixed-point form of
  /// every number shot JSON accepts (at most 9 decimals, magnitude at most 10⁹).
  var scaledValue: Int64? {
    if denominator == Self.commonDenominator { return Int64(exactly: numerator) }
    // 10⁹ / d must be whole: d divides 10⁹.
    guard denominator > 0, Self.commonDenominator % denominator == 0 else { return nil }
    let (n, overflow) = numerator.multipliedReportingOverflow(by: Self.commonDenominator / denominator)
    return overflow ? nil : Int64(exactly: n)
  }

  /// The number `scaled` × 10⁻⁹.
  init(scaled: Int64) {
    self.init(numerator: Int128(scaled), denominator: Self.commonDenominator)
  }
}

extension NumericField {
  /// Position in `CompactShot.values` (declaration order).
  @inline(__always)
  var ordinal: Int {
    switch self {
    case .shotDose: 0
    case .shotYield: 1
    case .shotTime: 2
    case .shotFirstDrop: 3
    case .recipeDose: 4
    case .recipeYield: 5
    case .recipeTime: 6
    case .recipeTemperature: 7
    case .previousShotDose: 8
    case .previousShotYield: 9
    case .previousShotTime: 10
    case .previousShotFirstDrop: 11
    }
  }

  /// The bounds shot JSON reads the field with.
  var bounds: ShotJSONSchema.NumberField {
    switch self {
    case .shotDose, .recipeDose, .previousShotDose: .dose
    case .shotYield, .recipeYield, .previousShotYield: .yield
    case .shotTime, .recipeTime, .previousShotTime: .time
    case .shotFirstDrop, .previousShotFirstDrop: .firstDrop
    case .recipeTemperature: .temperature
    }
  }
}

extension ObservedPath {
  /// Every path's bit.
  static let allBits: UInt32 = allCases.reduce(0) { $0 | $1.bit }
}
