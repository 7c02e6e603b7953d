import DialRulesTestSupport
import Testing

@testable import DialRules

/// Translated texts (`because "…" de "…" es "…"`, `insufficient "…" de "…"`, `languages de es`):
/// parsed with the spans of each code and string, compiled into the table, and their mistakes
/// reported where they are (`docs/language.md` §4.3).
@Suite struct TranslationSyntaxTests {
  static let source = """
    dialrules 1
    ruleset "t"
      languages de es
      otherwise insufficient "No rule." de "Keine Regel." es "Ninguna regla."

    rule a
      when sour
      then insufficient "Check the puck."
        de "Puck prüfen."
        es "Revisa el puck."
      because "Sour and slow." de "Sauer und langsam." es "Ácido y lento."

    """

  static func parse(_ text: String) -> (RuleFile, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let (tree, _) = Parser.parse(SourceFile(path: "t.dialrules", bytes: Array(text.utf8)), diagnostics: &diagnostics)
    return (tree, diagnostics)
  }

  /// The byte range of the `n`th occurrence of `needle` in `source`.
  static func span(of needle: String, in source: String, occurrence n: Int = 0) -> SourceSpan {
    let bytes = Array(source.utf8)
    let pattern = Array(needle.utf8)
    var found = 0
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
      if found == n { return SourceSpan(start: start, end: start + pattern.count) }
      found += 1
    }
    Issue.record("'\(needle)' not found")
    return .at(0)
  }

  @Test func translationsAreParsedWithTheirSpans() throws {
    let (tree, diagnostics) = Self.parse(Self.source)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let rule = try #require(
      tree.declarations.compactMap { d -> RuleDeclaration? in
        if case .rule(let r) = d { return r }
        return nil
      }.first)
    var because: TextSyntax?
    var reason: TextSyntax?
    for clause in rule.clauses {
      if case .because(let t, _) = clause { because = t }
      if case .then(let a, _) = clause, case .insufficient(let t) = a.kind { reason = t }
    }
    let b = try #require(because)
    #expect(b.value == "Sour and slow.")
    #expect(b.translations.map(\.language.name) == ["de", "es"])
    #expect(b.translations.map(\.text.value) == ["Sauer und langsam.", "Ácido y lento."])
    let spanish = Self.span(of: "es \"Ácido", in: Self.source)
    #expect(b.translations[1].language.span == SourceSpan(start: spanish.start, end: spanish.start + 2))
    #expect(b.translations[1].text.span == Self.span(of: "\"Ácido y lento.\"", in: Self.source))
    #expect(b.span.end == Self.span(of: "\"Ácido y lento.\"", in: Self.source).end)
    let r = try #require(reason)
    #expect(r.translations.map(\.text.value) == ["Puck prüfen.", "Revisa el puck."])
    #expect(r.translations[0].span == Self.span(of: "de \"Puck prüfen.\"", in: Self.source))
    guard case .languages(let codes, _)? = tree.ruleset?.clauses.first else {
      Issue.record("expected the languages clause first")
      return
    }
    #expect(codes.map(\.name) == ["de", "es"])
    let listed = Self.span(of: "languages de es", in: Self.source)
    #expect(codes[0].span == SourceSpan(start: listed.start + 10, end: listed.start + 12))
  }

  @Test func translationsReachTheCompiledTable() throws {
    let rules = try #require(RuleCompiler.compile(SourceFile(path: "t", bytes: Array(Self.source.utf8))).rules)
    #expect(rules.languages == ["de", "es"])
    #expect(rules.otherwise.translations == ["de": "Keine Regel.", "es": "Ninguna regla."])
    #expect(rules.rules[0].becauseTranslations == ["de": "Sauer und langsam.", "es": "Ácido y lento."])
    #expect(rules.rules[0].reasonTranslations == ["de": "Puck prüfen.", "es": "Revisa el puck."])
  }

  /// A language code with no string after it is one error that says what is missing, and the
  /// clause after it is still read.
  @Test func aCodeWithoutItsTextIsOneError() {
    let text =
      "dialrules 1\nrule a\n  when sour\n  then grind finer\n  because \"x\"\n    de\n  overrides b\n"
      + "rule b\n  when bitter\n  then grind coarser\n  because \"y\"\n"
    let (tree, diagnostics) = Self.parse(text)
    #expect(diagnostics.map(\.code) == ["P001"])
    #expect(diagnostics.first?.message == "expected the 'de' text in quotes, found 'overrides'")
    #expect(tree.declarations.count == 2)
  }

  /// Where a text cannot carry translations (the ruleset's name, an example's name), a code and a
  /// string are still an error.
  @Test func onlyTextsTakeTranslations() {
    let (_, diagnostics) = Self.parse("dialrules 1\nruleset \"t\" \"d\" de \"x\"\n")
    #expect(diagnostics.map(\.code) == ["P001"])
  }
}
