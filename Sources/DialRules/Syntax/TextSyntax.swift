/// A text a barista reads — a `because` rationale, the reason of an `insufficient` — as written:
/// the English string, then its translations, each a language code and a string
/// (`"Sour and fast…" de "Sauer und schnell…" es "Ácido y rápido…"`, `docs/language.md` §4.3).
package struct TextSyntax: Hashable, Sendable {
  /// The English text, the one every table has.
  var english: StringLiteral
  /// The translations in the order written (duplicates and unknown codes included: the checker
  /// reports them).
  package var translations: [TranslationSyntax]
  /// The English text, the whole text and its translations.
  var location: NodeSpan

  init(english: StringLiteral, translations: [TranslationSyntax] = [], span: SourceSpan? = nil) {
    self.english = english
    self.translations = translations
    self.location = NodeSpan(span ?? english.span)
  }

  /// The decoded English text.
  package var value: String { english.value }
  /// From the English string to the last translation.
  var span: SourceSpan { location.span }
}

/// One translation of a text: `de "Sauer und schnell…"`.
package struct TranslationSyntax: Hashable, Sendable {
  /// The language code as written (`de`, `es`; the checker requires a two-letter ISO 639-1 code).
  package var language: Identifier
  var text: StringLiteral
  var location: NodeSpan
  var span: SourceSpan { location.span }

  init(language: Identifier, text: StringLiteral) {
    self.language = language
    self.text = text
    self.location = NodeSpan(language.span.union(text.span))
  }
}
