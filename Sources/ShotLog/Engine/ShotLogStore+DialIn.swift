import DialRules

/// The dial-in loop (design §9): log a shot with the rules' decision, review it, accept or reject
/// the suggestion.
extension ShotLogStore {
  /// Logs a shot of `bean` against the bean's active recipe and asks `rules` what to change next.
  ///
  /// The rules see the shot as shot JSON v1: the recipe snapshot, the grinder, these measurements,
  /// and the previous shot of the same bean and grinder with the adjustment made since (design §6).
  /// The decision, its deciding rules' rationales and the rules' name and content hash are stored
  /// with the shot. Finding the previous shot, deciding and inserting happen in one write
  /// transaction, so two connections logging at once each see the other's shot wholly before or
  /// wholly after.
  ///
  /// - Parameters:
  ///   - measurements: what was measured and tasted; a `nil` value is unknown and the rules never
  ///     guess it (a `nil` dose is not the recipe's dose). Each known value must be in its
  ///     `Quantity` range.
  ///   - bean: the bean pulled; its active recipe is the shot's recipe.
  ///   - pulledAt: when the shot was pulled; now when nil.
  ///   - notes: free text kept with the shot.
  ///   - rules: the rules that decide; the built-in espresso rules by default.
  /// - Returns: the stored attempt with its decision, explanation and preview.
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try Validation.check(measurements)
    return try write {
      let (attempt, explanation) = try insertAttempt(
        measurements, beanID: bean.id, pulledAt: pulledAt ?? now, notes: notes, rules: rules)
      guard let explanation else { throw ShotLogError.internalError(detail: "a shot was logged without rules") }
      return LoggedShot(review: try review(attempt), explanation: explanation)
    }
  }

  /// Stores a new attempt against the bean's active recipe, with the decision of `rules` when
  /// given (inside the caller's write transaction).
  func insertAttempt(
    _ measurements: ShotRecord.Measurements, beanID: Int64, pulledAt: Timestamp, notes: String?, rules: RuleSet?
  ) throws -> (ShotAttempt, Explanation?) {
    guard let bean = try bean(id: beanID) else { throw ShotLogError.unknownProfileID(.bean, id: beanID) }
    guard let snapshot = try activeSnapshot(beanID: bean.id) else { throw ShotLogError.noRecipe(bean: bean.name) }
    guard let grinder = try grinder(id: snapshot.grinderID) else {
      throw ShotLogError.unknownProfileID(.grinder, id: snapshot.grinderID)
    }
    var attempt = ShotAttempt(
      uuid: newUUID(), snapshotID: snapshot.id, beanID: bean.id, grinderID: grinder.id, pulledAt: pulledAt,
      measurements: measurements, notes: notes, createdAt: now)
    var explanation: Explanation?
    if let rules {
      let previous = try previousAttempt(beanID: bean.id, grinderID: grinder.id, pulledAt: pulledAt, excludingID: nil)
      let shot = try record(
        id: attempt.uuid, measurements: measurements, snapshot: snapshot, grinder: grinder, previous: previous)
      let (explained, suggestion) = rules.suggestion(for: shot)
      explanation = explained
      attempt.suggestion = suggestion
    }
    return (try insert(attempt), explanation)
  }

  /// The shot JSON v1 record for an attempt: its snapshot as `recipe`, the grinder profile, and
  /// the previous attempt of the same bean and grinder with the adjustment applied since.
  func record(
    id: String, measurements: ShotRecord.Measurements, snapshot: RecipeSnapshot, grinder: Grinder,
    previous: ShotAttempt?
  ) throws -> ShotRecord {
    var previousRecord: ShotRecord.Previous?
    if let previous {
      var adjustment: Adjustment?
      if previous.snapshotID != snapshot.id, let earlier = try self.snapshot(id: previous.snapshotID) {
        adjustment = snapshot.adjustment(from: earlier, scale: grinder.scale)
      }
      previousRecord = ShotRecord.Previous(adjustment: adjustment, shot: previous.measurements)
    }
    return ShotRecord(
      id: id, recipe: snapshot.shotRecipe, grinder: grinder.shotGrinder, shot: measurements, previous: previousRecord)
  }

  /// Everything the review of `attempt` shows: the shot beside the previous one and the recipe,
  /// the stored decision and the preview of the next recipe.
  ///
  /// - Parameters:
  ///   - attempt: the stored shot to review.
  ///   - rules: when given, the decision shown is what these rules say now instead of the stored
  ///     one (nothing is stored).
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) throws(ShotLogError) -> Review {
    try read {
      guard let snapshot = try snapshot(id: attempt.snapshotID), let bean = try bean(id: attempt.beanID),
        let grinder = try grinder(id: attempt.grinderID)
      else { throw ShotLogError.danglingReference(shot: attempt.id) }
      let previous = try previousAttempt(before: attempt)
      let shot = try record(
        id: attempt.uuid, measurements: attempt.measurements, snapshot: snapshot, grinder: grinder, previous: previous)
      var suggestion = attempt.suggestion
      if let rules { suggestion = rules.suggestion(for: shot).1 }
      var preview: Result<SuggestedChange, SuggestedChange.Problem>?
      if let suggestion {
        switch suggestion.decision.outcome {
        case .adjust(let adjustment): preview = SuggestedChange.make(adjustment, record: shot, grinder: grinder)
        case .noChange: preview = SuggestedChange.make(.noChange, record: shot, grinder: grinder)
        case .insufficientEvidence: preview = nil
        }
      }
      let active = try activeSnapshot(beanID: bean.id)
      return Review(
        attempt: attempt, bean: bean, grinder: grinder, snapshot: snapshot, previous: previous, record: shot,
        suggestion: suggestion, preview: preview, event: try event(attemptID: attempt.id),
        supersededBy: active.flatMap { $0.id == snapshot.id ? nil : $0 })
    }
  }

  /// Accepts the stored suggestion of `attempt`: records the answer and, for an adjustment, creates
  /// the bean's next recipe snapshot with exactly the previewed change.
  ///
  /// Refused (and nothing is written) when the shot has no suggestion, the rules found too little
  /// evidence, the suggestion was answered already, the recipe changed since the shot, or the
  /// change cannot be computed for this recipe and grinder.
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> AcceptResult {
    try write {
      let review = try self.review(attempt)
      let suggestion = try Self.answerableSuggestion(review)
      var created: RecipeSnapshot?
      var applied: SuggestedChange?
      if case .adjust(let adjustment) = suggestion.decision.outcome {
        if let newer = review.supersededBy {
          throw ShotLogError.recipeChangedSince(shot: attempt.id, bean: review.bean.name, current: newer)
        }
        switch review.preview {
        case .success(let change)?:
          var next = change.applied(to: review.snapshot)
          next.uuid = newUUID()
          next.parentID = review.snapshot.id
          next.reason = .accept
          next.adjustment = adjustment
          next.reasonDetail =
            "accepted for shot \(attempt.uuid.prefix(8)): \(suggestion.decision.text) (\(suggestion.decision.decidedBy.joined(separator: ", ")))"
          next.createdAt = now
          created = try insert(next)
          applied = change
        case .failure(let problem)?:
          throw ShotLogError.cannotApply(adjustment, problem)
        case nil:
          throw ShotLogError.cannotApply(adjustment, .unreadable(field: "recipe", text: "no preview"))
        }
      }
      let event = try insert(
        SuggestionEvent(
          uuid: newUUID(), attemptID: attempt.id, action: .accepted, snapshotID: created?.id, note: note, at: now))
      return AcceptResult(event: event, snapshot: created, change: applied)
    }
  }

  /// Records that the barista rejected the suggestion of `attempt`; the recipe stays as it is.
  /// Refused in the same cases as `accept`, except that a change that cannot be applied may still
  /// be rejected.
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> SuggestionEvent {
    try write {
      _ = try Self.answerableSuggestion(try self.review(attempt))
      return try insert(
        SuggestionEvent(uuid: newUUID(), attemptID: attempt.id, action: .rejected, note: note, at: now))
    }
  }

  /// The suggestion of `review`, if it can be answered: only a stored adjustment or "no change"
  /// that has no answer yet can be accepted or rejected.
  private static func answerableSuggestion(_ review: Review) throws(ShotLogError) -> StoredSuggestion {
    guard let suggestion = review.suggestion else { throw .noSuggestion(shot: review.attempt.id) }
    if let event = review.event { throw .alreadyAnswered(shot: review.attempt.id, event: event) }
    if case .insufficientEvidence = suggestion.decision.outcome {
      throw .nothingToAnswer(shot: review.attempt.id, decision: suggestion.decision)
    }
    return suggestion
  }
}
