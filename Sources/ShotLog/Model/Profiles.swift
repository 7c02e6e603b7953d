import DialRules

/// A coffee being dialled in: one bag (or one lot) from a roaster.
public struct Bean: Hashable, Sendable {
  public var id: Int64
  public var uuid: String
  public var name: String
  public var roaster: String?
  /// ISO calendar date; other date texts are refused on entry rather than guessed.
  public var roastDate: CalendarDate?
  public var notes: String?
  public var createdAt: Timestamp
  /// Set when archived: hidden from lists and pickers, kept for history.
  public var archivedAt: Timestamp?

  public init(
    id: Int64 = 0, uuid: String, name: String, roaster: String? = nil, roastDate: CalendarDate? = nil,
    notes: String? = nil, createdAt: Timestamp, archivedAt: Timestamp? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.name = name
    self.roaster = roaster
    self.roastDate = roastDate
    self.notes = notes
    self.createdAt = createdAt
    self.archivedAt = archivedAt
  }
}

/// A grinder's numeric scale: what "one step finer" means on it (espresso-domain §6: direction and
/// step size belong to the grinder, not to the data).
public struct GrinderScale: Hashable, Sendable {
  public var step: ExactNumber
  public var min: ExactNumber
  public var max: ExactNumber
  /// Whether lower or higher numbers grind finer.
  public var finer: ShotRecord.FinerDirection

  public init(step: ExactNumber, min: ExactNumber, max: ExactNumber, finer: ShotRecord.FinerDirection) {
    self.step = step
    self.min = min
    self.max = max
    self.finer = finer
  }
}

/// A grinder: either a numeric scale, or free-text settings ("3 clicks", ".9 / sp=5") described by a
/// note, in which case grind changes cannot be previewed or applied automatically.
public struct Grinder: Hashable, Sendable {
  public var id: Int64
  public var uuid: String
  public var name: String
  public var scale: GrinderScale?
  /// How settings are written when there is no numeric scale.
  public var settingsNote: String?
  public var notes: String?
  public var createdAt: Timestamp
  public var archivedAt: Timestamp?

  public init(
    id: Int64 = 0, uuid: String, name: String, scale: GrinderScale? = nil, settingsNote: String? = nil,
    notes: String? = nil, createdAt: Timestamp, archivedAt: Timestamp? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.name = name
    self.scale = scale
    self.settingsNote = settingsNote
    self.notes = notes
    self.createdAt = createdAt
    self.archivedAt = archivedAt
  }

  /// The grinder as shot JSON v1 describes it (`grinder` object).
  public var shotGrinder: ShotRecord.Grinder {
    ShotRecord.Grinder(name: name, step: scale?.step, min: scale?.min, max: scale?.max, finer: scale?.finer)
  }
}

/// A portafilter basket.
public struct Basket: Hashable, Sendable {
  public var id: Int64
  public var uuid: String
  public var name: String
  /// The nominal dose the basket is made for, in grams.
  public var capacityG: ExactNumber?
  public var notes: String?
  public var createdAt: Timestamp
  public var archivedAt: Timestamp?

  public init(
    id: Int64 = 0, uuid: String, name: String, capacityG: ExactNumber? = nil, notes: String? = nil,
    createdAt: Timestamp, archivedAt: Timestamp? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.name = name
    self.capacityG = capacityG
    self.notes = notes
    self.createdAt = createdAt
    self.archivedAt = archivedAt
  }
}

/// The three kinds of profile, for commands and messages that treat them alike.
public enum ProfileKind: String, Sendable, CaseIterable {
  case bean, grinder, basket

  /// The table that stores the kind.
  var table: String {
    switch self {
    case .bean: "beans"
    case .grinder: "grinders"
    case .basket: "baskets"
    }
  }
}
