import DialRules
import Foundation

/// Formats exact numbers in a locale's number format: `18,5` in German, `18.5` in English, without
/// grouping separators (a shot's quantities stay below a thousand) and with at most
/// `maximumFractionDigits` decimals (rounded half to even, for display only).
///
/// ```swift
/// ExactNumber("18.5")!.formatted(.exactNumber.locale(Locale(identifier: "de_DE")))   // "18,5"
/// ```
public struct ExactNumberFormatStyle: FormatStyle, Sendable {
  /// The locale whose decimal separator is used.
  public var locale: Locale
  /// The most decimals shown; 9, every decimal a shot holds, by default.
  public var maximumFractionDigits: Int

  /// A style for `locale` (the user's current locale by default).
  public init(locale: Locale = .autoupdatingCurrent, maximumFractionDigits: Int = 9) {
    self.locale = locale
    self.maximumFractionDigits = maximumFractionDigits
  }

  /// The number in the locale's format.
  public func format(_ value: ExactNumber) -> String {
    value.decimal.formatted(
      .number.locale(locale).grouping(.never).precision(.fractionLength(0...max(0, maximumFractionDigits))))
  }

  /// The same style for another locale.
  public func locale(_ locale: Locale) -> ExactNumberFormatStyle {
    var style = self
    style.locale = locale
    return style
  }

  /// The same style with at most `digits` decimals.
  public func fractionDigits(_ digits: Int) -> ExactNumberFormatStyle {
    var style = self
    style.maximumFractionDigits = digits
    return style
  }
}

extension FormatStyle where Self == ExactNumberFormatStyle {
  /// Exact numbers in the current locale's format.
  public static var exactNumber: ExactNumberFormatStyle { ExactNumberFormatStyle() }
}

extension ExactNumber {
  /// The number formatted by `style`: `.exactNumber.locale(german)` gives `18,5`.
  public func formatted<Style: FormatStyle>(_ style: Style) -> Style.FormatOutput
  where Style.FormatInput == ExactNumber {
    style.format(self)
  }
}

/// Formats amounts with their unit in a locale's number format: `36,5 g` (abbreviated) or
/// `36,5 Gramm` (wide). Unit names are in English, German and Spanish (other languages get the
/// English names); the number follows any locale. Foundation's `Measurement.FormatStyle` is not
/// available on every platform this package builds on, so the bridge words units itself.
public struct AmountFormatStyle: FormatStyle, Sendable {
  /// How the unit is written.
  public enum Width: String, Codable, Hashable, Sendable {
    /// Symbols: `g`, `s`, `°C`.
    case abbreviated
    /// Names: `grams`, `Sekunden`, `grados Celsius` (singular for exactly 1).
    case wide
  }

  /// The locale of the number and the unit's words.
  public var locale: Locale
  /// How the unit is written.
  public var width: Width
  /// The most decimals shown.
  public var maximumFractionDigits: Int

  /// A style for `locale` (the user's current locale by default).
  public init(width: Width = .abbreviated, locale: Locale = .autoupdatingCurrent, maximumFractionDigits: Int = 9) {
    self.width = width
    self.locale = locale
    self.maximumFractionDigits = maximumFractionDigits
  }

  /// The amount with its unit: `36,5 g`, `28 seconds`, `2` for a plain number.
  public func format(_ amount: Amount) -> String {
    let number = ExactNumberFormatStyle(locale: locale, maximumFractionDigits: maximumFractionDigits)
      .format(amount.value)
    guard let unit = amount.unit else { return number }
    return number + " " + word(unit, one: amount.value == 1)
  }

  /// The same style for another locale.
  public func locale(_ locale: Locale) -> AmountFormatStyle {
    var style = self
    style.locale = locale
    return style
  }

  private func word(_ unit: QuantityUnit, one: Bool) -> String {
    let language = locale.language.languageCode?.identifier ?? "en"
    func pick(_ en: String, _ de: String, _ es: String) -> String {
      language == "de" ? de : language == "es" ? es : en
    }
    switch (unit, width) {
    case (.grams, .abbreviated): return "g"
    case (.seconds, .abbreviated): return "s"
    case (.celsius, .abbreviated): return "°C"
    case (.grams, .wide): return one ? pick("gram", "Gramm", "gramo") : pick("grams", "Gramm", "gramos")
    case (.seconds, _): return one ? pick("second", "Sekunde", "segundo") : pick("seconds", "Sekunden", "segundos")
    case (.celsius, _):
      return one
        ? pick("degree Celsius", "Grad Celsius", "grado Celsius")
        : pick("degrees Celsius", "Grad Celsius", "grados Celsius")
    case (.steps, _): return one ? pick("step", "Stufe", "paso") : pick("steps", "Stufen", "pasos")
    }
  }
}

extension FormatStyle where Self == AmountFormatStyle {
  /// Amounts with unit symbols (`36.5 g`) in the current locale's format.
  public static var amount: AmountFormatStyle { AmountFormatStyle() }

  /// Amounts with their unit written as `width` says, in the current locale's format.
  public static func amount(width: AmountFormatStyle.Width) -> AmountFormatStyle { AmountFormatStyle(width: width) }
}

extension Amount {
  /// The amount formatted by `style`: `.amount(width: .wide).locale(german)` gives `36,5 Gramm`.
  public func formatted<Style: FormatStyle>(_ style: Style) -> Style.FormatOutput where Style.FormatInput == Amount {
    style.format(self)
  }
}
