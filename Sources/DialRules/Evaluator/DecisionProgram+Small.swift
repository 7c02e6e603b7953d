/// The one-word form of a `DecisionProgram`, for tables whose atoms and inner gates fit in 64
/// slots and whose rules are at most 64 — every hand-written table, the default one included. The
/// gates and the combining step then work on four registers (truth and known of the atoms' word
/// and of the rules' word) instead of words in memory; the result is the same `DecisionKey` as the
/// general path's, which tables with more rules or atoms take (property tests check both against
/// the general plan).
extension DecisionProgram {
  /// A gate of the one-word form: an `and` whose inputs are bits of the atoms' word, true when
  /// every `positive` bit is true and every `negative` bit false. An `or` is kept as the `and` of
  /// its negated inputs (De Morgan: its `positive` and `negative` swapped) with `isOr` set: it is
  /// true exactly when that `and` is known to be false. `output` is the bit the gate writes — of
  /// the atoms' word for an inner gate, of the rules' word for a rule.
  struct SmallGate: Sendable {
    var positive: UInt64
    var negative: UInt64
    var output: UInt64
    var isOr: Bool
  }

  /// The gates in one-word form — inner gates, then rules — or nil when the table does not fit it.
  static func smallGates(_ gates: [Gate], ruleWord: Int, ruleCount: Int) -> (inner: [SmallGate], rules: [SmallGate])? {
    guard ruleWord == 1, ruleCount <= 64 else { return nil }
    var inner: [SmallGate] = []
    var rules: [SmallGate] = []
    for g in gates {
      guard g.more.isEmpty, g.first.word == 0 else { return nil }
      let (p, n) = g.isOr ? (g.first.negative, g.first.positive) : (g.first.positive, g.first.negative)
      let gate = SmallGate(positive: p, negative: n, output: 1 << UInt64(Int(g.output) & 63), isOr: g.isOr)
      if Int(g.output) >= 64 {
        rules.append(gate)
      } else {
        // Inner gates come before every rule (the builder emits rules last).
        guard rules.isEmpty else { return nil }
        inner.append(gate)
      }
    }
    return (inner, rules)
  }

  /// Kleene `and` of one gate over the atoms' word: (true, known) as bits of `g.output`.
  @inline(__always)
  private static func apply(_ g: SmallGate, t: UInt64, k: UInt64) -> (UInt64, UInt64) {
    let f = k & ~t
    let all = ((t & g.positive) ^ g.positive) | ((f & g.negative) ^ g.negative) == 0
    let any = (f & g.positive) | (t & g.negative) != 0
    return ((g.isOr ? any : all) ? g.output : 0, all || any ? g.output : 0)
  }

  /// `run` for a table in one-word form.
  @inline(__always)
  func runSmall<R>(
    _ shot: CompactShot, gates: (inner: [SmallGate], rules: [SmallGate]), plan: EvaluationPlan,
    _ body: (DecisionKey) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2) { words in
      withUnsafeTemporaryAllocation(of: Int128.self, capacity: max(1, sumRanges.count)) { sums in
        guard let base = words.baseAddress, let sumBase = sums.baseAddress else {
          preconditionFailure("no scratch space for a decision; please report this bug")
        }
        base.initialize(repeating: 0, count: 2)
        computeSums(shot, into: sumBase)
        evaluateAtoms(shot, sums: sumBase, t: base, k: base + 1)
        if !generalAtoms.isEmpty { evaluateGeneralAtoms(shot, plan: plan, t: base, k: base + 1) }
        return decideSmall(shot, gates: gates, t: base[0], k: base[1], body)
      }
    }
  }

  /// The gates and the combining step of the one-word form, from the atoms' word (`t` true, `k`
  /// known): everything after the atoms, and a function of them and of which paths the shot has.
  @inline(__always)
  func decideSmall<R>(
    _ shot: CompactShot, gates: (inner: [SmallGate], rules: [SmallGate]), t atomsT: UInt64, k atomsK: UInt64,
    _ body: (DecisionKey) -> R
  ) -> R {
    var t = atomsT
    var k = atomsK
    for g in gates.inner {
      let (gt, gk) = Self.apply(g, t: t, k: k)
      t |= gt
      k |= gk
    }
    var ruleT: UInt64 = 0
    var ruleK: UInt64 = 0
    for g in gates.rules {
      let (gt, gk) = Self.apply(g, t: t, k: k)
      ruleT |= gt
      ruleK |= gk
    }
    return combineSmall(shot, t: ruleT, k: ruleK, body)
  }

  /// `combine` over one word of rule bits, in registers.
  @inline(__always)
  private func combineSmall<R>(_ shot: CompactShot, t: UInt64, k: UInt64, _ body: (DecisionKey) -> R) -> R {
    var overridden: UInt64 = 0
    var doubt: UInt64 = 0
    for (rule, range) in self.overridden {
      var anyTrue = false
      var anyUnknown = false
      for j in range {
        let o = UInt64(overriderList[Int(j)])
        if t & (1 << o) != 0 { anyTrue = true } else if k & (1 << o) == 0 { anyUnknown = true }
      }
      if anyTrue { overridden |= 1 << UInt64(rule) } else if anyUnknown { doubt |= 1 << UInt64(rule) }
    }
    let valid: UInt64 = ruleCount == 64 ? ~0 : (1 << UInt64(ruleCount)) &- 1
    doubt &= ~(k & ~t)
    let matched = t & ~overridden & ~doubt
    let undecided = (~k & valid & ~overridden) | doubt
    func key(_ verdict: Verdict, _ rules: UInt64, missing: Bool = false) -> R {
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2) { words in
        guard let p = words.baseAddress else { preconditionFailure("no scratch space; please report this bug") }
        p[0] = rules
        p[1] = k
        let listed = UnsafeBufferPointer(start: UnsafePointer(p), count: 1)
        let paths = missing ? self.missing(shot, listed, k: p + 1) : 0
        return body(DecisionKey(verdict: verdict, missing: paths, rules: listed))
      }
    }
    let abstaining = matched & abstainWords[0]
    if abstaining != 0 { return key(.abstain, abstaining) }
    if matched == 0 { return undecided == 0 ? key(.otherwise, 0) : key(.incomplete, undecided, missing: true) }
    let action = actionIDs[matched.trailingZeroBitCount]
    var m = matched & (matched &- 1)
    while m != 0 {
      if actionIDs[m.trailingZeroBitCount] != action { return key(.conflict, matched) }
      m &= m &- 1
    }
    var dissenting: UInt64 = 0
    var u = undecided
    while u != 0 {
      let r = u.trailingZeroBitCount
      if actionIDs[r] != action { dissenting |= 1 << UInt64(r) }
      u &= u &- 1
    }
    return dissenting == 0 ? key(.agree, matched) : key(.incomplete, dissenting, missing: true)
  }
}
