/// One shot as the rules see it: the typed form of shot JSON v1 (docs/design.md §6).
///
/// Every field is optional; `nil` means unknown, and rules that read an unknown field are
/// unknown too. Build one in code, or read one with `parseJSON(_:path:)`; `jsonText` writes it.
///
/// ```swift
/// let shot = ShotRecord(
///   recipe: .init(doseG: 18, yieldG: 36, timeS: 28),
///   shot: .init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]))
/// ```
///
/// Shot JSON bounds every value (a dose is more than 0 and at most 100 g, at most 9 decimals…);
/// a record built in code is checked against the same bounds by `validate()`, which
/// `RuleSet.decide(_:)` calls before evaluating.
public struct ShotRecord: Hashable, Sendable {
  /// The caller's name for the shot, echoed in its decision.
  public var id: String?
  /// The recipe the shot was pulled against.
  public var recipe: Recipe?
  /// The grinder's scale, for the before/after preview of a grind change.
  public var grinder: Grinder?
  /// What was measured and tasted.
  public var shot: Measurements?
  /// The shot before, and what was changed since.
  public var previous: Previous?

  /// A record with the given parts; every part is optional.
  public init(
    id: String? = nil, recipe: Recipe? = nil, grinder: Grinder? = nil, shot: Measurements? = nil,
    previous: Previous? = nil
  ) {
    self.id = id
    self.recipe = recipe
    self.grinder = grinder
    self.shot = shot
    self.previous = previous
  }

  /// The target the shot was pulled against.
  public struct Recipe: Hashable, Sendable {
    /// Grams of ground coffee (`recipe.dose_g`).
    public var doseG: ExactNumber?
    /// Target grams of espresso in the cup (`recipe.yield_g`).
    public var yieldG: ExactNumber?
    /// Target seconds from the start of the shot (`recipe.time_s`).
    public var timeS: ExactNumber?
    /// Brew temperature in degrees Celsius (`recipe.temperature_c`).
    public var temperatureC: ExactNumber?
    /// The grinder setting (`recipe.grind`).
    public var grind: GrindSetting?

    /// A recipe; every field is optional.
    public init(
      doseG: ExactNumber? = nil, yieldG: ExactNumber? = nil, timeS: ExactNumber? = nil,
      temperatureC: ExactNumber? = nil, grind: GrindSetting? = nil
    ) {
      self.doseG = doseG
      self.yieldG = yieldG
      self.timeS = timeS
      self.temperatureC = temperatureC
      self.grind = grind
    }
  }

  /// A grinder's numeric scale, used only for the before/after preview.
  public struct Grinder: Hashable, Sendable {
    /// The grinder's name, for people.
    public var name: String?
    /// How far one step (click) moves the setting.
    public var step: ExactNumber?
    /// The lowest setting.
    public var min: ExactNumber?
    /// The highest setting.
    public var max: ExactNumber?
    /// Whether a lower number is finer (`"finer": "lower"`) or a higher one (`"higher"`).
    public var finer: FinerDirection?

    /// A grinder scale; every field is optional.
    public init(
      name: String? = nil, step: ExactNumber? = nil, min: ExactNumber? = nil, max: ExactNumber? = nil,
      finer: FinerDirection? = nil
    ) {
      self.name = name
      self.step = step
      self.min = min
      self.max = max
      self.finer = finer
    }
  }

  /// Which end of a grinder's scale is finer.
  public enum FinerDirection: String, Hashable, Sendable, CaseIterable {
    /// A lower number is finer.
    case lower
    /// A higher number is finer.
    case higher
  }

  /// What was measured and tasted. `taste == nil` is unknown (no verdict given); `flow == nil`
  /// means no flow problem was noted and reads as the empty set (docs/design.md §4).
  ///
  /// The one declaration of the six measured fields: the shot itself (`shot`) and the shot before
  /// (`previous.shot`) both use it.
  public struct Measurements: Hashable, Sendable {
    /// Grams of ground coffee used (`dose_g`).
    public var doseG: ExactNumber?
    /// Grams of espresso in the cup (`yield_g`).
    public var yieldG: ExactNumber?
    /// Seconds from the start of the shot to its end (`time_s`).
    public var timeS: ExactNumber?
    /// Seconds until the first drop (`first_drop_s`).
    public var firstDropS: ExactNumber?
    /// How it tasted; nil when no verdict was given, `[]` when none of the words applies.
    public var taste: TagSet<TasteTag>?
    /// Flow problems seen; nil reads as none.
    public var flow: TagSet<FlowTag>?

    /// Measurements; every field is optional.
    public init(
      doseG: ExactNumber? = nil, yieldG: ExactNumber? = nil, timeS: ExactNumber? = nil,
      firstDropS: ExactNumber? = nil, taste: TagSet<TasteTag>? = nil, flow: TagSet<FlowTag>? = nil
    ) {
      self.doseG = doseG
      self.yieldG = yieldG
      self.timeS = timeS
      self.firstDropS = firstDropS
      self.taste = taste
      self.flow = flow
    }
  }

  /// The shot before this one and what was changed since.
  public struct Previous: Hashable, Sendable {
    /// `nil` reads as `none`: nothing was applied.
    public var adjustment: Adjustment?
    /// What the shot before measured and tasted.
    public var shot: Measurements?

    /// The shot before; both parts are optional.
    public init(adjustment: Adjustment? = nil, shot: Measurements? = nil) {
      self.adjustment = adjustment
      self.shot = shot
    }
  }
}

/// A grinder setting as written: free text everywhere in real data ("2.4", "3 clicks"), with its
/// numeric value when the text is a plain number so a preview can move it.
public struct GrindSetting: Hashable, Sendable {
  /// The setting as written.
  public var text: String
  /// Its numeric value, when it has one.
  public var value: ExactNumber?
  /// Whether the setting was written as a number (`"grind": 14`) rather than as text
  /// (`"grind": "14"`). Writers keep the form the user chose, so a record reads back equal.
  public var isNumber: Bool = false

  /// A setting with its text and value given separately (they should agree: `validate()`
  /// recomputes the value from the text, as reading shot JSON does).
  public init(text: String, value: ExactNumber?) {
    self.text = text
    self.value = value
  }
  /// A setting from text; numeric when the whole text is a decimal number.
  public init(text: String) {
    self.text = text
    if case .success(let v) = ExactNumber.parse(text) { self.value = v } else { self.value = nil }
  }
  /// A setting written as a number: its text is the number's canonical decimal form.
  public init(number: ExactNumber) {
    self.text = number.decimalText(maxFractionDigits: ExactNumber.Limits.maxFractionDigits)
    self.value = number
    self.isNumber = true
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension ShotRecord.FinerDirection: Codable {}
  extension GrindSetting: Codable {}
#endif
