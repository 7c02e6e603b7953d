import DialRules

/// A measured or target quantity, with the range a real espresso value can take.
///
/// Ranges are generous (a 500 g yield, a 10 minute shot) but refuse zero, negatives and typos of a
/// wrong order of magnitude, which would otherwise silently skew every later suggestion. They are
/// the bounds of shot JSON v1 (docs/shot-json.md), so every stored shot exports as shot JSON that
/// the rules and the import accept. The store checks every value it is given against them. May grow
/// with what the log records.
public enum Quantity: String, Hashable, Sendable {
  /// A dose, in grams (at most 100).
  case dose
  /// A yield, in grams (at most 500).
  case yield
  /// A shot time, in seconds (at most 600).
  case time
  /// The time to the first drop, in seconds (at most 600).
  case firstDrop
  /// A brew temperature, in °C (at most 110).
  case temperature
  /// A basket's capacity, in grams (at most 100).
  case capacity

  /// The unit written after values.
  public var unit: String {
    switch self {
    case .dose, .yield, .capacity: "g"
    case .time, .firstDrop: "s"
    case .temperature: "°C"
    }
  }

  /// The largest accepted value; every value must also be greater than zero.
  public var maximum: ExactNumber {
    switch self {
    case .dose, .capacity: ExactNumber(100)
    case .yield: ExactNumber(500)
    case .time, .firstDrop: ExactNumber(600)
    case .temperature: ExactNumber(110)
    }
  }

  /// Whether `value` is in range: greater than zero and at most `maximum`.
  public func accepts(_ value: ExactNumber) -> Bool { value > .zero && value <= maximum }

  /// Reads typed text (`36.4`, surrounding spaces allowed) as an exact value of this quantity.
  public func parse(_ text: String) throws(ShotLogError) -> ExactNumber {
    let number: ExactNumber
    switch ExactNumber.parse(text.trimmingSpaces) {
    case .success(let value): number = value
    case .failure(.tooPrecise): throw .invalidNumber(self, text: text, problem: .tooManyDecimals)
    case .failure(.tooLarge), .failure(.tooManyDigits): throw .invalidNumber(self, text: text, problem: .tooLarge)
    case .failure(.malformed): throw .invalidNumber(self, text: text, problem: .notANumber)
    }
    try check(number)
    return number
  }

  /// Throws `quantityOutOfRange` unless `value` is in range.
  public func check(_ value: ExactNumber) throws(ShotLogError) {
    guard accepts(value) else { throw .quantityOutOfRange(self, value: value) }
  }
}

/// Checks on values typed by a user or read from an import file (package API: the store and
/// `dialshot` apply them; an app gets their verdicts as `ShotLogError` cases).
package enum Validation {
  /// Longest accepted text for names and grind settings, in UTF-8 bytes: shot JSON's limit.
  package static let maxTextBytes = 1000

  /// Why `text` is not an acceptable name or grind setting, or nil when it is.
  package static func problem(withText text: String) -> ShotLogError.TextProblem? {
    if text.trimmingSpaces.isEmpty { return .empty }
    if text.utf8.count > maxTextBytes { return .tooLong(limit: maxTextBytes) }
    return nil
  }

  /// Why `value` is not an acceptable `quantity`, in the words an import issue uses, or nil.
  static func check(_ value: ExactNumber, _ quantity: Quantity) -> String? {
    if value <= .zero { return "must be greater than 0 \(quantity.unit), found \(value.decimalText)" }
    if value > quantity.maximum {
      return "\(value.decimalText) \(quantity.unit) is implausibly large (at most \(quantity.maximum.decimalText))"
    }
    return nil
  }

  /// Why a grinder scale is unusable, in the words an import issue uses, or nil.
  static func problem(with scale: GrinderScale) -> String? {
    switch scale.problem {
    case .stepNotPositive?: "the grinder step must be greater than 0"
    case .outOfRange?: "grinder settings must lie between -100000 and 100000"
    case .minimumNotBelowMaximum?: "the grinder minimum must be below its maximum"
    case nil: nil
    }
  }

  /// Parses a taste list (`sour,thin` or separate words); `none` is an explicit empty verdict.
  package static func tastes(_ words: [String]) throws(ShotLogError) -> TagSet<TasteTag> {
    try tags(words, vocabulary: TasteTag.self)
  }

  /// Parses a flow list; `none` is explicitly nothing noted.
  package static func flows(_ words: [String]) throws(ShotLogError) -> TagSet<FlowTag> {
    try tags(words, vocabulary: FlowTag.self)
  }

  private static func tags<Tag: TagVocabulary>(_ words: [String], vocabulary: Tag.Type) throws(ShotLogError) -> TagSet<
    Tag
  > {
    var set = TagSet<Tag>()
    for word in words.flatMap({ $0.split(separator: ",").map { String($0).trimmingSpaces.lowercased() } })
    where !word.isEmpty && word != "none" {
      guard let tag = Tag(rawValue: word) else {
        let names = Tag.allCases.map(\.rawValue)
        throw .unknownTag(vocabulary: Tag.setName, word: word, closest: closest(word, among: names), known: names)
      }
      set.insert(tag)
    }
    return set
  }

  /// Throws unless every measurement is in its quantity's range (unknown values are fine).
  static func check(_ m: ShotRecord.Measurements) throws(ShotLogError) {
    let values: [(ExactNumber?, Quantity)] = [
      (m.doseG, .dose), (m.yieldG, .yield), (m.timeS, .time), (m.firstDropS, .firstDrop),
    ]
    for case (let value?, let quantity) in values { try quantity.check(value) }
  }
}
