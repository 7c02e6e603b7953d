/// Recovery from mistakes people make in conditions, each reported once with a help line that
/// says what the language wants instead, and parsed on so nothing else is reported for them.
extension Parser {
  /// `20 s < shot.time < 30 s`: the comparison `left op right` is followed by another comparison
  /// operator. Reports it with a help that rewrites it as `between` or two comparisons joined by
  /// `and`, and returns the first comparison. `operands` are the token positions where `left` and
  /// `right` start.
  mutating func chainedComparison(
    _ op: ComparisonOperator, _ left: ConditionExpression, _ right: ConditionExpression,
    operands: (left: Int, right: Int)
  ) -> ConditionExpression {
    let second = advance()
    let thirdStart = position
    let third = parseSum()
    let a = text(from: operands.left, to: operands.right - 1)
    let b = text(from: operands.right, to: thirdStart - 1)
    let c = text(from: thirdStart, to: position)
    report(
      ParserMessages.chainedComparison(
        second, first: op.rawValue, a: a, b: b, c: c,
        between: ["<", "<="].contains(op.rawValue) && ["<", "<="].contains(second.text)))
    return node(.comparison(op, left, right), left.span.union(third.span))
  }

  /// `> +20 s`: there is no unary `+`. Reports it and parses what follows as the value.
  mutating func unaryPlus(_ plus: Token) -> ConditionExpression {
    report(ParserMessages.unaryPlus(plus))
    advance()
    return parseUnary()
  }

  /// For `sour and and bitter`: the help when a connective follows another one.
  func doubledConnectiveHelp(_ t: Token) -> String? {
    guard t.kind == .name, ["and", "or"].contains(t.text), position > 0 else { return nil }
    let before = tokens[position - 1]
    guard before.kind == .name, ["and", "or"].contains(before.text) else { return nil }
    return ParserMessages.doubledConnectiveHelp(before.text, t.text)
  }

  /// The tokens from position `start` up to (not including) `end`, joined by spaces: `20 s`.
  func text(from start: Int, to end: Int) -> String {
    let upper = min(max(start, end), tokens.count)
    return tokens[min(start, upper)..<upper].map { $0.text }.joined(separator: " ")
  }
}
