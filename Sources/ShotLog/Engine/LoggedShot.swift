import DialRules

/// A shot just logged: the stored attempt, the rules' decision and explanation, and what
/// accepting would change — one value, returned by `ShotLogStore.Shots.logShot`.
public struct LoggedShot: Hashable, Sendable, Identifiable {
  /// The shot in its context (bean, grinder, recipe, previous shot), as the review shows it.
  public var review: Review
  /// Every rule's part in the decision: results, the conditions with the values they saw, the
  /// deciding rules' rationales (DialRules' `RuleSet.explain`).
  public var explanation: Explanation

  /// The attempt's id.
  public var id: Int64 { review.attempt.id }

  /// The stored attempt, with its id and its stored suggestion.
  public var attempt: ShotAttempt { review.attempt }

  /// The rules' decision for the shot: adjust, no change, or insufficient evidence.
  public var decision: Decision { explanation.decision }

  /// What accepting would change (the next recipe), why it cannot be applied automatically, or
  /// nil when the rules found too little evidence to suggest anything.
  public var preview: Result<SuggestedChange, SuggestedChange.Problem>? { review.preview }
}

extension RuleSet {
  /// The name stored with every decision: the `ruleset` name, or the file's name when the ruleset
  /// declares none.
  var logName: String {
    if let name { return name }
    return path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The suggestion to store for `shot`, without the full explanation: what an import derives
  /// again for every shot it reads, so it is the same value `suggestion(for:)` gives, faster.
  ///
  /// - Parameter shot: a record read by DialRules' shot JSON reader, which only returns records
  ///   within shot JSON's bounds; so it is evaluated without `validate()`'s second reading (a tenth
  ///   of an import's time at 100,000 shots).
  func storedSuggestion(for shot: ShotRecord) -> StoredSuggestion {
    let decision = evaluator.decide(shot)
    // `decided_by` has a rule or two; a search of the table's few rules is cheaper than a map.
    let rationale = decision.decidedBy.map { id in
      RuleRationale(ruleID: id, because: compiled.rules.first { $0.id == id }?.because ?? "")
    }
    return StoredSuggestion(
      decision: decision, rationale: rationale,
      rulesetName: logName, rulesetHash: contentHash)
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
