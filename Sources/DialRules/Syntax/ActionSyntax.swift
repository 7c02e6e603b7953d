/// An action as written: `grind finer 1 step`, `yield +2 g`, `no change`, `insufficient "…"`.
package struct ActionSyntax: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// `grind finer|coarser [N step(s)]`; `amount` nil means the default of 1 step.
    case grind(direction: Identifier, amount: QuantityLiteral?)
    /// `yield +N g` / `yield -N g`.
    case yield(negative: Bool, amount: QuantityLiteral)
    /// `temperature +N C` / `temperature -N C`.
    case temperature(negative: Bool, amount: QuantityLiteral)
    case noChange
    /// `insufficient "reason"`, with its translations: a deliberate abstention.
    case insufficient(TextSyntax)
  }

  package var kind: Kind
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// What an `is` test on `previous.adjustment` matches. Absent parts match anything:
/// `grind` matches every grind change, `grind finer` every finer one.
package struct AdjustmentPattern: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    case none
    case noChange
    case grind(direction: Identifier?, amount: QuantityLiteral?)
    case yield(negative: Bool?, amount: QuantityLiteral?)
    case temperature(negative: Bool?, amount: QuantityLiteral?)
  }
  package var kind: Kind
  var location: NodeSpan
  var span: SourceSpan { location.span }
}
