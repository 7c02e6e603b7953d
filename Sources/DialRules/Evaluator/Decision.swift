/// The answer for one shot (docs/design.md §7): adjust, no change, or insufficient evidence with a reason.
///
/// ```swift
/// let decision = rules.decide(shot)
/// switch decision.outcome {
/// case .adjust(let change): print(change.text)          // "Grind finer by 1 step"
/// case .noChange: print("Pull the same recipe again")
/// case .insufficientEvidence: print(decision.text)      // why, in words
/// @unknown default: print(decision.text)
/// }
/// ```
///
/// `jsonText` is the decision JSON of `dialrules eval`.
public struct Decision: Hashable, Sendable {
  /// Why the rules abstained; the raw values are the `reason` words of decision JSON. New reasons
  /// may be added in a minor release; end a `switch` with `@unknown default`.
  public enum Reason: String, Hashable, Sendable, CaseIterable {
    /// A matching rule abstains on purpose (`insufficient "…"`).
    case explicit
    /// Matching rules want different actions.
    case conflict
    /// Unknown observations could change the answer.
    case incomplete
    /// No rule matched and `otherwise` abstains.
    case noRule = "no_rule"
    /// The shot record breaks the bounds of shot JSON, so it was not evaluated (only for a record
    /// built in code: records read from JSON are valid). See `ShotRecord.validate()`.
    case invalidShot = "invalid_shot"
  }

  /// The kind of an outcome, without its details; the raw values are the `kind` words of decision
  /// JSON. New kinds may be added in a minor release; end a `switch` with `@unknown default`.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Change the recipe.
    case adjust
    /// Keep the recipe.
    case noChange = "no_change"
    /// The rules cannot recommend a change.
    case insufficientEvidence = "insufficient_evidence"
  }

  /// What the rules decided. New outcomes may be added in a minor release; end a `switch` with
  /// `@unknown default`.
  public enum Outcome: Hashable, Sendable {
    /// Change the recipe (never `Adjustment.noChange`: that is the `noChange` outcome).
    case adjust(Adjustment)
    /// Keep the recipe and pull it again.
    case noChange
    /// The rules cannot recommend a change, for the reason given.
    case insufficientEvidence(Reason)

    /// `adjust`, `noChange` or `insufficientEvidence` (decision JSON's `adjust`, `no_change`,
    /// `insufficient_evidence` as `rawValue`).
    public var kind: Kind {
      switch self {
      case .adjust: .adjust
      case .noChange: .noChange
      case .insufficientEvidence: .insufficientEvidence
      }
    }
  }

  // The stored properties start with `outcome` so that the memberwise initializer the compiler
  // synthesizes, `init(outcome:id:text:decidedBy:missing:)`, differs from the public one below and
  // exists beside it (declared in an extension). `decide` builds its result with the memberwise
  // one: an initializer written by hand for a struct holding an enum with payloads builds the value
  // on the stack, copies it into the result and destroys the first (an outlined copy and destroy of
  // every field, 280 instructions per decision in `decide-count`); the synthesized one writes the fields in
  // place.

  /// What was decided.
  public var outcome: Outcome
  /// The shot's `id`, echoed back.
  public var id: String?
  /// Human-readable: the adjustment's sentence, or why there is not enough evidence.
  public var text: String
  /// Rule ids in source order (docs/design.md §4).
  public var decidedBy: [String]
  /// Absent shot fields, as JSON paths, that would decide an `incomplete` answer; sorted.
  public var missing: [String]

  /// The text of an abstention by several rules: their reasons as sentences, each ending in `.`,
  /// `!` or `?` (a period is added where it has none), joined by a space; one rule's reason as it
  /// is written.
  static func abstentionText(_ reasons: [String]) -> String {
    guard reasons.count > 1 else { return reasons.first ?? "" }
    return reasons.filter { !$0.isEmpty }.map { $0.last.map { ".!?".contains($0) } == true ? $0 : $0 + "." }
      .joined(separator: " ")
  }

  /// The decision for a record that `validate()` rejected: insufficient evidence, reason
  /// `invalidShot`, its first problem in the text.
  static func invalid(_ shot: ShotRecord, _ problems: DiagnosticList) -> Decision {
    let first = problems[0]
    let more = problems.count == 1 ? "" : " (and \(problems.count - 1) more)"
    return Decision(
      id: shot.id, outcome: .insufficientEvidence(.invalidShot),
      text: "The shot record is invalid: \(first.message) [\(first.code)]\(more).", decidedBy: [], missing: [])
  }
}

extension Decision {
  /// A decision with every field given (tests and apps that store decisions rebuild them so).
  public init(id: String?, outcome: Outcome, text: String, decidedBy: [String], missing: [String]) {
    self.init(outcome: outcome, id: id, text: text, decidedBy: decidedBy, missing: missing)
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension Decision: Codable {}
  extension Decision.Reason: Codable {}
  extension Decision.Kind: Codable {}
  extension Decision.Outcome: Codable {}
#endif
