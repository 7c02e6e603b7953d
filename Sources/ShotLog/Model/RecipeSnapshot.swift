import DialRules

/// One immutable version of a bean's recipe. Editing a recipe creates a new snapshot whose
/// `parentID` is the one it replaces; shots keep pointing at the snapshot they were pulled from.
public struct RecipeSnapshot: Hashable, Sendable {
  /// Why a snapshot was created.
  public enum Reason: String, Hashable, Sendable, CaseIterable {
    /// The first recipe for a bean.
    case new
    /// Set by hand (`recipe set`).
    case set
    /// Dose scaled with the ratio kept (`recipe scale`).
    case scale
    /// A suggestion was accepted (`accept`).
    case accept
  }

  public var id: Int64
  public var uuid: String
  public var beanID: Int64
  public var grinderID: Int64
  public var basketID: Int64?
  public var parentID: Int64?
  public var doseG: ExactNumber
  public var yieldG: ExactNumber
  public var timeS: ExactNumber
  public var temperatureC: ExactNumber?
  /// Free text about temperature for machines without a readout ("2 bars on the dial").
  public var temperatureNote: String?
  public var grind: GrindSetting
  public var reason: Reason
  /// Human words about the change ("accepted: Grind finer by 1 step (sour_fast)").
  public var reasonDetail: String?
  /// The change from the parent, when it is one adjustment the rules can read (design §6
  /// `previous.adjustment`); nil for the first snapshot or a change that is not one adjustment.
  public var adjustment: Adjustment?
  public var createdAt: Timestamp

  public init(
    id: Int64 = 0, uuid: String, beanID: Int64, grinderID: Int64, basketID: Int64? = nil, parentID: Int64? = nil,
    doseG: ExactNumber, yieldG: ExactNumber, timeS: ExactNumber, temperatureC: ExactNumber? = nil,
    temperatureNote: String? = nil, grind: GrindSetting, reason: Reason, reasonDetail: String? = nil,
    adjustment: Adjustment? = nil, createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.beanID = beanID
    self.grinderID = grinderID
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

  /// The snapshot as shot JSON v1's `recipe` object.
  public var shotRecipe: ShotRecord.Recipe {
    ShotRecord.Recipe(doseG: doseG, yieldG: yieldG, timeS: timeS, temperatureC: temperatureC, grind: grind)
  }
}
