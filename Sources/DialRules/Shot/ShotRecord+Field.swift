extension ShotRecord {
  /// A field of a shot record that has a bound, by its shot JSON path (`rawValue`): what
  /// `violations()` names. New fields may be added in a minor release.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// `id`.
    case id
    /// `recipe.dose_g`.
    case recipeDose = "recipe.dose_g"
    /// `recipe.yield_g`.
    case recipeYield = "recipe.yield_g"
    /// `recipe.time_s`.
    case recipeTime = "recipe.time_s"
    /// `recipe.temperature_c`.
    case recipeTemperature = "recipe.temperature_c"
    /// `recipe.grind`.
    case recipeGrind = "recipe.grind"
    /// `grinder.name`.
    case grinderName = "grinder.name"
    /// `grinder.step`.
    case grinderStep = "grinder.step"
    /// `grinder.min`.
    case grinderMin = "grinder.min"
    /// `grinder.max`.
    case grinderMax = "grinder.max"
    /// `shot.dose_g`.
    case shotDose = "shot.dose_g"
    /// `shot.yield_g`.
    case shotYield = "shot.yield_g"
    /// `shot.time_s`.
    case shotTime = "shot.time_s"
    /// `shot.first_drop_s`.
    case shotFirstDrop = "shot.first_drop_s"
    /// `previous.adjustment.steps`: the steps of a grind adjustment.
    case previousAdjustmentSteps = "previous.adjustment.steps"
    /// `previous.adjustment.delta_g`: the grams of a yield adjustment.
    case previousAdjustmentGrams = "previous.adjustment.delta_g"
    /// `previous.adjustment.delta_c`: the degrees of a temperature adjustment.
    case previousAdjustmentCelsius = "previous.adjustment.delta_c"
    /// `previous.shot.dose_g`.
    case previousShotDose = "previous.shot.dose_g"
    /// `previous.shot.yield_g`.
    case previousShotYield = "previous.shot.yield_g"
    /// `previous.shot.time_s`.
    case previousShotTime = "previous.shot.time_s"
    /// `previous.shot.first_drop_s`.
    case previousShotFirstDrop = "previous.shot.first_drop_s"

    /// The field's shot JSON path: `shot.dose_g`.
    public var jsonPath: String { rawValue }

    // Key paths are unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
    #if !hasFeature(Embedded)
      /// Where the field is in a `ShotRecord` (`\ShotRecord.shot?.doseG`); nil for the parts of
      /// `previous.adjustment`, which are associated values of an `Adjustment`.
      public var keyPath: PartialKeyPath<ShotRecord>? {
        switch self {
        case .id: \ShotRecord.id
        case .recipeDose: \ShotRecord.recipe?.doseG
        case .recipeYield: \ShotRecord.recipe?.yieldG
        case .recipeTime: \ShotRecord.recipe?.timeS
        case .recipeTemperature: \ShotRecord.recipe?.temperatureC
        case .recipeGrind: \ShotRecord.recipe?.grind
        case .grinderName: \ShotRecord.grinder?.name
        case .grinderStep: \ShotRecord.grinder?.step
        case .grinderMin: \ShotRecord.grinder?.min
        case .grinderMax: \ShotRecord.grinder?.max
        case .shotDose: \ShotRecord.shot?.doseG
        case .shotYield: \ShotRecord.shot?.yieldG
        case .shotTime: \ShotRecord.shot?.timeS
        case .shotFirstDrop: \ShotRecord.shot?.firstDropS
        case .previousAdjustmentSteps, .previousAdjustmentGrams, .previousAdjustmentCelsius: nil
        case .previousShotDose: \ShotRecord.previous?.shot?.doseG
        case .previousShotYield: \ShotRecord.previous?.shot?.yieldG
        case .previousShotTime: \ShotRecord.previous?.shot?.timeS
        case .previousShotFirstDrop: \ShotRecord.previous?.shot?.firstDropS
        }
      }
    #endif

    /// The range a number in the field must lie in; nil for the text fields (`id`,
    /// `grinder.name`), whose bound is a length (`ShotRecord.Violation.Problem.textTooLong`).
    public var bound: Bound? {
      numberField.map { Bound($0) }
    }

    /// The reader's field, for its bounds and words.
    var numberField: ShotJSONSchema.NumberField? {
      switch self {
      case .id, .grinderName: nil
      case .recipeDose, .shotDose, .previousShotDose: .dose
      case .recipeYield, .shotYield, .previousShotYield: .yield
      case .recipeTime, .shotTime, .previousShotTime: .time
      case .shotFirstDrop, .previousShotFirstDrop: .firstDrop
      case .recipeTemperature: .temperature
      case .recipeGrind, .grinderMin, .grinderMax: .grindSetting
      case .grinderStep: .grinderStep
      case .previousAdjustmentSteps: .steps
      case .previousAdjustmentGrams: .deltaGrams
      case .previousAdjustmentCelsius: .deltaCelsius
      }
    }
  }

  /// The range a number field admits, as values: `more than 0 and at most 100 g` is a minimum of 0
  /// (excluded), a maximum of 100 (included) and the unit grams.
  public struct Bound: Hashable, Sendable {
    /// The lower end.
    public var minimum: ExactNumber
    /// Whether `minimum` itself is admitted (a first drop may be at 0 s, a dose may not be 0 g).
    public var includesMinimum: Bool
    /// The upper end, always admitted.
    public var maximum: ExactNumber
    /// The unit of the field; nil for grinder settings, which are on the grinder's own scale.
    public var unit: QuantityUnit?
    /// Whether only whole numbers are admitted (grind steps).
    public var wholeNumber: Bool
    /// Whether zero is excluded even inside the range (a yield change of 0 g is `no_change`).
    public var nonZero: Bool
    /// The range in the reader's English words: `more than 0 and at most 100 g`.
    public var text: String

    init(_ field: ShotJSONSchema.NumberField) {
      let rule = field.rule
      minimum = ExactNumber(Int(rule.minimum))
      includesMinimum = rule.minimumAllowed
      maximum = ExactNumber(Int(rule.maximum))
      wholeNumber = rule.wholeNumber
      nonZero = rule.nonZero
      text = field.expectation
      switch field {
      case .dose, .yield, .deltaGrams: unit = .grams
      case .time, .firstDrop: unit = .seconds
      case .temperature, .deltaCelsius: unit = .celsius
      case .steps: unit = .steps
      case .grindSetting, .grinderBound, .grinderStep, .version: unit = nil
      }
    }

    /// Whether `value` lies in the range.
    public func admits(_ value: ExactNumber) -> Bool {
      if nonZero && value.isZero { return false }
      if wholeNumber && !value.isInteger { return false }
      return (includesMinimum ? value >= minimum : value > minimum) && value <= maximum
    }
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension ShotRecord.Field: Codable {}
  extension ShotRecord.Bound: Codable {}
#endif
