/// Ints by a nonzero 64-bit key (a storage's address, a packed step of the sweep), in open
/// addressing with a multiplicative hash: `Hasher` costs more than the lookups it would serve.
struct IntTable {
  private var keys: [UInt64] = []
  private var values: [Int] = []
  private var count = 0

  /// The int stored for `key` (nil for 0, which is never stored).
  @_optimize(speed)
  subscript(key: UInt64) -> Int? {
    get {
      guard !keys.isEmpty else { return nil }
      let mask = keys.count - 1
      var s = slot(key, mask)
      while keys[s] != 0 {
        if keys[s] == key { return values[s] }
        s = (s + 1) & mask
      }
      return nil
    }
    set {
      guard let newValue, key != 0 else { return }
      if 2 * (count + 1) > keys.count { grow() }
      let mask = keys.count - 1
      var s = slot(key, mask)
      while keys[s] != 0 && keys[s] != key { s = (s + 1) & mask }
      if keys[s] == 0 { count += 1 }
      keys[s] = key
      values[s] = newValue
    }
  }

  private func slot(_ key: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    keys = [UInt64](repeating: 0, count: Swift.max(64, oldKeys.count * 2))
    values = [Int](repeating: 0, count: keys.count)
    count = 0
    for (k, v) in zip(oldKeys, oldValues) where k != 0 { self[k] = v }
  }
}
