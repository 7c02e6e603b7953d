/// A condition or quantity expression as written.
public struct Expression: Hashable, Sendable {
  public indirect enum Kind: Hashable, Sendable {
    /// A number with an optional unit; `value` nil when out of range.
    case literal(QuantityLiteral)
    /// A name: an observation (`shot.time`), a `let`, or a bare tag (`sour`).
    case name(Identifier)
    case negate(Expression)
    case arithmetic(ArithmeticOperator, Expression, Expression)
    case comparison(ComparisonOperator, Expression, Expression)
    /// `value between low and high`, inclusive.
    case between(Expression, low: Expression, high: Expression)
    /// `set has tag`.
    case has(Expression, tag: Identifier)
    /// `previous.adjustment is pattern`.
    case isPattern(Expression, AdjustmentPattern)
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    /// Parentheses are kept so the formatter can reproduce them.
    case parenthesized(Expression)
    /// Placeholder where the parser recovered from an error (already reported).
    case missing
  }

  public var kind: Kind
  public var location: NodeSpan
  public var span: Span { location.span }

  public init(_ kind: Kind, span: Span) {
    self.kind = kind
    self.location = NodeSpan(span)
  }
}

public enum ArithmeticOperator: String, Hashable, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
}

public enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case equal = "=="
  case notEqual = "!="

  /// Whether `ordering` (-1, 0, 1 from a three-way comparison) satisfies this operator.
  @inline(__always)
  public func holds(_ ordering: Int) -> Bool {
    switch self {
    case .less: ordering < 0
    case .lessOrEqual: ordering <= 0
    case .greater: ordering > 0
    case .greaterOrEqual: ordering >= 0
    case .equal: ordering == 0
    case .notEqual: ordering != 0
    }
  }
}
