/// docs/design.md §4's agree or abstain over words of rule bits — the checked fast path, not the
/// definition. `AgreeOrAbstain` defines all three steps (a rule's status from its overriders'
/// truths, M and U, combining) and the general plan and the analysis call it; this file does the
/// same steps once more as mask operations, listing rules in source order, because `decide` and
/// `eval` need it (see docs/performance.md, "Issue 25"). It is the compiled program's only
/// combining step, for tables of one word and of many. `CompiledDecisionTests` and the evaluator
/// fuzz oracle check it against the definition through the general plan's decisions.
extension DecisionProgram {
  /// Combines the rules' truths (`t`, `k`: the rules' words of slots) into a `DecisionKey` and
  /// calls `body` with it. `scratch` has room for five words per rule word.
  @inline(__always)
  func combine<R>(
    _ shot: CompactShot, t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>,
    scratch: UnsafeMutablePointer<UInt64>, _ body: (DecisionKey) -> R
  ) -> R {
    let words = ruleWords
    let overridden = scratch
    let doubt = scratch + words
    let matched = scratch + 2 * words
    let undecided = scratch + 3 * words
    let out = scratch + 4 * words
    func bit(_ r: Int) -> UInt64 { 1 << UInt64(r & 63) }
    // Step 1 (`AgreeOrAbstain.status`). Overridden: some overrider is true. Otherwise, some
    // overrider unknown: in doubt unless the rule itself is false (applied below).
    for (rule, range) in self.overridden {
      var anyTrue = false
      var anyUnknown = false
      for j in range {
        let o = Int(overriderList[Int(j)])
        if t[o >> 6] & bit(o) != 0 { anyTrue = true } else if k[o >> 6] & bit(o) == 0 { anyUnknown = true }
      }
      let r = Int(rule)
      if anyTrue { overridden[r >> 6] |= bit(r) } else if anyUnknown { doubt[r >> 6] |= bit(r) }
    }
    var anyAbstain = false
    var anyMatched = false
    var anyUndecided = false
    for w in 0..<words {
      // The last word's bits past the last rule are not rules (none are when there is no rule).
      let valid: UInt64 = w < words - 1 || (ruleCount > 0 && ruleCount % 64 == 0) ? ~0 : bit(ruleCount) &- 1
      let tw = t[w]
      let kw = k[w]
      let d = doubt[w] & ~(kw & ~tw)
      doubt[w] = d
      matched[w] = tw & ~overridden[w] & ~d
      undecided[w] = (~kw & valid & ~overridden[w]) | d
      out[w] = matched[w] & abstainWords[w]
      anyAbstain = anyAbstain || out[w] != 0
      anyMatched = anyMatched || matched[w] != 0
      anyUndecided = anyUndecided || undecided[w] != 0
    }
    let listed = UnsafeBufferPointer(start: UnsafePointer(out), count: words)
    if anyAbstain { return body(DecisionKey(verdict: .abstain, missing: 0, rules: listed)) }
    if !anyMatched {
      guard anyUndecided else { return body(DecisionKey(verdict: .otherwise, missing: 0, rules: listed)) }
      for w in 0..<words { out[w] = undecided[w] }
      return body(DecisionKey(verdict: .incomplete, missing: missing(shot, listed, k: k), rules: listed))
    }
    var first = 0
    while matched[first] == 0 { first += 1 }
    let action = actionIDs[first * 64 + matched[first].trailingZeroBitCount]
    var conflict = false
    var dissent = false
    for w in 0..<words {
      var m = matched[w]
      while m != 0 {
        if actionIDs[w * 64 + m.trailingZeroBitCount] != action { conflict = true }
        m &= m &- 1
      }
      var u = undecided[w]
      var o: UInt64 = 0
      while u != 0 {
        let r = w * 64 + u.trailingZeroBitCount
        if actionIDs[r] != action { o |= bit(r) }
        u &= u &- 1
      }
      out[w] = o
      dissent = dissent || o != 0
    }
    if conflict || !dissent {
      for w in 0..<words { out[w] = matched[w] }
      return body(DecisionKey(verdict: conflict ? .conflict : .agree, missing: 0, rules: listed))
    }
    return body(DecisionKey(verdict: .incomplete, missing: missing(shot, listed, k: k), rules: listed))
  }

  /// The absent paths the listed rules read — for each, also those its unknown overriders read,
  /// since they keep it undecided.
  func missing(_ shot: CompactShot, _ rules: UnsafeBufferPointer<UInt64>, k: UnsafeMutablePointer<UInt64>)
    -> UInt32
  {
    var paths: UInt32 = 0
    for w in rules.indices {
      var m = rules[w]
      while m != 0 {
        let r = w * 64 + m.trailingZeroBitCount
        paths |= reads[r]
        for j in overriderRanges[r] {
          let o = Int(overriderList[Int(j)])
          if k[o >> 6] & (1 << UInt64(o & 63)) == 0 { paths |= reads[o] }
        }
        m &= m &- 1
      }
    }
    return paths & shot.absent
  }
}
