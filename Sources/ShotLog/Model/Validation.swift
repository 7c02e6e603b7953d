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
  /// A bag's weight when full, in grams (at most 10000).
  case bagWeight

  /// The unit written after values.
  public var unit: String {
    switch self {
    case .dose, .yield, .capacity, .bagWeight: "g"
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
    case .bagWeight: ExactNumber(10_000)
    }
  }

  /// Whether `value` is in range: greater than zero and at most `maximum`.
  public func accepts(_ value: ExactNumber) -> Bool { value > .zero && value <= maximum }

  /// Reads typed text (`36.4`, surrounding spaces allowed) as an exact value of this quantity.
  public func parse(_ text: String) throws(ShotLogError) -> ExactNumber {
    let number = try Self.number(text, problem: { .invalidNumber(self, text: text, problem: $0) })
    try check(number)
    return number
  }

  /// Reads decimal text exactly; `problem` makes the error. Too many digits after the point is
  /// "too many decimals" however many digits there are in all (`30.00000000000000000001` is
  /// not a large number).
  static func number(_ text: String, problem: (ShotLogError.NumberProblem) -> ShotLogError) throws(ShotLogError)
    -> ExactNumber
  {
    let trimmed = text.trimmingSpaces
    switch ExactNumber.parse(trimmed) {
    case .success(let value): return value
    case .failure(.tooPrecise): throw problem(.tooManyDecimals)
    case .failure(.tooLarge), .failure(.tooManyDigits):
      let decimals = trimmed.split(separator: ".", maxSplits: 1).dropFirst().first.map { part in
        part.prefix { $0.isASCII && $0.isNumber }.count
      }
      throw problem((decimals ?? 0) > ExactNumber.Limits.maxFractionDigits ? .tooManyDecimals : .tooLarge)
    case .failure(.malformed): throw problem(.notANumber)
    }
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
  static let maxTextBytes = 1000

  /// Why `text` is not an acceptable name or grind setting (one line of text), or nil when it is.
  package static func problem(withText text: String) -> ShotLogError.TextProblem? {
    if text.trimmingSpaces.isEmpty { return .empty }
    if text.utf8.count > maxTextBytes { return .tooLong(limit: maxTextBytes) }
    if let control = text.unicodeScalars.first(where: isControl) { return .controlCharacter(control.value) }
    return nil
  }

  /// C0 controls, DEL and C1 controls: characters that are not text and that a terminal acts on.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A rating from 0 to 5 in half steps (`3.5`).
  package static func rating(_ text: String) throws(ShotLogError) -> ExactNumber {
    let value = try Quantity.number(text, problem: { _ in ShotLogError.invalidRating(text: text) })
    try checkRating(value, text: text)
    return value
  }

  /// Throws unless `value` is 0 to 5 in half steps.
  static func checkRating(_ value: ExactNumber, text: String? = nil) throws(ShotLogError) {
    let doubled = value.multiplied(by: ExactNumber(2))
    guard value >= .zero, value <= ExactNumber(5), let doubled, doubled.rounded(places: 0) == doubled else {
      throw .invalidRating(text: text ?? value.decimalText)
    }
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
    var sawNone = false
    for word in words.flatMap({ $0.split(separator: ",").map { String($0).trimmingSpaces.lowercased() } })
    where !word.isEmpty {
      if word == "none" {
        sawNone = true
        continue
      }
      guard let tag = Tag(rawValue: word) else {
        let names = Tag.allCases.map(\.rawValue)
        throw .unknownTag(vocabulary: Tag.setName, word: word, closest: closest(word, among: names), known: names)
      }
      set.insert(tag)
    }
    if sawNone, !set.isEmpty {
      throw .contradictoryTags(vocabulary: Tag.setName, words: ["none"] + set.names)
    }
    return set
  }

  /// Throws unless every measurement is in its quantity's range (unknown values are fine) and
  /// they agree with each other: the first drop comes before the end of the shot, and a shot
  /// cannot both gush and choke.
  package static func check(_ m: ShotRecord.Measurements) throws(ShotLogError) {
    let values: [(ExactNumber?, Quantity)] = [
      (m.doseG, .dose), (m.yieldG, .yield), (m.timeS, .time), (m.firstDropS, .firstDrop),
    ]
    for case (let value?, let quantity) in values { try quantity.check(value) }
    if let drop = m.firstDropS, let time = m.timeS, drop >= time {
      throw .firstDropNotBeforeEnd(firstDrop: drop, time: time)
    }
    if let flow = m.flow, flow.contains(.gushing), flow.contains(.choked) {
      throw .contradictoryTags(vocabulary: FlowTag.setName, words: ["gushing", "choked"])
    }
  }

  /// Why `grind` cannot be set on a grinder with `scale`, or nil when it can: on a numeric scale
  /// the setting must be a number from the scale's lowest to its highest setting.
  package static func problem(withGrind grind: String, on scale: GrinderScale?) -> ShotLogError.GrindProblem? {
    guard let scale else { return nil }
    guard let value = GrindSetting(text: grind.trimmingSpaces).value else { return .notANumber }
    if value < scale.min || value > scale.max { return .outsideScale }
    return nil
  }

}
