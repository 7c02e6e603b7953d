/// A condition or quantity expression as written.
package struct ConditionExpression: Hashable, Sendable {
  package indirect enum Kind: Hashable, Sendable {
    /// A number with an optional unit; `value` nil when out of range.
    case literal(QuantityLiteral)
    /// A name: an observation (`shot.time`), a `let`, or a bare tag (`sour`).
    case name(Identifier)
    case negate(ConditionExpression)
    case arithmetic(ArithmeticOperator, ConditionExpression, ConditionExpression)
    case comparison(ComparisonOperator, ConditionExpression, ConditionExpression)
    /// `value between low and high`, inclusive.
    case between(ConditionExpression, low: ConditionExpression, high: ConditionExpression)
    /// `set has tag`.
    case has(ConditionExpression, tag: Identifier)
    /// `previous.adjustment is pattern`.
    case isPattern(ConditionExpression, AdjustmentPattern)
    /// `value is known`: whether the value was recorded (never unknown itself).
    case isKnown(ConditionExpression)
    case not(ConditionExpression)
    case and(ConditionExpression, ConditionExpression)
    case or(ConditionExpression, ConditionExpression)
    /// Parentheses are kept so the formatter can reproduce them.
    case parenthesized(ConditionExpression)
    /// Placeholder where the parser recovered from an error (already reported).
    case missing
  }

  package var kind: Kind
  var location: NodeSpan
  package var span: SourceSpan { location.span }

  init(_ kind: Kind, span: SourceSpan) {
    self.kind = kind
    self.location = NodeSpan(span)
  }
}

package enum ArithmeticOperator: String, Hashable, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
}

package enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case equal = "=="
  case notEqual = "!="

  /// Whether `ordering` (-1, 0, 1 from a three-way comparison) satisfies this operator.
  @inline(__always)
  func holds(_ ordering: Int) -> Bool {
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
