/// A language the library writes a barista's sentences in: English, German or Spanish.
///
/// Decisions, adjustments and explanations render in it (`RuleSet.text(of:in:)`,
/// `Adjustment.text(in:)`, `Explanation.text(rulesFile:language:)`): the rule table's own
/// translated texts where it has them (`docs/language.md` §4.3), each falling back to English on
/// its own, and the library's sentences with the language's number format (a decimal comma in
/// German and Spanish: "Ausbeute +1,5 g").
///
/// ```swift
/// let language = RuleLanguage("de_DE.UTF-8") ?? .english   // from LANG, say
/// print(rules.text(of: rules.decide(shot), in: language))   // "1 Stufe feiner mahlen"
/// ```
public struct RuleLanguage: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The two-letter ISO 639-1 code: `en`, `de` or `es`, as a rule file tags its translations.
  public let code: String

  private init(code: String) { self.code = code }

  /// English: the language every rule table is written in.
  public static let english = RuleLanguage(code: "en")
  /// German.
  public static let german = RuleLanguage(code: "de")
  /// Spanish.
  public static let spanish = RuleLanguage(code: "es")

  /// Every language the library speaks, English first. More may be added in a minor release.
  public static let allCases: [RuleLanguage] = [.english, .german, .spanish]

  /// The language a code or a locale name asks for: `de`, `DE`, `de-AT`, `de_DE.UTF-8` and
  /// `es_ES@euro` all read; nil for a language the library does not speak (`fr`, `C`, `POSIX`, an
  /// empty string), so a caller can choose its own fallback.
  public init?(_ identifier: String) {
    let language = identifier.prefix { $0 != "-" && $0 != "_" && $0 != "." && $0 != "@" }.lowercased()
    guard let known = Self.allCases.first(where: { $0.code == language }) else { return nil }
    self = known
  }

  /// The code, `de`.
  public var description: String { code }
}
