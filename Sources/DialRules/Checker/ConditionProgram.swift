/// The conditions of a whole rule table in a flat, shared form: numeric nodes, atoms (the smallest
/// tests), and named formulas (boolean `let`s). Rules point into it.
///
/// Everything is deduplicated and stored in dependency order, so the evaluator computes each
/// node, atom and formula once per shot, front to back, and a `let` used by ten rules costs once.
/// The analyser reads the same atoms as constraints on axes (numeric nodes).
package struct ConditionProgram: Hashable, Sendable {
  /// A numeric value: a constant, an observed field, or arithmetic on earlier nodes.
  enum NumericNode: Hashable, Sendable {
    case constant(ExactNumber)
    case field(NumericField)
    case negate(Int)
    case arithmetic(ArithmeticOperator, Int, Int)
  }

  /// A smallest test, true/false/unknown for a shot.
  enum Atom: Hashable, Sendable {
    /// `lhs op rhs` over numeric nodes.
    case compare(ComparisonOperator, Int, Int)
    /// `value between low and high`, inclusive.
    case between(Int, low: Int, high: Int)
    /// The tag set contains the tag of `mask`.
    case has(TagSource, tag: String, mask: UInt32)
    /// `previous.adjustment` matches the pattern; never unknown.
    case previousAdjustment(AdjustmentMatcher)
    /// `value is known`: true when the value was recorded, false when not; never unknown.
    case known(KnownSubject)
  }

  /// What `is known` tests: a numeric node (known when every observation it reads is recorded)
  /// or a tag set.
  enum KnownSubject: Hashable, Sendable {
    case value(Int)
    case tags(TagSource)
  }

  var nodes: [NumericNode] = []
  /// The dimension of each node.
  package var dimensions: [QuantityDimension] = []
  /// The `let` name a node was first bound to, for explanations (`dt` rather than its formula).
  package var nodeNames: [Int: String] = [:]
  var atoms: [Atom] = []
  /// Where each atom was first written.
  var atomSpans: [SourceSpan] = []
  /// Named boolean formulas (`let fast = …`), in dependency order.
  package var formulas: [Formula] = []
  /// Observed paths each node reads (bit mask over `ObservedPath`).
  package var nodeReads: [UInt32] = []
  /// Where each node was first written, and for a division where its divisor was: where the
  /// arithmetic proof's errors point (T004).
  var nodeSpans: [SourceSpan] = []
  var divisorSpans: [Int: SourceSpan] = [:]
  /// Observed paths each atom reads.
  var atomReads: [UInt32] = []

  init() {}

  /// A boolean `let`.
  package struct Formula: Hashable, Sendable {
    package var name: String
    var condition: Condition
    var span: SourceSpan
    package var reads: UInt32
  }
}

/// A condition over the atoms of a `ConditionProgram`.
indirect enum Condition: Hashable, Sendable {
  case atom(Int)
  /// A named boolean `let`.
  case formula(Int)
  case not(Condition)
  case and([Condition])
  case or([Condition])
  /// Stands in where the checker already reported an error; evaluates to unknown.
  case invalid
}

/// What `previous.adjustment is …` accepts; nil parts match anything.
struct AdjustmentMatcher: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    case none, noChange, grind, yield, temperature
  }
  var kind: Kind
  var direction: GrindDirection?
  var steps: Int?
  /// For yield/temperature: `true` for a decrease, `false` for an increase, nil for either.
  var negative: Bool?
  var amount: ExactNumber?

  /// Whether `adjustment` (nil meaning none was applied) matches.
  func matches(_ adjustment: Adjustment?) -> Bool {
    switch (kind, adjustment) {
    case (.none, nil): return true
    case (.noChange, .noChange?): return true
    case (.grind, .grind(let d, let s)?):
      return (direction == nil || direction == d) && (steps == nil || steps == s)
    case (.yield, .yield(let delta)?), (.temperature, .temperature(let delta)?):
      if let negative, negative != delta.isNegative { return false }
      if let amount, amount != delta.magnitude { return false }
      return true
    default: return false
    }
  }

  /// The pattern as written in a rule file.
  var ruleText: String {
    switch kind {
    case .none: return "none"
    case .noChange: return "no change"
    case .grind:
      var s = "grind"
      if let direction { s += " \(direction.rawValue)" }
      if let steps { s += " \(steps) step\(steps == 1 ? "" : "s")" }
      return s
    case .yield, .temperature:
      var s = kind == .yield ? "yield" : "temperature"
      if let negative { s += " \(negative ? "-" : "+")\(amount?.decimalText ?? "")" }
      if amount != nil { s += kind == .yield ? " g" : " C" }
      return s
    }
  }
}
