/// What shot JSON v1 accepts (docs/design.md §6), as data the reader is driven by: the objects and their
/// keys, the words allowed in enumerated fields, and the bounds on every number.
///
/// `docs/shot-json.md` documents the same tables; change both together.
enum ShotJSONSchema {
  /// The only `format` value accepted.
  static let format = "dialrules-shot"
  /// `format` packed for matching, as keys are (`PackedWord`).
  static let formatWord = Array(format.utf8).withUnsafeBufferPointer { PackedWord($0) }
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

  /// Keys of the top-level object, in canonical (output) order.
  enum TopKey: String, CaseIterable, Sendable {
    case format, version, id, recipe, grinder, shot, previous
    static let table = JSONWordTable<Self>()
    /// Where `format` and `version` are in `table` (the order of the cases; checked by the tests).
    static let formatPosition = 0
    static let versionPosition = 1
  }

  /// Keys of `recipe`.
  enum RecipeKey: String, CaseIterable, Sendable {
    case doseG = "dose_g", yieldG = "yield_g", timeS = "time_s", temperatureC = "temperature_c", grind
    static let table = JSONWordTable<Self>()
  }

  /// Keys of `grinder`.
  enum GrinderKey: String, CaseIterable, Sendable {
    case name, step, min, max, finer
    static let table = JSONWordTable<Self>()
  }

  /// Keys of `shot` and of `previous.shot`.
  enum MeasurementKey: String, CaseIterable, Sendable {
    case doseG = "dose_g", yieldG = "yield_g", timeS = "time_s", firstDropS = "first_drop_s", taste, flow
    static let table = JSONWordTable<Self>()
  }

  /// Keys of `previous`.
  enum PreviousKey: String, CaseIterable, Sendable {
    case adjustment, shot
    static let table = JSONWordTable<Self>()
  }

  /// Every key an adjustment object may have; which ones depends on its `type`.
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

  /// Every kind of number field, with its bounds and the words used to explain them.
  ///
  /// An enum rather than a table of structs with `String` members: the reader passes the field for
  /// every number it reads, and a trivial value costs no reference counting; the texts are only
  /// needed when something is wrong. Bounds are deliberately generous — they catch unit mistakes
  /// (kilograms, Fahrenheit, milliseconds) and garbage, not unusual recipes.
  enum NumberField: Sendable {
    case dose, yield, time, firstDrop, temperature, grindSetting, grinderStep, grinderBound
    case steps, deltaGrams, deltaCelsius
    /// `version`: only bounded here; compared with 1 afterwards.
    case version

    var rule: NumberRule {
      switch self {
      case .dose: NumberRule(minimum: 0, minimumAllowed: false, maximum: 100)
      case .yield: NumberRule(minimum: 0, minimumAllowed: false, maximum: 500)
      case .time: NumberRule(minimum: 0, minimumAllowed: false, maximum: 600)
      case .firstDrop: NumberRule(minimum: 0, minimumAllowed: true, maximum: 600)
      case .temperature: NumberRule(minimum: 0, minimumAllowed: false, maximum: 110)
      case .grindSetting, .grinderBound: NumberRule(minimum: -100_000, minimumAllowed: true, maximum: 100_000)
      case .grinderStep: NumberRule(minimum: 0, minimumAllowed: false, maximum: 100_000)
      case .steps: NumberRule(minimum: 1, minimumAllowed: true, maximum: 100, wholeNumber: true)
      case .deltaGrams: NumberRule(minimum: -100, minimumAllowed: true, maximum: 100, nonZero: true)
      case .deltaCelsius: NumberRule(minimum: -20, minimumAllowed: true, maximum: 20, nonZero: true)
      case .version: NumberRule(minimum: -1_000_000_000, minimumAllowed: true, maximum: 1_000_000_000)
      }
    }

    /// The admitted range in words, for messages: `more than 0 and at most 100 g`.
    var expectation: String {
      switch self {
      case .dose: "more than 0 and at most 100 g"
      case .yield: "more than 0 and at most 500 g"
      case .time: "more than 0 and at most 600 s"
      case .firstDrop: "between 0 and 600 s"
      case .temperature: "more than 0 and at most 110 C"
      case .grindSetting, .grinderBound: "between -100000 and 100000"
      case .grinderStep: "more than 0 and at most 100000"
      case .steps: "a whole number from 1 to 100"
      case .deltaGrams: "non-zero and between -100 and 100 g"
      case .deltaCelsius: "non-zero and between -20 and 20 C"
      case .version: "a number"
      }
    }

    /// What the field measures, for the help line.
    var help: String {
      switch self {
      case .dose: "doses are grams of ground coffee"
      case .yield: "yields are grams of espresso in the cup"
      case .time, .firstDrop: "times are seconds from the start of the shot"
      case .temperature: "temperatures are degrees Celsius"
      case .grindSetting, .grinderBound: "a grind setting is a number on the grinder's own scale"
      case .grinderStep: "the step is how far one click moves the setting"
      case .steps: "grind adjustments count whole grinder steps"
      case .deltaGrams: "a yield change is in grams; use 'no_change' for none"
      case .deltaCelsius: "a temperature change is in degrees Celsius"
      case .version: "this dialrules reads version \(ShotJSONSchema.version)"
      }
    }
  }

