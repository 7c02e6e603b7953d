/// An open-addressing index of keys that are a fixed number of 64-bit words, to the order they
/// were added in (0, 1, 2, …): the one hash table of the compiled evaluator's caches
/// (`DecisionClasses`, keyed by verdict and rule bits; `AtomClasses`, keyed by atom bits). Not
/// thread-safe by itself: each owner keeps it under its own lock. Keys are compared word for word,
/// so a collision costs a probe, never a wrong answer.
struct WordKeyTable {
  /// Words per key.
  let keyWords: Int
  /// Entry indices (-1 free); a power of two, at most half full.
  private var slots = [Int32](repeating: -1, count: 64)
  /// Entry i's key is `keys[i * keyWords ..< (i + 1) * keyWords]`.
  private(set) var keys: [UInt64] = []

  init(keyWords: Int) { self.keyWords = keyWords }

  /// How many keys are kept.
  var count: Int { keys.count / keyWords }

  /// The index of the key `matches` recognises (given the key words and where one key starts),
  /// or nil and the free slot where it belongs.
  @inline(__always)
  func probe(_ hash: UInt64, matches: (_ keys: [UInt64], _ base: Int) -> Bool) -> (found: Int?, slot: Int) {
    let mask = slots.count - 1
    var s = Int(truncatingIfNeeded: hash) & mask
    while true {
      let i = Int(slots[s])
      if i < 0 { return (nil, s) }
      if matches(keys, i * keyWords) { return (i, s) }
      s = (s + 1) & mask
    }
  }

  /// Adds a key at `slot` (from a `probe` that did not find it): `append` appends its
  /// `keyWords` words. Returns its index.
  @discardableResult
  mutating func insert(at slot: Int, _ append: (inout [UInt64]) -> Void) -> Int {
    let index = count
    append(&keys)
    precondition(keys.count == (index + 1) * keyWords, "a key of the wrong width; please report this bug")
    slots[slot] = Int32(index)
    if 2 * count > slots.count { grow() }
    return index
  }

  /// Doubles the slots and puts every key back.
  private mutating func grow() {
    var grown = [Int32](repeating: -1, count: slots.count * 2)
    let mask = grown.count - 1
    for i in 0..<count {
      let base = i * keyWords
      let hash = Self.hash(keys[base..<(base + keyWords)])
      var s = Int(truncatingIfNeeded: hash) & mask
      while grown[s] >= 0 { s = (s + 1) & mask }
      grown[s] = Int32(i)
    }
    slots = grown
  }

  /// The hash of a key's words, in order: `finish` of `mix` over them from `seed`.
  @inline(__always)
  static func hash(_ words: some Sequence<UInt64>) -> UInt64 { finish(words.reduce(seed, mix)) }

  /// The start of a hash.
  static let seed: UInt64 = 0xCBF2_9CE4_8422_2325
  /// One more word into the hash (multiplicative).
  @inline(__always)
  static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 { (hash ^ word) &* 0x9E37_79B9_7F4A_7C15 }
  /// The hash after its last word.
  @inline(__always)
  static func finish(_ hash: UInt64) -> UInt64 { hash ^ (hash >> 29) }
}
