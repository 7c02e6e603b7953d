/// The checked, compiled form of a rule file: the decision table. Rows are rules in source order;
/// their conditions live in a shared `ConditionProgram`. The evaluator, explainer, analyser and
/// the `table` command all read this value; none of them looks at syntax again.
package struct CompiledRules: Hashable, Sendable {
  /// `ruleset` name and description, when declared.
  package var name: String?
  package var description: String?
  /// Declared limits on action sizes.
  var limits: Limits
  /// The result when no rule matches; `declared` is false for the built-in default.
  var otherwise: Otherwise
  package var rules: [CompiledRule]
  package var program: ConditionProgram
  /// Where the rules came from (for explanations).
  var path: String
  /// A stable hash of the file's bytes (FNV-1a, hex), recorded by the shot log with each decision.
  package var contentHash: String
  /// Properties the ruleset declares it wants (`require agreement`); `lint` enforces them.
  var requirements = Requirements()
  /// `ruleset "name"` as written, when there is a header: where findings about the whole table
  /// point.
  var rulesetSpan: SourceSpan?
  /// Per numeric node of the condition program (same indices): what the checker proved about its
  /// values on every valid shot (`ValueBound`; docs/design.md §4, arithmetic never fails). An evaluator
  /// may rely on it, for example to compute in fixed point.
  var valueBounds: [ValueBound] = []
  /// The languages `languages …` declares the texts are given in (without `en`), in order.
  var languages: [String] = []
  /// The file's `property` declarations, in source order; `lint` proves them (A011, A012).
  package var properties: [CompiledProperty] = []

  /// The index of the rule with `id`.
  package func index(of id: String) -> Int? { rules.firstIndex { $0.id == id } }

  struct Limits: Hashable, Sendable {
    var grindSteps: Int?
    var yieldGrams: ExactNumber?
    var temperatureCelsius: ExactNumber?
    init(grindSteps: Int? = nil, yieldGrams: ExactNumber? = nil, temperatureCelsius: ExactNumber? = nil) {
      self.grindSteps = grindSteps
      self.yieldGrams = yieldGrams
      self.temperatureCelsius = temperatureCelsius
    }
  }

  /// The `require …` clauses of the ruleset header.
  package struct Requirements: Hashable, Sendable {
    /// Where `require agreement` was written, when it was: then every region where matching rules
    /// disagree (decision `conflict`) is an error in `lint` rather than information.
    var agreementSpan: SourceSpan?
    /// Whether the table promises that its rules never disagree.
    var agreement: Bool { agreementSpan != nil }
    /// The words `require` accepts.
    package static let words = ["agreement"]
    init() {}
  }

  struct Otherwise: Hashable, Sendable {
    var action: RuleAction
    var declared: Bool
    var span: SourceSpan?
    /// The translations of an abstaining `otherwise`'s reason, by language code.
    var translations: [String: String] = [:]
  }
}

/// What a rule does when it decides: a change to the recipe, or a deliberate abstention.
///
/// New kinds of action may be added in a minor release; end a `switch` with `@unknown default`.
public enum RuleAction: Hashable, Sendable {
  /// A concrete change, or `no change`.
  case adjust(Adjustment)
  /// A deliberate abstention with the reason shown to the barista.
  case insufficient(String)

  /// Whether the action is `insufficient "…"`.
  public var isAbstention: Bool {
    if case .insufficient = self { return true }
    return false
  }

  /// The action as written in a rule file.
  public var ruleText: String {
    switch self {
    case .adjust(let a): a.ruleText
    case .insufficient(let reason): "insufficient " + RuleFileStrings.literal(reason)
    }
  }
}

/// One row of the decision table.
package struct CompiledRule: Hashable, Sendable {
  package var id: String
  /// Position in source order (also the index in `CompiledRules.rules`).
  package var index: Int
  package var span: SourceSpan
  package var idSpan: SourceSpan
  var condition: Condition
  var conditionSpan: SourceSpan
  /// Where each of `conditionParts` is written in the rule (an atom or a named condition shared by
  /// several rules has one place in the program; this is its place in this rule's `when`). Empty
  /// when the condition did not check.
  var conditionPartSpans: [SourceSpan] = []
  package var action: RuleAction
  var actionSpan: SourceSpan
  package var because: String
  /// Indices of the rules this rule overrides, and of the rules that override it.
  package var overrides: [Int]
  package var overriddenBy: [Int]
  package var examples: [CompiledExample]
  /// Observed paths the condition reads (bit mask over `ObservedPath`).
  var reads: UInt32
  /// The translations of `because`, and of the reason of an `insufficient` action, by language
  /// code (`de`, `es`; `docs/language.md` §4.3).
  var becauseTranslations: [String: String] = [:]
  var reasonTranslations: [String: String] = [:]

  /// The top-level parts of its condition: the conjuncts of `when a and b and c`, or the whole
  /// condition when it is not an `and`. The rule is true exactly when every part is (Kleene's
  /// `and`); explanations trace these parts and `test --coverage` counts them.
  var conditionParts: [Condition] {
    if case .and(let parts) = condition { return parts }
    return [condition]
  }
}

/// An inline `example`, ready to evaluate.
package struct CompiledExample: Hashable, Sendable {
  package var name: String?
  package var span: SourceSpan
  package var shot: ShotRecord
  package var expected: Decision.Outcome
}
