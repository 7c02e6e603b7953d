/// Builds the syntax tree of a rule file from its tokens (grammar: `docs/language.md`).
///
/// Recursive descent with panic-mode recovery: after an error the parser skips to the next word
/// that starts a clause or a declaration, so one run reports every independent mistake. Nesting
/// and size are bounded so hostile input cannot exhaust the stack.
package struct Parser {
  /// Deepest nesting of parentheses, `not` and unary minus accepted.
  static let maxNesting = 64
  /// Most nodes one expression may have.
  static let maxExpressionNodes = 2_000
  /// The parser stops after this many errors (later ones are usually consequences).
  static let maxErrors = 200

  /// Words that start a top-level declaration.
  static let declarationWords: Set<String> = ["dialrules", "ruleset", "let", "rule", "property"]
  /// Words that start a rule clause.
  static let clauseWords: Set<String> = ["when", "then", "because", "overrides", "example"]
  /// Words that start a ruleset clause.
  static let rulesetClauseWords: Set<String> = ["languages", "limit", "otherwise", "require"]
  /// Words that start a property clause besides `when` and `because`.
  static let propertyClauseWords: Set<String> = ["always", "never"]
  /// Words that start an example part or end an example.
  static let exampleWords: Set<String> = ["shot", "recipe", "previous", "expect"]
  /// Words that cannot name a `let` or a rule (see `docs/language.md`).
  package static let reservedWords: Set<String> = [
    "dialrules", "ruleset", "languages", "limit", "otherwise", "require", "let", "rule", "when", "then", "because",
    "overrides",
    "example", "expect", "and", "or", "not", "between", "has", "is", "grind", "yield", "temperature", "no",
    "change", "insufficient", "finer", "coarser", "none", "step", "steps", "g", "s", "C", "shot", "recipe",
    "previous", "property", "always", "never",
  ]
  /// Unit words that may follow a number.
  package static let unitWords: Set<String> = ["g", "s", "C", "step", "steps"]

  var tokens: [Token]
  var position = 0
  var diagnostics: [Diagnostic] = []
  var nesting = 0
  var expressionNodes = 0
  var errorCount = 0
  var stopped = false

  init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Parses `file`, appending problems to `diagnostics`; also returns the comments for the formatter.
  static func parse(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> (RuleFile, [SourceComment]) {
    let lexed = Lexer.lex(file, diagnostics: &diagnostics)
    var parser = Parser(tokens: lexed.tokens)
    // The lexer already said it stopped (P009); the parser's errors on the cut-off text would
    // only be consequences.
    parser.stopped = lexed.stopped
    let tree = parser.parseFile()
    diagnostics.append(contentsOf: parser.diagnostics)
    return (tree, lexed.comments)
  }

  // MARK: - Token access

  var current: Token { tokens[min(position, tokens.count - 1)] }
  var previousEnd: Int { position > 0 ? tokens[min(position - 1, tokens.count - 1)].span.end : 0 }
  var atEnd: Bool { current.kind == .endOfFile }

  func peek(_ offset: Int = 1) -> Token { tokens[min(position + offset, tokens.count - 1)] }

  @discardableResult
  mutating func advance() -> Token {
    let t = current
    if position < tokens.count - 1 { position += 1 }
    return t
  }

  mutating func accept(_ kind: TokenKind) -> Token? {
    current.kind == kind ? advance() : nil
  }

  mutating func acceptWord(_ word: String) -> Token? {
    current.isWord(word) ? advance() : nil
  }

  mutating func report(_ diagnostic: Diagnostic) {
    guard !stopped else { return }
    if diagnostic.isError {
      errorCount += 1
      if errorCount > Self.maxErrors {
        diagnostics.append(ParserMessages.tooManyErrors(diagnostic.span, limit: Self.maxErrors))
        stopped = true
        position = tokens.count - 1
        return
      }
    }
    diagnostics.append(diagnostic)
  }

  /// Whether the current token starts a declaration or a clause: a safe place to resume.
  var atBoundary: Bool {
    let t = current
    if t.kind == .endOfFile { return true }
    guard t.kind == .name else { return false }
    return Self.declarationWords.contains(t.text) || Self.clauseWords.contains(t.text)
      || Self.rulesetClauseWords.contains(t.text) || Self.propertyClauseWords.contains(t.text)
  }

  /// Skips tokens up to the next boundary (always at least one unless already at one).
  mutating func synchronize() {
    while !atBoundary { advance() }
  }

  // MARK: - Declarations

  mutating func parseFile() -> RuleFile {
    var version: VersionDeclaration?
    var ruleset: RulesetDeclaration?
    var declarations: [Declaration] = []

    if current.isWord("dialrules") {
      version = parseVersion()
    } else {
      report(ParserMessages.missingVersion(SourceSpan.at(current.span.start)))
    }
    if current.isWord("ruleset") { ruleset = parseRuleset() }

    while !atEnd {
      let t = current
      if t.isWord("let") {
        declarations.append(.letBinding(parseLet()))
      } else if t.isWord("rule") {
        declarations.append(.rule(parseRule()))
      } else if t.isWord("property") {
        declarations.append(.property(parseProperty()))
      } else if t.isWord("dialrules") {
        let again = parseVersion()
        if let first = version {
          report(ParserMessages.duplicateHeader(again.span, "dialrules", first: first.span))
        } else {
          report(ParserMessages.headerOutOfPlace(again.span, "dialrules"))
          version = again
        }
      } else if t.isWord("ruleset") {
        let again = parseRuleset()
        if let first = ruleset {
          report(ParserMessages.duplicateHeader(again.span, "ruleset", first: first.span))
        } else {
          report(ParserMessages.headerOutOfPlace(again.span, "ruleset"))
          ruleset = again
        }
      } else {
        report(
          ParserMessages.expected(
            "'rule', 'property' or 'let'", found: t,
            help: Self.clauseWords.contains(t.text) ? "a '\(t.text)' clause belongs to a rule" : nil))
        advance()
        synchronize()
      }
    }
    return RuleFile(version: version, ruleset: ruleset, declarations: declarations)
  }

  mutating func parseVersion() -> VersionDeclaration {
    let keyword = advance()
    let number: QuantityLiteral
    if let t = accept(.number) {
      number = QuantityLiteral(value: t.number, unit: nil, span: t.span)
    } else {
      report(ParserMessages.expected("a version number", found: current, help: "write 'dialrules 1'"))
      number = QuantityLiteral(value: nil, unit: nil, span: .at(current.span.start))
    }
    return VersionDeclaration(number: number, location: NodeSpan(keyword.span.union(number.span)))
  }

  mutating func parseRuleset() -> RulesetDeclaration {
    let keyword = advance()
    let name = parseString(what: "the ruleset's name in quotes")
    var description: StringLiteral?
    if current.kind == .string {
      let t = advance()
      description = StringLiteral(t.text, span: t.span)
    }
    var clauses: [RulesetClause] = []
    while true {
      if let limit = acceptWord("limit") {
        let kind = parseName(what: "'grind', 'yield' or 'temperature'")
        let amount = parseQuantity(what: "the limit's amount")
        clauses.append(.limit(kind: kind, amount: amount, location: NodeSpan(limit.span.union(amount.span))))
      } else if let otherwise = acceptWord("otherwise") {
        let action = parseAction()
        clauses.append(.otherwise(action, location: NodeSpan(otherwise.span.union(action.span))))
      } else if let require = acceptWord("require") {
        let what = parseName(what: "what the table requires, such as 'agreement'")
        clauses.append(.require(what, location: NodeSpan(require.span.union(what.span))))
      } else if let languages = acceptWord("languages") {
        var codes: [Identifier] = []
        while current.kind == .name, !atBoundary {
          let t = advance()
          codes.append(Identifier(t.text, span: t.span))
        }
        if codes.isEmpty { report(ParserMessages.expected("language codes such as 'de es'", found: current)) }
        clauses.append(
          .languages(codes, location: NodeSpan(SourceSpan(start: languages.span.start, end: previousEnd))))
      } else {
        break
      }
      expectBoundary(after: "the ruleset clause")
    }
    return RulesetDeclaration(
      name: name, description: description, clauses: clauses,
      location: NodeSpan(SourceSpan(start: keyword.span.start, end: previousEnd)))
  }

  mutating func parseLet() -> LetDeclaration {
    let keyword = advance()
    let name = parseDeclaredName(role: "a 'let' name")
    if accept(.equals) == nil {
      report(ParserMessages.expected("'='", found: current, help: "write 'let \(name.name) = …'"))
    }
    let value = parseTopExpression()
    expectBoundary(after: "the definition of '\(name.name)'")
    return LetDeclaration(
      name: name, value: value, location: NodeSpan(SourceSpan(start: keyword.span.start, end: previousEnd)))
  }

  mutating func parseRule() -> RuleDeclaration {
    let keyword = advance()
    let id = parseDeclaredName(role: "a rule id")
    var clauses: [RuleClause] = []
    expectBoundary(after: "the rule id")
    while current.kind == .name, Self.clauseWords.contains(current.text) {
      let word = advance()
      switch word.text {
      case "when":
        let condition = parseTopExpression()
        clauses.append(.when(condition, location: NodeSpan(word.span.union(condition.span))))
      case "then":
        let action = parseAction()
        clauses.append(.then(action, location: NodeSpan(word.span.union(action.span))))
      case "because":
        let text = parseText(what: "the rationale in quotes")
        clauses.append(.because(text, location: NodeSpan(word.span.union(text.span))))
      case "overrides":
        var ids = [parseName(what: "a rule id")]
        while accept(.comma) != nil { ids.append(parseName(what: "a rule id")) }
        clauses.append(.overrides(ids, location: NodeSpan(SourceSpan(start: word.span.start, end: previousEnd))))
      default:
        clauses.append(.example(parseExample(keyword: word)))
      }
      expectBoundary(after: "the '\(word.text)' clause")
    }
    return RuleDeclaration(
      id: id, clauses: clauses, location: NodeSpan(SourceSpan(start: keyword.span.start, end: previousEnd)))
  }

  /// After a complete clause only a clause or declaration word may follow; anything else is
  /// reported once and skipped.
  mutating func expectBoundary(after what: String) {
    if atBoundary { return }
    report(ParserMessages.expected("a new clause or declaration after \(what)", found: current))
    synchronize()
  }

  // MARK: - Small pieces

  mutating func parseString(what: String) -> StringLiteral {
    if let t = accept(.string) { return StringLiteral(t.text, span: t.span) }
    report(ParserMessages.expected(what, found: current))
    return StringLiteral("", span: .at(current.span.start))
  }

  /// A text a barista reads: `STRING { LANGUAGE STRING }` — the English string, then its
  /// translations. A translation is a name followed by a string, which nothing else in the
  /// language is where a text ends; a lone language-like word (`de` with no string) is reported
  /// as a missing translation rather than as a stray word.
  mutating func parseText(what: String) -> TextSyntax {
    let english = parseString(what: what)
    var translations: [TranslationSyntax] = []
    while current.kind == .name, !atBoundary {
      if peek().kind == .string {
        let code = advance()
        let text = advance()
        translations.append(
          TranslationSyntax(
            language: Identifier(code.text, span: code.span), text: StringLiteral(text.text, span: text.span)))
      } else if current.text.utf8.count == 2, !current.text.contains(".") {
        let code = advance()
        report(ParserMessages.expected("the '\(code.text)' text in quotes", found: current))
      } else {
        break
      }
    }
    return TextSyntax(
      english: english, translations: translations,
      span: SourceSpan(start: english.span.start, end: max(english.span.end, previousEnd)))
  }

  mutating func parseName(what: String) -> Identifier {
    if current.kind == .name, !atBoundary {
      let t = advance()
      return Identifier(t.text, span: t.span)
    }
    report(ParserMessages.expected(what, found: current))
    return Identifier("", span: .at(current.span.start))
  }

  /// A name being declared: a plain word (no dots) that is not reserved.
  mutating func parseDeclaredName(role: String) -> Identifier {
    let t = current
    guard t.kind == .name else {
      report(ParserMessages.expected(role, found: t))
      return Identifier("", span: .at(t.span.start))
    }
    if Self.reservedWords.contains(t.text) {
      report(ParserMessages.reservedWord(t.span, t.text, role))
      // Consume it unless it starts a declaration, so `let when = …` gives one error, not three;
      // followed by '=' it is meant as a name (`let rule = …`) and is consumed too.
      if Self.declarationWords.contains(t.text), peek().kind != .equals { return Identifier("", span: t.span) }
      advance()
      return Identifier("", span: t.span)  // an empty name is ignored by the checker
    } else if t.text.contains(".") {
      report(ParserMessages.expected(role + " without '.'", found: t))
    }
    advance()
    return Identifier(t.text, span: t.span)
  }

  /// `NUMBER [unit]`.
  mutating func parseQuantity(what: String) -> QuantityLiteral {
    guard let number = accept(.number) else {
      report(ParserMessages.expected(what, found: current))
      return QuantityLiteral(value: nil, unit: nil, span: .at(current.span.start))
    }
    var unit: Identifier?
    if current.kind == .name, Self.unitWords.contains(current.text) {
      let u = advance()
      unit = Identifier(u.text, span: u.span)
    }
    return QuantityLiteral(value: number.number, unit: unit, span: number.span.union(unit?.span ?? number.span))
  }
}
