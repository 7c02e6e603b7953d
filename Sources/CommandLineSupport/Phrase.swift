import DialRules

/// One sentence of a command-line tool in each language it speaks: English always, German and
/// Spanish where the tool words it (`dialshot` does for every message; `dialrules`, a tool for
/// rule authors, speaks English). A missing translation reads as the English.
package struct Phrase: Equatable, Sendable {
  /// The English text.
  var english: String
  /// The German text, when there is one.
  var german: String?
  /// The Spanish text, when there is one.
  var spanish: String?

  package init(_ english: String, de german: String? = nil, es spanish: String? = nil) {
    self.english = english
    self.german = german
    self.spanish = spanish
  }

  /// The text in `language`; the English when the phrase has no translation into it.
  package func text(in language: RuleLanguage) -> String {
    switch language {
    case .german: german ?? english
    case .spanish: spanish ?? english
    default: english
    }
  }

  /// `did you mean 'NAME'?` in each language: the hint after a typo of a known name.
  package static func didYouMean(_ name: String) -> Phrase {
    Phrase("did you mean '\(name)'?", de: "meintest du '\(name)'?", es: "¿querías decir '\(name)'?")
  }

  /// This phrase and, when there is one, `hint` after `separator`, language by language
  /// (`unknown option '--frmat'` + `; ` + `did you mean '--format'?`).
  func appending(_ hint: Phrase?, separator: String) -> Phrase {
    guard let hint else { return self }
    func join(_ a: String?, _ b: String?) -> String? { a.map { $0 + separator + (b ?? hint.english) } }
    return Phrase(english + separator + hint.english, de: join(german, hint.german), es: join(spanish, hint.spanish))
  }
}
