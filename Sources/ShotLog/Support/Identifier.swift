import Synchronization

/// Makes the UUIDs that identify every stored row across exports and imports.
///
/// A protocol so tests can use a predictable sequence; the real one (`RandomIdentifiers`, the
/// default of `ShotLogStore.open`) draws version-4 UUIDs from the system random source. A source
/// of your own must return a canonical lowercase UUID (`8-4-4-4-12` hexadecimal digits) that it
/// never returned before: exports and imports match rows by it.
public protocol IdentifierSource: Sendable {
  /// A new lowercase UUID string.
  func next() -> String
}

/// Random version-4 UUIDs.
public struct RandomIdentifiers: IdentifierSource {
  /// The system random source's UUIDs.
  public init() {}
  /// A new random version-4 UUID.
  public func next() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return formatUUID(bytes)
  }
}

/// Formats 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
func formatUUID(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef".utf8)
  var out: [UInt8] = []
  for (i, b) in bytes.enumerated() {
    if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
    out.append(digits[Int(b >> 4)])
    out.append(digits[Int(b & 0x0F)])
  }
  return String(decoding: out, as: UTF8.self)
}

/// Whether `text` is a UUID in canonical 8-4-4-4-12 hexadecimal form (either case).
func isUUID(_ text: String) -> Bool {
  let bytes = Array(text.utf8)
  guard bytes.count == 36 else { return false }
  for (i, b) in bytes.enumerated() {
    if i == 8 || i == 13 || i == 18 || i == 23 {
      if b != UInt8(ascii: "-") { return false }
    } else if !((b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)) {
      return false
    }
  }
  return true
}

/// A thread-safe counter-based source for tests: `00000000-0000-4000-8000-000000000001`, `…2`, ….
/// Package API: the tests' fixed sequence, not something an app stores.
package final class SequentialIdentifiers: IdentifierSource {
  private let counter: Mutex<UInt64>

  /// A sequence whose first UUID ends in `start + 1`.
  package init(startingAt start: UInt64 = 0) { counter = Mutex(start) }

  /// The next UUID of the sequence.
  package func next() -> String {
    let value = counter.withLock { count in
      count += 1
      return count
    }
    var bytes = [UInt8](repeating: 0, count: 16)
    bytes[6] = 0x40
    bytes[8] = 0x80
    for i in 0..<6 { bytes[15 - i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
    return formatUUID(bytes)
  }
}
