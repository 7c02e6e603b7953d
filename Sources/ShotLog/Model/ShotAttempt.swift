import DialRules

/// One pulled shot, immutable once stored: what was measured and tasted, the shot JSON record the
/// rules saw when it was logged, and the suggestion they made for it (with the ruleset's name and
/// content hash, so the suggestion can be traced to the exact rules that made it).
///
/// The record is fixed at logging: a shot logged later (even one back-dated before it), an edited
/// grinder or a new recipe never changes what this shot was compared with. Reviews, exports and
/// re-evaluations all read this record.
public struct ShotAttempt: Hashable, Sendable, Identifiable {
  /// The row id in this file: the shot's number in history (`#12`).
  public var id: Int64
  /// The shot's identity across exports and imports.
  public var uuid: String
  /// The recipe snapshot the shot was pulled from.
  public var snapshotID: Int64
  /// The bean (the snapshot's).
  public var beanID: Int64
  /// The grinder (the snapshot's).
  public var grinderID: Int64
  /// When the shot was pulled.
  public var pulledAt: Timestamp
  /// What was measured and tasted, exactly as the rules read it (shot JSON's `shot` object).
  /// A `nil` value is unknown; `taste == nil` means no verdict was given, an empty taste a verdict
  /// with no tag; `flow == nil` means nothing was noticed.
  public var measurements: ShotRecord.Measurements
  /// The shot JSON v1 record as the rules saw it when the shot was logged: the snapshot as
  /// `recipe`, the grinder with the snapshot's scale, these measurements, and the previous shot with
  /// the adjustment made since (docs/design.md §6). Its `id` is the shot's UUID.
  public var record: ShotRecord
  /// The shot this one was compared with when it was logged (the newest earlier shot of the same
  /// bean and grinder, not voided or corrected); nil when there was none.
  public var previousID: Int64?
  /// The shot this one corrects (`ShotLogStore.Shots.amend`); nil for a shot as pulled.
  public var amendsID: Int64?
  /// The barista's rating, 0 to 5 in half steps; nil when not rated.
  public var rating: ExactNumber?
  /// The barista's free-text notes.
  public var notes: String?
  /// The decision the rules made when the shot was logged; nil when no rules were evaluated.
  public var suggestion: StoredSuggestion?
  /// When the row was written.
  public var createdAt: Timestamp
  /// The bag of the bean it was pulled from (`ShotLogStore.Profiles.bag(id:)`): its roast facts are the
  /// ones the shot's review and age read, whatever bags were opened or corrected later.
  public var bagID: Int64

  /// A shot as given, for previews and tests; the ones in a log are made by
  /// `ShotLogStore.Shots.logShot(_:of:pulledAt:notes:rating:recipe:rules:)`, which assigns `id` and
  /// fills `record` and `suggestion` from the log. Without a `record`, it is the measurements alone
  /// (`ShotRecord(id: uuid, shot: measurements)`).
  public init(
    id: Int64 = 0, uuid: String, snapshotID: Int64, beanID: Int64, grinderID: Int64, pulledAt: Timestamp,
    measurements: ShotRecord.Measurements = ShotRecord.Measurements(), record: ShotRecord? = nil,
    previousID: Int64? = nil, amendsID: Int64? = nil, rating: ExactNumber? = nil, notes: String? = nil,
    suggestion: StoredSuggestion? = nil, createdAt: Timestamp, bagID: Int64 = 0
  ) {
    self.bagID = bagID
    self.id = id
    self.uuid = uuid
    self.snapshotID = snapshotID
    self.beanID = beanID
    self.grinderID = grinderID
    self.pulledAt = pulledAt
    self.measurements = measurements
    self.record = record ?? ShotRecord(id: uuid, shot: measurements)
    self.previousID = previousID
    self.amendsID = amendsID
    self.rating = rating
    self.notes = notes
    self.suggestion = suggestion
    self.createdAt = createdAt
  }

  /// The grind setting the shot was pulled at: its record's `recipe.grind`, which is the recipe's
  /// setting unless another was given when it was logged (`logShot(grind:)`).
  public var grind: GrindSetting? { record.recipe?.grind }

  /// Yield over dose, when both are known.
  public var ratio: ExactNumber? {
    guard let yieldG = measurements.yieldG, let doseG = measurements.doseG else { return nil }
    return yieldG.divided(by: doseG)
  }
}

/// A rule that decided a suggestion, with the rationale its `because` gave.
public struct RuleRationale: Hashable, Sendable, Codable {
  /// The rule's id (`sour_fast`).
  public var ruleID: String
  /// The rule's `because` text.
  public var because: String

