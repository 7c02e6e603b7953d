/// A deterministic, compact JSON text builder: `{"a":1,"b":[true,null]}`, no spaces, keys in the
/// order they are written.
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
package struct JSONWriter: Sendable {
  /// Digits after the point for numbers without a finite decimal form (`1/3` → `0.333333333`); the
  /// same as the reader's limit, so everything written can be read back.
  package static let maxFractionDigits = ExactNumber.Limits.maxFractionDigits

  /// The UTF-8 text written so far.
  package private(set) var bytes: [UInt8]
  private var needsComma = false
  /// Digits after the point written for a number with more (it is rounded to this many):
  /// `maxFractionDigits` by default. `ShotRecord.validate()` writes up to 30, so a value with more
  /// decimals than shot JSON allows reaches the reader as written and gets the reader's diagnostic.
  package var fractionDigits = JSONWriter.maxFractionDigits

  /// A writer whose buffer starts with room for `capacity` bytes (one decision is about 180).
  package init(reservingCapacity capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Empties the writer, keeping its buffer for the next document.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  // MARK: Structure

  /// Writes `{`; members follow as `key(_:)` then a value; `endObject()` closes it.
  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Writes `[`; elements follow as values; `endArray()` closes it.
  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member's key and colon; the next call writes its value.
  package mutating func key(_ name: String) {
    separate()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Ends a JSON Lines record: a line feed, after which the next value starts a new top level.
  package mutating func newline() {
    bytes.append(0x0A)
    needsComma = false
  }

  // MARK: Values

  package mutating func string(_ value: String) {
    separate()
    appendString(value)
    needsComma = true
  }

  /// Writes the exact decimal, rounded only when it does not terminate (see the type's comment).
  package mutating func number(_ value: ExactNumber) {
    separate()
    value.appendDecimal(to: &bytes, maxFractionDigits: fractionDigits)
    needsComma = true
  }

  package mutating func integer(_ value: Int) {
    number(ExactNumber(value))
  }

  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    needsComma = true
  }

  package mutating func null() {
    separate()
    bytes.append(contentsOf: Self.nullBytes)
    needsComma = true
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

  @inline(__always)
  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// Appends `"…"` with escapes. Strings that need none (the usual case: ids, rule ids, texts) are
  /// copied in one go.
  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var clean = true
      for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
        clean = false
        break
      }
      if clean {
        bytes.append(contentsOf: utf8)
        return
      }
      for b in utf8 {
        switch b {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
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
    bytes.append(UInt8(ascii: "\""))
  }
}
