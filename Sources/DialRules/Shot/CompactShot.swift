/// One shot as the compiled evaluator reads it: every number a rule can read as a fixed-point
/// integer (the value × 10⁹, exact for every number shot JSON accepts), which observations are
/// present as one bit mask, tag sets as bits, and the previous adjustment as a few integers.
///
/// About a hundred bytes and no reference-counted part, so it is built once per shot (by the shot
/// JSON reader directly, or from a `ShotRecord`) and borrowed by every stage after that. Values are
/// meaningful only where `present` says so.
struct CompactShot: Sendable {
  /// The value × 10⁹ of each `NumericField`, indexed by `NumericField.ordinal`.
  var values = InlineSlots<(Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64), Int64>(
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The observed paths that are present (bits of `ObservedPath`).
  var present: UInt32 = 0
  /// `shot.taste`, `shot.flow`, `previous.shot.taste` and `previous.shot.flow` as tag bits
  /// (`TagSet.bits`); an unknown taste is 0 with its `present` bit clear, and an absent flow is the
  /// empty set (docs/design.md §4).
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
    present |= field.bit
  }

  /// The fixed-point value of `field`, or nil when it is absent.
  @inline(__always)
  func scaled(_ field: NumericField) -> Int64? {
    present & field.bit != 0 ? values[field.ordinal] : nil
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
  /// `decide`'s hot path: each part of the record is bound once (measurements and the previous
  /// shot hold no reference-counted value, so binding one is a plain copy), and a number stored
  /// over 10⁹ — every number the reader or a decimal literal makes — is a check and a copy.
  init?(_ record: borrowing ShotRecord) {
    self.init()
    if let m = record.shot {
      guard
        put(.shotDose, m.doseG, .dose), put(.shotYield, m.yieldG, .yield), put(.shotTime, m.timeS, .time),
        put(.shotFirstDrop, m.firstDropS, .firstDrop)
      else { return nil }
      if let t = m.taste {
        taste = t.bits
        present |= ObservedPath.shotTaste.bit
      }
      flow = m.flow?.bits ?? 0
    }
    if let r = record.recipe {
      guard
        put(.recipeDose, r.doseG, .dose), put(.recipeYield, r.yieldG, .yield), put(.recipeTime, r.timeS, .time),
        put(.recipeTemperature, r.temperatureC, .temperature)
      else { return nil }
    }
    if let p = record.previous {
      if let m = p.shot {
        guard
          put(.previousShotDose, m.doseG, .dose), put(.previousShotYield, m.yieldG, .yield),
          put(.previousShotTime, m.timeS, .time), put(.previousShotFirstDrop, m.firstDropS, .firstDrop)
        else { return nil }
        if let t = m.taste {
          previousTaste = t.bits
          present |= ObservedPath.previousShotTaste.bit
        }
        previousFlow = m.flow?.bits ?? 0
      }
      if let a = p.adjustment {
        guard let compact = CompactAdjustment(a) else { return nil }
        adjustment = compact
      }
    }
  }

  /// Sets `field` from `value` when it is present; false when it has no fixed-point form within
  /// the bounds of `bounds`. Inlined with constant arguments, the bounds and the bit fold away.
  @inline(__always)
  private mutating func put(_ field: NumericField, _ value: ExactNumber?, _ bounds: ShotJSONSchema.NumberField)
    -> Bool
  {
    guard let value else { return true }
    guard let scaled = value.scaledValue, bounds.rule.admits(scaled: scaled) else { return false }
    values[field.ordinal] = scaled
    present |= field.bit
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
  /// every number shot JSON accepts (at most 9 decimals, magnitude at most 10⁹). For a number
  /// already over 10⁹ (what the reader and decimal literals make) it is a check and a copy.
  @inline(__always)
  var scaledValue: Int64? {
    if denominator == Self.commonDenominator { return Int64(exactly: numerator) }
    return rescaledValue
  }

  /// `scaledValue` for a number over another denominator: 10⁹ / d must be whole.
  @inline(never)
  private var rescaledValue: Int64? {
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

  /// `path.bit`, folded to a constant where the field is one (`CompactShot.set`).
  @inline(__always)
  var bit: UInt32 {
    switch self {
    case .shotDose: ObservedPath.shotDose.bit
    case .shotYield: ObservedPath.shotYield.bit
    case .shotTime: ObservedPath.shotTime.bit
    case .shotFirstDrop: ObservedPath.shotFirstDrop.bit
    case .recipeDose: ObservedPath.recipeDose.bit
    case .recipeYield: ObservedPath.recipeYield.bit
    case .recipeTime: ObservedPath.recipeTime.bit
    case .recipeTemperature: ObservedPath.recipeTemperature.bit
    case .previousShotDose: ObservedPath.previousShotDose.bit
    case .previousShotYield: ObservedPath.previousShotYield.bit
    case .previousShotTime: ObservedPath.previousShotTime.bit
    case .previousShotFirstDrop: ObservedPath.previousShotFirstDrop.bit
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
