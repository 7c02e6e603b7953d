/// One shot as the rules see it: the typed form of shot JSON v1 (design §6).
///
/// Every field is optional; `nil` means unknown. The reader (`ShotJSONReader`) is the only way in
/// from text and enforces the value limits, so code here may assume sane magnitudes.
public struct ShotRecord: Hashable, Sendable {
  public var id: String?
  public var recipe: Recipe?
  public var grinder: Grinder?
  public var shot: Measurements?
  public var previous: Previous?

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
    public var doseG: ExactNumber?
    public var yieldG: ExactNumber?
    public var timeS: ExactNumber?
    public var temperatureC: ExactNumber?
    public var grind: GrindSetting?
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
    public var name: String?
    public var step: ExactNumber?
    public var min: ExactNumber?
    public var max: ExactNumber?
    /// Whether a lower number is finer (`"finer": "lower"`) or a higher one (`"higher"`).
    public var finer: FinerDirection?
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

  public enum FinerDirection: String, Hashable, Sendable, CaseIterable {
    case lower, higher
  }

  /// What was measured and tasted. `taste == nil` is unknown (no verdict given); `flow == nil`
  /// means no flow problem was noted and reads as the empty set (design §4).
  public struct Measurements: Hashable, Sendable {
    public var doseG: ExactNumber?
    public var yieldG: ExactNumber?
    public var timeS: ExactNumber?
    public var firstDropS: ExactNumber?
    public var taste: TagSet<TasteTag>?
    public var flow: TagSet<FlowTag>?
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
    public var shot: Measurements?
    public init(adjustment: Adjustment? = nil, shot: Measurements? = nil) {
      self.adjustment = adjustment
      self.shot = shot
    }
  }
}

/// A grinder setting as written: free text everywhere in real data ("2.4", "3 clicks"), with its
/// numeric value when the text is a plain number so a preview can move it.
public struct GrindSetting: Hashable, Sendable {
  public var text: String
  public var value: ExactNumber?
  /// Whether the setting was written as a number (`"grind": 14`) rather than as text
  /// (`"grind": "14"`). Writers keep the form the user chose, so a record reads back equal.
  public var isNumber: Bool = false
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
