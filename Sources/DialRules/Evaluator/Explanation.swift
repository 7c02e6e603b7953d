/// Why a shot got its decision, as data: the renderers (text, JSON), `test` goldens and the shot
/// log all read this value; none of them re-evaluates anything.
public struct Explanation: Hashable, Sendable {
  public var decision: Decision
  /// Every rule in source order with how it took part.
  public var rules: [RuleExplanation]
  /// The recipe before and after the decided adjustment, when the shot carries enough to compute it.
  public var preview: RecipePreview?
  /// Where the rules came from.
  public var rulesPath: String
  /// Whether the `otherwise` result decided (no rule matched, nothing unknown).
  public var decidedByOtherwise: Bool
}

/// One rule's part in a decision.
public struct RuleExplanation: Hashable, Sendable {
  public var id: String
  /// The rule id's place in the rule file.
  public var span: SourceSpan
  public var status: RuleStatus
  public var truth: Truth
  public var action: RuleAction
  public var because: String
  /// Whether the rule is listed in the decision's `decided_by`.
  public var decided: Bool
  /// The top-level parts of its condition (the conjuncts of a `when a and b and c`), each traced.
  public var conditions: [ConditionTrace]
  /// For a rule that is false or unknown: the first part that was false or unknown.
  public var firstBlocking: ConditionTrace?
  /// Rules that override it and were true (for `overridden`) or unknown (for `in_doubt`).
  public var overriders: [String]
}

/// One condition with the truth it had and the values it saw.
public struct ConditionTrace: Hashable, Sendable {
  /// The condition in rule-file words: `sour`, `not bitter`, `fast`, `dt < -3 s`.
  public var text: String
  public var truth: Truth
  public var span: SourceSpan
  /// What it read: `dt = -7 s`, `shot.taste = [sour]`, `shot.time is unknown (shot.time_s absent)`.
  public var values: [String]
  /// For a named condition (`fast`), the part inside that decided its truth.
  public var inner: [ConditionTrace]
}

/// The recipe before and after an adjustment.
public struct RecipePreview: Hashable, Sendable {
  public struct Change: Hashable, Sendable {
    /// `grind`, `yield`, `ratio` or `temperature`.
    public var field: String
    public var before: String
    public var after: String
    /// E.g. "clamped at the grinder's finest setting (0)".
    public var note: String?
  }
  public var changes: [Change]
}
