import DialRules
import Foundation

/// Exact numbers and Foundation's `Decimal`: both are decimal, so every number a shot holds (at
/// most 9 decimals, 18 digits) converts both ways without rounding.
extension ExactNumber {
  /// The decimal's value exactly, or nil when it has more than `ExactNumber.Limits` admit (more
  /// than 9 decimals or 18 significant digits, a magnitude above 10⁹) or is NaN.
  public init?(_ decimal: Decimal) {
    guard decimal.isFinite else { return nil }
    // `Decimal.description` is locale-independent: digits, a point, a sign.
    self.init(decimal.description)
  }

  /// The number as a `Decimal`: exact for a number with a finite decimal form (every number read
  /// from shot JSON or a rule file); a fraction without one (1/3, a ratio such as 38/18) is
  /// rounded to 38 significant digits, `Decimal`'s precision.
  public var decimal: Decimal {
    let text = exactText  // decimal text, or `numerator/denominator` when there is none
    if !text.contains("/"), let exact = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
      return exact
    }
    // Both parts are integers; `Decimal` holds up to 38 digits of each.
    let parts = (Decimal(string: "\(numerator)"), Decimal(string: "\(denominator)"))
    guard let n = parts.0, let d = parts.1 else { return Decimal.nan }
    return n / d
  }

  /// The value of a finite `Double`, from its shortest decimal form (`0.1` is 0.1, not
  /// 0.1000000000000000055…); nil for NaN, infinities and values beyond `ExactNumber.Limits`.
  public init?(approximating value: Double) {
    guard value.isFinite else { return nil }
    self.init("\(value)")
  }

  /// The nearest `Double`, for drawing and arithmetic where exactness does not matter (a chart).
  public var doubleValue: Double {
    NSDecimalNumber(decimal: decimal).doubleValue
  }
}
