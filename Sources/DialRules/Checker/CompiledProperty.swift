/// A checked `property`: what the table promises to decide on the shots its condition holds for.
/// `lint` proves it over every valid shot (`docs/analysis.md` §5, A011/A012); the evaluator never
/// reads it.
package struct CompiledProperty: Hashable, Sendable {
  /// `always`: every decision matches a pattern; `never`: none does.
  enum Quantifier: String, Hashable, Sendable {
    case always, never
  }

  package var id: String
  /// Position among the file's properties, in source order.
  var index: Int
  var span: SourceSpan
  package var idSpan: SourceSpan
  /// The `when` condition in the table's program; nil when the property is about every shot.
  var condition: Condition?
  package var conditionSpan: SourceSpan?
  var quantifier: Quantifier
  var patterns: [OutcomeMatcher]
  /// The `always …` / `never …` clause.
  var patternSpan: SourceSpan
  package var because: String?
  var becauseTranslations: [String: String] = [:]
  /// Observed paths the condition reads (bit mask over `ObservedPath`).
  var reads: UInt32

  /// Whether a decision with `outcome` keeps the property (for a shot its condition holds for).
  func holds(for outcome: Decision.Outcome) -> Bool {
    let matched = patterns.contains { $0.matches(outcome) }
    return quantifier == .always ? matched : !matched
  }

  /// `never grind finer`, `always no change or insufficient`: the clause as written.
  package var patternText: String {
    quantifier.rawValue + " " + patterns.map { $0.ruleText }.joined(separator: " or ")
  }
}

/// One pattern of a property's `always` or `never` clause.
enum OutcomeMatcher: Hashable, Sendable {
  /// An adjustment or `no change`, with the parts left out matching anything.
  case adjustment(AdjustmentMatcher)
  /// Insufficient evidence, for the one reason or any.
  case insufficient(Decision.Reason?)
  /// Anything but insufficient evidence.
  case decides

  /// Whether `outcome` matches.
  func matches(_ outcome: Decision.Outcome) -> Bool {
    switch (self, outcome) {
    case (.adjustment(let m), .adjust(let a)): m.matches(a)
    case (.adjustment(let m), .noChange): m.kind == .noChange
    case (.insufficient(let r), .insufficientEvidence(let reason)): r == nil || r == reason
    case (.decides, .adjust), (.decides, .noChange): true
    default: false
    }
  }

  /// Whether some insufficient evidence outcome matches, for each reason an analysis can meet.
  func matchesInsufficient(_ reason: Decision.Reason) -> Bool {
    matches(.insufficientEvidence(reason))
  }

  /// The pattern as written in a rule file.
  var ruleText: String {
    switch self {
    case .adjustment(let m): m.ruleText
    case .insufficient(let r): r.map { "insufficient \($0.rawValue)" } ?? "insufficient"
    case .decides: "decides"
    }
  }
}
