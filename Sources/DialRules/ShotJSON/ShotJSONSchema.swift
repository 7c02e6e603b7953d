/// What shot JSON v1 accepts (design §6), as data the reader is driven by: the objects and their
/// keys, the words allowed in enumerated fields, and the bounds on every number.
///
/// `docs/shot-json.md` documents the same tables; change both together.
enum ShotJSONSchema {
  /// The only `format` value accepted.
  static let format = "dialrules-shot"
  /// The only `version` accepted.
  static let version = 1
  /// Largest document (whole file for `read`, one line for `readLines`): a shot is well under 1 KiB,
  /// so 1 MiB leaves room for any honest input while bounding the work a hostile one can cause.
  static let maxDocumentBytes = 1 << 20
  /// Longest `id`, `grinder.name` or `recipe.grind` text, in bytes after unescaping.
  static let maxStringBytes = 1000
  /// Errors reported for one document before the reader gives up on it.
  static let maxErrors = 100

  // MARK: Objects and keys

  /// An object of the format; names it in messages and prefixes the JSON paths of its keys.
  enum Scope: String, Sendable {
    case top = ""
    case recipe, grinder, shot, previous
    case previousShot = "previous.shot"
    case adjustment = "previous.adjustment"

    /// The JSON path of `key` in this object: `recipe.dose_g`, `format`.
    func path(_ key: String) -> String { self == .top ? key : rawValue + "." + key }

    /// Where, in a message: `at top level`, `in 'shot'`.
    var described: String { self == .top ? "at top level" : "in '\(rawValue)'" }
  }

  enum TopKey: String, CaseIterable, Sendable {
    case format, version, id, recipe, grinder, shot, previous
    static let table = JSONWordTable<Self>()
  }

  enum RecipeKey: String, CaseIterable, Sendable {
    case doseG = "dose_g", yieldG = "yield_g", timeS = "time_s", temperatureC = "temperature_c", grind
    static let table = JSONWordTable<Self>()
  }

  enum GrinderKey: String, CaseIterable, Sendable {
    case name, step, min, max, finer
    static let table = JSONWordTable<Self>()
  }

  /// Keys of `shot` and of `previous.shot`.
  enum MeasurementKey: String, CaseIterable, Sendable {
    case doseG = "dose_g", yieldG = "yield_g", timeS = "time_s", firstDropS = "first_drop_s", taste, flow
    static let table = JSONWordTable<Self>()
  }

  enum PreviousKey: String, CaseIterable, Sendable {
    case adjustment, shot
    static let table = JSONWordTable<Self>()
  }

  enum AdjustmentKey: String, CaseIterable, Sendable {
    case type, direction, steps
    case deltaG = "delta_g", deltaC = "delta_c"
    static let table = JSONWordTable<Self>()
  }

  /// The `type` of an adjustment object, with the keys each type requires besides `type`.
  enum AdjustmentType: String, CaseIterable, Sendable {
    case grind, yield, temperature
    case noChange = "no_change"
    static let table = JSONWordTable<Self>()

    var requiredKeys: [AdjustmentKey] {
      switch self {
      case .grind: [.direction, .steps]
      case .yield: [.deltaG]
      case .temperature: [.deltaC]
      case .noChange: []
      }
    }
  }

  static let tasteTags = JSONWordTable<TasteTag>()
  static let flowTags = JSONWordTable<FlowTag>()
  static let finerDirections = JSONWordTable<ShotRecord.FinerDirection>()
  static let grindDirections = JSONWordTable<GrindDirection>()

  // MARK: Numbers

  /// The values a number field admits. Bounds are deliberately generous — they catch unit mistakes
  /// (kilograms, Fahrenheit, milliseconds) and garbage, not unusual recipes.
  struct NumberRule: Sendable {
    var minimum: ExactNumber
    /// Whether `minimum` itself is allowed (`first_drop_s` may be 0, a dose may not).
    var minimumAllowed: Bool
    var maximum: ExactNumber
    var nonZero = false
    var wholeNumber = false
    /// The expected range in words, for messages: `more than 0 and at most 100 g`.
    var expectation: String
    /// What the field measures, for the help line.
    var help: String

