/// An inline `example`: a shot written in words and the decision it must get.
///
/// ```
/// example "fast and sour"
///   shot time 21 s, yield 36 g, dose 18 g, taste sour
///   recipe time 28 s, yield 36 g, dose 18 g
///   expect grind finer 1 step
/// ```
public struct ExampleSyntax: Hashable, Sendable {
  public var name: StringLiteral?
  public var parts: [ExamplePart]
  /// Nil when the `expect` clause is missing (reported by the parser).
  public var expectation: Expectation?
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// `shot …`, `recipe …` or `previous …` with comma-separated fields.
public struct ExamplePart: Hashable, Sendable {
  public var target: Identifier
  public var fields: [ExampleField]
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// One field of an example part: `time 21 s`, `taste sour bitter`, `adjustment grind finer`.
public struct ExampleField: Hashable, Sendable {
  public enum Value: Hashable, Sendable {
    case quantity(QuantityLiteral)
    /// Tag words; empty for `none` (a known, empty list).
    case tags([Identifier])
    case adjustment(ActionSyntax)
  }
  public var name: Identifier
  public var value: Value
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// `expect <action>` or `expect insufficient <reason>`.
public enum Expectation: Hashable, Sendable {
  case action(ActionSyntax)
  case insufficient(reason: Identifier, location: NodeSpan)

  public var span: Span {
    switch self {
    case .action(let a): a.span
    case .insufficient(_, let l): l.span
    }
  }
}
