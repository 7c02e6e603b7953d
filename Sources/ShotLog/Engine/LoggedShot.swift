import DialRules

/// A shot just logged: the stored attempt, the rules' decision and explanation, and what
/// accepting would change — one value, returned by `ShotLogStore.logShot`.
public struct LoggedShot: Sendable {
  /// The shot in its context (bean, grinder, recipe, previous shot), as the review shows it.
  public var review: Review
  /// Every rule's part in the decision: results, the conditions with the values they saw, the
  /// deciding rules' rationales (DialRules' `RuleSet.explain`).
  public var explanation: Explanation

  /// The stored attempt, with its id and its stored suggestion.
  public var attempt: ShotAttempt { review.attempt }

  /// The rules' decision for the shot: adjust, no change, or insufficient evidence.
  public var decision: Decision { explanation.decision }

  /// What accepting would change (the next recipe), why it cannot be applied automatically, or
  /// nil when the rules found too little evidence to suggest anything.
  public var preview: Result<SuggestedChange, SuggestedChange.Problem>? { review.preview }
}

/// Everything a review screen shows for one attempt (`ShotLogStore.review`).
public struct Review: Sendable {
  /// The attempt.
  public var attempt: ShotAttempt
  /// Its bean.
  public var bean: Bean
  /// Its grinder.
  public var grinder: Grinder
  /// The recipe snapshot it was pulled from.
  public var snapshot: RecipeSnapshot
  /// The previous attempt of the same bean and grinder, if any.
  public var previous: ShotAttempt?
  /// The shot JSON v1 record the rules saw (or would see): the snapshot as `recipe`, the grinder,
  /// the measurements, and the previous shot with the adjustment made since.
  public var record: ShotRecord
  /// The decision shown: the stored one, or the re-evaluated one; nil when no rules were
  /// evaluated when the shot was logged.
  public var suggestion: StoredSuggestion?
  /// The recipe change accepting would make, when the decision is an adjustment or no change.
  public var preview: Result<SuggestedChange, SuggestedChange.Problem>?
  /// The accept or reject already recorded.
  public var event: SuggestionEvent?
  /// Set when the bean's recipe has moved on since this shot, so accepting no longer applies.
  public var supersededBy: RecipeSnapshot?
}

/// What accepting a suggestion did (`ShotLogStore.accept`).
public struct AcceptResult: Sendable {
  /// The recorded answer.
  public var event: SuggestionEvent
  /// The new snapshot, nil for an accepted "no change".
  public var snapshot: RecipeSnapshot?
  /// The change that was applied, nil for an accepted "no change".
  public var change: SuggestedChange?
}

extension RuleSet {
  /// The name stored with every decision: the `ruleset` name, or the file's name when the ruleset
  /// declares none.
  var logName: String {
    if let name { return name }
    return path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The explanation for `shot` and the suggestion to store for it.
  func suggestion(for shot: ShotRecord) -> (Explanation, StoredSuggestion) {
    let explanation = explain(shot)
    let rationale = explanation.rules.filter(\.decided).map { RuleRationale(ruleID: $0.id, because: $0.because) }
    return (
      explanation,
      StoredSuggestion(
        decision: explanation.decision, rationale: rationale, rulesetName: logName, rulesetHash: contentHash)
    )
  }
}
