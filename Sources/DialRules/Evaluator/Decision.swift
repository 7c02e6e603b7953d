/// The answer for one shot (design §7): adjust, no change, or insufficient evidence with a reason.
public struct Decision: Hashable, Sendable {
  /// Why the rules abstained.
  public enum Reason: String, Hashable, Sendable, CaseIterable {
    /// A matching rule abstains on purpose (`insufficient "…"`).
    case explicit
    /// Matching rules want different actions.
    case conflict
    /// Unknown observations could change the answer.
    case incomplete
    /// No rule matched and `otherwise` abstains.
    case noRule = "no_rule"
  }

  public enum Outcome: Hashable, Sendable {
    case adjust(Adjustment)
    case noChange
    case insufficientEvidence(Reason)

    /// `adjust`, `no_change` or `insufficient_evidence`.
    public var kind: String {
      switch self {
      case .adjust: "adjust"
      case .noChange: "no_change"
      case .insufficientEvidence: "insufficient_evidence"
      }
    }
  }

  /// The shot's `id`, echoed back.
  public var id: String?
  public var outcome: Outcome
  /// Human-readable: the adjustment's sentence, or why there is not enough evidence.
  public var text: String
  /// Rule ids in source order (design §4).
  public var decidedBy: [String]
  /// Absent shot fields, as JSON paths, that would decide an `incomplete` answer; sorted.
  public var missing: [String]

  public init(id: String?, outcome: Outcome, text: String, decidedBy: [String], missing: [String]) {
    self.id = id
    self.outcome = outcome
    self.text = text
    self.decidedBy = decidedBy
    self.missing = missing
  }
}
