/// A span stored in a syntax node that takes no part in equality or hashing, so two trees parsed
/// from differently laid-out text compare equal exactly when they mean the same (the formatter's
/// re-parse check relies on this, as cedar's `Node<T>` does).
public struct NodeSpan: Hashable, Sendable {
  public var span: Span
  public init(_ span: Span) { self.span = span }
  public static func == (lhs: NodeSpan, rhs: NodeSpan) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
  public var name: String
  public var location: NodeSpan
  public var span: Span { location.span }
  public init(_ name: String, span: Span) {
    self.name = name
    self.location = NodeSpan(span)
  }
}

/// A string literal's decoded value, with where it was written.
public struct StringLiteral: Hashable, Sendable {
  public var value: String
  public var location: NodeSpan
  public var span: Span { location.span }
  public init(_ value: String, span: Span) {
    self.value = value
    self.location = NodeSpan(span)
  }
}

/// A number with an optional unit word: `2 steps`, `-3 s`, `1.8`. `value` is nil when the literal
/// was out of range (already reported by the lexer).
public struct QuantityLiteral: Hashable, Sendable {
  public var value: ExactNumber?
  public var unit: Identifier?
  public var location: NodeSpan
  public var span: Span { location.span }
  public init(value: ExactNumber?, unit: Identifier?, span: Span) {
    self.value = value
    self.unit = unit
    self.location = NodeSpan(span)
  }
}
