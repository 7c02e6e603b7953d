/// An inline `example`: a shot written in words and the decision it must get.
///
/// ```
/// example "fast and sour"
///   shot time 21 s, yield 36 g, dose 18 g, taste sour
///   recipe time 28 s, yield 36 g, dose 18 g
///   expect grind finer 1 step
/// ```
package struct ExampleSyntax: Hashable, Sendable {
  package var name: StringLiteral?
  package var parts: [ExamplePart]
  /// Nil when the `expect` clause is missing (reported by the parser).
  package var expectation: ExampleExpectation?
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// `shot …`, `recipe …` or `previous …` with comma-separated fields.
package struct ExamplePart: Hashable, Sendable {
  var target: Identifier
  package var fields: [ExampleField]
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// One field of an example part: `time 21 s`, `taste sour bitter`, `adjustment grind finer`.
package struct ExampleField: Hashable, Sendable {
  package enum Value: Hashable, Sendable {
    case quantity(QuantityLiteral)
    /// Tag words; empty for `none` (a known, empty list).
    case tags([Identifier])
    case adjustment(ActionSyntax)
  }
  package var name: Identifier
  package var value: Value
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// `expect <action>` or `expect insufficient <reason>`.
package enum ExampleExpectation: Hashable, Sendable {
  case action(ActionSyntax)
  case insufficient(reason: Identifier, location: NodeSpan)

  package var span: SourceSpan {
    switch self {
    case .action(let a): a.span
    case .insufficient(_, let l): l.span
    }
  }
}
