import DialRules

/// Shots and the dial-in loop: each method is the `ShotLogStore.Shots` method of the same name, run
/// on the store's thread.
extension AsyncShotLogStore.Shots {
  /// Logs a shot of `bean` and decides it
  /// (`ShotLogStore.Shots.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)`).
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rating: ExactNumber? = nil, recipe: RecipeSnapshot? = nil, grind: String? = nil,
    rules: RuleSet = .defaultEspresso
  ) async throws(ShotLogError) -> LoggedShot {
    try await log.run { store throws(ShotLogError) in
      try store.shots.logShot(
        measurements, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: recipe, grind: grind,
        rules: rules)
    }
  }

  /// Everything a review screen shows for one shot (`ShotLogStore.Shots.review(_:reevaluatedWith:)`).
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) async throws(ShotLogError) -> Review
  {
    try await log.run { store throws(ShotLogError) in try store.shots.review(attempt, reevaluatedWith: rules) }
  }

  /// Accepts a shot's suggestion: the next recipe snapshot, with exactly that change
  /// (`ShotLogStore.Shots.accept(_:note:)`).
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) async throws(ShotLogError) -> AcceptResult {
    try await log.run { store throws(ShotLogError) in try store.shots.accept(attempt, note: note) }
  }

  /// Rejects a shot's suggestion (`ShotLogStore.Shots.reject(_:note:)`).
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) async throws(ShotLogError) -> SuggestionEvent {
    try await log.run { store throws(ShotLogError) in try store.shots.reject(attempt, note: note) }
  }

  /// Undoes an accepted suggestion: a snapshot back to the recipe before it
  /// (`ShotLogStore.Shots.undo(_:note:)`).
  @discardableResult
  public func undo(_ attempt: ShotAttempt, note: String? = nil) async throws(ShotLogError) -> UndoResult {
    try await log.run { store throws(ShotLogError) in try store.shots.undo(attempt, note: note) }
  }

  /// Corrects a shot's measurements with a new attempt that replaces it
  /// (`ShotLogStore.Shots.amend(_:measurements:rating:notes:rules:)`).
  @discardableResult
  public func amend(
    _ attempt: ShotAttempt, measurements: ShotRecord.Measurements, rating: ExactNumber?, notes: String?,
    rules: RuleSet = .defaultEspresso
  ) async throws(ShotLogError) -> LoggedShot {
    try await log.run { store throws(ShotLogError) in
      try store.shots.amend(attempt, measurements: measurements, rating: rating, notes: notes, rules: rules)
    }
  }

  /// Voids a shot, so it takes no part in suggestions (`ShotLogStore.Shots.void(_:reason:)`).
  @discardableResult
  public func void(_ attempt: ShotAttempt, reason: String) async throws(ShotLogError) -> AttemptVoid {
    try await log.run { store throws(ShotLogError) in try store.shots.void(attempt, reason: reason) }
  }

  /// The shot with row id (shot number) `id`, or nil (`ShotLogStore.Shots.attempt(id:)`).
  public func attempt(id: Int64) async throws(ShotLogError) -> ShotAttempt? {
    try await log.run { store throws(ShotLogError) in try store.shots.attempt(id: id) }
  }

  /// The shot logged last, optionally of one bean (`ShotLogStore.Shots.latestAttempt(beanID:)`).
  public func latestAttempt(beanID: Int64? = nil) async throws(ShotLogError) -> ShotAttempt? {
    try await log.run { store throws(ShotLogError) in try store.shots.latestAttempt(beanID: beanID) }
  }

  /// A shot by `latest`, its number or the start of its UUID (`ShotLogStore.Shots.findAttempt(_:)`).
  public func findAttempt(_ reference: String) async throws(ShotLogError) -> ShotAttempt {
    try await log.run { store throws(ShotLogError) in try store.shots.findAttempt(reference) }
  }

  /// How many shots are stored (`ShotLogStore.Shots.attemptCount()`).
  public func attemptCount() async throws(ShotLogError) -> Int {
    try await log.run { store throws(ShotLogError) in try store.shots.attemptCount() }
  }

  /// Shots matching `filter`, newest first (`ShotLogStore.Shots.history(_:)`).
  public func history(_ filter: HistoryFilter = HistoryFilter()) async throws(ShotLogError) -> [HistoryRow] {
    try await log.run { store throws(ShotLogError) in try store.shots.history(filter) }
  }

  /// The shot that corrects `attemptID`, if any (`ShotLogStore.Shots.correction(of:)`).
  public func correction(of attemptID: Int64) async throws(ShotLogError) -> ShotAttempt? {
    try await log.run { store throws(ShotLogError) in try store.shots.correction(of: attemptID) }
  }

  /// The accept or reject recorded for a shot, if any (`ShotLogStore.Shots.event(attemptID:)`).
  public func event(attemptID: Int64) async throws(ShotLogError) -> SuggestionEvent? {
    try await log.run { store throws(ShotLogError) in try store.shots.event(attemptID: attemptID) }
  }

  /// The shot `attempt` was compared with when it was logged (`ShotLogStore.Shots.previousAttempt(before:)`).
  public func previousAttempt(before attempt: ShotAttempt) async throws(ShotLogError) -> ShotAttempt? {
    try await log.run { store throws(ShotLogError) in try store.shots.previousAttempt(before: attempt) }
  }

  /// The undo recorded for an accept, if any (`ShotLogStore.Shots.recordedUndo(eventID:)`).
  public func recordedUndo(eventID: Int64) async throws(ShotLogError) -> SuggestionUndo? {
    try await log.run { store throws(ShotLogError) in try store.shots.recordedUndo(eventID: eventID) }
  }

  /// The void recorded for a shot, if any (`ShotLogStore.Shots.recordedVoid(attemptID:)`).
  public func recordedVoid(attemptID: Int64) async throws(ShotLogError) -> AttemptVoid? {
    try await log.run { store throws(ShotLogError) in try store.shots.recordedVoid(attemptID: attemptID) }
  }
}
