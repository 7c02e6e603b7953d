import DialRules

/// The dial-in loop (docs/design.md §9): log a shot with the rules' decision, review it, accept or reject
/// the suggestion.
extension ShotLogStore {
  /// Stores a new attempt against `snapshotID` (or the bean's recipe in force at `pulledAt`), pulled
  /// at `grind` when given, with its record and the decision of `rules` when given (inside the
  /// caller's write transaction).
  func insertAttempt(
    _ measurements: ShotRecord.Measurements, beanID: Int64, pulledAt: Timestamp, notes: String?,
    rating: ExactNumber? = nil, snapshotID: Int64? = nil, grind: String? = nil, rules: RuleSet?,
    createdAt: Timestamp? = nil
  ) throws -> (ShotAttempt, Explanation?) {
    guard let bean = try profiles.bean(id: beanID) else { throw ShotLogError.unknownProfileID(.bean, id: beanID) }
    let snapshot: RecipeSnapshot
    if let snapshotID {
      guard let chosen = try self.profiles.snapshot(id: snapshotID), chosen.beanID == bean.id else {
        throw ShotLogError.snapshotOfAnotherBean(bean: bean.name)
      }
      snapshot = chosen
    } else {
      guard let inForce = try self.profiles.snapshot(beanID: bean.id, inForceAt: pulledAt) else {
        throw ShotLogError.noRecipe(bean: bean.name)
      }
      snapshot = inForce
    }
    guard let grinder = try profiles.grinder(id: snapshot.grinderID) else {
      throw ShotLogError.unknownProfileID(.grinder, id: snapshot.grinderID)
    }
    var used: GrindSetting?
    if let grind = grind?.trimmingSpaces, grind != snapshot.grind.text {
      // The scale the recipe was made on: the one the shot was pulled with.
      if let problem = Validation.problem(withGrind: grind, on: snapshot.grinderScale),
        let scale = snapshot.grinderScale
      {
        throw ShotLogError.grindDoesNotFit(grind: grind, grinder: grinder.name, scale: scale, problem)
      }
      used = GrindSetting(text: grind)
    }
    guard let bag = try self.bag(beanID: bean.id, inUseAt: pulledAt) else {
      throw ShotLogError.internalError(detail: "bean '\(bean.name)' has no bag")
    }
    let uuid = newUUID()
    let previous = try currentPrevious(beanID: bean.id, grinderID: grinder.id, pulledAt: pulledAt)
    let record = try context(
      id: uuid, measurements: measurements, snapshot: snapshot, grind: used, grinderName: grinder.name,
      previous: previous)
    var attempt = ShotAttempt(
      uuid: uuid, snapshotID: snapshot.id, beanID: bean.id, grinderID: grinder.id, pulledAt: pulledAt,
      measurements: measurements, record: record, previousID: previous?.id, rating: rating, notes: notes,
      createdAt: createdAt ?? now, bagID: bag.id)
    var explanation: Explanation?
    if let rules {
      let (explained, suggestion) = rules.suggestion(for: record)
      explanation = explained
      attempt.suggestion = suggestion
    }
    return (try insert(attempt), explanation)
  }

  /// The shot JSON v1 record of a shot logged now: its snapshot as `recipe` (with `grind`, the
  /// setting actually used, when given), the grinder with the snapshot's scale, the measurements,
  /// and `previous` with the adjustment from the recipe that shot was pulled with.
  func context(
    id: String, measurements: ShotRecord.Measurements, snapshot: RecipeSnapshot, grind: GrindSetting? = nil,
    grinderName: String, previous: ShotAttempt?
  ) throws -> ShotRecord {
    var pulled = snapshot
    if let grind { pulled.grind = grind }
    var previousRecord: ShotRecord.Previous?
    if let previous {
      var adjustment: Adjustment?
      if let earlier = try self.profiles.snapshot(id: previous.snapshotID) {
        let before = earlier.pulled(previous)
        if previous.snapshotID != snapshot.id || before.grind.text != pulled.grind.text {
          adjustment = pulled.adjustment(from: before, scale: snapshot.grinderScale)
        }
      }
      previousRecord = ShotRecord.Previous(adjustment: adjustment, shot: previous.measurements)
    }
    return ShotRecord(
      id: id, recipe: pulled.shotRecipe, grinder: snapshot.shotGrinder(named: grinderName), shot: measurements,
      previous: previousRecord)
  }
}

