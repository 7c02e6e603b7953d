/// Small ints by the address of a storage, in open addressing with a multiplicative hash
/// (`Hasher` costs more than the lookup it serves). A hint only: the caller confirms what it finds.
struct AddressTable {
  private var keys: [UInt] = []
  private var values: [Int] = []
  private var count = 0

  /// The int stored for `address` (nil for 0, which is never stored).
  subscript(address: UInt) -> Int? {
    get {
      guard !keys.isEmpty else { return nil }
      let mask = keys.count - 1
      var s = slot(address, mask)
      while keys[s] != 0 {
        if keys[s] == address { return values[s] }
        s = (s + 1) & mask
      }
      return nil
    }
    set {
      guard let newValue, address != 0 else { return }
      if 2 * (count + 1) > keys.count { grow() }
      let mask = keys.count - 1
      var s = slot(address, mask)
      while keys[s] != 0 && keys[s] != address { s = (s + 1) & mask }
      if keys[s] == 0 { count += 1 }
      keys[s] = address
      values[s] = newValue
    }
  }

  private func slot(_ address: UInt, _ mask: Int) -> Int {
    // 64-bit arithmetic on every target (UInt is 32 bits in WebAssembly).
    Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    keys = [UInt](repeating: 0, count: Swift.max(64, oldKeys.count * 2))
    values = [Int](repeating: 0, count: keys.count)
    count = 0
    for (k, v) in zip(oldKeys, oldValues) where k != 0 { self[k] = v }
  }
}
