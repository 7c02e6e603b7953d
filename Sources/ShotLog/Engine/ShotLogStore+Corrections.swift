import DialRules

/// Correcting the log without rewriting it: a void, a correcting shot, the undoing of an accepted
/// suggestion. Each is a new immutable row; what was stored before stays as it was, and exports
/// keep both.
extension ShotLogStore.Shots {
  /// Marks a shot as not to be used ("the scale was not tared"): it stays in history and exports,
  /// and is left out of the previous-shot comparison of shots logged from now on, of trends and of
  /// suggestions (it can no longer be accepted or rejected).
  ///
  /// Refused when the shot is voided already, or was corrected (void the correction instead).
  @discardableResult
  public func void(_ attempt: ShotAttempt, reason: String) throws(ShotLogError) -> AttemptVoid {
    if let problem = Validation.problem(withText: reason) { throw .invalidText(problem) }
    return try write {
      if let existing = try recordedVoid(attemptID: attempt.id) {
        throw ShotLogError.shotVoided(shot: attempt.id, void: existing)
      }
      if let correction = try correction(of: attempt.id) {
        throw ShotLogError.shotCorrected(shot: attempt.id, by: correction.id)
      }
      return try store.insert(
        AttemptVoid(uuid: newUUID(), attemptID: attempt.id, reason: reason.trimmingSpaces, at: now))
    }
  }

  /// Corrects a shot: a new attempt with the corrected values that links the old one
  /// (`amendsID`) and takes its place. It keeps the old shot's recipe, pull time and previous shot
  /// — the context it was pulled in — and gets a new decision from `rules` for the corrected
  /// record. Adding the taste that was missing is how a barista answers "not enough observations".
  /// The old shot stays in history, marked as corrected.
  ///
  /// - Parameters:
  ///   - attempt: the shot to correct; it must still count (not voided, not already corrected).
  ///   - measurements: the corrected measurements, complete (start from `attempt.measurements`).
  ///   - rating: the corrected rating (nil: not rated).
  ///   - notes: the corrected notes.
  ///   - rules: the rules that decide the corrected record; the built-in espresso rules by default.
  /// - Throws: `nothingToAmend` when nothing would change; `shotVoided` or `shotCorrected` when the
  ///   shot no longer counts.
  @discardableResult
  public func amend(
    _ attempt: ShotAttempt, measurements: ShotRecord.Measurements, rating: ExactNumber?, notes: String?,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try Validation.check(measurements)
    if let rating { try Validation.checkRating(rating) }
    return try write {
      guard let current = try self.attempt(id: attempt.id) else {
        throw ShotLogError.shotNotFound(reference: "#\(attempt.id)")
      }
      if let existing = try recordedVoid(attemptID: current.id) {
        throw ShotLogError.shotVoided(shot: current.id, void: existing)
      }
      if let correction = try correction(of: current.id) {
        throw ShotLogError.shotCorrected(shot: current.id, by: correction.id)
      }
      guard measurements != current.measurements || rating != current.rating || notes != current.notes else {
        throw ShotLogError.nothingToAmend(shot: current.id)
      }
      let uuid = newUUID()
      var record = current.record
      record.id = uuid
      record.shot = measurements
      let (explanation, suggestion) = rules.suggestion(for: record)
      let corrected = ShotAttempt(
        uuid: uuid, snapshotID: current.snapshotID, beanID: current.beanID, grinderID: current.grinderID,
        pulledAt: current.pulledAt, measurements: measurements, record: record, previousID: current.previousID,
        amendsID: current.id, rating: rating, notes: notes, suggestion: suggestion, createdAt: now,
        bagID: current.bagID)
      let stored = try store.insert(corrected)
      return LoggedShot(review: try review(stored), explanation: explanation)
    }
  }

  /// Undoes an accepted suggestion: a new recipe snapshot equal to the one before the accept
  /// (the accept and the snapshot it made stay, as history). A shot pulled next sees the way back
  /// from the shot before it as its previous adjustment (`grind coarser 1 step` after a shot at
  /// the undone `grind finer 1 step`).
  ///
  /// Refused when the shot's suggestion was not accepted as a recipe change, was undone already,
  /// or when the recipe has moved on since the accept (set it by hand then).
  @discardableResult
  public func undo(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> UndoResult {
    return try write {
      guard let event = try event(attemptID: attempt.id), event.action == .accepted,
        let madeID = event.snapshotID, let made = try store.profiles.snapshot(id: madeID), let parentID = made.parentID,
        let before = try store.profiles.snapshot(id: parentID)
      else { throw ShotLogError.nothingToUndo(shot: attempt.id) }
      if let existing = try recordedUndo(eventID: event.id) {
        throw ShotLogError.alreadyUndone(shot: attempt.id, undo: existing)
      }
      guard let bean = try store.profiles.bean(id: made.beanID) else {
        throw ShotLogError.unknownProfileID(.bean, id: made.beanID)
      }
      if let active = try store.profiles.activeSnapshot(beanID: bean.id), active.id != made.id {
        throw ShotLogError.recipeChangedSince(shot: attempt.id, bean: bean.name, current: active)
      }
      var back = before
      back.uuid = newUUID()
      back.parentID = made.id
      back.reason = .set
      back.adjustment = back.adjustment(from: made, scale: back.grinderScale)
      back.reasonDetail = "undid the accept for shot \(attempt.uuid.prefix(8)) (\(made.reasonDetail ?? "accepted"))"
      back.createdAt = now
      let snapshot = try store.insert(back)
      let undo = try store.insert(
        SuggestionUndo(uuid: newUUID(), eventID: event.id, snapshotID: snapshot.id, note: note, at: now))
      return UndoResult(undo: undo, undone: made, snapshot: snapshot)
    }
  }
}
