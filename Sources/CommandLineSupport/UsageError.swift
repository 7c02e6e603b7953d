import DialRules

/// A command line that cannot be run: reported in the argument-parser shape (`Error: …`,
/// `Usage: …`, `See '… --help' for more information.`) with exit status 64.
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, lowercase, without a trailing period, in each language the tool speaks:
  /// "unknown option '--frmat'; did you mean '--format'?".
  var phrase: Phrase

  /// What is wrong, in English.
  package var message: String { phrase.english }

  /// An error worded in English only (`dialrules`' own usage errors).
  init(_ message: String) { phrase = Phrase(message) }

  /// An error worded in English, German and Spanish (`dialshot` speaks all three).
  package init(_ english: String, de german: String, es spanish: String) {
    phrase = Phrase(english, de: german, es: spanish)
  }

  /// An error worded by `phrase`.
  init(_ phrase: Phrase) { self.phrase = phrase }

  /// What is wrong, in `language`.
  package func message(in language: RuleLanguage) -> String { phrase.text(in: language) }

  /// The three lines a usage error is reported in, in `language`:
  ///
  ///     Error: unknown option '--frmat'; did you mean '--format'?
  ///     Usage: dialrules lint [--format text|json|sarif] … RULES…
  ///     See 'dialrules lint --help' for more information.
  ///
  /// `helpCommand` is what to run for help (`dialrules lint`, `dialshot`).
  package static func report(_ message: String, usage: String, helpCommand: String, in language: RuleLanguage)
    -> String
  {
    let w = Wording(language)
    return w.pick("Error: ", de: "Fehler: ", es: "Error: ") + message + "\n"
      + w.pick("Usage: ", de: "Aufruf: ", es: "Uso: ") + usage + "\n"
      + w.pick(
        "See '\(helpCommand) --help' for more information.",
        de: "Mehr dazu mit '\(helpCommand) --help'.",
        es: "Más información con '\(helpCommand) --help'.") + "\n"
  }
}
