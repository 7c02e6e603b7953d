import DialRules

/// One immutable version of a bean's recipe. Editing a recipe creates a new snapshot whose
/// `parentID` is the one it replaces; shots keep pointing at the snapshot they were pulled from.
public struct RecipeSnapshot: Hashable, Sendable, Identifiable, Codable {
  /// Why a snapshot was created.
  public enum Reason: String, Hashable, Sendable, CaseIterable, Codable {
    /// The first recipe for a bean.
    case new
    /// Set by hand (`ShotLogStore.Profiles.setRecipe`).
    case set
    /// Dose scaled with the ratio kept (`ShotLogStore.Profiles.scaleRecipe`).
    case scale
    /// A suggestion was accepted (`ShotLogStore.Shots.accept`).
    case accept
  }

  /// The row id in this file.
  public var id: Int64
  /// The snapshot's identity across exports and imports.
  public var uuid: String
  /// The bean whose recipe this is.
  public var beanID: Int64
  /// The grinder the recipe is pulled on.
  public var grinderID: Int64
  /// The grinder's numeric scale when the snapshot was made (nil for free-text settings): what
  /// "one step" means for this recipe. Editing the grinder later makes new snapshots and leaves
  /// this one as it was.
  public var grinderScale: GrinderScale?
  /// The basket, when one is set.
  public var basketID: Int64?
  /// The snapshot this one replaced; nil for a bean's first recipe.
  public var parentID: Int64?
  /// The target dose, in grams.
  public var doseG: ExactNumber
  /// The target yield, in grams.
  public var yieldG: ExactNumber
  /// The target shot time, in seconds.
  public var timeS: ExactNumber
  /// The brew temperature, in °C, when the machine shows one.
  public var temperatureC: ExactNumber?
  /// Free text about temperature for machines without a readout ("2 bars on the dial").
  public var temperatureNote: String?
  /// The grinder setting, as written on the grinder.
  public var grind: GrindSetting
  /// Why the snapshot was created.
  public var reason: Reason
  /// Human words about the change ("accepted: Grind finer by 1 step (sour_fast)").
  public var reasonDetail: String?
  /// The change from the parent, when it is one adjustment the rules can read (docs/design.md §6
  /// `previous.adjustment`); nil for the first snapshot or a change that is not one adjustment.
  public var adjustment: Adjustment?
  /// When the snapshot was created.
  public var createdAt: Timestamp

  /// A snapshot as given, for previews and tests; the ones in a log are made by the store
  /// (`ShotLogStore.Profiles.setRecipe(for:_:)`, `accept(_:note:)`, …), which assigns `id` and `uuid`.
  public init(
    id: Int64 = 0, uuid: String, beanID: Int64, grinderID: Int64, grinderScale: GrinderScale? = nil,
    basketID: Int64? = nil, parentID: Int64? = nil,
    doseG: ExactNumber, yieldG: ExactNumber, timeS: ExactNumber, temperatureC: ExactNumber? = nil,
    temperatureNote: String? = nil, grind: GrindSetting, reason: Reason, reasonDetail: String? = nil,
    adjustment: Adjustment? = nil, createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.beanID = beanID
    self.grinderID = grinderID
    self.grinderScale = grinderScale
    self.basketID = basketID
    self.parentID = parentID
    self.doseG = doseG
    self.yieldG = yieldG
    self.timeS = timeS
    self.temperatureC = temperatureC
    self.temperatureNote = temperatureNote
    self.grind = grind
    self.reason = reason
    self.reasonDetail = reasonDetail
    self.adjustment = adjustment
    self.createdAt = createdAt
  }

  /// Yield over dose, exact.
  public var ratio: ExactNumber? { yieldG.divided(by: doseG) }

  /// The grinder as shot JSON v1 describes it for this snapshot: its name and the scale the
  /// snapshot was made on.
  func shotGrinder(named name: String) -> ShotRecord.Grinder {
    ShotRecord.Grinder(
      name: name, step: grinderScale?.step, min: grinderScale?.min, max: grinderScale?.max,
      finer: grinderScale?.finer)
  }

  /// The snapshot as `attempt` was pulled with it: its grind is the one the shot's record says it
  /// was pulled at (`dialshot log --grind`), when that differs.
  func pulled(_ attempt: ShotAttempt) -> RecipeSnapshot {
    var pulled = self
    if let grind = attempt.record.recipe?.grind { pulled.grind = grind }
    return pulled
  }

  /// The snapshot as shot JSON v1's `recipe` object.
  var shotRecipe: ShotRecord.Recipe {
    ShotRecord.Recipe(doseG: doseG, yieldG: yieldG, timeS: timeS, temperatureC: temperatureC, grind: grind)
  }
}
