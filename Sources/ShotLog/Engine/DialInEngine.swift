import DialRules

/// A shot as entered, before it is stored: which bean, when, and what was measured and tasted.
public struct AttemptDraft: Sendable {
  public var beanID: Int64
  public var pulledAt: Timestamp
  public var doseG: ExactNumber?
  public var yieldG: ExactNumber?
  public var timeS: ExactNumber?
  public var firstDropS: ExactNumber?
  public var taste: TagSet<TasteTag>?
  public var flow: TagSet<FlowTag>?
  public var notes: String?

  public init(
    beanID: Int64, pulledAt: Timestamp, doseG: ExactNumber? = nil, yieldG: ExactNumber? = nil,
    timeS: ExactNumber? = nil, firstDropS: ExactNumber? = nil, taste: TagSet<TasteTag>? = nil,
    flow: TagSet<FlowTag>? = nil, notes: String? = nil
  ) {
    self.beanID = beanID
    self.pulledAt = pulledAt
    self.doseG = doseG
    self.yieldG = yieldG
    self.timeS = timeS
    self.firstDropS = firstDropS
    self.taste = taste
    self.flow = flow
    self.notes = notes
  }
}

/// Everything the review screen shows for one attempt.
public struct Review: Sendable {
  public var attempt: ShotAttempt
  public var bean: Bean
  public var grinder: Grinder
  public var snapshot: RecipeSnapshot
  /// The previous attempt of the same bean and grinder, if any.
  public var previous: ShotAttempt?
  /// The shot JSON v1 record the rules saw (or would see).
  public var record: ShotRecord
  /// The stored decision, nil when no rules were evaluated when the shot was logged.
  public var suggestion: StoredSuggestion?
  /// The recipe change accepting would make, when the decision is an adjustment or no change.
  public var preview: Result<SuggestedChange, SuggestedChange.Problem>?
  /// The accept or reject already recorded.
  public var event: SuggestionEvent?
  /// Set when the bean's recipe has moved on since this shot, so accepting no longer applies.
  public var supersededBy: RecipeSnapshot?
}

/// What accepting a suggestion did.
public struct AcceptResult: Sendable {
  public var event: SuggestionEvent
  /// The new snapshot, nil for an accepted "no change".
  public var snapshot: RecipeSnapshot?
  public var change: SuggestedChange?
}

/// The dial-in loop (design §9): log an attempt with the rules' decision, review it, accept or
/// reject the suggestion.
public struct DialInEngine {
  public let store: ShotLogStore
  /// The compiled rules; nil when none are available, in which case shots are logged without a
  /// decision and nothing can be accepted.
  public let decider: (any Decider)?

  public init(store: ShotLogStore, decider: (any Decider)?) {
    self.store = store
    self.decider = decider
  }

  /// The shot JSON v1 record for an attempt: its snapshot as `recipe`, the grinder profile, and
  /// the previous attempt of the same bean and grinder with the adjustment applied since.
  public func record(
    id: String, measurements: ShotRecord.Measurements, snapshot: RecipeSnapshot, grinder: Grinder,
    previous: ShotAttempt?
  ) throws -> ShotRecord {
    var previousRecord: ShotRecord.Previous?
    if let previous {
      var adjustment: Adjustment?
      if previous.snapshotID != snapshot.id, let earlier = try store.snapshot(id: previous.snapshotID) {
        adjustment = snapshot.adjustment(from: earlier, scale: grinder.scale)
      }
      previousRecord = ShotRecord.Previous(adjustment: adjustment, shot: previous.measurements)
    }
    return ShotRecord(
      id: id, recipe: snapshot.shotRecipe, grinder: grinder.shotGrinder, shot: measurements, previous: previousRecord)
  }

  /// Stores a new attempt against the bean's active recipe, with the rules' decision for it.
  ///
  /// Finding the previous attempt, deciding and inserting happen in one write transaction, so two
  /// processes logging at once each see the other's shot either wholly before or wholly after.
  public func log(_ draft: AttemptDraft) throws -> ShotAttempt {
    try store.write {
      guard let bean = try store.bean(id: draft.beanID) else { throw ShotLogError(.notFound, "no such bean") }
      guard let snapshot = try store.activeSnapshot(beanID: bean.id) else {
        throw ShotLogError(
          .notFound, "bean '\(bean.name)' has no recipe yet",
          help: "create one with 'dialshot recipe set \(bean.name) --grinder … --dose … --yield … --time … --grind …'")
      }
      guard let grinder = try store.grinder(id: snapshot.grinderID) else {
        throw ShotLogError(.notFound, "the recipe's grinder is missing")
      }
      var attempt = ShotAttempt(
        uuid: store.newUUID(), snapshotID: snapshot.id, beanID: bean.id, grinderID: grinder.id,
        pulledAt: draft.pulledAt, doseG: draft.doseG, yieldG: draft.yieldG, timeS: draft.timeS,
        firstDropS: draft.firstDropS, taste: draft.taste, flow: draft.flow, notes: draft.notes, createdAt: store.now)
      if let decider {
        let previous = try store.previousAttempt(
          beanID: bean.id, grinderID: grinder.id, pulledAt: draft.pulledAt, excludingID: nil)
        let shot = try record(
          id: attempt.uuid, measurements: attempt.measurements, snapshot: snapshot, grinder: grinder,
          previous: previous)
        attempt.suggestion = Self.suggestion(decider.decide(shot), from: decider)
      }
      return try store.insert(attempt)
    }
  }

