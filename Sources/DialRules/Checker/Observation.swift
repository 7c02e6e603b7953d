/// A physical dimension carried by a quantity. `none` is a plain number (a ratio).
package enum QuantityDimension: String, Hashable, Sendable {
  case mass, time, temperature, steps, none

  /// The unit word used in rule files and messages.
  var unitWord: String {
    switch self {
    case .mass: "g"
    case .time: "s"
    case .temperature: "C"
    case .steps: "steps"
    case .none: "no unit"
    }
  }

  /// The dimension of a unit word, or nil when the word is not a unit.
  package init?(unitWord: String) {
    switch unitWord {
    case "g": self = .mass
    case "s": self = .time
    case "C": self = .temperature
    case "step", "steps": self = .steps
    default: return nil
    }
  }
}

/// A field of the shot record that may be absent (unknown). These are the JSON paths `missing`
/// reports; `shot.flow` and `previous.adjustment` are never unknown, so they are not here.
package enum ObservedPath: String, CaseIterable, Hashable, Sendable, Comparable {
  case previousShotDose = "previous.shot.dose_g"
  case previousShotFirstDrop = "previous.shot.first_drop_s"
  case previousShotTaste = "previous.shot.taste"
  case previousShotTime = "previous.shot.time_s"
  case previousShotYield = "previous.shot.yield_g"
  case recipeDose = "recipe.dose_g"
  case recipeTemperature = "recipe.temperature_c"
  case recipeTime = "recipe.time_s"
  case recipeYield = "recipe.yield_g"
  case shotDose = "shot.dose_g"
  case shotFirstDrop = "shot.first_drop_s"
  case shotTaste = "shot.taste"
  case shotTime = "shot.time_s"
  case shotYield = "shot.yield_g"

  /// Bit for masks; cases are declared in sorted order so mask order is output order.
  var bit: UInt32 {
    switch self {
    case .previousShotDose: 1 << 0
    case .previousShotFirstDrop: 1 << 1
    case .previousShotTaste: 1 << 2
    case .previousShotTime: 1 << 3
    case .previousShotYield: 1 << 4
    case .recipeDose: 1 << 5
    case .recipeTemperature: 1 << 6
    case .recipeTime: 1 << 7
    case .recipeYield: 1 << 8
    case .shotDose: 1 << 9
    case .shotFirstDrop: 1 << 10
    case .shotTaste: 1 << 11
    case .shotTime: 1 << 12
    case .shotYield: 1 << 13
    }
  }

  package static func < (lhs: ObservedPath, rhs: ObservedPath) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The paths in a mask, sorted.
  package static func paths(in mask: UInt32) -> [String] {
    var out: [String] = []
    var i = 0
    for p in allCases {
      if mask & (1 << UInt32(i)) != 0 { out.append(p.rawValue) }
      i += 1
    }
    return out
  }
}

/// A numeric field of a shot record that a rule can read directly.
package enum NumericField: String, CaseIterable, Hashable, Sendable {
  case shotDose = "shot.dose"
  case shotYield = "shot.yield"
  case shotTime = "shot.time"
  case shotFirstDrop = "shot.first_drop"
  case recipeDose = "recipe.dose"
  case recipeYield = "recipe.yield"
  case recipeTime = "recipe.time"
  case recipeTemperature = "recipe.temperature"
  case previousShotDose = "previous.shot.dose"
  case previousShotYield = "previous.shot.yield"
  case previousShotTime = "previous.shot.time"
  case previousShotFirstDrop = "previous.shot.first_drop"

  package var dimension: QuantityDimension {
    switch self {
    case .shotDose, .shotYield, .recipeDose, .recipeYield, .previousShotDose, .previousShotYield: .mass
    case .shotTime, .shotFirstDrop, .recipeTime, .previousShotTime, .previousShotFirstDrop: .time
    case .recipeTemperature: .temperature
    }
  }

  package var path: ObservedPath {
    switch self {
    case .shotDose: .shotDose
    case .shotYield: .shotYield
    case .shotTime: .shotTime
    case .shotFirstDrop: .shotFirstDrop
    case .recipeDose: .recipeDose
    case .recipeYield: .recipeYield
    case .recipeTime: .recipeTime
    case .recipeTemperature: .recipeTemperature
    case .previousShotDose: .previousShotDose
    case .previousShotYield: .previousShotYield
    case .previousShotTime: .previousShotTime
    case .previousShotFirstDrop: .previousShotFirstDrop
    }
  }

  /// Reads the field from a shot record; nil when absent.
  @inline(__always)
  func value(in shot: ShotRecord) -> ExactNumber? {
    switch self {
    case .shotDose: shot.shot?.doseG
    case .shotYield: shot.shot?.yieldG
    case .shotTime: shot.shot?.timeS
    case .shotFirstDrop: shot.shot?.firstDropS
    case .recipeDose: shot.recipe?.doseG
    case .recipeYield: shot.recipe?.yieldG
    case .recipeTime: shot.recipe?.timeS
    case .recipeTemperature: shot.recipe?.temperatureC
    case .previousShotDose: shot.previous?.shot?.doseG
    case .previousShotYield: shot.previous?.shot?.yieldG
    case .previousShotTime: shot.previous?.shot?.timeS
    case .previousShotFirstDrop: shot.previous?.shot?.firstDropS
    }
  }
}