  /// The bounds of a number field: whole numbers, so checking is integer arithmetic.
  struct NumberRule: Sendable {
    /// Lower bound.
    var minimum: Int64
    /// Whether `minimum` itself is allowed (`first_drop_s` may be 0, a dose may not).
    var minimumAllowed: Bool
    /// Upper bound (inclusive).
    var maximum: Int64
    var nonZero = false
    var wholeNumber = false

    /// Whether `v` is within the bounds. Whole-number bounds make this a pair of integer cross
    /// multiplications; parsed values (numerator below 10^18, denominator at most 10^9) and bounds
    /// up to 10^9 fit in 64 bits, and anything else falls back to exact comparison.
    func admits(_ v: ExactNumber) -> Bool {
      if let scaled = v.scaledValue { return admits(scaled: scaled) }
      if nonZero && v.isZero { return false }
      if let n = Int64(exactly: v.numerator), let d = Int64(exactly: v.denominator) {
        let (low, o1) = minimum.multipliedReportingOverflow(by: d)
        let (high, o2) = maximum.multipliedReportingOverflow(by: d)
        if !o1 && !o2 { return (minimumAllowed ? n >= low : n > low) && n <= high }
      }
      let low = ExactNumber(Int(minimum))
      if minimumAllowed ? v < low : v <= low { return false }
      return v <= ExactNumber(Int(maximum))
    }

    /// Whether the number whose value × 10⁹ is `scaled` is within the bounds: the same test as
    /// `admits(_:)` on the fixed-point form every accepted number has (bounds up to 10⁹ times 10⁹
    /// fit in 64 bits). `wholeNumber` is checked separately, as for `admits(_:)`.
    @inline(__always)
    func admits(scaled v: Int64) -> Bool {
      if nonZero && v == 0 { return false }
      let low = minimum &* CompactShot.scale
      return (minimumAllowed ? v >= low : v > low) && v <= maximum &* CompactShot.scale
    }
  }
}

/// A fixed vocabulary (keys, tags, enumerated values) with its UTF-8 bytes ready for matching, so
/// the reader compares bytes in place and never builds a `String` for a word it knows.
///
/// Each word is packed into two 64-bit integers plus its length, so a match is a couple of integer
/// comparisons per candidate; every vocabulary word is at most 16 bytes.
struct JSONWordTable<Word: Sendable>: Sendable {
  let words: [Word]
  let names: [String]
  private let packed: [PackedWord]

  init() where Word: CaseIterable & RawRepresentable, Word.RawValue == String {
    words = Array(Word.allCases)
    names = words.map { $0.rawValue }
    packed = names.map { name in
      let bytes = Array(name.utf8)
      precondition(bytes.count <= 16, "vocabulary word '\(name)' is longer than 16 bytes; please report a bug")
      return bytes.withUnsafeBufferPointer { PackedWord($0) } ?? PackedWord(length: -1, low: 0, high: 0)
    }
  }

  /// The position of `word` in the table (-1 if absent, which cannot happen for a full table).
  func position(of word: Word) -> Int where Word: Equatable {
    words.firstIndex(of: word) ?? -1
  }

  /// The position of the word spelled by `content`, or nil.
  func index(of content: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let key = PackedWord(content) else { return nil }
    return index(of: key)
  }

  /// The position of the packed word, or nil.
  @inline(__always)
  func index(of key: PackedWord) -> Int? {
    for i in packed.indices where packed[i] == key { return i }
    return nil
  }

  /// The packed word at position `i`, or nil past the end.
  @inline(__always)
  func packedWord(at i: Int) -> PackedWord? { i >= 0 && i < packed.count ? packed[i] : nil }

  /// The position of the packed word, comparing the one at `hint` first (the expected next key).
  @inline(__always)
  func index(of key: PackedWord, trying hint: Int) -> Int? {
    if hint < packed.count, packed[hint] == key { return hint }
    return index(of: key)
  }
}

/// Up to 16 bytes of a vocabulary word or of a key being matched, little-endian, with its length:
/// matching is then two integer comparisons per candidate.
struct PackedWord: Equatable, Sendable {
  var length: Int
  var low: UInt64
  var high: UInt64

  init(length: Int, low: UInt64, high: UInt64) {
    self.length = length
    self.low = low
    self.high = high
  }

  /// Packs `bytes`, or nil when longer than 16 (no vocabulary word is).
  @inline(__always)
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= 16 else { return nil }
    length = bytes.count
    low = 0
    high = 0
    for i in 0..<bytes.count {
      if i < 8 { low |= UInt64(bytes[i]) << UInt64(8 * i) } else { high |= UInt64(bytes[i]) << UInt64(8 * (i - 8)) }
    }
  }
}
