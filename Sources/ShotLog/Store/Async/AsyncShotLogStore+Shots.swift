import DialRules

/// Shots and the dial-in loop: each method is the `ShotLogStore` method of the same name, run on
/// the store's thread.
extension AsyncShotLogStore {
  /// Logs a shot of `bean` and decides it
  /// (`ShotLogStore.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)`).
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rating: ExactNumber? = nil, recipe: RecipeSnapshot? = nil, grind: String? = nil,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try perform { store throws(ShotLogError) in
      try store.shots.logShot(
        measurements, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: recipe, grind: grind,
        rules: rules)
    }
  }

  /// Everything a review screen shows for one shot (`ShotLogStore.review(_:reevaluatedWith:)`).
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) throws(ShotLogError) -> Review {
    try perform { store throws(ShotLogError) in try store.shots.review(attempt, reevaluatedWith: rules) }
  }

  /// Accepts a shot's suggestion: the next recipe snapshot, with exactly that change
  /// (`ShotLogStore.accept(_:note:)`).
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> AcceptResult {
    try perform { store throws(ShotLogError) in try store.shots.accept(attempt, note: note) }
  }

  /// Rejects a shot's suggestion (`ShotLogStore.reject(_:note:)`).
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> SuggestionEvent {
    try perform { store throws(ShotLogError) in try store.shots.reject(attempt, note: note) }
  }

  /// Undoes an accepted suggestion: a snapshot back to the recipe before it
  /// (`ShotLogStore.undo(_:note:)`).
  @discardableResult
  public func undo(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> UndoResult {
    try perform { store throws(ShotLogError) in try store.shots.undo(attempt, note: note) }
  }

  /// Corrects a shot's measurements with a new attempt that replaces it
  /// (`ShotLogStore.amend(_:measurements:rating:notes:rules:)`).
  @discardableResult
  public func amend(
    _ attempt: ShotAttempt, measurements: ShotRecord.Measurements, rating: ExactNumber?, notes: String?,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try perform { store throws(ShotLogError) in
      try store.shots.amend(attempt, measurements: measurements, rating: rating, notes: notes, rules: rules)
    }
  }

  /// Voids a shot, so it takes no part in suggestions (`ShotLogStore.void(_:reason:)`).
  @discardableResult
  public func void(_ attempt: ShotAttempt, reason: String) throws(ShotLogError) -> AttemptVoid {
    try perform { store throws(ShotLogError) in try store.shots.void(attempt, reason: reason) }
  }

  /// The shot with row id (shot number) `id`, or nil (`ShotLogStore.attempt(id:)`).
  public func attempt(id: Int64) throws(ShotLogError) -> ShotAttempt? {
    try perform { store throws(ShotLogError) in try store.shots.attempt(id: id) }
  }

  /// The shot logged last, optionally of one bean (`ShotLogStore.latestAttempt(beanID:)`).
  public func latestAttempt(beanID: Int64? = nil) throws(ShotLogError) -> ShotAttempt? {
    try perform { store throws(ShotLogError) in try store.shots.latestAttempt(beanID: beanID) }
  }

  /// A shot by `latest`, its number or the start of its UUID (`ShotLogStore.findAttempt(_:)`).
  public func findAttempt(_ reference: String) throws(ShotLogError) -> ShotAttempt {
    try perform { store throws(ShotLogError) in try store.shots.findAttempt(reference) }
  }

  /// How many shots are stored (`ShotLogStore.attemptCount()`).
  public func attemptCount() throws(ShotLogError) -> Int {
    try perform { store throws(ShotLogError) in try store.shots.attemptCount() }
  }

  /// What changed between two recipe snapshots (`ShotLogStore.recipeDifferences(from:to:)`).
  public func recipeDifferences(from earlier: RecipeSnapshot, to later: RecipeSnapshot) throws(ShotLogError)
    -> [RecipeDifference]
  {
    try perform { store throws(ShotLogError) in try store.profiles.recipeDifferences(from: earlier, to: later) }
  }

  /// Shots matching `filter`, newest first (`ShotLogStore.history(_:)`).
  public func history(_ filter: HistoryFilter = HistoryFilter()) throws(ShotLogError) -> [HistoryRow] {
    try perform { store throws(ShotLogError) in try store.shots.history(filter) }
  }
}
