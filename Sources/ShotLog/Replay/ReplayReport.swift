import DialRules

/// What a rule file would have suggested over the whole log, against what was stored
/// (`ShotLogStore.replay(_:)`, `dialshot replay`): every shot's stored and replayed decision,
/// counts of each change `from → to`, per bean, and per rule how it fared — the feedback a rule
/// author needs before shipping a table.
public struct ReplayReport: Sendable {
  /// One shot of the log.
  public struct Shot: Sendable {
    /// The attempt (`#id`).
    public var attemptID: Int64
    /// Its bean's name.
    public var bean: String
    /// Its grinder's name.
    public var grinder: String
    /// When it was pulled.
    public var pulledAt: Timestamp
    /// The decision stored with the shot; nil when it was logged without rules.
    public var stored: Decision?
    /// What the replayed rules decide for the same record.
    public var replayed: Decision
    /// The barista's answer to the stored suggestion, if any.
    public var answer: SuggestionEvent.Action?
    /// Whether the next shot of the same bean and grinder came closer to its recipe's time than
    /// this one (nil: no next shot, a time unknown, or exactly as far).
    public var nextMovedTowardTime: Bool?

    /// Whether the replayed decision differs from the stored one (outcome or deciding rules).
    public var changed: Bool {
      guard let stored else { return true }
      return stored.outcome != replayed.outcome || stored.decidedBy != replayed.decidedBy
    }
  }

  /// How one rule of the replayed file fared.
  public struct RuleUse: Sendable {
    /// The rule's id.
    public var ruleID: String
    /// Shots whose replayed adjustment or "no change" it decided (alone or with others).
    public var decided: Int
    /// Shots where it abstained (`insufficient`) and so decided the abstention.
    public var abstained: Int
    /// Of `decided`, shots whose stored suggestion was the same and was accepted.
    public var accepted: Int
    /// Of `decided`, shots whose stored suggestion was the same and was rejected.
    public var rejected: Int
    /// Of `decided`, adjustments after which the next shot of the bean and grinder came closer to
    /// its recipe's time.
    public var towardTime: Int
    /// Of `decided`, adjustments after which the next shot went further from its recipe's time.
    public var awayFromTime: Int
    /// Of `decided`, adjustments after which the next shot was exactly as far from it.
    public var sameDistance: Int
  }

  /// Every shot, oldest first.
  public var shots: [Shot]
  /// Each change of decision, `from` the stored one `to` the replayed one (labels as
  /// `label(_:)` gives them), with how many shots made it; unchanged ones included, the most
  /// first.
  public var transitions: [(from: String, to: String, count: Int)]
  /// Per bean: shots, and how many of them the replay decides differently.
  public var beans: [(bean: String, shots: Int, changed: Int)]
  /// Every rule of the replayed file, in source order.
  public var rules: [RuleUse]

  /// A decision as a short label: `Grind finer by 1 step`, `No change`, `insufficient evidence
  /// (incomplete)`, or `no decision` for a shot logged without rules.
  public static func label(_ decision: Decision?) -> String {
    guard let decision else { return "no decision" }
    switch decision.outcome {
    case .adjust: return decision.text
    case .noChange: return "No change"
    case .insufficientEvidence(let reason): return "insufficient evidence (\(reason.rawValue))"
    }
  }
}
