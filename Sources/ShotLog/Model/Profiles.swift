import DialRules

/// A coffee being dialled in, bought in one or more bags (`Bag`).
///
/// Edit one by changing its `name`, `roaster`, `roastDate` or `notes` and passing it to
/// `ShotLogStore.Profiles.updateBean(_:)`. The roaster and roast date are those of its current bag; a new
/// bag is opened with `ShotLogStore.Profiles.openBag(of:roaster:roastDate:weightG:openedOn:)`.
public struct Bean: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The bean's identity across exports and imports.
  public var uuid: String
  /// The name, unique in the log (compared without case).
  public var name: String
  /// Who roasted its current bag.
  public var roaster: String?
  /// Its current bag's roast date (ISO calendar date; other date texts are refused on entry rather
  /// than guessed). A shot's age is counted from the roast date of the bag it was pulled from.
  public var roastDate: CalendarDate?
  /// Where the coffee grew ("Guji, Ethiopia").
  public var origin: String?
  /// How it was processed ("natural", "washed").
  public var process: String?
  /// How dark it was roasted.
  public var roastLevel: RoastLevel?
  /// Free-text notes.
  public var notes: String?
  /// When the bean was added.
  public var createdAt: Timestamp
  /// Set when archived: hidden from lists and pickers, kept for history.
  public var archivedAt: Timestamp?

  /// A bean as given, for previews and tests; the ones in a log are made by
  /// `ShotLogStore.Profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)`, which assigns
  /// `id`, `uuid` and `createdAt`.
  public init(
    id: Int64 = 0, uuid: String, name: String, roaster: String? = nil, roastDate: CalendarDate? = nil,
    origin: String? = nil, process: String? = nil, roastLevel: RoastLevel? = nil, notes: String? = nil,
    createdAt: Timestamp, archivedAt: Timestamp? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.name = name
    self.roaster = roaster
    self.roastDate = roastDate
    self.origin = origin
    self.process = process
    self.roastLevel = roastLevel
    self.notes = notes
    self.createdAt = createdAt
    self.archivedAt = archivedAt
  }
}

/// How dark a bean is roasted, as roasters label bags.
public enum RoastLevel: String, Hashable, Sendable, CaseIterable, Codable {
  /// Light (filter) roasts.
  case light
  /// Between light and medium.
  case mediumLight = "medium-light"
  /// Medium.
  case medium
  /// Between medium and dark.
  case mediumDark = "medium-dark"
  /// Dark.
  case dark
}

/// A grinder's numeric scale: what "one step finer" means on it (espresso-domain §6: direction and
/// step size belong to the grinder, not to the data).
public struct GrinderScale: Hashable, Sendable, Codable {
  /// The size of one step, in the grinder's own units (`0.5`).
  public var step: ExactNumber
  /// The lowest setting.
  public var min: ExactNumber
  /// The highest setting.
  public var max: ExactNumber
  /// Whether lower or higher numbers grind finer.
  public var finer: ShotRecord.FinerDirection

  /// A scale; the store refuses one that cannot work (see `problem`).
  public init(step: ExactNumber, min: ExactNumber, max: ExactNumber, finer: ShotRecord.FinerDirection) {
    self.step = step
    self.min = min
    self.max = max
    self.finer = finer
  }

  /// Why a scale cannot work.
  public enum Problem: Hashable, Sendable, Codable {
    /// The step is zero or negative.
    case stepNotPositive
    /// A value lies outside -100000…100000.
    case outOfRange
    /// The minimum is not below the maximum.
    case minimumNotBelowMaximum
  }

  /// Why the scale cannot work, or nil when it can.
  public var problem: Problem? {
    let limit = ExactNumber(100_000)
    if step <= .zero { return .stepNotPositive }
    if step > limit || min.magnitude > limit || max.magnitude > limit { return .outOfRange }
    if min >= max { return .minimumNotBelowMaximum }
    return nil
  }
}

/// A grinder: either a numeric scale, or free-text settings ("3 clicks", ".9 / sp=5") described by a
/// note, in which case grind changes cannot be previewed or applied automatically.
///
/// Edit one by changing its values and passing it to `ShotLogStore.Profiles.updateGrinder(_:)`.
public struct Grinder: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The grinder's identity across exports and imports.
  public var uuid: String
  /// The name, unique in the log (compared without case).
  public var name: String
  /// The numeric scale; nil for free-text settings.
  public var scale: GrinderScale?
  /// How settings are written when there is no numeric scale.
  public var settingsNote: String?
  /// Free-text notes.
  public var notes: String?
  /// When the grinder was added.
  public var createdAt: Timestamp
  /// Set when archived: hidden from lists, kept for history.
  public var archivedAt: Timestamp?

  /// A grinder as given, for previews and tests; the ones in a log are made by
  /// `ShotLogStore.Profiles.addGrinder(name:scale:settingsNote:notes:)`, which assigns `id`, `uuid` and
  /// `createdAt`.
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

}

/// A portafilter basket.
///
/// Edit one by changing its values and passing it to `ShotLogStore.Profiles.updateBasket(_:)`.
public struct Basket: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The basket's identity across exports and imports.
  public var uuid: String
  /// The name, unique in the log (compared without case).
  public var name: String
  /// The nominal dose the basket is made for, in grams.
  public var capacityG: ExactNumber?
  /// Free-text notes.
  public var notes: String?
  /// When the basket was added.
  public var createdAt: Timestamp
  /// Set when archived: hidden from lists, kept for history.
  public var archivedAt: Timestamp?

  /// A basket as given, for previews and tests; the ones in a log are made by
  /// `ShotLogStore.Profiles.addBasket(name:capacityG:notes:)`, which assigns `id`, `uuid` and `createdAt`.
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
public enum ProfileKind: String, Hashable, Sendable, CaseIterable, Codable {
  /// A `Bean`.
  case bean
  /// A `Grinder`.
  case grinder
  /// A `Basket`.
  case basket

  /// The table that stores the kind.
  var table: String {
    switch self {
    case .bean: "beans"
    case .grinder: "grinders"
    case .basket: "baskets"
    }
  }
}
