/// Expressions, loosest binding first: `or`, `and`, `not`, tests (comparison, `between`, `has`,
/// `is`), `+ -`, `* /`, unary `-`, primaries.
extension Parser {
  /// An expression that stands alone (a `when` condition or a `let` value): resets the size budget.
  mutating func parseTopExpression() -> ConditionExpression {
    expressionNodes = 0
    nesting = 0
    return parseOr()
  }

  /// Counts a node against the budget; when it runs out, reports once and skips the rest.
  mutating func node(_ kind: ConditionExpression.Kind, _ span: SourceSpan) -> ConditionExpression {
    expressionNodes += 1
    if expressionNodes == Self.maxExpressionNodes + 1 {
      report(ParserMessages.expressionTooLarge(span, limit: Self.maxExpressionNodes))
      synchronize()
    }
    if expressionNodes > Self.maxExpressionNodes { return ConditionExpression(.missing, span: span) }
    return ConditionExpression(kind, span: span)
  }

  /// Enters one level of nesting; false (after reporting and skipping to a boundary) when too deep.
  mutating func enterNesting(_ span: SourceSpan) -> Bool {
    nesting += 1
    if nesting > Self.maxNesting {
      report(ParserMessages.expressionTooDeep(span, limit: Self.maxNesting))
      synchronize()
      return false
    }
    return true
  }

  mutating func parseOr() -> ConditionExpression {
    var left = parseAnd()
    while acceptWord("or") != nil {
      let right = parseAnd()
      left = node(.or(left, right), left.span.union(right.span))
    }
    return left
  }

  mutating func parseAnd() -> ConditionExpression {
    var left = parseNot()
    while acceptWord("and") != nil {
      let right = parseNot()
      left = node(.and(left, right), left.span.union(right.span))
    }
    return left
  }

  mutating func parseNot() -> ConditionExpression {
    guard let keyword = acceptWord("not") else { return parseTest() }
    defer { nesting -= 1 }
    guard enterNesting(keyword.span) else { return ConditionExpression(.missing, span: keyword.span) }
    let operand = parseNot()
    return node(.not(operand), keyword.span.union(operand.span))
  }

  mutating func parseTest() -> ConditionExpression {
    let leftStart = position
    let left = parseSum()
    if let op = comparisonOperator(current.kind) {
      advance()
      let rightStart = position
      let right = parseSum()
      if comparisonOperator(current.kind) != nil {
        return chainedComparison(op, left, right, operands: (leftStart, rightStart))
      }
      return node(.comparison(op, left, right), left.span.union(right.span))
    }
    if acceptWord("between") != nil {
      let low = parseSum()
      if acceptWord("and") == nil {
        report(ParserMessages.expected("'and' in 'between … and …'", found: current))
      }
      let high = parseSum()
      return node(.between(left, low: low, high: high), left.span.union(high.span))
    }
    if acceptWord("has") != nil {
      let tag = parseName(what: "a tag after 'has'")
      return node(.has(left, tag: tag), left.span.union(tag.span))
    }
    if acceptWord("is") != nil {
      // `known` is a word only here: `x is known` tests whether `x` was recorded.
      if current.kind == .name, current.text == "known" {
        let known = current
        advance()
        return node(.isKnown(left), left.span.union(known.span))
      }
      let pattern = parsePattern()
      return node(.isPattern(left, pattern), left.span.union(pattern.span))
    }
    return left
  }

  func comparisonOperator(_ kind: TokenKind) -> ComparisonOperator? {
    switch kind {
    case .less: .less
    case .lessEqual: .lessOrEqual
    case .greater: .greater
    case .greaterEqual: .greaterOrEqual
    case .equalEqual: .equal
    case .bangEqual: .notEqual
    default: nil
    }
  }

  mutating func parseSum() -> ConditionExpression {
    var left = parseProduct()
    while true {
      let op: ArithmeticOperator
      switch current.kind {
      case .plus: op = .add
      case .minus: op = .subtract
      default: return left
      }
      advance()
      let right = parseProduct()
      left = node(.arithmetic(op, left, right), left.span.union(right.span))
    }
  }

  mutating func parseProduct() -> ConditionExpression {
    var left = parseUnary()
    while true {
      let op: ArithmeticOperator
      switch current.kind {
      case .star: op = .multiply
      case .slash: op = .divide
      default: return left
      }
      advance()
      let right = parseUnary()
      left = node(.arithmetic(op, left, right), left.span.union(right.span))
    }
  }

  mutating func parseUnary() -> ConditionExpression {
    guard let minus = accept(.minus) else { return parsePrimary() }
    defer { nesting -= 1 }
    guard enterNesting(minus.span) else { return ConditionExpression(.missing, span: minus.span) }
    let operand = parseUnary()
    return node(.negate(operand), minus.span.union(operand.span))
  }

  mutating func parsePrimary() -> ConditionExpression {
    let t = current
    switch t.kind {
    case .number:
      let q = parseQuantity(what: "a number")
      return node(.literal(q), q.span)
    case .name where !Self.expressionStopWords.contains(t.text):
      advance()
      return node(.name(Identifier(t.text, span: t.span)), t.span)
    case .leftParen:
      advance()
      defer { nesting -= 1 }
      guard enterNesting(t.span) else { return ConditionExpression(.missing, span: t.span) }
      let inner = parseOr()
      if accept(.rightParen) == nil {
        report(ParserMessages.expected("')'", found: current, help: "close the '(' opened here"))
      }
      return node(.parenthesized(inner), SourceSpan(start: t.span.start, end: previousEnd))
    case .plus:
      return unaryPlus(t)
    default:
      report(ParserMessages.expected("a condition or a value", found: t, help: doubledConnectiveHelp(t)))
      return ConditionExpression(.missing, span: .at(t.span.start))
    }
  }

  /// Words that can never start a value, so `when and` reports "expected a condition" there.
  static let expressionStopWords: Set<String> = declarationWords.union(clauseWords).union(rulesetClauseWords)
    .union(["and", "or", "between", "has", "is"])
}
