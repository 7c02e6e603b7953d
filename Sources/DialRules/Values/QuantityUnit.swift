/// The unit a quantity is measured in, as data: an app builds "36 grams" or "36 g" from it in its
/// own words, instead of reading the unit back out of a formatted string.
///
/// New units may be added in a minor release; end a `switch` with `@unknown default`.
public enum QuantityUnit: String, CaseIterable, Hashable, Sendable {
  /// Grams (`g`): doses and yields.
  case grams = "g"
  /// Seconds (`s`): shot times and first drops.
  case seconds = "s"
  /// Degrees Celsius (`C`): brew temperatures.
  case celsius = "C"
  /// Grinder dial-in steps (`steps`).
  case steps = "steps"

  /// The unit's word in rule files and in the library's English texts: `g`, `s`, `C`, `steps`.
  public var symbol: String { rawValue }

  /// The unit of a checked dimension; nil for a plain number (a ratio).
  init?(_ dimension: QuantityDimension) {
    switch dimension {
    case .mass: self = .grams
    case .time: self = .seconds
    case .temperature: self = .celsius
    case .steps: self = .steps
    case .none: return nil
    }
  }
}

/// An exact number with its unit: `36 g`, `-7 s`, or a plain number such as a ratio (no unit).
///
/// ```swift
/// let yield = Amount(36, .grams)
/// yield.text                        // "36 g"
/// "\(yield.value) " + (yield.unit == .grams ? "grams" : "")   // a VoiceOver label: "36 grams"
/// ```
public struct Amount: Hashable, Sendable, CustomStringConvertible {
  /// The exact value.
  public var value: ExactNumber
  /// Its unit; nil for a plain number.
  public var unit: QuantityUnit?

  /// An amount of `value` in `unit` (nil for a plain number).
  public init(_ value: ExactNumber, _ unit: QuantityUnit?) {
    self.value = value
    self.unit = unit
  }

  /// The English form the library's texts use: `36 g`, `-7.5 s`, `93 C`, `2.1` (no unit).
  public var text: String { unit.map { "\(value.decimalText) \($0.symbol)" } ?? value.decimalText }

  /// The same as `text`.
  public var description: String { text }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension QuantityUnit: Codable {}
  extension Amount: Codable {}
#endif
