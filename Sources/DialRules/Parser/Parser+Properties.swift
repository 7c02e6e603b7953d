/// `property id` declarations and their outcome patterns (`docs/language.md` §3.8).
extension Parser {
  /// The reasons `insufficient` may name in a pattern, as in an example's `expect`.
  static let insufficientReasons = ["conflict", "incomplete", "explicit", "no_rule"]

  mutating func parseProperty() -> PropertyDeclaration {
    let keyword = advance()
    let id = parseDeclaredName(role: "a property id")
    var clauses: [PropertyClause] = []
    expectBoundary(after: "the property id")
    while current.kind == .name,
      current.isWord("when") || current.isWord("because") || Self.propertyClauseWords.contains(current.text)
    {
      let word = advance()
      switch word.text {
      case "when":
        let condition = parseTopExpression()
        clauses.append(.when(condition, location: NodeSpan(word.span.union(condition.span))))
      case "because":
        let text = parseText(what: "the reason for the property in quotes")
        clauses.append(.because(text, location: NodeSpan(word.span.union(text.span))))
      default:
        var patterns = [parseOutcomePattern()]
        while acceptWord("or") != nil { patterns.append(parseOutcomePattern()) }
        let location = NodeSpan(SourceSpan(start: word.span.start, end: previousEnd))
        clauses.append(
          word.text == "always" ? .always(patterns, location: location) : .never(patterns, location: location))
      }
      expectBoundary(after: "the '\(word.text)' clause")
    }
    if current.kind == .name, Self.clauseWords.contains(current.text) {
      // `then` or `overrides` under a property: one error that says what a property holds.
      report(
        ParserMessages.expected(
          "'when', 'always', 'never' or 'because' in a property", found: current,
          help: "a property states what the rules decide; '\(current.text)' belongs to a rule"))
      advance()
      synchronize()
    }
    return PropertyDeclaration(
      id: id, clauses: clauses, location: NodeSpan(SourceSpan(start: keyword.span.start, end: previousEnd)))
  }

  /// One pattern after `always` or `never`.
  mutating func parseOutcomePattern() -> OutcomePattern {
    let start = current.span.start
    func done(_ kind: OutcomePattern.Kind) -> OutcomePattern {
      OutcomePattern(kind: kind, location: NodeSpan(SourceSpan(start: start, end: max(start, previousEnd))))
    }
    if acceptWord("decides") != nil { return done(.decides) }
    if acceptWord("insufficient") != nil {
      var reason: Identifier?
      if current.kind == .name, !atBoundary, !current.isWord("or") {
        let t = advance()
        reason = Identifier(t.text, span: t.span)
      }
      return done(.insufficient(reason: reason))
    }
    if current.isWord("grind") || current.isWord("yield") || current.isWord("temperature") || current.isWord("no") {
      let pattern = parsePattern()
      return done(.adjustment(pattern))
    }
    report(ParserMessages.expected("a decision pattern", found: current, help: ParserMessages.outcomePatternHelp))
    return done(.decides)
  }
}
