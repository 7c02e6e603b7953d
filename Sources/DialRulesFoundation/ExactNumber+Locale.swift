import DialRules
import Foundation
import ShotLog

/// Numbers as people type them: `18,5` in German or Spanish, `18.5` in English.
///
/// Only the locale's decimal separator is accepted, and no grouping separators: the quantities of
/// a shot stay below a thousand, and `18.5` typed in German (where `.` groups thousands) or
/// `18,5` typed in English (where `,` does) is ambiguous, so it is refused rather than read as 185.
extension ExactNumber {
  /// The number `text` writes in `locale`'s format (`18,5` with a German locale), exactly; nil
  /// when it is not one (see `ExactNumber.init(_:)` for the limits). Spaces around it are ignored.
  public init?(_ text: String, locale: Locale) {
    guard let normal = ExactNumber.posixText(text, locale: locale) else { return nil }
    self.init(normal)
  }

  /// `text` with `locale`'s decimal separator made a point, or nil when it holds the other
  /// separator (a grouping one) and so is ambiguous.
  static func posixText(_ text: String, locale: Locale) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let separator = locale.decimalSeparator ?? "."
    guard separator != "." else { return trimmed.contains(",") ? nil : trimmed }
    guard !trimmed.contains(".") else { return nil }
    return trimmed.replacing(separator, with: ".")
  }
}

extension Quantity {
  /// `Quantity.parse(_:)` for text in `locale`'s number format: `18,5` is a dose of 18.5 g with a
  /// German locale. Text with the other separator is refused as `ShotLogError.invalidNumber`.
  public func parse(_ text: String, locale: Locale) throws(ShotLogError) -> ExactNumber {
    guard let normal = ExactNumber.posixText(text, locale: locale) else {
      throw .invalidNumber(self, text: text, problem: .notANumber)
    }
    return try parse(normal)
  }
}
