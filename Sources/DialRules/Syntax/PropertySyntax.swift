/// `property id` followed by its clauses in the order written: a statement about the table's
/// decisions that `lint` proves over every valid shot (`docs/language.md` §3.8).
package struct PropertyDeclaration: Hashable, Sendable {
  package var id: Identifier
  package var clauses: [PropertyClause]
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// One clause of a property.
package enum PropertyClause: Hashable, Sendable {
  /// `when CONDITION`: the shots the property is about (every shot when absent).
  case when(ConditionExpression, location: NodeSpan)
  /// `always P or Q …`: the decision matches one of the patterns.
  case always([OutcomePattern], location: NodeSpan)
  /// `never P or Q …`: the decision matches none of the patterns.
  case never([OutcomePattern], location: NodeSpan)
  case because(TextSyntax, location: NodeSpan)

  var span: SourceSpan {
    switch self {
    case .when(_, let l), .always(_, let l), .never(_, let l), .because(_, let l): l.span
    }
  }
}

/// What a property says a decision is (or is not): an adjustment pattern as after `is`
/// (`grind finer`, `yield +2 g`, `yield`, `no change`), `insufficient` with an optional reason, or
/// `decides` (anything but insufficient evidence).
package struct OutcomePattern: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    case adjustment(AdjustmentPattern)
    /// `insufficient [conflict|incomplete|explicit|no_rule]`.
    case insufficient(reason: Identifier?)
    case decides
  }
  package var kind: Kind
  var location: NodeSpan
  var span: SourceSpan { location.span }
}
