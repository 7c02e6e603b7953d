import DialRules

/// One pulled shot, immutable once stored: what was measured and tasted, and the suggestion the
/// rules made for it at the time (with the ruleset's name and content hash, so the suggestion can be
/// traced to the exact rules that made it).
public struct ShotAttempt: Hashable, Sendable {
  public var id: Int64
  public var uuid: String
  public var snapshotID: Int64
  public var beanID: Int64
  public var grinderID: Int64
  public var pulledAt: Timestamp
  public var doseG: ExactNumber?
  public var yieldG: ExactNumber?
  public var timeS: ExactNumber?
  public var firstDropS: ExactNumber?
  /// nil: no verdict given (unknown); empty: a verdict with no tags.
  public var taste: TagSet<TasteTag>?
  /// nil: nothing noted.
  public var flow: TagSet<FlowTag>?
  public var notes: String?
  public var suggestion: StoredSuggestion?
  public var createdAt: Timestamp

  public init(
    id: Int64 = 0, uuid: String, snapshotID: Int64, beanID: Int64, grinderID: Int64, pulledAt: Timestamp,
    doseG: ExactNumber? = nil, yieldG: ExactNumber? = nil, timeS: ExactNumber? = nil, firstDropS: ExactNumber? = nil,
    taste: TagSet<TasteTag>? = nil, flow: TagSet<FlowTag>? = nil, notes: String? = nil,
    suggestion: StoredSuggestion? = nil, createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.snapshotID = snapshotID
    self.beanID = beanID
    self.grinderID = grinderID
    self.pulledAt = pulledAt
    self.doseG = doseG
    self.yieldG = yieldG
    self.timeS = timeS
    self.firstDropS = firstDropS
    self.taste = taste
    self.flow = flow
    self.notes = notes
    self.suggestion = suggestion
    self.createdAt = createdAt
  }

  /// Yield over dose, when both are known.
  public var ratio: ExactNumber? {
    guard let yieldG, let doseG else { return nil }
    return yieldG.divided(by: doseG)
  }

  /// The measurements as shot JSON v1's `shot` object.
  public var measurements: ShotRecord.Measurements {
    ShotRecord.Measurements(
      doseG: doseG, yieldG: yieldG, timeS: timeS, firstDropS: firstDropS, taste: taste, flow: flow)
  }
}

/// A rule that decided a suggestion, with the rationale its `because` gave.
public struct RuleRationale: Hashable, Sendable {
  public var ruleID: String
  public var because: String
  public init(ruleID: String, because: String) {
    self.ruleID = ruleID
    self.because = because
  }
}

/// The decision the rules made for an attempt, as stored with it.
public struct StoredSuggestion: Hashable, Sendable {
  public var decision: Decision
  /// The deciding rules' rationales, in `decidedBy` order.
  public var rationale: [RuleRationale]
  /// The ruleset's declared name (`ruleset "espresso"`).
  public var rulesetName: String
  /// The content hash of the rule file's bytes (DialRules' `CompiledRules.contentHash`).
  public var rulesetHash: String

  public init(decision: Decision, rationale: [RuleRationale], rulesetName: String, rulesetHash: String) {
    self.decision = decision
    self.rationale = rationale
    self.rulesetName = rulesetName
    self.rulesetHash = rulesetHash
  }
}

/// The barista's answer to a suggestion, recorded as its own immutable event.
public struct SuggestionEvent: Hashable, Sendable {
  public enum Action: String, Hashable, Sendable {
    case accepted, rejected
  }
  public var id: Int64
  public var uuid: String
  public var attemptID: Int64
  public var action: Action
  /// The snapshot that accepting created (nil for a rejection or an accepted "no change").
  public var snapshotID: Int64?
  public var note: String?
  public var at: Timestamp

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