  static func suggestion(_ verdict: DeciderVerdict, from decider: any Decider) -> StoredSuggestion {
    StoredSuggestion(
      decision: verdict.decision, rationale: verdict.rationale, rulesetName: decider.rulesetName,
      rulesetHash: decider.rulesetHash)
  }

  /// Gathers the review of `attempt`. With `reevaluateWith`, the decision shown is what those rules
  /// say now instead of the stored one (nothing is stored).
  public func review(_ attempt: ShotAttempt, reevaluateWith other: (any Decider)? = nil) throws -> Review {
    try store.read {
      guard let snapshot = try store.snapshot(id: attempt.snapshotID), let bean = try store.bean(id: attempt.beanID),
        let grinder = try store.grinder(id: attempt.grinderID)
      else { throw ShotLogError(.notFound, "shot #\(attempt.id) refers to a missing recipe, bean or grinder") }
      let previous = try store.previousAttempt(before: attempt)
      let shot = try record(
        id: attempt.uuid, measurements: attempt.measurements, snapshot: snapshot, grinder: grinder, previous: previous)
      var suggestion = attempt.suggestion
      if let other { suggestion = Self.suggestion(other.decide(shot), from: other) }
      var preview: Result<SuggestedChange, SuggestedChange.Problem>?
      if let suggestion {
        switch suggestion.decision.outcome {
        case .adjust(let adjustment): preview = SuggestedChange.make(adjustment, record: shot, grinder: grinder)
        case .noChange: preview = SuggestedChange.make(.noChange, record: shot, grinder: grinder)
        case .insufficientEvidence: preview = nil
        }
      }
      let active = try store.activeSnapshot(beanID: bean.id)
      return Review(
        attempt: attempt, bean: bean, grinder: grinder, snapshot: snapshot, previous: previous, record: shot,
        suggestion: suggestion, preview: preview, event: try store.event(attemptID: attempt.id),
        supersededBy: active.flatMap { $0.id == snapshot.id ? nil : $0 })
    }
  }

  /// Accepts the stored suggestion of `attempt`: records the event and, for an adjustment, creates
  /// the next snapshot with exactly the previewed change.
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws -> AcceptResult {
    try store.write {
      let review = try self.review(attempt)
      let suggestion = try Self.answerableSuggestion(review)
      var created: RecipeSnapshot?
      var applied: SuggestedChange?
      if case .adjust(let adjustment) = suggestion.decision.outcome {
        if let newer = review.supersededBy {
          throw ShotLogError(
            .refused,
            "the recipe for '\(review.bean.name)' changed since shot #\(attempt.id) (now \(newer.reason.rawValue) at \(newer.createdAt.shortText)); the suggestion no longer applies",
            help: "pull a shot with the current recipe, or use 'dialshot recipe set'")
        }
        switch review.preview {
        case .success(let change)?:
          var next = change.applied(to: review.snapshot)
          next.uuid = store.newUUID()
          next.parentID = review.snapshot.id
          next.reason = .accept
          next.adjustment = adjustment
          next.reasonDetail =
            "accepted for shot \(attempt.uuid.prefix(8)): \(suggestion.decision.text) (\(suggestion.decision.decidedBy.joined(separator: ", ")))"
          next.createdAt = store.now
          created = try store.insert(next)
          applied = change
        case .failure(let problem)?:
          throw ShotLogError(.refused, "cannot apply '\(adjustment.ruleText)' automatically: \(problem)")
        case nil:
          throw ShotLogError(.refused, "no preview for this suggestion")
        }
      }
      let event = try store.insert(
        SuggestionEvent(
          uuid: store.newUUID(), attemptID: attempt.id, action: .accepted, snapshotID: created?.id, note: note,
          at: store.now))
      return AcceptResult(event: event, snapshot: created, change: applied)
    }
  }

  /// Records that the barista rejected the suggestion of `attempt`; the recipe stays as it is.
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws -> SuggestionEvent {
    try store.write {
      _ = try Self.answerableSuggestion(try self.review(attempt))
      return try store.insert(
        SuggestionEvent(uuid: store.newUUID(), attemptID: attempt.id, action: .rejected, note: note, at: store.now))
    }
  }

  /// The suggestion of `review`, if it can be answered: only a stored adjustment or "no change"
  /// that has no answer yet can be accepted or rejected.
  private static func answerableSuggestion(_ review: Review) throws -> StoredSuggestion {
    guard let suggestion = review.suggestion else {
      throw ShotLogError(
        .refused, "shot #\(review.attempt.id) has no suggestion: no rules were evaluated when it was logged")
    }
    if let event = review.event {
      throw ShotLogError(
        .conflict,
        "the suggestion for shot #\(review.attempt.id) was already \(event.action.rawValue) at \(event.at.shortText)")
    }
    if case .insufficientEvidence = suggestion.decision.outcome {
      throw ShotLogError(
        .refused, "nothing to accept or reject for shot #\(review.attempt.id): \(suggestion.decision.text)")
    }
    return suggestion
  }
}
