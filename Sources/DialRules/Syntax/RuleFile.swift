/// The syntax tree of one rule file, as written: declarations in source order, every clause as it
/// appeared (even duplicates, which the checker reports), plus the comments for the formatter.
public struct RuleFile: Hashable, Sendable {
  public var version: VersionDeclaration?
  public var ruleset: RulesetDeclaration?
  public var declarations: [Declaration]

  public init(version: VersionDeclaration?, ruleset: RulesetDeclaration?, declarations: [Declaration]) {
    self.version = version
    self.ruleset = ruleset
    self.declarations = declarations
  }
}

/// `dialrules 1`.
public struct VersionDeclaration: Hashable, Sendable {
  public var number: QuantityLiteral
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// `ruleset "name" "description"` and its clauses.
public struct RulesetDeclaration: Hashable, Sendable {
  public var name: StringLiteral
  public var description: StringLiteral?
  public var clauses: [RulesetClause]
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// A clause under `ruleset`.
public enum RulesetClause: Hashable, Sendable {
  /// `limit grind 2 steps`: `kind` is the action word, `amount` the bound.
  case limit(kind: Identifier, amount: QuantityLiteral, location: NodeSpan)
  /// `otherwise <action>`.
  case otherwise(ActionSyntax, location: NodeSpan)
  /// `require agreement`: a property the table promises and `lint` checks (`docs/analysis.md`).
  case require(Identifier, location: NodeSpan)
}

/// A top-level declaration.
public enum Declaration: Hashable, Sendable {
  case letBinding(LetDeclaration)
  case rule(RuleDeclaration)

  public var span: Span {
    switch self {
    case .letBinding(let l): l.span
    case .rule(let r): r.span
    }
  }
}

/// `let name = expression`.
public struct LetDeclaration: Hashable, Sendable {
  public var name: Identifier
  public var value: Expression
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// `rule id` followed by its clauses in the order written.
public struct RuleDeclaration: Hashable, Sendable {
  public var id: Identifier
  public var clauses: [RuleClause]
  public var location: NodeSpan
  public var span: Span { location.span }
}

/// One clause of a rule.
public enum RuleClause: Hashable, Sendable {
  case when(Expression, location: NodeSpan)
  case then(ActionSyntax, location: NodeSpan)
  case because(StringLiteral, location: NodeSpan)
  case overrides([Identifier], location: NodeSpan)
  case example(ExampleSyntax)

  public var span: Span {
    switch self {
    case .when(_, let l), .then(_, let l), .because(_, let l), .overrides(_, let l): l.span
    case .example(let e): e.span
    }
  }
}
