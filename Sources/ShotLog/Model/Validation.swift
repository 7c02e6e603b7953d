import DialRules

/// A measured or target quantity, with the range a real espresso value can take.
///
/// Ranges are generous (a 500 g yield, a 10 minute shot) but refuse zero, negatives and typos of a
/// wrong order of magnitude, which would otherwise silently skew every later suggestion. They are
/// the bounds of shot JSON v1 (docs/shot-json.md), so every stored shot exports as shot JSON that
/// `dialrules` and `dialshot import` accept.
public enum Quantity: String, Sendable {
  case dose, yield, time, firstDrop, temperature, capacity

  /// The unit written after values.
  public var unit: String {
    switch self {
    case .dose, .yield, .capacity: "g"
    case .time, .firstDrop: "s"
    case .temperature: "°C"
    }
  }

  /// The largest accepted value.
  var maximum: ExactNumber {
    switch self {
    case .dose, .capacity: ExactNumber(100)
    case .yield: ExactNumber(500)
    case .time, .firstDrop: ExactNumber(600)
    case .temperature: ExactNumber(110)
    }
  }
}

/// Checks on values typed by a user or read from an import file.
public enum Validation {
  /// Parses `text` as `quantity`; the error names `field` and says what is accepted.
  public static func parse(_ text: String, as quantity: Quantity, field: String) throws(ShotLogError) -> ExactNumber {
    let trimmed = text.trimmingSpaces
    let number: ExactNumber
    switch ExactNumber.parse(trimmed) {
    case .success(let value): number = value
    case .failure(.tooPrecise):
      throw ShotLogError(.invalid, "\(field): '\(text)' has too many decimals (at most 9)")
    case .failure(.tooLarge), .failure(.tooManyDigits):
      throw ShotLogError(.invalid, "\(field): '\(text)' is too large")
    case .failure(.malformed):
      throw ShotLogError(.invalid, "\(field): expected a number in \(quantity.unit), found '\(text)'")
    }
    if let problem = check(number, quantity) { throw ShotLogError(.invalid, "\(field): \(problem)") }
    return number
  }

  /// Why `value` is not an acceptable `quantity`, or nil when it is.
  public static func check(_ value: ExactNumber, _ quantity: Quantity) -> String? {
    if value <= .zero { return "must be greater than 0 \(quantity.unit), found \(value.decimalText)" }
    if value > quantity.maximum {
      return "\(value.decimalText) \(quantity.unit) is implausibly large (at most \(quantity.maximum.decimalText))"
    }
    return nil
  }

  /// Why a grinder scale is unusable, or nil.
  public static func problem(with scale: GrinderScale) -> String? {
    let limit = ExactNumber(100_000)
    if scale.step <= .zero { return "the grinder step must be greater than 0" }
    if scale.step > limit || scale.min.magnitude > limit || scale.max.magnitude > limit {
      return "grinder settings must lie between -100000 and 100000"
    }
    if scale.min >= scale.max { return "the grinder minimum must be below its maximum" }
    return nil
  }

  /// Longest accepted text for names and grind settings, in UTF-8 bytes: shot JSON's limit.
  public static let maxTextBytes = 1000

  /// Why `text` is not an acceptable name or setting, or nil.
  public static func problem(withText text: String, field: String) -> String? {
    if text.trimmingSpaces.isEmpty { return "\(field) cannot be empty" }
    if text.utf8.count > maxTextBytes { return "\(field) is longer than \(maxTextBytes) bytes" }
    return nil
  }

  /// Throws when a grinder scale is unusable.
  static func check(_ scale: GrinderScale) throws(ShotLogError) {
    if let problem = problem(with: scale) { throw ShotLogError(.invalid, problem) }
  }

  /// Parses a taste list (`sour,thin` or separate words); `none` is an explicit empty verdict.
  public static func tastes(_ words: [String]) throws(ShotLogError) -> TagSet<TasteTag> {
    try tags(words, vocabulary: TasteTag.self)
  }

  /// Parses a flow list; `none` is explicitly nothing noted.
  public static func flows(_ words: [String]) throws(ShotLogError) -> TagSet<FlowTag> {
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
        throw ShotLogError(
          .invalid, "unknown \(Tag.setName) tag '\(word)'",
          help: closest(word, among: names).map { "did you mean '\($0)'?" } ?? "known: \(names.joined(separator: ", "))"
        )
      }
      set.insert(tag)
    }
    return set
  }
}
