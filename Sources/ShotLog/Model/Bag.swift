import DialRules

/// One bag of a bean: who roasted it and when, how much coffee it held and when it was opened.
///
/// A bean is the coffee; its bags are the lots bought of it. Each shot records the bag it was
/// pulled from, so its age ("9 days after roasting") and the roast facts its review shows are the
/// bag's, and opening a new bag (`ShotLogStore.Profiles.openBag`) or correcting one (`updateBag`) never
/// re-reads the history of another. The bean's current bag is its newest one; the bean's own
/// `roaster` and `roastDate` are that bag's.
public struct Bag: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The bag's identity across exports and imports. A bean's first bag has one made from the
  /// bean's (`Bag.firstUUID(ofBean:)`), so two logs that share the bean share its first bag.
  public var uuid: String
  /// The bean it is a bag of.
  public var beanID: Int64
  /// Who roasted it.
  public var roaster: String?
  /// The roast date printed on the bag.
  public var roastDate: CalendarDate?
  /// How much coffee it held when full, in grams; nil when not known.
  public var weightG: ExactNumber?
  /// The day it was opened; nil when not given.
  public var openedOn: CalendarDate?
  /// When the bag was added to the log: from then on, shots are pulled from it.
  public var createdAt: Timestamp

  /// A bag as given, for previews and tests; the store assigns `id` when it inserts one
  /// (`ShotLogStore.Profiles.openBag(of:roaster:roastDate:weightG:openedOn:)`).
  public init(
    id: Int64 = 0, uuid: String, beanID: Int64, roaster: String? = nil, roastDate: CalendarDate? = nil,
    weightG: ExactNumber? = nil, openedOn: CalendarDate? = nil, createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.beanID = beanID
    self.roaster = roaster
    self.roastDate = roastDate
    self.weightG = weightG
    self.openedOn = openedOn
    self.createdAt = createdAt
  }

  /// The UUID of a bean's first bag, made from the bean's UUID: the bag the schema migration
  /// gives every bean that existed before bags, the one a new bean starts with, and the one an
  /// export without bags (version 1) is read with — so all three agree.
  static func firstUUID(ofBean beanUUID: String) -> String {
    // FNV-1a of the salted UUID, then SplitMix64's finaliser so that UUIDs a character apart do not
    // give bags' UUIDs that look alike.
    func word(_ salt: String) -> UInt64 {
      var z = (UInt64(ContentHash.hex(Array((salt + beanUUID).utf8)), radix: 16) ?? 0) &+ 0x9E37_79B9_7F4A_7C15
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var bytes: [UInt8] = []
    for value in [word("first bag:"), word("first bag, second half:")] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      }
    }
    // A name-based UUID (version 5 layout, RFC 9562 variant).
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return formatUUID(bytes)
  }
}

/// A bag with what was pulled from it (`ShotLogStore.Profiles.bagUsage(beanID:)`): what `history` shows per
/// bag.
public struct BagUsage: Hashable, Sendable {
  /// The bag.
  public var bag: Bag
  /// Its number among the bean's bags, 1 for the first.
  public var number: Int
  /// The shots pulled from it, voided ones included.
  public var shots: Int
  /// The grams dosed by the shots that count (not voided, and for a corrected shot only its
  /// correction); a shot with no dose counts none.
  public var dosedG: ExactNumber
  /// What is left: the weight less `dosedG`, never below zero; nil when the weight is not known.
  public var leftG: ExactNumber? {
    guard let weight = bag.weightG, let left = weight.subtracting(dosedG) else { return nil }
    return left < .zero ? .zero : left
  }

  /// A bag's usage.
  init(bag: Bag, number: Int, shots: Int, dosedG: ExactNumber) {
    self.bag = bag
    self.number = number
    self.shots = shots
    self.dosedG = dosedG
  }
}
