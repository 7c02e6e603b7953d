/// Actions (`then`, `otherwise`), adjustment patterns (`is …`) and inline examples.
extension Parser {
  /// `grind finer [N steps]`, `yield ±N g`, `temperature ±N C`, `no change`, `insufficient "…"`.
  mutating func parseAction() -> ActionSyntax {
    let start = current.span.start
    if current.isWord("insufficient") {
      advance()
      let reason = parseText(what: "the reason in quotes after 'insufficient'")
      return ActionSyntax(kind: .insufficient(reason), location: NodeSpan(SourceSpan(start: start, end: previousEnd)))
    }
    if let kind = parseActionValue() {
      return ActionSyntax(kind: kind, location: NodeSpan(SourceSpan(start: start, end: previousEnd)))
    }
    report(
      ParserMessages.expected(
        "an action", found: current,
        help: "write 'grind finer', 'grind coarser 2 steps', 'yield +2 g', 'temperature -1 C', 'no change' or "
          + "'insufficient \"why\"'"))
    return ActionSyntax(kind: .noChange, location: NodeSpan(.at(start)))
  }

  /// The action forms that name a concrete adjustment; nil (nothing consumed) when none starts here.
  mutating func parseActionValue() -> ActionSyntax.Kind? {
    if acceptWord("grind") != nil {
      let direction = parseDirection()
      var amount: QuantityLiteral?
      if current.kind == .number { amount = parseQuantity(what: "a number of steps") }
      return .grind(direction: direction, amount: amount)
    }
    for word in ["yield", "temperature"] where current.isWord(word) {
      let keyword = advance()
      var negative = false
      if accept(.minus) != nil {
        negative = true
      } else if accept(.plus) == nil {
        report(ParserMessages.missingSign(current.kind == .number ? current.span : keyword.span, word))
      }
      let amount = parseQuantity(what: "an amount")
      return word == "yield"
        ? .yield(negative: negative, amount: amount) : .temperature(negative: negative, amount: amount)
    }
    if acceptWord("no") != nil {
      if acceptWord("change") == nil { report(ParserMessages.expected("'change' after 'no'", found: current)) }
      return .noChange
    }
    return nil
  }

  mutating func parseDirection() -> Identifier {
    if current.isWord("finer") || current.isWord("coarser") {
      let t = advance()
      return Identifier(t.text, span: t.span)
    }
    report(ParserMessages.expected("'finer' or 'coarser'", found: current))
    return Identifier("", span: .at(current.span.start))
  }

  /// The right side of `previous.adjustment is …`; omitted parts match anything.
  mutating func parsePattern() -> AdjustmentPattern {
    let start = current.span.start
    func done(_ kind: AdjustmentPattern.Kind) -> AdjustmentPattern {
      AdjustmentPattern(kind: kind, location: NodeSpan(SourceSpan(start: start, end: previousEnd)))
    }
    if acceptWord("none") != nil { return done(.none) }
    if acceptWord("no") != nil {
      if acceptWord("change") == nil { report(ParserMessages.expected("'change' after 'no'", found: current)) }
      return done(.noChange)
    }
    if acceptWord("grind") != nil {
      var direction: Identifier?
      var amount: QuantityLiteral?
      if current.isWord("finer") || current.isWord("coarser") {
        direction = parseDirection()
        if current.kind == .number { amount = parseQuantity(what: "a number of steps") }
      } else if current.kind == .number {
        // `is grind 2 steps`: one error that shows the pattern, and the steps read as meant.
        report(ParserMessages.patternWithoutDirection(found: current))
        amount = parseQuantity(what: "a number of steps")
      }
      return done(.grind(direction: direction, amount: amount))
    }
    for word in ["yield", "temperature"] where current.isWord(word) {
      advance()
      var negative: Bool?
      var amount: QuantityLiteral?
      if accept(.minus) != nil {
        negative = true
      } else if accept(.plus) != nil {
        negative = false
      } else if current.kind == .number {
        // `is yield 2 g`: the sign says which way; read the amount as meant, after one error.
        report(ParserMessages.patternWithoutSign(current.span, word))
        negative = false
      }
      if negative != nil { amount = parseQuantity(what: "an amount") }
      return done(
        word == "yield" ? .yield(negative: negative, amount: amount) : .temperature(negative: negative, amount: amount))
    }
    report(
      ParserMessages.expected("an adjustment pattern after 'is'", found: current, help: ParserMessages.patternHelp))
    return done(.none)
  }

  // MARK: - Examples

  mutating func parseExample(keyword: Token) -> ExampleSyntax {
    var name: StringLiteral?
    if current.kind == .string {
      let t = advance()
      name = StringLiteral(t.text, span: t.span)
    }
    var parts: [ExamplePart] = []
    var expectation: ExampleExpectation?
    while true {
      _ = accept(.semicolon)
      if current.isWord("shot") || current.isWord("recipe") || current.isWord("previous") {
        parts.append(parseExamplePart())
      } else if let expect = acceptWord("expect") {
        expectation = parseExpectation(keyword: expect)
        break
      } else {
        report(ParserMessages.expected("'shot', 'recipe', 'previous' or 'expect' in the example", found: current))
        break
      }
    }
    return ExampleSyntax(
      name: name, parts: parts, expectation: expectation,
      location: NodeSpan(SourceSpan(start: keyword.span.start, end: previousEnd)))
  }

  mutating func parseExamplePart() -> ExamplePart {
    let target = advance()
    var fields: [ExampleField] = []
    repeat {
      fields.append(parseExampleField())
    } while accept(.comma) != nil
    return ExamplePart(
      target: Identifier(target.text, span: target.span), fields: fields,
      location: NodeSpan(SourceSpan(start: target.span.start, end: previousEnd)))
  }

  mutating func parseExampleField() -> ExampleField {
    let name = parseName(what: "a field such as 'time', 'yield', 'dose' or 'taste'")
    let value: ExampleField.Value
    switch name.name {
    case "taste", "flow":
      var tags: [Identifier] = []
      if acceptWord("none") == nil {
        while current.kind == .name, !Self.exampleWords.contains(current.text), !atBoundary {
          let t = advance()
          tags.append(Identifier(t.text, span: t.span))
        }
        if tags.isEmpty { report(ParserMessages.expected("tag words or 'none'", found: current)) }
      }
      value = .tags(tags)
    case "adjustment":
      let start = current.span.start
      if let kind = parseActionValue() {
        value = .adjustment(ActionSyntax(kind: kind, location: NodeSpan(SourceSpan(start: start, end: previousEnd))))
      } else {
        report(ParserMessages.expected("an adjustment such as 'grind finer 1 step'", found: current))
        value = .adjustment(ActionSyntax(kind: .noChange, location: NodeSpan(.at(start))))
      }
    default:
      value = .quantity(parseQuantity(what: "a number for '\(name.name)'"))
    }
    return ExampleField(
      name: name, value: value, location: NodeSpan(SourceSpan(start: name.span.start, end: previousEnd)))
  }

  mutating func parseExpectation(keyword: Token) -> ExampleExpectation? {
    let start = current.span.start
    if acceptWord("insufficient") != nil {
      let reason = parseName(what: "'explicit', 'conflict', 'incomplete' or 'no_rule'")
      return .insufficient(reason: reason, location: NodeSpan(SourceSpan(start: start, end: previousEnd)))
    }
    if let kind = parseActionValue() {
      return .action(ActionSyntax(kind: kind, location: NodeSpan(SourceSpan(start: start, end: previousEnd))))
    }
    report(ParserMessages.expected("the expected decision after 'expect'", found: current))
    return nil
  }
}
