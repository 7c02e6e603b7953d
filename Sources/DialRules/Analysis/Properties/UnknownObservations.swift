/// Whether the property sweep's proof extends to shots with the other observations missing.
///
/// The sweep covers the fully observed shots and, exactly, the shots without any of the paths
/// some condition tests with `is known` (`swept`; recorded axes, `AxisCatalog+Recording`). The
/// paths no condition tests with `is known` are left: with `is known` never reading them, every
/// condition is monotonic in them (Kleene). A shot lacking some of them, for which a property's
/// condition is true, makes it true for every way of filling those gaps too, and a decided action
/// stays the same when an observation becomes known (docs/design.md §4, monotonic); so do
/// `explicit` and `no_rule`, since a rule true, false, overridden or abstaining with observations
/// missing is so in every completion. Only `incomplete` and `conflict` (which an unknown abstaining
/// rule may turn into `explicit`) can differ: when the property allows both, the sweep's proof is
/// a proof for all. Otherwise the missing observations matter only if some rule can be unknown:
/// the condition forces some paths to be known (`sour` needs the taste); for every set of the
/// other paths the rules read being missing at once (one not swept among them), each rule is
/// evaluated abstractly over its atoms, `is known` false for the missing paths. When no rule can
/// be unknown, the decision is the one of every filling of the paths not swept, which the sweep
/// decided, and again the proof covers the shot.
struct UnknownObservations {
  /// Most paths whose subsets are enumerated exactly; past it `is known` tests count as either.
  static let maxEnumeratedPaths = 8

  let rules: CompiledRules
  /// The paths the sweep covered missing as well as recorded: a set of missing paths within them
  /// needs no argument here.
  var swept: UInt32 = 0

  /// Nil when missing observations cannot break `property` beyond what the proof covered, else
  /// why they may: the paths left unknown and a rule that may then be unknown.
  func obstacle(_ property: CompiledProperty) -> String? {
    // With observations missing, the answers a completion may not give are `incomplete`, and
    // `conflict` (an unknown rule that abstains can turn it into `explicit`); an action, `explicit`
    // and `no_rule` stay what they are in every completion.
    guard
      !property.holds(for: .insufficientEvidence(.incomplete)) || !property.holds(for: .insufficientEvidence(.conflict))
    else { return nil }
    let forced = property.condition.map { forcedKnown($0, whenTrue: true) } ?? 0
    let read = rules.rules.reduce(UInt32(0)) { $0 | $1.reads }
    let free = read & ~forced
    guard free != 0 else { return nil }
    let bits = (0..<32).map { UInt32(1) << UInt32($0) }.filter { free & $0 != 0 }
    let exact = bits.count <= Self.maxEnumeratedPaths
    let subsets: [UInt32] =
      exact
      ? (1..<(1 << bits.count)).map { m in
        bits.enumerated().reduce(0) { m & (1 << $1.offset) != 0 ? $0 | $1.element : $0 }
      }
      : [free]
    for missing in subsets where missing & ~swept != 0 {
      var memo: [Int: Abstract] = [:]
      for rule in rules.rules where rule.reads & missing != 0 {
        if value(rule.condition, missing: missing, exact: exact, memo: &memo) == .mayBeUnknown {
          let paths = ObservedPath.paths(in: missing).joined(separator: ", ")
          return "with \(paths) not recorded, rule '\(rule.id)' may be unknown, so the table may answer "
            + "insufficient evidence (incomplete or conflict), which the property rules out"
        }
      }
    }
    return nil
  }

  /// The truth of a condition over every valuation of the known atoms.
  enum Abstract: Hashable {
    case alwaysTrue, alwaysFalse, definite, mayBeUnknown
    var negated: Abstract {
      switch self {
      case .alwaysTrue: .alwaysFalse
      case .alwaysFalse: .alwaysTrue
      default: self
      }
    }
  }

  func value(_ c: Condition, missing: UInt32, exact: Bool, memo: inout [Int: Abstract]) -> Abstract {
    switch c {
    case .atom(let a):
      let reads = rules.program.atomReads[a]
      if case .known = rules.program.atoms[a] {
        guard reads & missing != 0 else { return .alwaysTrue }
        return exact ? .alwaysFalse : .definite
      }
      return reads & missing != 0 ? .mayBeUnknown : .definite
    case .formula(let f):
      if let v = memo[f] { return v }
      let v = value(rules.program.formulas[f].condition, missing: missing, exact: exact, memo: &memo)
      memo[f] = v
      return v
    case .not(let inner): return value(inner, missing: missing, exact: exact, memo: &memo).negated
    case .and(let cs):
      var out = Abstract.alwaysTrue
      for part in cs {
        switch value(part, missing: missing, exact: exact, memo: &memo) {
        case .alwaysFalse: return .alwaysFalse
        case .mayBeUnknown: out = .mayBeUnknown
        case .definite: if out == .alwaysTrue { out = .definite }
        case .alwaysTrue: break
        }
      }
      return out
    case .or(let cs):
      var out = Abstract.alwaysFalse
      for part in cs {
        switch value(part, missing: missing, exact: exact, memo: &memo) {
        case .alwaysTrue: return .alwaysTrue
        case .mayBeUnknown: out = .mayBeUnknown
        case .definite: if out == .alwaysFalse { out = .definite }
        case .alwaysFalse: break
        }
      }
      return out
    case .invalid: return .mayBeUnknown
    }
  }

  /// The paths that must be recorded for `c` to be true (`whenTrue`) or false: Kleene's logic
  /// makes a comparison with an unknown side unknown, so `sour` true needs the taste.
  func forcedKnown(_ c: Condition, whenTrue: Bool) -> UInt32 {
    switch c {
    case .atom(let a):
      switch rules.program.atoms[a] {
      case .compare, .has: return rules.program.atomReads[a]
      // `x between a and b` is false when a known x is past a known end, whatever the other is.
      case .between: return whenTrue ? rules.program.atomReads[a] : 0
      case .known: return whenTrue ? rules.program.atomReads[a] : 0
      case .previousAdjustment: return 0
      }
    case .formula(let f): return forcedKnown(rules.program.formulas[f].condition, whenTrue: whenTrue)
    case .not(let inner): return forcedKnown(inner, whenTrue: !whenTrue)
    case .and(let cs), .or(let cs):
      let isAnd: Bool
      if case .and = c { isAnd = true } else { isAnd = false }
      let parts = cs.map { forcedKnown($0, whenTrue: whenTrue) }
      // All parts true (an `and` true, an `or` false) need all their paths; one part suffices otherwise.
      if isAnd == whenTrue { return parts.reduce(0, |) }
      return parts.reduce(~UInt32(0), &) & (parts.isEmpty ? 0 : ~UInt32(0))
    case .invalid: return 0
    }
  }
}
