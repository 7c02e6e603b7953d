/// Why a shot got its decision, as data: the renderers (text, JSON), `test` goldens and the shot
/// log all read this value; none of them re-evaluates anything.
///
/// ```swift
/// let why = rules.explain(shot)
/// print(why.decision.text)
/// for rule in why.rules where rule.decided { print(rule.id, rule.because) }
/// print(why.text(rulesFile: rules.source))   // what `dialrules explain` prints
/// ```
///
/// Explanations, with their `RuleExplanation`, `ConditionTrace` and `RecipePreview` values, are
/// made by `RuleSet.explain(_:)` only (they have no public initialiser, so they always agree with
/// a decision): in a test or a preview, explain a shot.
public struct Explanation: Hashable, Sendable {
  /// The decision, the same one `RuleSet.decide(_:)` returns for the shot.
  public var decision: Decision
  /// Every rule in source order with how it took part (empty for an invalid shot, which is not
  /// evaluated).
  public var rules: [RuleExplanation]
  /// The recipe before and after the decided adjustment, when the shot carries enough to compute it.
  public var preview: RecipePreview?
  /// Where the rules came from.
  public var rulesPath: String
  /// Whether the `otherwise` result decided (no rule matched, nothing unknown).
  public var decidedByOtherwise: Bool
  /// The table's texts and translations, for the decision's words in other languages.
  var texts = TableTexts()
}

/// One rule's part in a decision.
public struct RuleExplanation: Hashable, Sendable {
  /// The rule's id, as written after `rule`.
  public var id: String
  /// The rule id's place in the rule file (`RuleSet.source`).
  public var span: SourceSpan
  /// How it took part: matched, not matched, unknown, overridden or in doubt.
  public var status: RuleStatus
  /// The truth of its `when` condition for this shot.
  public var truth: Truth
  /// Its `then` action.
  public var action: RuleAction
  /// Its `because` rationale, for the barista.
  public var because: String
  /// Whether the rule is listed in the decision's `decided_by`.
  public var decided: Bool
  /// The top-level parts of its condition (the conjuncts of a `when a and b and c`), each traced.
  public var conditions: [ConditionTrace]
  /// For a rule that is false or unknown: the first part that was false or unknown.
  public var firstBlocking: ConditionTrace?
  /// Rules that override it and were true (for `overridden`) or unknown (for `in_doubt`).
  public var overriders: [String]
  /// The translations of `because` and of an abstention's reason, by language code.
  var becauseTranslations: [String: String] = [:]
  var reasonTranslations: [String: String] = [:]

  /// Its `because` rationale in `language`: the table's translation, or the English text when the
  /// table has none in that language.
  public func because(in language: RuleLanguage) -> String {
    becauseTranslations[language.code] ?? because
  }
}

/// One condition with the truth it had and the values it saw.
public struct ConditionTrace: Hashable, Sendable {
  /// The condition in rule-file words: `sour`, `not bitter`, `fast`, `dt < -3 s`.
  public var text: String
  /// Its truth for this shot.
  public var truth: Truth
  /// Its place in the rule file.
  public var span: SourceSpan
  /// What it read, as values: `dt` was -7 s, `shot.taste` held `sour`, `shot.time` was absent.
  public var readings: [Reading]
  /// What it read, in English: `dt = -7 s`, `shot.taste = [sour]`,
  /// `shot.time is unknown (shot.time_s absent)` (each reading's `text`).
  public var values: [String] { readings.map { $0.text } }
  /// For a named condition (`fast`), the part inside that decided its truth.
  public var inner: [ConditionTrace]
  /// Whether `inner` are the alternatives of an `or` (true when one part is; false only when
  /// every part is), rather than the parts of an `and`: decides which parts explain its truth.
  var alternatives = false
}
