import DialRules

/// Everything a review screen shows for one attempt (`ShotLogStore.Shots.review`): the shot beside the
/// one it was compared with and the recipe, what changed in between, the decision and the
/// preview of the next recipe, and what happened since (an answer, a correction, a void).
///
/// All of it comes from what was fixed when the shot was logged — its record, its snapshot, the
/// previous shot it names — so a review never changes after the fact.
public struct Review: Hashable, Sendable, Identifiable {
  /// The attempt.
  public var attempt: ShotAttempt
  /// Its bean (as the profile is now).
  public var bean: Bean
  /// The bag it was pulled from: the roaster, roast date and age the review shows are this bag's,
  /// whatever bags were opened or corrected since.
  public var bag: Bag
  /// Its grinder (as the profile is now; the scale the shot used is in `record` and `snapshot`).
  public var grinder: Grinder
  /// The recipe snapshot it was pulled from.
  public var snapshot: RecipeSnapshot
  /// The basket of that snapshot, if it names one.
  public var basket: Basket?
  /// The shot it was compared with when it was logged, if any.
  public var previous: ShotAttempt?
  /// The snapshot the previous shot was pulled from.
  public var previousSnapshot: RecipeSnapshot?
  /// The basket of the previous shot's snapshot.
  public var previousBasket: Basket?
  /// What changed in the recipe between the previous shot and this one (grind, dose, yield,
  /// time, basket, temperature, grinder), in that order; empty when nothing did or there is no
  /// previous shot.
  public var sincePrevious: [RecipeDifference]
  /// The shot JSON v1 record the rules saw (the stored one; see `ShotAttempt.record`).
  public var record: ShotRecord
  /// The decision shown: the stored one, or the re-evaluated one; nil when no rules were
  /// evaluated when the shot was logged.
  public var suggestion: StoredSuggestion?
  /// The recipe change accepting would make, when the decision is an adjustment or no change.
  public var preview: Result<SuggestedChange, SuggestedChange.Problem>?
  /// The accept or reject already recorded.
  public var event: SuggestionEvent?
  /// The undo of that accept, if it was undone.
  public var undo: SuggestionUndo?
  /// Set when the bean's recipe has moved on since this shot, so accepting no longer applies.
  public var supersededBy: RecipeSnapshot?
  /// The bean's newest shot that counts, when it is not this one (a shot pulled after it, or this
  /// shot was back-dated before it): this shot's change then cannot go into today's recipe.
  public var laterShot: ShotAttempt?
  /// Set when the shot was voided.
  public var void: AttemptVoid?
  /// The shot that corrects this one (`amend`), if any.
  public var correctedBy: ShotAttempt?
  /// The shot this one corrects, if it is a correction.
  public var corrects: ShotAttempt?

  /// The grind the shot was pulled at, when it was not the recipe's (`logShot(grind:)`).
  public var grindUsed: GrindSetting? {
    guard let grind = attempt.grind, grind.text != snapshot.grind.text else { return nil }
    return grind
  }

  /// The attempt's id: a review is the review of one shot.
  public var id: Int64 { attempt.id }

  /// A review of `attempt` as given, for previews and tests; `ShotLogStore.Shots.review(_:)` makes the
  /// real ones from the log.
  public init(
    attempt: ShotAttempt, bean: Bean, bag: Bag, grinder: Grinder, snapshot: RecipeSnapshot, basket: Basket? = nil,
    previous: ShotAttempt? = nil, previousSnapshot: RecipeSnapshot? = nil, previousBasket: Basket? = nil,
    sincePrevious: [RecipeDifference] = [], record: ShotRecord? = nil, suggestion: StoredSuggestion? = nil,
    preview: Result<SuggestedChange, SuggestedChange.Problem>? = nil, event: SuggestionEvent? = nil,
    undo: SuggestionUndo? = nil, supersededBy: RecipeSnapshot? = nil, laterShot: ShotAttempt? = nil,
    void: AttemptVoid? = nil,
    correctedBy: ShotAttempt? = nil, corrects: ShotAttempt? = nil
  ) {
    self.attempt = attempt
    self.bean = bean
    self.bag = bag
    self.grinder = grinder
    self.snapshot = snapshot
    self.basket = basket
    self.previous = previous
    self.previousSnapshot = previousSnapshot
    self.previousBasket = previousBasket
    self.sincePrevious = sincePrevious
    self.record = record ?? attempt.record
    self.suggestion = suggestion ?? attempt.suggestion
    self.preview = preview
    self.event = event
    self.undo = undo
    self.supersededBy = supersededBy
    self.laterShot = laterShot
    self.void = void
    self.correctedBy = correctedBy
    self.corrects = corrects
  }

  /// Whether `accept` can work now: a stored change or "no change" with a computable preview,
  /// not answered, not voided or corrected, and (for a change) made on the current recipe by the
  /// bean's latest shot.
  public var canAccept: Bool {
    guard let suggestion, event == nil, void == nil, correctedBy == nil else { return false }
    switch suggestion.decision.outcome {
    case .insufficientEvidence: return false
    case .noChange: return true
    case .adjust:
      guard supersededBy == nil, laterShot == nil, case .success? = preview else { return false }
      return true
    }
  }

  /// Whether `reject` can work now: a stored change or "no change", not answered, not voided or
  /// corrected.
  public var canReject: Bool {
    guard let suggestion, event == nil, void == nil, correctedBy == nil else { return false }
    if case .insufficientEvidence = suggestion.decision.outcome { return false }
    return true
  }
}

