/// The syntax tree of one rule file, as written: declarations in source order, every clause as it
/// appeared (even duplicates, which the checker reports), plus the comments for the formatter.
package struct RuleFile: Hashable, Sendable {
  var version: VersionDeclaration?
  package var ruleset: RulesetDeclaration?
  package var declarations: [Declaration]

  init(version: VersionDeclaration?, ruleset: RulesetDeclaration?, declarations: [Declaration]) {
    self.version = version
    self.ruleset = ruleset
    self.declarations = declarations
  }
}

/// `dialrules 1`.
struct VersionDeclaration: Hashable, Sendable {
  var number: QuantityLiteral
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// `ruleset "name" "description"` and its clauses.
package struct RulesetDeclaration: Hashable, Sendable {
  package var name: StringLiteral
  package var description: StringLiteral?
  package var clauses: [RulesetClause]
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// A clause under `ruleset`.
package enum RulesetClause: Hashable, Sendable {
  /// `limit grind 2 steps`: `kind` is the action word, `amount` the bound.
  case limit(kind: Identifier, amount: QuantityLiteral, location: NodeSpan)
  /// `otherwise <action>`.
  case otherwise(ActionSyntax, location: NodeSpan)
  /// `require agreement`: a property the table promises and `lint` checks (`docs/analysis.md`).
  case require(Identifier, location: NodeSpan)
  /// `languages de es`: the languages every text of the table is given in; `lint` checks it.
  case languages([Identifier], location: NodeSpan)
}

/// A top-level declaration.
package enum Declaration: Hashable, Sendable {
  case letBinding(LetDeclaration)
  case rule(RuleDeclaration)
  case property(PropertyDeclaration)

  var span: SourceSpan {
    switch self {
    case .letBinding(let l): l.span
    case .rule(let r): r.span
    case .property(let p): p.span
    }
  }
}

/// `let name = expression`.
package struct LetDeclaration: Hashable, Sendable {
  package var name: Identifier
  package var value: ConditionExpression
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// `rule id` followed by its clauses in the order written.
package struct RuleDeclaration: Hashable, Sendable {
  package var id: Identifier
  package var clauses: [RuleClause]
  var location: NodeSpan
  package var span: SourceSpan { location.span }
}

/// One clause of a rule.
package enum RuleClause: Hashable, Sendable {
  case when(ConditionExpression, location: NodeSpan)
  case then(ActionSyntax, location: NodeSpan)
  case because(TextSyntax, location: NodeSpan)
  case overrides([Identifier], location: NodeSpan)
  case example(ExampleSyntax)

  var span: SourceSpan {
    switch self {
    case .when(_, let l), .then(_, let l), .because(_, let l), .overrides(_, let l): l.span
    case .example(let e): e.span
    }
  }
}