/// The dial-in loop (docs/design.md §9): log a shot with the rules' decision, review it, accept or
/// reject the suggestion.
extension ShotLogStore.Shots {
  /// Logs a shot of `bean` and asks `rules` what to change next.
  ///
  /// The rules see the shot as shot JSON v1: the recipe snapshot, the grinder with the snapshot's
  /// scale, these measurements, and the previous shot of the same bean and grinder (the newest
  /// pulled at or before `pulledAt` that is neither voided nor corrected) with the adjustment made
  /// since (docs/design.md §6). That record, the decision, its deciding rules' rationales and the rules'
  /// name and content hash are stored with the shot and never recomputed: a shot logged later,
  /// even one back-dated before this one, or an edited grinder, changes nothing about it. Finding
  /// the previous shot, deciding and inserting happen in one write transaction, so two
  /// connections logging at once each see the other's shot wholly before or wholly after.
  ///
  /// - Parameters:
  ///   - measurements: what was measured and tasted; a `nil` value is unknown and the rules never
  ///     guess it (a `nil` dose is not the recipe's dose). Each known value must be in its
  ///     `Quantity` range, and they must agree (the first drop before the end of the shot; not
  ///     both gushing and choked).
  ///   - bean: the bean pulled; its recipe in force at `pulledAt` is the shot's recipe unless
  ///     `recipe` is given (`Profiles.snapshot(beanID:inForceAt:)`: a shot back-dated before a recipe change
  ///     is logged with the recipe of its time, not today's).
  ///   - pulledAt: when the shot was pulled; now when nil. Not in the future.
  ///   - notes: free text kept with the shot.
  ///   - rating: 0 to 5 in half steps.
  ///   - recipe: the snapshot the shot was pulled with, when the caller showed one (a timer
  ///     screen): the shot is logged against it even if the recipe changed meanwhile. The recipe
  ///     in force at `pulledAt` when nil.
  ///   - grind: the grind setting actually used, when it was not the recipe's: checked against the
  ///     scale of the recipe's grinder (`grindDoesNotFit`, `invalidGrindSetting`) and stored as the
  ///     record's `recipe.grind`, so the preview of a grind change starts from it. Nil or the
  ///     recipe's own setting: the recipe's.
  ///   - rules: the rules that decide; the built-in espresso rules by default.
  /// - Returns: the stored attempt with its decision, explanation and preview.
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rating: ExactNumber? = nil, recipe: RecipeSnapshot? = nil, grind: String? = nil,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try Validation.check(measurements)
    if let rating { try Validation.checkRating(rating) }
    if let grind, let problem = Validation.problem(withText: grind) { throw .invalidGrindSetting(problem) }
    let time = now
    if let pulledAt, pulledAt > time { throw .futureTime(pulledAt, now: time) }
    return try write {
      let (attempt, explanation) = try store.insertAttempt(
        measurements, beanID: bean.id, pulledAt: pulledAt ?? time, notes: notes, rating: rating,
        snapshotID: recipe?.id, grind: grind, rules: rules, createdAt: time)
      guard let explanation else { throw ShotLogError.internalError(detail: "a shot was logged without rules") }
      return LoggedShot(review: try review(attempt), explanation: explanation)
    }
  }

  /// Everything the review of `attempt` shows: the shot beside the one it was compared with and
  /// the recipe, what changed in between, the stored decision and the preview of the next recipe.
  ///
  /// - Parameters:
  ///   - attempt: the stored shot to review.
  ///   - rules: when given, the decision shown is what these rules say now about the stored record
  ///     instead of the stored decision (nothing is stored).
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) throws(ShotLogError) -> Review {
    try read {
      guard let snapshot = try store.profiles.snapshot(id: attempt.snapshotID),
        let bean = try store.profiles.bean(id: attempt.beanID),
        let grinder = try store.profiles.grinder(id: attempt.grinderID)
      else { throw ShotLogError.danglingReference(shot: attempt.id) }
      let record = attempt.record
      let previous = try attempt.previousID.flatMap { try self.attempt(id: $0) }
      let previousSnapshot = try previous.flatMap { try store.profiles.snapshot(id: $0.snapshotID) }
      var since: [RecipeDifference] = []
      if let previousSnapshot, previousSnapshot.id != snapshot.id {
        since = try store.profiles.recipeDifferences(from: previousSnapshot, to: snapshot)
      }
      var suggestion = attempt.suggestion
      if let rules { suggestion = rules.suggestion(for: record).1 }
      var preview: Result<SuggestedChange, SuggestedChange.Problem>?
      if let suggestion {
        switch suggestion.decision.outcome {
        case .adjust(let adjustment): preview = SuggestedChange.make(adjustment, record: record)
        case .noChange: preview = SuggestedChange.make(.noChange, record: record)
        case .insufficientEvidence: preview = nil
        }
      }
      let active = try store.profiles.activeSnapshot(beanID: bean.id)
      let event = try event(attemptID: attempt.id)
      let newest = try store.newestCountingAttempt(beanID: bean.id)
      guard let bag = try store.profiles.bag(id: attempt.bagID) else {
        throw ShotLogError.danglingReference(shot: attempt.id)
      }
      return Review(
        attempt: attempt, bean: bean, bag: bag, grinder: grinder, snapshot: snapshot,
        basket: try snapshot.basketID.flatMap { try store.profiles.basket(id: $0) }, previous: previous,
        previousSnapshot: previousSnapshot,
        previousBasket: try previousSnapshot?.basketID.flatMap { try store.profiles.basket(id: $0) },
        sincePrevious: since, record: record,
        suggestion: suggestion, preview: preview, event: event,
        undo: try event.flatMap { try recordedUndo(eventID: $0.id) },
        supersededBy: active.flatMap { $0.id == snapshot.id ? nil : $0 },
        laterShot: newest.flatMap { $0.id == attempt.id ? nil : $0 }, void: try recordedVoid(attemptID: attempt.id),
        correctedBy: try correction(of: attempt.id), corrects: try attempt.amendsID.flatMap { try self.attempt(id: $0) }
      )
    }
  }

  /// Accepts the stored suggestion of `attempt`: records the answer and, for an adjustment, creates
  /// the bean's next recipe snapshot with exactly the previewed change.
  ///
  /// Refused (and nothing is written) when the shot has no suggestion, the rules found too little
  /// evidence, the suggestion was answered already, the shot was voided or corrected, a change is
  /// suggested by a shot that is not the bean's latest (`notLatestShot`: one pulled after it
  /// counts, or it was back-dated), the recipe changed since the shot, or the change cannot be
  /// computed for this recipe and grinder.
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> AcceptResult {
    return try write {
      let review = try self.review(attempt)
      let suggestion = try Self.answerableSuggestion(review)
      var created: RecipeSnapshot?
      var applied: SuggestedChange?
      if case .adjust(let adjustment) = suggestion.decision.outcome {
        // Today's recipe moves only on the latest shot: an older one (or one back-dated before
        // it) was pulled in a state the recipe has left.
        if let later = review.laterShot {
          throw ShotLogError.notLatestShot(shot: attempt.id, bean: review.bean.name, latest: later.id)
        }
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
          created = try store.insert(next)
          applied = change
        case .failure(let problem)?:
          throw ShotLogError.cannotApply(adjustment, problem)
        case nil:
          throw ShotLogError.cannotApply(adjustment, .unreadable(field: "recipe", text: "no preview"))
        }
      }
      let event = try store.insert(
        SuggestionEvent(
          uuid: newUUID(), attemptID: attempt.id, action: .accepted, snapshotID: created?.id, note: note, at: now))
      return AcceptResult(event: event, snapshot: created, change: applied)
    }
  }

  /// Records that the barista rejected the suggestion of `attempt`; the recipe stays as it is.
  /// Refused in the same cases as `accept`, except that a change that cannot be applied (or a
  /// recipe that moved on) may still be rejected.
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> SuggestionEvent {
    return try write {
      _ = try Self.answerableSuggestion(try self.review(attempt))
      return try store.insert(
        SuggestionEvent(uuid: newUUID(), attemptID: attempt.id, action: .rejected, note: note, at: now))
    }
  }

  /// The suggestion of `review`, if it can be answered: only a stored adjustment or "no change"
  /// of a shot that counts (not voided, not corrected) and has no answer yet.
  private static func answerableSuggestion(_ review: Review) throws(ShotLogError) -> StoredSuggestion {
    if let void = review.void { throw .shotVoided(shot: review.attempt.id, void: void) }
    if let correction = review.correctedBy { throw .shotCorrected(shot: review.attempt.id, by: correction.id) }
    guard let suggestion = review.suggestion else { throw .noSuggestion(shot: review.attempt.id) }
    if let event = review.event { throw .alreadyAnswered(shot: review.attempt.id, event: event) }
    if case .insufficientEvidence = suggestion.decision.outcome {
      throw .nothingToAnswer(shot: review.attempt.id, decision: suggestion.decision)
    }
    return suggestion
  }
}
