/// FNV-1a, 64 bits, as 16 hex digits: the same family DialRules uses for rule files' content
/// hashes. It ties an import preview to the exact file bytes and database state; it only has to
/// notice accidental change (an edited file, another write), not resist an attacker, and it hashes
/// a 100 MB export in about a tenth of a second.
enum ContentHash {
  static func hex(_ bytes: [UInt8]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBufferPointer { buffer in
      for b in buffer {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
      }
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