/// One value of the recipe that differs between two snapshots: which field, the values before and
/// after (typed, with units), and the English texts made from them.
public struct RecipeDifference: Hashable, Sendable, Codable {
  /// Which value of the recipe. New fields may be added in a minor release.
  public enum Field: String, CaseIterable, Hashable, Sendable, Codable {
    /// The grinder profile.
    case grinder
    /// The grind setting.
    case grind
    /// The basket profile.
    case basket
    /// The target dose (grams).
    case dose
    /// The target yield (grams).
    case yield
    /// The target time (seconds).
    case time
    /// The brew temperature (degrees Celsius).
    case temperature
  }

  /// A value of a field.
  public enum Value: Hashable, Sendable, Codable {
    /// A profile, by its name (a grinder, a basket).
    case profile(name: String)
    /// A grind setting as recorded.
    case grind(GrindSetting)
    /// A quantity with its unit.
    case amount(Amount)

    /// The English text: `Niche Zero`, `14`, `36 g`, `28 s`, `93 °C`.
    public var text: String {
      switch self {
      case .profile(let name): name
      case .grind(let setting): setting.text
      case .amount(let amount):
        amount.unit == .celsius ? "\(amount.value.decimalText) °C" : amount.text
      }
    }
  }

  /// Which value.
  public var field: Field
  /// The earlier value; nil when it was not set (no basket, no temperature).
  public var from: Value?
  /// The later value; nil when it is not set any more.
  public var to: Value?
  /// For the grind on one grinder with a numeric scale: the move as an adjustment (`grind finer
  /// 1 step`), rounded to whole steps as the rules read it.
  public var grindMove: Adjustment?

  /// A difference of `field` from `from` to `to`.
  public init(field: Field, from: Value?, to: Value?, grindMove: Adjustment? = nil) {
    self.field = field
    self.from = from
    self.to = to
    self.grindMove = grindMove
  }

  /// `from` in English (`36 g`, `93 °C`, a grinder's name); nil when it was not set.
  public var before: String? { from?.text }
  /// `to` in English; nil when it is not set any more.
  public var after: String? { to?.text }

  /// The differences from `earlier` to `later`, in the order a barista checks them.
  static func between(
    _ earlier: RecipeSnapshot, _ later: RecipeSnapshot, baskets: (Int64?) -> String?, grinders: (Int64) -> String
  ) -> [RecipeDifference] {
    var out: [RecipeDifference] = []
    if earlier.grinderID != later.grinderID {
      out.append(
        .init(
          field: .grinder, from: .profile(name: grinders(earlier.grinderID)),
          to: .profile(name: grinders(later.grinderID))))
    }
    if earlier.grind.text != later.grind.text {
      var move: Adjustment?
      if earlier.grinderID == later.grinderID, earlier.grinderScale == later.grinderScale,
        case .grind(let direction, let steps)? = later.adjustment(from: earlier, scale: later.grinderScale)
      {
        move = .grind(direction, steps: steps)
      }
      out.append(.init(field: .grind, from: .grind(earlier.grind), to: .grind(later.grind), grindMove: move))
    }
    if earlier.basketID != later.basketID {
      out.append(
        .init(
          field: .basket, from: baskets(earlier.basketID).map { .profile(name: $0) },
          to: baskets(later.basketID).map { .profile(name: $0) }))
    }
    func quantity(_ field: Field, _ a: ExactNumber?, _ b: ExactNumber?, _ unit: QuantityUnit) {
      guard a != b else { return }
      out.append(
        .init(field: field, from: a.map { .amount(Amount($0, unit)) }, to: b.map { .amount(Amount($0, unit)) }))
    }
    quantity(.dose, earlier.doseG, later.doseG, .grams)
    quantity(.yield, earlier.yieldG, later.yieldG, .grams)
    quantity(.time, earlier.timeS, later.timeS, .seconds)
    quantity(.temperature, earlier.temperatureC, later.temperatureC, .celsius)
    return out
  }
}

/// What accepting a suggestion did (`ShotLogStore.Shots.accept`).
public struct AcceptResult: Hashable, Sendable, Identifiable {
  /// The answer's id (`event.id`).
  public var id: Int64 { event.id }
  /// The recorded answer.
  public var event: SuggestionEvent
  /// The new snapshot, nil for an accepted "no change".
  public var snapshot: RecipeSnapshot?
  /// The change that was applied, nil for an accepted "no change".
  public var change: SuggestedChange?

  /// A result as given, for previews and tests.
  public init(event: SuggestionEvent, snapshot: RecipeSnapshot? = nil, change: SuggestedChange? = nil) {
    self.event = event
    self.snapshot = snapshot
    self.change = change
  }
}

/// What undoing an accepted suggestion did (`ShotLogStore.Shots.undo`).
public struct UndoResult: Hashable, Sendable, Identifiable {
  /// The undo's id (`undo.id`).
  public var id: Int64 { undo.id }
  /// The recorded undo.
  public var undo: SuggestionUndo
  /// The snapshot the accept had made (the one undone).
  public var undone: RecipeSnapshot
  /// The new snapshot: the recipe as it was before the accept.
  public var snapshot: RecipeSnapshot

  /// A result as given, for previews and tests.
  public init(undo: SuggestionUndo, undone: RecipeSnapshot, snapshot: RecipeSnapshot) {
    self.undo = undo
    self.undone = undone
    self.snapshot = snapshot
  }
}
