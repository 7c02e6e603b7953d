import DialRules
import Foundation

/// Amounts and Foundation's `Measurement`: grams, seconds and degrees Celsius convert both ways;
/// a measurement in another unit (ounces, minutes, Fahrenheit) is converted first.
///
/// `Measurement` holds a `Double`, so the value of an amount made from one is the double's
/// shortest decimal form (`18.5`), which is what a person typed or a scale showed.
extension Amount {
  /// The mass in grams; nil when the value is not finite or beyond `ExactNumber.Limits`.
  public init?(_ mass: Measurement<UnitMass>) {
    guard let value = ExactNumber(approximating: mass.converted(to: .grams).value) else { return nil }
    self.init(value, .grams)
  }

  /// The duration in seconds; nil when the value is not finite or beyond `ExactNumber.Limits`.
  public init?(_ duration: Measurement<UnitDuration>) {
    guard let value = ExactNumber(approximating: duration.converted(to: .seconds).value) else { return nil }
    self.init(value, .seconds)
  }

  /// The temperature in degrees Celsius; nil when the value is not finite or beyond
  /// `ExactNumber.Limits`.
  public init?(_ temperature: Measurement<UnitTemperature>) {
    guard let value = ExactNumber(approximating: temperature.converted(to: .celsius).value) else { return nil }
    self.init(value, .celsius)
  }

  /// The amount as a measurement in Foundation's unit (`UnitMass.grams`, `UnitDuration.seconds`,
  /// `UnitTemperature.celsius`); nil for grinder steps and plain numbers, which have no
  /// Foundation unit.
  public var measurement: Measurement<Dimension>? {
    let unit: Dimension
    switch self.unit {
    case .grams: unit = UnitMass.grams
    case .seconds: unit = UnitDuration.seconds
    case .celsius: unit = UnitTemperature.celsius
    case .steps, nil: return nil
    }
    return Measurement(value: value.doubleValue, unit: unit)
  }
}

extension Measurement where UnitType == UnitMass {
  /// `grams` grams.
  public init(grams: ExactNumber) { self.init(value: grams.doubleValue, unit: .grams) }
}

extension Measurement where UnitType == UnitDuration {
  /// `seconds` seconds.
  public init(seconds: ExactNumber) { self.init(value: seconds.doubleValue, unit: .seconds) }
}

extension Measurement where UnitType == UnitTemperature {
  /// `celsius` degrees Celsius.
  public init(celsius: ExactNumber) { self.init(value: celsius.doubleValue, unit: .celsius) }
}