/// Which tag set a `has` test reads.
package enum TagSource: String, CaseIterable, Hashable, Sendable {
  case shotTaste = "shot.taste"
  case shotFlow = "shot.flow"
  case previousShotTaste = "previous.shot.taste"
  case previousShotFlow = "previous.shot.flow"

  /// The path reported as missing when the set is unknown; nil for sets that are never unknown.
  var path: ObservedPath? {
    switch self {
    case .shotTaste: .shotTaste
    case .shotFlow, .previousShotFlow: nil
    case .previousShotTaste: .previousShotTaste
    }
  }

  /// Whether the set holds flow words (else taste words).
  var isFlow: Bool { self == .shotFlow || self == .previousShotFlow }

  /// The tag words this set accepts.
  package var vocabulary: [String] {
    isFlow ? FlowTag.allCases.map { $0.rawValue } : TasteTag.allCases.map { $0.rawValue }
  }

  /// Whether the set in `shot` contains the tags of `mask`: nil when the set is unknown. An absent
  /// flow list is the empty set (docs/design.md §4: flow tags are exceptions, noted when seen), for the
  /// shot before as for this one.
  @inline(__always)
  func contains(mask: UInt32, in shot: ShotRecord) -> Bool? {
    switch self {
    case .shotTaste:
      guard let taste = shot.shot?.taste else { return nil }
      return taste.contains(mask: mask)
    case .shotFlow:
      guard let flow = shot.shot?.flow else { return false }
      return flow.contains(mask: mask)
    case .previousShotTaste:
      guard let taste = shot.previous?.shot?.taste else { return nil }
      return taste.contains(mask: mask)
    case .previousShotFlow:
      guard let flow = shot.previous?.shot?.flow else { return false }
      return flow.contains(mask: mask)
    }
  }

  /// The set's members as text for explanations, or nil when unknown.
  func members(in shot: ShotRecord) -> [String]? {
    switch self {
    case .shotTaste: shot.shot?.taste.map { $0.members.map { $0.rawValue } }
    case .shotFlow: (shot.shot?.flow ?? TagSet()).members.map { $0.rawValue }
    case .previousShotTaste: shot.previous?.shot?.taste.map { $0.members.map { $0.rawValue } }
    case .previousShotFlow: (shot.previous?.shot?.flow ?? TagSet()).members.map { $0.rawValue }
    }
  }

  /// The bit of `tag` in this set's vocabulary, or nil when the word is not a tag of this set.
  package func mask(of tag: String) -> UInt32? {
    isFlow
      ? FlowTag(rawValue: tag).map { TagSet<FlowTag>.bit($0) }
      : TasteTag(rawValue: tag).map { TagSet<TasteTag>.bit($0) }
  }

  /// How the set is written in a region or a column: `taste`, `flow`, `previous.shot.taste`.
  var regionWord: String {
    switch self {
    case .shotTaste: "taste"
    case .shotFlow: "flow"
    case .previousShotTaste, .previousShotFlow: rawValue
    }
  }

  /// Whether a bare tag word means a test on this set (only this shot's sets: `sour`,
  /// `channeling`).
  var isThisShot: Bool { self == .shotTaste || self == .shotFlow }
}