  /// A rule and its rationale.
  public init(ruleID: String, because: String) {
    self.ruleID = ruleID
    self.because = because
  }
}

/// The decision the rules made for an attempt, as stored with it.
public struct StoredSuggestion: Hashable, Sendable, Codable {
  /// The decision (docs/design.md §7): adjust, no change, or insufficient evidence.
  public var decision: Decision
  /// The deciding rules' rationales, in `decidedBy` order.
  public var rationale: [RuleRationale]
  /// The ruleset's declared name (`ruleset "espresso"`), or its file's name when it declares none.
  public var rulesetName: String
  /// The content hash of the rule file's bytes (`RuleSet.contentHash`).
  public var rulesetHash: String
  /// True when the decision was derived in this log by evaluating the shot's record with those
  /// rules (when the shot was logged, or again on import); false for a decision imported from a
  /// log whose rules this one does not have, kept as the file said but marked unchecked.
  public var checked: Bool

  /// A stored decision, for previews and tests (the store makes the ones it stores).
  public init(
    decision: Decision, rationale: [RuleRationale], rulesetName: String, rulesetHash: String, checked: Bool = true
  ) {
    self.decision = decision
    self.rationale = rationale
    self.rulesetName = rulesetName
    self.rulesetHash = rulesetHash
    self.checked = checked
  }
}

/// The barista's answer to a suggestion, recorded as its own immutable event.
public struct SuggestionEvent: Hashable, Sendable, Identifiable, Codable {
  /// How the suggestion was answered.
  public enum Action: String, Hashable, Sendable, CaseIterable, Codable {
    /// Taken: for a change, a new recipe snapshot holds it.
    case accepted
    /// Not taken: the recipe stayed as it was.
    case rejected
  }

  /// The row id in this file.
  public var id: Int64
  /// The event's identity across exports and imports.
  public var uuid: String
  /// The shot whose suggestion was answered.
  public var attemptID: Int64
  /// Accepted or rejected.
  public var action: Action
  /// The snapshot that accepting created (nil for a rejection or an accepted "no change").
  public var snapshotID: Int64?
  /// The barista's note with the answer.
  public var note: String?
  /// When the answer was given.
  public var at: Timestamp

  /// An event as given, for previews and tests; the store makes the ones it stores
  /// (`ShotLogStore.Shots.accept(_:note:)`, `reject(_:note:)`).
  public init(
    id: Int64 = 0, uuid: String, attemptID: Int64, action: Action, snapshotID: Int64? = nil, note: String? = nil,
    at: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.attemptID = attemptID
    self.action = action
    self.snapshotID = snapshotID
    self.note = note
    self.at = at
  }
}

/// A shot marked as not to be used: kept in history and exports, left out of the previous-shot
/// comparison, trends and suggestions (`ShotLogStore.Shots.void`). Immutable, like the shot.
public struct AttemptVoid: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The void's identity across exports and imports.
  public var uuid: String
  /// The shot voided.
  public var attemptID: Int64
  /// Why, in the barista's words ("scale was not tared").
  public var reason: String
  /// When it was voided.
  public var at: Timestamp

  /// A void as given, for previews and tests; the store makes the ones it stores
  /// (`ShotLogStore.Shots.void(_:reason:)`).
  public init(id: Int64 = 0, uuid: String, attemptID: Int64, reason: String, at: Timestamp) {
    self.id = id
    self.uuid = uuid
    self.attemptID = attemptID
    self.reason = reason
    self.at = at
  }
}

/// The undoing of an accepted suggestion: a new recipe snapshot equal to the one before the
/// accept (`ShotLogStore.Shots.undo`). The accept and its snapshot stay; this records the way back.
public struct SuggestionUndo: Hashable, Sendable, Identifiable, Codable {
  /// The row id in this file.
  public var id: Int64
  /// The undo's identity across exports and imports.
  public var uuid: String
  /// The accept that was undone.
  public var eventID: Int64
  /// The snapshot that put the recipe back.
  public var snapshotID: Int64
  /// The barista's note.
  public var note: String?
  /// When it was undone.
  public var at: Timestamp

  /// An undo as given, for previews and tests; the store makes the ones it stores
  /// (`ShotLogStore.Shots.undo(_:note:)`).
  public init(id: Int64 = 0, uuid: String, eventID: Int64, snapshotID: Int64, note: String? = nil, at: Timestamp) {
    self.id = id
    self.uuid = uuid
    self.eventID = eventID
    self.snapshotID = snapshotID
    self.note = note
    self.at = at
  }
}