    func admits(_ v: ExactNumber) -> Bool {
      if minimumAllowed ? v < minimum : v <= minimum { return false }
      if v > maximum { return false }
      if nonZero && v.isZero { return false }
      return true
    }
  }

  static let dose = NumberRule(
    minimum: .zero, minimumAllowed: false, maximum: ExactNumber(100),
    expectation: "more than 0 and at most 100 g", help: "doses are grams of ground coffee")
  static let yield = NumberRule(
    minimum: .zero, minimumAllowed: false, maximum: ExactNumber(500),
    expectation: "more than 0 and at most 500 g", help: "yields are grams of espresso in the cup")
  static let time = NumberRule(
    minimum: .zero, minimumAllowed: false, maximum: ExactNumber(600),
    expectation: "more than 0 and at most 600 s", help: "times are seconds from the start of the shot")
  static let firstDrop = NumberRule(
    minimum: .zero, minimumAllowed: true, maximum: ExactNumber(600),
    expectation: "between 0 and 600 s", help: "times are seconds from the start of the shot")
  static let temperature = NumberRule(
    minimum: .zero, minimumAllowed: false, maximum: ExactNumber(110),
    expectation: "more than 0 and at most 110 C", help: "temperatures are degrees Celsius")
  static let grindSetting = NumberRule(
    minimum: ExactNumber(-100_000), minimumAllowed: true, maximum: ExactNumber(100_000),
    expectation: "between -100000 and 100000", help: "a grind setting is a number on the grinder's own scale")
  static let grinderStep = NumberRule(
    minimum: .zero, minimumAllowed: false, maximum: ExactNumber(100_000),
    expectation: "more than 0 and at most 100000", help: "the step is how far one click moves the setting")
  static let grinderBound = NumberRule(
    minimum: ExactNumber(-100_000), minimumAllowed: true, maximum: ExactNumber(100_000),
    expectation: "between -100000 and 100000", help: "a grind setting is a number on the grinder's own scale")
  static let steps = NumberRule(
    minimum: ExactNumber(1), minimumAllowed: true, maximum: ExactNumber(100), wholeNumber: true,
    expectation: "a whole number from 1 to 100", help: "grind adjustments count whole grinder steps")
  static let deltaGrams = NumberRule(
    minimum: ExactNumber(-100), minimumAllowed: true, maximum: ExactNumber(100), nonZero: true,
    expectation: "non-zero and between -100 and 100 g", help: "a yield change is in grams; use 'no_change' for none")
  static let deltaCelsius = NumberRule(
    minimum: ExactNumber(-20), minimumAllowed: true, maximum: ExactNumber(20), nonZero: true,
    expectation: "non-zero and between -20 and 20 C", help: "a temperature change is in degrees Celsius")
  /// `version` is checked for equality with 1 afterwards; this only bounds it.
  static let anyNumber = NumberRule(
    minimum: ExactNumber(-1_000_000_000), minimumAllowed: true, maximum: ExactNumber(1_000_000_000),
    expectation: "a number", help: "")
}

/// A fixed vocabulary (keys, tags, enumerated values) with its UTF-8 bytes ready for matching, so
/// the reader compares bytes in place and never builds a `String` for a word it knows.
struct JSONWordTable<Word: Sendable>: Sendable {
  let words: [Word]
  let names: [String]
  let utf8: [[UInt8]]

  init() where Word: CaseIterable & RawRepresentable, Word.RawValue == String {
    words = Array(Word.allCases)
    names = words.map(\.rawValue)
    utf8 = names.map { Array($0.utf8) }
  }

  /// The position of `word` in the table (-1 if absent, which cannot happen for a full table).
  func position(of word: Word) -> Int where Word: Equatable {
    words.firstIndex(of: word) ?? -1
  }

  /// The position of the word spelled by `content`, or nil.
  func index(of content: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = content.count
    for i in utf8.indices {
      let name = utf8[i]
      guard name.count == count else { continue }
      var equal = true
      for k in 0..<count where name[k] != content[k] {
        equal = false
        break
      }
      if equal { return i }
    }
    return nil
  }
}
