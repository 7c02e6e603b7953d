import Synchronization

/// Deciding a one-word table through its atoms: once the atoms of a shot are evaluated, the rest
/// — gates, overrides, agree-or-abstain, the class's entry — depends only on the atoms' word of
/// truths, the word of knowns, and which of the paths the rules read the shot has (for
/// `missing`). Real shots give few such triples, so each is mapped to its entry once and looked up
/// after that: a decision is then the atoms and one probe.
extension DecisionProgram {
  /// A shot's atoms as the cache keys them, and the entry the cache holds for them, if any.
  struct AtomProbe {
    var t: UInt64
    var k: UInt64
    var paths: UInt32
    var entry: UnsafePointer<DecisionClasses.Entry>?
  }

  /// The shot's atoms and the atom cache's entry for them (`entry` nil on a miss: then
  /// `missedEntry`); nil when the table is not in one-word form (then `run` decides).
  ///
  /// Takes no closure: the caller builds a missed decision out of line, so the hit path — most
  /// shots — retains nothing (a closure capturing the evaluator made every call retain and release
  /// its plan and program twice).
  @inline(__always)
  func probeAtoms(_ shot: CompactShot, plan: EvaluationPlan) -> AtomProbe? {
    guard isOneWord else { return nil }
    // Only the atoms' two words on the way to the probe: most shots stop there.
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2) { words in
      withUnsafeTemporaryAllocation(of: Int128.self, capacity: max(1, sumRanges.count)) { sums in
        guard let base = words.baseAddress, let sumBase = sums.baseAddress else {
          preconditionFailure("no scratch space for a decision; please report this bug")
        }
        base.initialize(repeating: 0, count: 2)
        evaluateAllAtoms(shot, plan: plan, sums: sumBase, t: base, k: base + 1)
        let paths = shot.present & ruleReadPaths
        return AtomProbe(t: base[0], k: base[1], paths: paths, entry: atomClasses.find(base[0], base[1], paths))
      }
    }
  }

  /// The entry for a probe that missed: the gates and the combining step, as `run` does them
  /// after the atoms, then the triple is cached. Nil when the decision table is full (then `run`
  /// decides, with the same result). `make` builds a class's decision the first time it is given.
  func missedEntry(
    _ shot: CompactShot, _ probe: AtomProbe, make: (DecisionKey) -> Decision
  ) -> UnsafePointer<DecisionClasses.Entry>? {
    let entry = withScratch { slotsT, slotsK, scratch, _ in
      slotsT[0] = probe.t
      slotsK[0] = probe.k
      return decideFromAtoms(shot, t: slotsT, k: slotsK, scratch: scratch) { key in
        classes.entry(key, make: { make(key) })
      }
    }
    if let entry { atomClasses.insert(probe.t, probe.k, probe.paths, entry) }
    return entry
  }
}

/// The atom cache of a one-word `DecisionProgram`: (atoms' truths, atoms' knowns, paths present)
/// to the entry of the decision class they give. Entries are `DecisionClasses` entries, which
/// stay where they are for the life of the program. Shared by every thread deciding with the
/// rules, under a lock; at most `capacity` triples are kept (past that, shots are decided without
/// it, with the same result).
final class AtomClasses: Sendable {
  let capacity: Int

  /// Keys `[t, k, paths]` to entry indices; entry i's address is `entries[i]`, as a bit pattern.
  private struct Table {
    var index = WordKeyTable(keyWords: 3)
    var entries: [UInt] = []
  }

  private let table = Mutex(Table())

  init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The entry for the triple, if it was inserted.
  @inline(__always)
  func find(_ t: UInt64, _ k: UInt64, _ paths: UInt32) -> UnsafePointer<DecisionClasses.Entry>? {
    let hash = Self.hash(t, k, paths)
    let bits: UInt = table.withLock { table in
      guard let i = Self.probe(table.index, hash, t, k, paths).found else { return 0 }
      return table.entries[i]
    }
    return UnsafePointer(bitPattern: bits)
  }

  /// Records the entry for the triple (nothing when it is there or the cache is full).
  func insert(_ t: UInt64, _ k: UInt64, _ paths: UInt32, _ entry: UnsafePointer<DecisionClasses.Entry>) {
    let hash = Self.hash(t, k, paths)
    table.withLock { table in
      let (found, slot) = Self.probe(table.index, hash, t, k, paths)
      guard found == nil, table.entries.count < capacity else { return }
      table.index.insert(at: slot) { $0 += [t, k, UInt64(paths)] }
      table.entries.append(UInt(bitPattern: entry))
    }
  }

  /// How many triples are kept (for tests).
  var count: Int { table.withLock { $0.entries.count } }

  @inline(__always)
  private static func probe(_ index: borrowing WordKeyTable, _ hash: UInt64, _ t: UInt64, _ k: UInt64, _ paths: UInt32)
    -> (found: Int?, slot: Int)
  {
    index.probe(hash) { keys, base in keys[base] == t && keys[base + 1] == k && keys[base + 2] == UInt64(paths) }
  }

  @inline(__always)
  private static func hash(_ t: UInt64, _ k: UInt64, _ paths: UInt32) -> UInt64 {
    WordKeyTable.finish(WordKeyTable.mix(WordKeyTable.mix(WordKeyTable.mix(WordKeyTable.seed, t), k), UInt64(paths)))
  }
}
