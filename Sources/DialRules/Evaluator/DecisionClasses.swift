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

    /// The decision with `id`, built from the stored one's fields (each retained once) rather
    /// than by copying it and then replacing its id.
    @inline(__always)
    func decision(id: String?) -> Decision {
      guard let id else { return decision }
      return Decision(
        id: id, outcome: decision.outcome, text: decision.text, decidedBy: decision.decidedBy,
        missing: decision.missing)
    }

    /// What a decision without an id starts with; the tail follows it.
    static let idPrefix = Array(#"{"id":null"#.utf8)
  }

  static let chunkSize = 64
  static let chunkCount = 64
  /// Most entries kept: `chunkSize * chunkCount` unless a test asks for fewer.
  let capacity: Int

  private let keyWords: Int
  /// `chunkCount` pointers to chunks of `chunkSize` entries, allocated as needed.
  private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
  private let table: Mutex<Table>

  /// Open addressing: `slots` holds entry indices (-1 free); entry i's key is
  /// `keys[i * keyWords ..< (i + 1) * keyWords]`.
  private struct Table {
    var slots: [Int32] = Array(repeating: -1, count: 64)
    var keys: [UInt64] = []
    var count = 0
  }

  /// A table for keys over `ruleWords` words of rule bits.
  init(ruleWords: Int, capacity: Int = DecisionClasses.chunkSize * DecisionClasses.chunkCount) {
    keyWords = 1 + ruleWords
    self.capacity = min(max(0, capacity), Self.chunkSize * Self.chunkCount)
    chunks = UnsafeMutablePointer.allocate(capacity: Self.chunkCount)
    chunks.initialize(repeating: nil, count: Self.chunkCount)
    table = Mutex(Table())
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
    let hash = Self.hash(head, key.rules)
    let index: Int = table.withLock { table in
      let mask = table.slots.count - 1
      var s = Int(truncatingIfNeeded: hash) & mask
      while true {
        let i = Int(table.slots[s])
        if i < 0 { break }
        if matches(table.keys, i, head, key.rules) { return i }
        s = (s + 1) & mask
      }
      guard table.count < capacity else { return -1 }
      let i = table.count
      let c = i / Self.chunkSize
      if chunks[c] == nil { chunks[c] = UnsafeMutablePointer.allocate(capacity: Self.chunkSize) }
      chunks[c].map { ($0 + i % Self.chunkSize).initialize(to: Entry(make())) }
      table.keys.append(head)
      table.keys.append(contentsOf: key.rules)
      table.slots[s] = Int32(i)
      table.count += 1
      if 2 * table.count > table.slots.count { grow(&table) }
      return i
    }
    guard index >= 0, let chunk = chunks[index / Self.chunkSize] else { return nil }
    return UnsafePointer(chunk + index % Self.chunkSize)
  }

  private func matches(_ keys: [UInt64], _ i: Int, _ head: UInt64, _ rules: UnsafeBufferPointer<UInt64>) -> Bool {
    let base = i * keyWords
    guard keys[base] == head else { return false }
    for w in rules.indices where keys[base + 1 + w] != rules[w] { return false }
    return true
  }

  /// Doubles the slots and puts every entry back.
  private func grow(_ table: inout Table) {
    var slots = [Int32](repeating: -1, count: table.slots.count * 2)
    let mask = slots.count - 1
    for i in 0..<table.count {
      let base = i * keyWords
      let hash = Self.hash(table.keys[base], table.keys[(base + 1)..<(base + keyWords)])
      var s = Int(truncatingIfNeeded: hash) & mask
      while slots[s] >= 0 { s = (s + 1) & mask }
      slots[s] = Int32(i)
    }
    table.slots = slots
  }

  /// A multiplicative hash of a key's words (collisions only cost a probe: keys are compared).
  @inline(__always)
  private static func hash(_ head: UInt64, _ rules: some Sequence<UInt64>) -> UInt64 {
    var hash = (head ^ 0xCBF2_9CE4_8422_2325) &* 0x9E37_79B9_7F4A_7C15
    for w in rules { hash = (hash ^ w) &* 0x9E37_79B9_7F4A_7C15 }
    return hash ^ (hash >> 29)
  }

  /// How many entries are kept (for tests).
  var count: Int { table.withLock { $0.count } }
}
