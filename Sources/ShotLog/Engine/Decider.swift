import DialRules

/// What the rules answered for one shot: the decision (design §7) and the rationale of each rule
/// that decided it.
public struct DeciderVerdict: Hashable, Sendable {
  public var decision: Decision
  public var rationale: [RuleRationale]
  public init(decision: Decision, rationale: [RuleRationale]) {
    self.decision = decision
    self.rationale = rationale
  }
}

/// The seam between the shot log and the rule evaluator: a compiled ruleset that turns a shot
/// record into a verdict.
///
/// The engine only ever talks to this protocol, so the log, review, accept and reject paths are
/// tested without a rule file; the shipped implementation wraps the `DialRules` evaluator.
public protocol Decider: Sendable {
  /// The ruleset's declared name, stored with every decision.
  var rulesetName: String { get }
  /// The content hash of the rule file's bytes (DialRules' `CompiledRules.contentHash`).
  var rulesetHash: String { get }
  /// Evaluates the rules for `shot`.
  func decide(_ shot: ShotRecord) -> DeciderVerdict
}
