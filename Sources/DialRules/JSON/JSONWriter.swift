/// A deterministic JSON text builder: compact by default (`{"a":1,"b":[true,null]}`, no spaces),
/// keys in the order they are written.
///
/// Output is a function of the calls alone, so goldens and `eval` output are byte-for-byte stable.
/// Strings are escaped as RFC 8259 requires (`\"`, `\\`, the short escapes `\b \f \n \r \t`, other
/// control characters as `\u00XX`); everything else, including non-ASCII, is written as UTF-8.
/// Numbers are exact decimals, rounded to `maxFractionDigits` only when they do not terminate.
///
/// Bytes are appended to one growing buffer, so writing 100,000 decisions into one writer costs one
/// buffer and no per-value `String`s. Commas are placed from a single flag: after `{`, `[` or a key
/// none is due; after any value one is.
///
/// ```swift
/// var w = JSONWriter()
/// w.beginObject(); w.key("a"); w.number(ExactNumber(1)); w.endObject()
/// w.text  // {"a":1}
/// ```
///
/// The shot log's export uses a line layout (`init(lineDepth:…)`): the items of the outer
/// containers each on their own indented line, everything deeper compact.
package struct JSONWriter: Sendable {
  /// Digits after the point for numbers without a finite decimal form (`1/3` → `0.333333333`); the
  /// same as the reader's limit, so everything written can be read back.
  static let maxFractionDigits = ExactNumber.Limits.maxFractionDigits

  /// The UTF-8 text written so far.
  package private(set) var bytes: [UInt8]
  /// Digits after the point written for a number with more (it is rounded to this many):
  /// `maxFractionDigits` by default. `ShotRecord.validate()` writes up to 30, so a value with more
  /// decimals than shot JSON allows reaches the reader as written and gets the reader's diagnostic.
  var fractionDigits = JSONWriter.maxFractionDigits
  private var needsComma = false
  /// Set by `key`: the next value follows the colon directly (no comma, no line break).
  private var afterKey = false
  /// Containers open now.
  private var depth = 0
  /// Containers up to this depth put each item on its own line, indented two spaces per level, and
  /// a space after each key's colon; 0 is compact.
  private let lineDepth: Int
  /// Whether U+0008 and U+000C are written `\u0008` and `\u000c` rather than `\b` and `\f`.
  private let hexEscapesForBackspaceAndFormFeed: Bool

  /// A writer whose buffer starts with room for `capacity` bytes (one decision is about 180).
  package init(reservingCapacity capacity: Int = 256) {
    self.init(lineDepth: 0, hexEscapesForBackspaceAndFormFeed: false, reservingCapacity: capacity)
  }

  /// A writer with a line layout: the items of containers up to `lineDepth` levels deep each on a
  /// line of their own (an export with depth 2 has one line per bean, snapshot or shot), deeper
  /// ones compact.
  ///
  /// - Parameter hexEscapesForBackspaceAndFormFeed: write U+0008 and U+000C as `\u0008` and
  ///   `\u000c`, as the shot log's export always has, so its bytes never change.
  package init(lineDepth: Int, hexEscapesForBackspaceAndFormFeed: Bool, reservingCapacity capacity: Int) {
    bytes = []
    bytes.reserveCapacity(capacity)
    self.lineDepth = lineDepth
    self.hexEscapesForBackspaceAndFormFeed = hexEscapesForBackspaceAndFormFeed
  }

  /// The text written so far.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Empties the writer, keeping its buffer for the next document.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
    afterKey = false
    depth = 0
  }

  // MARK: Structure

  /// Writes `{`; members follow as `key(_:)` then a value; `endObject()` closes it.
  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
    depth += 1
  }

  /// Writes `}`.
  package mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Writes `[`; elements follow as values; `endArray()` closes it.
  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
    depth += 1
  }

  /// Writes `]`.
  package mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  /// Closes the innermost container; in a line layout a non-empty one ends on its own line.
  @inline(__always)
  private mutating func close(_ bracket: UInt8) {
    // `needsComma` is still set when the container holds at least one item.
    if needsComma, depth <= lineDepth { lineBreak(indent: depth - 1) }
    depth -= 1
    bytes.append(bracket)
    needsComma = true
  }

  /// Writes a member's key and colon; the next call writes its value.
  package mutating func key(_ name: String) {
    separate()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    if depth <= lineDepth { bytes.append(0x20) }
    needsComma = false
    afterKey = true
  }

  /// Ends a JSON Lines record: a line feed, after which the next value starts a new top level.
  package mutating func newline() {
    bytes.append(0x0A)
    needsComma = false
  }

  // MARK: Values

  /// Writes a string value.
  package mutating func string(_ value: String) {
    separate()
    appendString(value)
    needsComma = true
  }

  /// Writes a string value whose content `body` appends to the buffer directly; the content must
  /// need no escaping (the shot log writes 200,000 ISO 8601 times per export this way).
  package mutating func string(appendingContent body: (inout [UInt8]) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    body(&bytes)
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Writes a number from its exact decimal text, as stored or as read (`18.05`).
  package mutating func number(text: String) {
    separate()
    bytes.append(contentsOf: text.utf8)
    needsComma = true
  }

  /// Writes a value that is already JSON text (a stored decision, a shot record), as is.
  package mutating func raw(_ json: String) {
    separate()
    bytes.append(contentsOf: json.utf8)
    needsComma = true
  }

  /// Writes the exact decimal, rounded only when it does not terminate (see the type's comment).
  mutating func number(_ value: ExactNumber) {
    separate()
    value.appendDecimal(to: &bytes, maxFractionDigits: fractionDigits)
    needsComma = true
  }

  /// Writes a whole number.
  package mutating func integer(_ value: Int) {
    number(ExactNumber(value))
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    bytes.append(contentsOf: Self.nullBytes)
    needsComma = true
  }

  /// Writes a string given as UTF-8 bytes, escaped as `string(_:)` escapes it.
  mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
    separate()
    appendString(utf8: value)
    needsComma = true
  }

  /// Writes a string whose bytes need no escape (no quote, backslash or control character — the
  /// content of a JSON string that had no escapes), in quotes, copied as they are.
  mutating func unescapedString(_ value: UnsafeBufferPointer<UInt8>) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: value)
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Appends bytes that continue the value being written (a prebuilt tail: `eval` writes a
  /// decision as `{"id":` and its id, then the rest of the object prebuilt), as they are. The
  /// fragment must complete a value, so a comma is due after it. Compact layout only.
  mutating func fragment(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes.append(contentsOf: bytes)
    afterKey = false
    needsComma = true
  }

  /// Writes an array of strings.
  package mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// Writes `value` or, when it is nil, `null`.
  package mutating func string(orNull value: String?) {
    if let value { string(value) } else { null() }
  }

  /// Writes a whole value tree.
  package mutating func value(_ value: JSONValue) {
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

  // MARK: Bytes

  private static let trueBytes: [UInt8] = Array("true".utf8)
  private static let falseBytes: [UInt8] = Array("false".utf8)
  private static let nullBytes: [UInt8] = Array("null".utf8)
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// What goes before a value or a key: nothing right after a key; otherwise a comma when one is
  /// due and, inside a container laid out on lines, a line break and the indentation.
  @inline(__always)
  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    if depth > 0, depth <= lineDepth { lineBreak(indent: depth) }
  }

  /// A line feed and `indent` levels of two spaces.
  private mutating func lineBreak(indent: Int) {
    bytes.append(0x0A)
    for _ in 0..<(indent * 2) { bytes.append(0x20) }
  }

  /// Appends `"…"` with escapes. Strings that need none (the usual case: ids, rule ids, texts) are
  /// copied in one go.
  private mutating func appendString(_ value: String) {
    var value = value
    value.withUTF8 { appendString(utf8: $0) }
  }

  private mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    let clean = Self.firstEscape(in: utf8)
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<clean]))
    if clean < utf8.count { appendEscaped(UnsafeBufferPointer(rebasing: utf8[clean...])) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The offset of the first byte that needs an escape (a quote, a backslash or a control
  /// character), or the count when none does: eight bytes per step, as `JSONScanner` finds the
  /// end of a string (per byte lane, `(x - 0x01) & ~x & 0x80` flags a zero byte of `x`; the lowest
  /// flagged lane is exact, since borrows only run upward).
  @inline(__always)
  static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while utf8.count - i >= 8 {
      let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      let quote = w ^ (ones &* 0x22)
      let backslash = w ^ (ones &* 0x5C)
      // Bytes of 0x80 and above clear their lane in `~w`, so they never count as control bytes.
      let special =
        (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w)) & highs
      if special != 0 { return i + special.trailingZeroBitCount >> 3 }
      i += 8
    }
    while i < utf8.count {
      let b = utf8[i]
      if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return i }
      i += 1
    }
    return i
  }

  /// Appends `utf8` with every byte escaped that needs it.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    for b in utf8 {
      switch b {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x08 where !hexEscapesForBackspaceAndFormFeed: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C where !hexEscapesForBackspaceAndFormFeed: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x00..<0x20:
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(Self.hexDigits[Int(b >> 4)])
        bytes.append(Self.hexDigits[Int(b & 0xF)])
      default: bytes.append(b)
      }
    }
  }
}
