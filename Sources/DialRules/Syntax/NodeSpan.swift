/// A span stored in a syntax node that takes no part in equality or hashing, so two trees parsed
/// from differently laid-out text compare equal exactly when they mean the same (the formatter's
/// re-parse check relies on this, as cedar's `Node<T>` does).
package struct NodeSpan: Hashable, Sendable {
  package var span: SourceSpan
  init(_ span: SourceSpan) { self.span = span }
  package static func == (lhs: NodeSpan, rhs: NodeSpan) -> Bool { true }
  package func hash(into hasher: inout Hasher) {}
}

/// A name as written, with where it was written.
package struct Identifier: Hashable, Sendable {
  package var name: String
  var location: NodeSpan
  package var span: SourceSpan { location.span }
  init(_ name: String, span: SourceSpan) {
    self.name = name
    self.location = NodeSpan(span)
  }
}

/// A string literal's decoded value, with where it was written.
package struct StringLiteral: Hashable, Sendable {
  package var value: String
  var location: NodeSpan
  package var span: SourceSpan { location.span }
  init(_ value: String, span: SourceSpan) {
    self.value = value
    self.location = NodeSpan(span)
  }
}

/// A number with an optional unit word: `2 steps`, `-3 s`, `1.8`. `value` is nil when the literal
/// was out of range (already reported by the lexer).
package struct QuantityLiteral: Hashable, Sendable {
  var value: ExactNumber?
  package var unit: Identifier?
  var location: NodeSpan
  var span: SourceSpan { location.span }
  init(value: ExactNumber?, unit: Identifier?, span: SourceSpan) {
    self.value = value
    self.unit = unit
    self.location = NodeSpan(span)
  }
}
