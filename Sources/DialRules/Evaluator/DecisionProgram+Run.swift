/// Deciding one shot with a `DecisionProgram`: slots, gates, then docs/design.md §4's combining step as
/// mask operations, ending in a `DecisionKey` — which decision the shot gets, before any text.
extension DecisionProgram {
  /// The kinds of verdict `AgreeOrAbstain` distinguishes.
  enum Verdict: UInt8, Sendable {
    case abstain, conflict, agree, incomplete, otherwise
  }

  /// Evaluates the table for `shot` and calls `body` with the result, whose `rules` buffer is
  /// valid only inside it. `plan` evaluates the atoms that have no fixed-point form, if any.
  @inline(__always)
  func run<R>(_ shot: CompactShot, plan: EvaluationPlan, _ body: (DecisionKey) -> R) -> R {
    withScratch { t, k, scratch, sums in
      evaluateAllAtoms(shot, plan: plan, sums: sums, t: t, k: k)
      return decideFromAtoms(shot, t: t, k: k, scratch: scratch, body)
    }
  }

  /// Calls `body` with the words of one decision, zeroed: the slots' truths (`t`) and knowns
  /// (`k`), `slotWords` each; the combining step's scratch (five words per rule word); and room
  /// for the sums.
  @inline(__always)
  func withScratch<R>(
    _ body: (
      _ t: UnsafeMutablePointer<UInt64>, _ k: UnsafeMutablePointer<UInt64>, _ scratch: UnsafeMutablePointer<UInt64>,
      _ sums: UnsafeMutablePointer<Int128>
    ) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * slotWords + 5 * ruleWords) { words in
      withUnsafeTemporaryAllocation(of: Int128.self, capacity: max(1, sumRanges.count)) { sums in
        guard let base = words.baseAddress, let sumBase = sums.baseAddress else {
          preconditionFailure("no scratch space for a decision; please report this bug")
        }
        base.initialize(repeating: 0, count: words.count)
        return body(base, base + slotWords, base + 2 * slotWords, sumBase)
      }
    }
  }

  /// Every atom's slot: the sums, the atoms in fixed point, then those the general plan evaluates.
  @inline(__always)
  func evaluateAllAtoms(
    _ shot: CompactShot, plan: EvaluationPlan, sums: UnsafeMutablePointer<Int128>, t: UnsafeMutablePointer<UInt64>,
    k: UnsafeMutablePointer<UInt64>
  ) {
    computeSums(shot, into: sums)
    evaluateAtoms(shot, sums: sums, t: t, k: k)
    if !generalAtoms.isEmpty { evaluateGeneralAtoms(shot, plan: plan, t: t, k: k) }
  }

  /// Everything after the atoms — the gates, then the combining step — from the atoms' slots.
  @inline(__always)
  func decideFromAtoms<R>(
    _ shot: CompactShot, t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>,
    scratch: UnsafeMutablePointer<UInt64>, _ body: (DecisionKey) -> R
  ) -> R {
    evaluateGates(t: t, k: k)
    return combine(shot, t: t + ruleWord, k: k + ruleWord, scratch: scratch, body)
  }

  /// Every distinct sum `Σ c·F[a]·F[b]`. Bounds were proved when the table was compiled, so
  /// wrapping arithmetic is exact here.
  @inline(__always)
  func computeSums(_ shot: CompactShot, into sums: UnsafeMutablePointer<Int128>) {
    shot.values.withElements { values in
      sumTerms.withUnsafeBufferPointer { terms in
        for s in sumRanges.indices {
          var total: Int128 = 0
          for i in sumRanges[s] {
            let term = terms[Int(i)]
            var p = term.coefficient &* Int128(values[Int(term.a)])
            if term.b >= 0 { p = p &* Int128(values[Int(term.b)]) }
            total = total &+ p
          }
          sums[s] = total
        }
      }
    }
  }

  /// (truth, known) of `comparison`.
  @inline(__always)
  private static func evaluate(
    _ comparison: Comparison, _ shot: CompactShot, _ sums: UnsafeMutablePointer<Int128>
  ) -> (Bool, Bool) {
    let known = shot.present & comparison.reads == comparison.reads
    return (known && comparison.holds(sums[Int(comparison.sum)]), known)
  }

  /// Sets a slot's bits: true when `truth`, known when `known`.
  @inline(__always)
  private static func set(
    _ slot: SlotBit, truth: Bool, known: Bool, t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>
  ) {
    let w = Int(slot.word)
    t[w] |= truth ? slot.bit : 0
    k[w] |= known ? slot.bit : 0
  }

  func evaluateAtoms(
    _ shot: CompactShot, sums: UnsafeMutablePointer<Int128>, t: UnsafeMutablePointer<UInt64>,
    k: UnsafeMutablePointer<UInt64>
  ) {
    // Tag tests, a tag set and a word at a time: known slots at once, then the slots of each tag
    // the set holds.
    tagSlotMasks.withUnsafeBufferPointer { masks in
      for group in tagGroups {
        let tags: UInt32
        switch group.source {
        case .shotTaste: tags = shot.present & ObservedPath.shotTaste.bit != 0 ? shot.taste : 0
        case .shotFlow: tags = shot.flow
        case .previousShotTaste: tags = shot.present & ObservedPath.previousShotTaste.bit != 0 ? shot.previousTaste : 0
        case .previousShotFlow: tags = shot.previousFlow
        }
        // An absent flow list is known and empty (docs/design.md §4).
        let known = group.source.isFlow || shot.present & (group.source.path?.bit ?? 0) != 0
        let w = Int(group.word)
        if known { k[w] |= group.slots }
        var b = tags & 0xFF
        var truth: UInt64 = 0
        while b != 0 {
          truth |= masks[Int(group.masks) + b.trailingZeroBitCount]
          b &= b &- 1
        }
        t[w] |= truth
      }
    }
    for atom in comparisonAtoms {
      let (truth, known) = Self.evaluate(atom.test, shot, sums)
      Self.set(atom.slot, truth: truth, known: known, t: t, k: k)
    }
    for atom in betweenAtoms {
      // A Kleene `and`: a known violated bound decides even when the other is unknown.
      let (lt, lk) = Self.evaluate(atom.test.lower, shot, sums)
      let (ht, hk) = Self.evaluate(atom.test.upper, shot, sums)
      let truth = lt && ht
      Self.set(atom.slot, truth: truth, known: truth || (lk && !lt) || (hk && !ht), t: t, k: k)
    }
    for atom in presenceAtoms {
      Self.set(atom.slot, truth: shot.present & atom.test == atom.test, known: true, t: t, k: k)
    }
    for atom in adjustmentAtoms {
      Self.set(atom.slot, truth: atom.test.matches(shot.adjustment), known: true, t: t, k: k)
    }
  }

  /// The atoms without a fixed-point form, by the general plan.
  func evaluateGeneralAtoms(
    _ shot: CompactShot, plan: EvaluationPlan, t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>
  ) {
    plan.withBuffers(fields: FieldValues(shot), tags: TagValues(shot)) { run in
      for a in generalAtoms {
        let truth = run.atom(Int(a))
        Self.set(SlotBit(Int(a)), truth: truth == .yes, known: truth != .unknown, t: t, k: k)
      }
    }
  }

  /// Every gate in order. An `and` is true when every positive input is true and every negated one
  /// false, and false (known) when some input says so; an `or` the other way round (Kleene).
  @inline(__always)
  private func evaluateGates(t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>) {
    gateTerms.withUnsafeBufferPointer { terms in
      for gate in gates {
        // For an `and`, `all` is "every input true" and `any` "some input false"; for an `or`,
        // "every input false" and "some input true". The truth is `all` resp. `any`.
        var (all, any) = Self.term(gate.first, isOr: gate.isOr, t: t, k: k)
        for i in gate.more {
          let (a, b) = Self.term(terms[Int(i)], isOr: gate.isOr, t: t, k: k)
          all = all && a
          any = any || b
        }
        Self.set(SlotBit(Int(gate.output)), truth: gate.isOr ? any : all, known: all || any, t: t, k: k)
      }
    }
  }

  @inline(__always)
  private static func term(
    _ term: GateTerm, isOr: Bool, t: UnsafeMutablePointer<UInt64>, k: UnsafeMutablePointer<UInt64>
  )
    -> (all: Bool, any: Bool)
  {
    let w = Int(term.word)
    let tw = t[w]
    let fw = k[w] & ~tw
    let yes = isOr ? fw : tw
    let no = isOr ? tw : fw
    return (
      (yes & term.positive == term.positive) && (no & term.negative == term.negative),
      (no & term.positive) | (yes & term.negative) != 0
    )
  }
}

/// What the compiled table decided for one shot, before texts: the verdict, the rules it lists
/// (bits over rule indices; valid only inside `DecisionProgram.run`'s body) and, for
/// `incomplete`, the absent paths that would decide it.
struct DecisionKey {
  var verdict: DecisionProgram.Verdict
  var missing: UInt32
  var rules: UnsafeBufferPointer<UInt64>
}
