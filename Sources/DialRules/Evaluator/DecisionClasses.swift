import Synchronization

/// The decisions a table has given, each built once: the `Decision` value (texts, `decided_by`,
/// `missing`) and its decision JSON after the `id` (`,"decision":{…},"decided_by":[…],
/// "missing":[…]}`), so `eval` writes a line as the escaped id plus one copy of these bytes.
///
/// A decision is fixed by its `DecisionKey` (verdict, listed rules, missing paths), and real shots
/// fall into few of them, so entries are built on first use and kept. The table is shared by
/// every thread that decides with the rules: lookups take a lock for the probe; entries are
/// written once, before their index is published under that lock, and never change, so they are
/// read without it. At most `capacity` entries are kept (a hostile batch cannot grow it without
/// bound); past that, a decision is built each time, with the same result.
final class DecisionClasses: @unchecked Sendable {
  /// One decision and its prebuilt JSON.
  struct Entry {
    /// The decision, with no `id`.
    let decision: Decision
    /// Its decision JSON after `{"id":<id>`.
    let tail: [UInt8]

    init(_ decision: Decision) {
      self.decision = decision
      var w = JSONWriter(reservingCapacity: 256)
      decision.writeJSON(to: &w)
      tail = Array(w.bytes.dropFirst(Self.idPrefix.count))
      precondition(
        w.bytes.starts(with: Self.idPrefix), "decision JSON does not start with its id; please report this bug")
    }

    /// The decision of the entry at `entry` with `id`, built from the stored one's fields, each
    /// read through the pointer, by the memberwise initializer (see `Decision`). A method on the
    /// entry would take it as its `self`, which the compiler copies whole from behind a pointer.
    @inline(__always)
    static func decision(at entry: UnsafePointer<Entry>, id: String?) -> Decision {
      Decision(
        outcome: entry.pointee.decision.outcome, id: id, text: entry.pointee.decision.text,
        decidedBy: entry.pointee.decision.decidedBy, missing: entry.pointee.decision.missing)
    }

    /// What a decision without an id starts with; the tail follows it.
    static let idPrefix = Array(#"{"id":null"#.utf8)
  }

  static let chunkSize = 64
  static let chunkCount = 64
  /// Most entries kept: `chunkSize * chunkCount` unless a test asks for fewer.
  let capacity: Int

  /// `chunkCount` pointers to chunks of `chunkSize` entries, allocated as needed.
  private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
  /// Keys (the verdict and missing paths in one word, then the rule words) to entry indices.
  private let table: Mutex<WordKeyTable>

  /// A table for keys over `ruleWords` words of rule bits.
  init(ruleWords: Int, capacity: Int = DecisionClasses.chunkSize * DecisionClasses.chunkCount) {
    self.capacity = min(max(0, capacity), Self.chunkSize * Self.chunkCount)
    chunks = UnsafeMutablePointer.allocate(capacity: Self.chunkCount)
    chunks.initialize(repeating: nil, count: Self.chunkCount)
    table = Mutex(WordKeyTable(keyWords: 1 + ruleWords))
  }

  deinit {
    let count = table.withLock { $0.count }
    for c in 0..<Self.chunkCount {
      guard let chunk = chunks[c] else { continue }
      chunk.deinitialize(count: min(Self.chunkSize, max(0, count - c * Self.chunkSize)))
      chunk.deallocate()
    }
    chunks.deallocate()
  }

  /// The entry for `key`, built by `make` the first time; nil when the table is full (build it
  /// yourself then).
  @inline(__always)
  func entry(_ key: DecisionKey, make: () -> Decision) -> UnsafePointer<Entry>? {
    let head = UInt64(key.verdict.rawValue) | UInt64(key.missing) << 8
    let hash = WordKeyTable.finish(key.rules.reduce(WordKeyTable.mix(WordKeyTable.seed, head), WordKeyTable.mix))
    let index: Int = table.withLock { table in
      let (found, slot) = table.probe(hash) { keys, base in
        guard keys[base] == head else { return false }
        for w in key.rules.indices where keys[base + 1 + w] != key.rules[w] { return false }
        return true
      }
      if let found { return found }
      guard table.count < capacity else { return -1 }
      let i = table.count
      let c = i / Self.chunkSize
      if chunks[c] == nil { chunks[c] = UnsafeMutablePointer.allocate(capacity: Self.chunkSize) }
      chunks[c].map { ($0 + i % Self.chunkSize).initialize(to: Entry(make())) }
      return table.insert(at: slot) { keys in
        keys.append(head)
        keys.append(contentsOf: key.rules)
      }
    }
    guard index >= 0, let chunk = chunks[index / Self.chunkSize] else { return nil }
    return UnsafePointer(chunk + index % Self.chunkSize)
  }

  /// How many entries are kept (for tests).
  var count: Int { table.withLock { $0.count } }
}
