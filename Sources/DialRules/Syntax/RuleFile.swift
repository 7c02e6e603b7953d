/// The syntax tree of one rule file, as written: declarations in source order, every clause as it
/// appeared (even duplicates, which the checker reports), plus the comments for the formatter.
struct RuleFile: Hashable, Sendable {
  var version: VersionDeclaration?
  var ruleset: RulesetDeclaration?
  var declarations: [Declaration]

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
struct RulesetDeclaration: Hashable, Sendable {
  var name: StringLiteral
  var description: StringLiteral?
  var clauses: [RulesetClause]
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// A clause under `ruleset`.
enum RulesetClause: Hashable, Sendable {
  /// `limit grind 2 steps`: `kind` is the action word, `amount` the bound.
  case limit(kind: Identifier, amount: QuantityLiteral, location: NodeSpan)
  /// `otherwise <action>`.
  case otherwise(ActionSyntax, location: NodeSpan)
  /// `require agreement`: a property the table promises and `lint` checks (`docs/analysis.md`).
  case require(Identifier, location: NodeSpan)
}

/// A top-level declaration.
enum Declaration: Hashable, Sendable {
  case letBinding(LetDeclaration)
  case rule(RuleDeclaration)

  var span: SourceSpan {
    switch self {
    case .letBinding(let l): l.span
    case .rule(let r): r.span
    }
  }
}

/// `let name = expression`.
struct LetDeclaration: Hashable, Sendable {
  var name: Identifier
  var value: ConditionExpression
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// `rule id` followed by its clauses in the order written.
struct RuleDeclaration: Hashable, Sendable {
  var id: Identifier
  var clauses: [RuleClause]
  var location: NodeSpan
  var span: SourceSpan { location.span }
}

/// One clause of a rule.
enum RuleClause: Hashable, Sendable {
  case when(ConditionExpression, location: NodeSpan)
  case then(ActionSyntax, location: NodeSpan)
  case because(StringLiteral, location: NodeSpan)
  case overrides([Identifier], location: NodeSpan)
  case example(ExampleSyntax)

  var span: SourceSpan {
    switch self {
    case .when(_, let l), .then(_, let l), .because(_, let l), .overrides(_, let l): l.span
    case .example(let e): e.span
    }
  }
}
