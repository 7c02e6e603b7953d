import CommandLineSupport
import DialRules

/// The language `dialshot` speaks: `--lang en|de|es` when given, else the locale of the
/// environment in POSIX precedence — the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and
/// not empty decides (`de_DE.UTF-8`, `de`, `es_ES@euro`) — and English for `C`, `POSIX` or a
/// language dialshot does not speak.
enum LanguageChoice {
  /// The option's choices, as `--help` and the usage error name them.
  static let choices = RuleLanguage.allCases.map(\.code)

  /// The language for `option` (the value of `--lang`, if given) and `variables`.
  static func resolve(_ option: String?, variables: [String: String]) throws(UsageError) -> RuleLanguage {
    if let option {
      guard choices.contains(option), let language = RuleLanguage(option) else {
        let list = choices.joined(separator: ", ")
        throw UsageError(
          "'--lang' must be one of \(list), found '\(option)'",
          de: "'--lang' muss eines von \(list) sein, gefunden '\(option)'",
          es: "'--lang' debe ser uno de \(list), se encontró '\(option)'")
      }
      return language
    }
    return fromEnvironment(variables)
  }

  /// The environment's language: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`; English
  /// when none is set or it names another language.
  static func fromEnvironment(_ variables: [String: String]) -> RuleLanguage {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = variables[name], !value.isEmpty else { continue }
      return RuleLanguage(value) ?? .english
    }
    return .english
  }

  /// `--lang X` or `--lang=X` before the command's name (`dialshot --lang de help log`): the value
  /// and the arguments without it. A missing value is left for the usage error.
  static func leading(_ arguments: [String]) -> (value: String?, rest: [String]) {
    guard let first = arguments.first else { return (nil, arguments) }
    if first.hasPrefix("--lang=") { return (String(first.dropFirst("--lang=".count)), Array(arguments.dropFirst())) }
    if first == "--lang", arguments.count > 1 { return (arguments[1], Array(arguments.dropFirst(2))) }
    return (nil, arguments)
  }
}
