/// Writes JSON text straight into a byte buffer.
///
/// Streaming rather than building a tree keeps a 100,000-shot export inside its time budget; the
/// output is deterministic (members in the order written, numbers as given) so an export of the
/// same data is always the same bytes. Containers up to `lineDepth` levels deep put each item on
/// its own line, indented by two spaces; deeper ones are written compactly. An export uses depth 2:
/// one line per bean, snapshot or shot — readable, diffable and greppable, and about half the size
/// of fully indented JSON.
struct JSONTextWriter {
  /// The text written so far.
  private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = []
  private var afterKey = false
  private let lineDepth: Int

  /// - Parameters:
  ///   - lineDepth: how many levels of containers put their items on separate lines (0: one line).
  init(lineDepth: Int = Int.max, reservingCapacity capacity: Int = 0) {
    self.lineDepth = lineDepth
    bytes.reserveCapacity(capacity)
  }

  /// Compact JSON on one line.
  init(pretty: Bool, reservingCapacity capacity: Int = 0) {
    self.init(lineDepth: pretty ? Int.max : 0, reservingCapacity: capacity)
  }

  /// A line break and indentation for an item of a container `depth` levels deep, if that depth is
  /// laid out on lines.
  private mutating func newline(depth: Int) {
    guard depth <= lineDepth else { return }
    bytes.append(0x0A)
    for _ in 0..<(depth * 2) { bytes.append(0x20) }
  }

  /// Comma and line break before a value or a key.
  private mutating func prefix() {
    if afterKey {
      afterKey = false
      return
    }
    guard let last = needsComma.last else { return }
    if last { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
    newline(depth: needsComma.count)
  }

  mutating func beginObject() {
    prefix()
    bytes.append(UInt8(ascii: "{"))
    needsComma.append(false)
  }

  mutating func endObject() {
    let depth = needsComma.count
    if needsComma.removeLast(), depth <= lineDepth { newline(depth: depth - 1) }
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func beginArray() {
    prefix()
    bytes.append(UInt8(ascii: "["))
    needsComma.append(false)
  }

  mutating func endArray() {
    let depth = needsComma.count
    if needsComma.removeLast(), depth <= lineDepth { newline(depth: depth - 1) }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes a member name; the next value written is its value.
  mutating func key(_ name: String) {
    prefix()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    if needsComma.count <= lineDepth { bytes.append(0x20) }
    afterKey = true
  }

  mutating func string(_ value: String) {
    prefix()
    appendString(value)
  }

  /// Writes a number from its exact decimal text (callers pass `ExactNumber.decimalText` or an
  /// integer's text).
  mutating func number(_ text: String) {
    prefix()
    bytes.append(contentsOf: text.utf8)
  }

  mutating func bool(_ value: Bool) {
    prefix()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  mutating func null() {
    prefix()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes text that is already JSON (a stored decision), as is.
  mutating func raw(_ json: String) {
    prefix()
    bytes.append(contentsOf: json.utf8)
  }

  /// Writes a parsed value (used to copy nested objects such as a stored decision).
  mutating func value(_ value: JSONNode) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let n): number(n)
    case .string(let s): string(s)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for member in members {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    }
  }

  // Convenience members: `key` + value, skipping nils so absent stays absent.

  mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  mutating func member(_ name: String, number value: String?) {
    guard let value else { return }
    key(name)
    number(value)
  }

  private mutating func appendString(_ s: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most text needs no escaping: copy it in one go from the string's own storage.
    var text = s
    let copied = text.withUTF8 { utf8 -> Bool in
      for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !copied { appendEscaped(s) }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscaped(_ s: String) {
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, digits[Int(b >> 4)], digits[Int(b & 0xF)]])
      default: bytes.append(b)
      }
    }
  }

  /// Writes a member whose value is a time, as ISO 8601 text, without building a `String`.
  mutating func member(_ name: String, time: Timestamp?) {
    guard let time else { return }
    key(name)
    prefix()
    bytes.append(UInt8(ascii: "\""))
    time.appendISO8601(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }
}

extension JSONNode {
  /// Compact JSON text of the value (used for values stored in SQLite columns).
  var compactText: String {
    var writer = JSONTextWriter(pretty: false)
    writer.value(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
