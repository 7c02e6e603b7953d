/// The checked, compiled form of a rule file: the decision table. Rows are rules in source order;
/// their conditions live in a shared `ConditionProgram`. The evaluator, explainer, analyser and
/// the `table` command all read this value; none of them looks at syntax again.
public struct CompiledRules: Hashable, Sendable {
  /// `ruleset` name and description, when declared.
  public var name: String?
  public var description: String?
  /// Declared limits on action sizes.
  public var limits: Limits
  /// The result when no rule matches; `declared` is false for the built-in default.
  public var otherwise: Otherwise
  public var rules: [CompiledRule]
  public var program: ConditionProgram
  /// Where the rules came from (for explanations).
  public var path: String
  /// A stable hash of the file's bytes (FNV-1a, hex), recorded by the shot log with each decision.
  public var contentHash: String
  /// Properties the ruleset declares it wants (`require agreement`); `lint` enforces them.
  public var requirements = Requirements()
  /// `ruleset "name"` as written, when there is a header: where findings about the whole table
  /// point.
  public var rulesetSpan: Span?

  /// The index of the rule with `id`.
  public func index(of id: String) -> Int? { rules.firstIndex { $0.id == id } }

  public struct Limits: Hashable, Sendable {
    public var grindSteps: Int?
    public var yieldGrams: ExactNumber?
    public var temperatureCelsius: ExactNumber?
    public init(grindSteps: Int? = nil, yieldGrams: ExactNumber? = nil, temperatureCelsius: ExactNumber? = nil) {
      self.grindSteps = grindSteps
      self.yieldGrams = yieldGrams
      self.temperatureCelsius = temperatureCelsius
    }
  }

  /// The `require …` clauses of the ruleset header.
  public struct Requirements: Hashable, Sendable {
    /// Where `require agreement` was written, when it was: then every region where matching rules
    /// disagree (decision `conflict`) is an error in `lint` rather than information.
    public var agreementSpan: Span?
    /// Whether the table promises that its rules never disagree.
    public var agreement: Bool { agreementSpan != nil }
    /// The words `require` accepts.
    public static let words = ["agreement"]
    public init() {}
  }

  public struct Otherwise: Hashable, Sendable {
    public var action: RuleAction
    public var declared: Bool
    public var span: Span?
  }
}

/// What a rule does when it decides.
public enum RuleAction: Hashable, Sendable {
  /// A concrete change, or `no change`.
  case adjust(Adjustment)
  /// A deliberate abstention with the reason shown to the barista.
  case insufficient(String)

  public var isAbstention: Bool {
    if case .insufficient = self { return true }
    return false
  }

  /// The action as written in a rule file.
  public var ruleText: String {
    switch self {
    case .adjust(let a): a.ruleText
    case .insufficient(let reason): "insufficient \"\(reason)\""
    }
  }
}

/// One row of the decision table.
public struct CompiledRule: Hashable, Sendable {
  public var id: String
  /// Position in source order (also the index in `CompiledRules.rules`).
  public var index: Int
  public var span: Span
  public var idSpan: Span
  public var condition: Condition
  public var conditionSpan: Span
  public var action: RuleAction
  public var actionSpan: Span
  public var because: String
  /// Indices of the rules this rule overrides, and of the rules that override it.
  public var overrides: [Int]
  public var overriddenBy: [Int]
  public var examples: [CompiledExample]
  /// Observed paths the condition reads (bit mask over `ObservedPath`).
  public var reads: UInt32
}

/// An inline `example`, ready to evaluate.
public struct CompiledExample: Hashable, Sendable {
  public var name: String?
  public var span: Span
  public var shot: ShotRecord
  public var expected: Decision.Outcome
}
