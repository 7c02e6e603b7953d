#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thrown inside the JSON core's readers (the tree reader, the shot JSON reader) when a document
/// cannot be read any further (a syntax error, too deep, too many errors). The diagnostic is
/// already recorded when this is thrown; the reader catches it at the document boundary, so it
/// never escapes the module.
struct JSONStop: Error {}

/// A JSON string as found in the input: where it is and whether it held escapes.
///
/// The content of an unescaped string is the bytes between the quotes, used in place; an escaped
/// one was decoded into `JSONScanner.decoded`, which stays valid only until the next string is
/// scanned.
struct JSONStringToken {
  /// Offset of the opening quote.
  var start: Int
  /// Offset just after the closing quote.
  var end: Int
  /// Whether the content was decoded into `JSONScanner.decoded`.
  var escaped: Bool
  /// The content packed for word-table matching, when the scanner's short-string path read it
  /// (at most 16 plain ASCII bytes); otherwise `packedContent` packs it on demand.
  var packed: PackedWord? = nil

  /// The whole string, quotes included.
  var span: SourceSpan { SourceSpan(start: start, end: end) }
}

/// The kind of a JSON value, told from its first byte; names the found type in diagnostics.
package enum JSONValueKind: Sendable {
  case object, array, string, number, boolean, null

  /// With its article, as used in "expected a number, found an array".
  package var described: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .boolean: "a boolean"
    case .null: "null"
    }
  }
}

/// A strict JSON tokenizer over raw bytes: the JSON core's reader, under the shot JSON reader and
/// `readTree` (the reading tree every other JSON reader uses).
///
/// It knows JSON (RFC 8259) and nothing about shots. It works on one document at a time, given as a
/// byte range of the whole file, so offsets in diagnostics are file offsets and JSON Lines input is
/// never copied line by line. The schema-directed reader (`ShotJSONParser`) drives it member by
/// member, so no intermediate tree is built.
///
/// Every read of `bytes[i]` is guarded by `i < end` with `end <= bytes.count`; the buffer's own
/// bounds checks are debug-only, so that guard is what keeps hostile input from reading out of
/// bounds.
package struct JSONScanner {
  /// Most containers open at once; deeper input is rejected before it can cost anything.
  static let maxDepth = 32

  /// The whole file.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Start of the current document.
  var start: Int
  /// The next byte to read.
  var index: Int
  /// End of the current document (end of the file, or of the current JSON Lines line).
  var end: Int
  /// Whether the document is one line of a JSON Lines file: changes some help texts.
  var lineMode = false
  /// Findings so far in the current document.
  var diagnostics: [Diagnostic] = []
  /// Content of the last escaped string; reused so decoding does not allocate per string.
  var decoded: [UInt8] = []
  /// The key `nextKey` read last (kept here rather than returned: a token is too large to come
  /// back in registers, and the schema reader asks for a key a dozen times per shot).
  var key = JSONStringToken(start: 0, end: 0, escaped: false)

  /// A scanner over the whole file; `reset` selects the document to read.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.start = 0
    self.index = 0
    self.end = 0
  }

  /// Starts a new document over `start..<end`.
  mutating func reset(start: Int, end: Int, lineMode: Bool) {
    self.start = start
    self.index = start
    self.end = Swift.min(end, bytes.count)
    self.lineMode = lineMode
    diagnostics.removeAll(keepingCapacity: true)
  }

  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  // MARK: - Bytes

  /// 3 when the buffer starts with the UTF-8 byte order mark EF BB BF, else 0 (readers skip it).
  static func byteOrderMarkLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
  }

  /// The byte at `index`, or nil at the end of the document.
  @inline(__always)
  var current: UInt8? { index < end ? bytes[index] : nil }

  /// Skips JSON white space: space, tab, line feed, carriage return (nothing else, not even a BOM).
  @inline(__always)
  mutating func skipWhitespace() {
    index = afterWhitespace(index)
  }

  /// The first offset from `i` on that is not JSON white space (or `end`). Scanning a local offset
  /// and storing `index` once keeps the loop in registers.
  @inline(__always)
  func afterWhitespace(_ i: Int) -> Int {
    var i = i
    while i < end {
      let b = bytes[i]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { break }
      i += 1
    }
    return i
  }

  /// The kind of the value starting at `index`, or nil when no JSON value starts there.
  var valueKind: JSONValueKind? {
    guard let b = current else { return nil }
    switch b {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    default: return nil
    }
  }

  // MARK: - Structure

  /// Reads the separator before the next member of an object whose `{` is consumed, then that
  /// member's key and colon. Returns nil after the closing `}`. Leaves `index` at the value.
  mutating func nextMember(first: inout Bool) throws(JSONStop) -> JSONStringToken? {
    try nextKey(first: &first) ? key : nil
  }

  /// `nextMember`, leaving the key in `key`: true at a member (`index` at its value), false after
  /// the closing `}`.
  mutating func nextKey(first: inout Bool) throws(JSONStop) -> Bool {
    var i = afterWhitespace(index)
    guard i < end else {
      index = i
      throw syntaxError(expected: first ? "a key or '}'" : "',' or '}'")
    }
    let b = bytes[i]
    if b == UInt8(ascii: "}") {
      index = i + 1
      return false
    }
    if first {
      first = false
    } else {
      guard b == UInt8(ascii: ",") else {
        index = i
        throw syntaxError(expected: "',' or '}'")
      }
      i = afterWhitespace(i + 1)
    }
    index = i
    guard i < end, bytes[i] == UInt8(ascii: "\"") else { throw syntaxError(expected: "a key in double quotes") }
    key = try scanString()
    i = afterWhitespace(index)
    guard i < end, bytes[i] == UInt8(ascii: ":") else {
      index = i
      throw syntaxError(expected: "':' after the key")
    }
    index = afterWhitespace(i + 1)
    return true
  }

  /// Where the next member's key starts when the separator before it is the usual one: white
  /// space, then (unless `first`) a comma and white space, then the key's opening quote, whose
  /// offset is returned. When the object ends there instead (white space, `}`), minus the offset
  /// after the `}`. Nil for anything else (which `nextKey` reads and reports on). Reads only.
  @inline(__always)
  func usualKeyStart(first: Bool) -> Int? {
    var i = afterWhitespace(index)
    guard i < end else { return nil }
    if bytes[i] == UInt8(ascii: "}") { return -(i + 1) }
    if !first {
      guard bytes[i] == UInt8(ascii: ",") else { return nil }
      i = afterWhitespace(i + 1)
    }
    guard i < end, bytes[i] == UInt8(ascii: "\"") else { return nil }
    return i
  }

  /// Whether the string whose opening quote is at `quote` is exactly `word` — its bytes, then the
  /// closing quote, all before `end` — compared with two unaligned loads (false, to be read the
  /// general way, when the file has no room for them). `scanString` would read such a string as
  /// unescaped with `word` as its packed content.
  @inline(__always)
  func isPlainString(at quote: Int, _ word: PackedWord) -> Bool {
    let close = quote + 1 + word.length
    guard close < end, quote + 17 <= bytes.count, bytes[close] == UInt8(ascii: "\""), let base = bytes.baseAddress
    else { return false }
    let p = UnsafeRawPointer(base + quote + 1)
    var low = p.loadUnaligned(as: UInt64.self)
    var high = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    if word.length < 8 {
      low &= (1 << UInt64(8 * word.length)) &- 1
      high = 0
    } else if word.length < 16 {
      high &= (1 << UInt64(8 * (word.length - 8))) &- 1
    }
    return low == word.low && high == word.high
  }

  /// After a key that ends just before `i`: the offset of the value when white space, a colon and
  /// white space follow, as `nextKey` reads them; nil otherwise.
  @inline(__always)
  func valueAfterColon(_ i: Int) -> Int? {
    let colon = afterWhitespace(i)
    guard colon < end, bytes[colon] == UInt8(ascii: ":") else { return nil }
    return afterWhitespace(colon + 1)
  }

  /// Whether the bytes of `pattern` are at `offset`, entirely before `end`.
  func matches(_ pattern: StaticString, at offset: Int) -> Bool {
    let count = pattern.utf8CodeUnitCount
    guard offset >= 0, end - offset >= count, let base = bytes.baseAddress else { return false }
    return memcmp(base + offset, pattern.utf8Start, count) == 0
  }

  /// Reads the separator before the next element of an array whose `[` is consumed. Returns false
  /// after the closing `]`; otherwise leaves `index` at the element.
  mutating func nextElement(first: inout Bool) throws(JSONStop) -> Bool {
    skipWhitespace()
    guard let b = current else { throw syntaxError(expected: first ? "a value or ']'" : "',' or ']'") }
    if b == UInt8(ascii: "]") {
      index += 1
      return false
    }
    if first {
      first = false
    } else {
      guard b == UInt8(ascii: ",") else { throw syntaxError(expected: "',' or ']'") }
      index += 1
      skipWhitespace()
    }
    return true
  }

  /// Skips one value of any shape, checking its syntax, and returns its span.
  ///
  /// Iterative, with the open containers kept as bits of one word, so a 100,000-deep `[[[[…` costs
  /// no stack and stops at `maxDepth`. `depth` is the number of containers around the value.
  mutating func skipValue(depth: Int) throws(JSONStop) -> SourceSpan {
    let start = index
    var objectBits: UInt64 = 0  // bit k set: the container at level k is an object
    var level = 0
    while true {
      // Expect a value at `index`.
      guard let b = current else { throw syntaxError(expected: "a value") }
      switch b {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth + level < Self.maxDepth else {
          report(JSONMessages.nestingTooDeep(SourceSpan(start: index, end: index + 1), limit: Self.maxDepth))
          throw JSONStop()
        }
        let isObject = b == UInt8(ascii: "{")
        if isObject { objectBits |= 1 << UInt64(level) } else { objectBits &= ~(1 << UInt64(level)) }
        level += 1
        index += 1
        var first = true
        if isObject {
          if try nextMember(first: &first) != nil { continue }
        } else {
          if try nextElement(first: &first) { continue }
        }
        level -= 1
      case UInt8(ascii: "\""):
        _ = try scanString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try scanNumber()
      default:
        _ = try scanLiteral()
      }
      // After a value: close finished containers, or step to the next member or element.
      while level > 0 {
        var first = false
        let inObject = objectBits & (1 << UInt64(level - 1)) != 0
        if inObject {
          if try nextMember(first: &first) != nil { break }
        } else {
          if try nextElement(first: &first) { break }
        }
        level -= 1
      }
      if level == 0 { return SourceSpan(start: start, end: index) }
    }
  }

  // MARK: - Literals and numbers

  /// Reads `true`, `false` or `null` and returns its kind; anything else is a syntax error (with
  /// its own code for `NaN` and `Infinity`).
  mutating func scanLiteral() throws(JSONStop) -> JSONValueKind {
    if matches("true", at: index) {
      index += 4
      return .boolean
    }
    if matches("false", at: index) {
      index += 5
      return .boolean
    }
    if matches("null", at: index) {
      index += 4
      return .null
    }
    throw syntaxError(expected: "a value")
  }

  /// Whether the ASCII `word` is at `offset` as a whole word (not followed by a letter or digit).
  func matches(_ word: String, at offset: Int) -> Bool {
    var i = offset
    for c in word.utf8 {
      guard i < end, bytes[i] == c else { return false }
      i += 1
    }
    return i >= end || !Self.isWordByte(bytes[i])
  }

  /// Letters, digits and `_ + - .`: the bytes that continue a bare word such as `true`, `NaN` or a
  /// stray `undefined`, so error spans cover the whole word.
  static func isWordByte(_ b: UInt8) -> Bool {
    b.isASCIIDigit || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_")
      || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
  }

  /// `NaN`, `Infinity` or `-Infinity` at `offset`: the non-finite spellings some writers emit.
  func nonFiniteWord(at offset: Int) -> String? {
    for word in ["NaN", "Infinity", "-Infinity"] where matches(word, at: offset) { return word }
    return nil
  }

  /// Reads a number with JSON's grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, and
  /// returns its span; the value is read separately and exactly by `ExactNumber.parse(decimal:)`.
  mutating func scanNumber() throws(JSONStop) -> SourceSpan {
    let start = index
    if current == UInt8(ascii: "-") {
      if let word = nonFiniteWord(at: index) { throw nonFinite(word, at: index, path: nil) }
      index += 1
    }
    guard let first = current, first.isASCIIDigit else {
      throw invalidNumber(start, reason: "expected a digit after '-'")
    }
    index += 1
    if first == UInt8(ascii: "0"), let next = current, next.isASCIIDigit {
      throw invalidNumber(start, reason: "leading zeros are not allowed")
    }
    skipDigits()
    if current == UInt8(ascii: ".") {
      index += 1
      guard let b = current, b.isASCIIDigit else { throw invalidNumber(start, reason: "expected a digit after '.'") }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let b = current, b.isASCIIDigit else {
        throw invalidNumber(start, reason: "expected a digit in the exponent")
      }
      skipDigits()
    }
    return SourceSpan(start: start, end: index)
  }

  /// Reads a number of the common form — `-?(0|[1-9][0-9]{0,9})(\.[0-9]{1,9})?`, at most 18
  /// significant digits, a magnitude of at most 10⁹, no exponent — in one pass and returns its
  /// value × 10⁹, or returns nil with `index` unchanged for every other form. Within that form it
  /// accepts exactly what `scanNumber` followed by `ExactNumber.parse(decimal:)` accepts, with the
  /// same value, so that slow pair only sees unusual numbers, and gives all their diagnostics.
  @inline(__always)
  mutating func scanFixedPoint() -> Int64? {
    var i = index
    let negative = i < end && bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < end, bytes[i].isASCIIDigit else { return nil }
    let intStart = i
    var whole: UInt64 = 0
    while i < end, bytes[i].isASCIIDigit {
      guard i - intStart < 10 else { return nil }
      whole = whole &* 10 &+ UInt64(bytes[i] &- 0x30)
      i += 1
    }
    let intDigits = i - intStart
    // `01`: a leading zero is an error the slow path reports.
    if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { return nil }
    var fraction: UInt64 = 0
    var fractionDigits = 0
    var fractionLeadingZeros = 0
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, bytes[i].isASCIIDigit {
        guard fractionDigits < 9 else { return nil }
        let d = UInt64(bytes[i] &- 0x30)
        if fraction == 0 && d == 0 { fractionLeadingZeros += 1 }
        fraction = fraction &* 10 &+ d
        fractionDigits += 1
        i += 1
      }
      guard fractionDigits > 0 else { return nil }
    }
    if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") { return nil }
    // Significant digits as `parse` counts them: from the first non-zero digit, trailing zeros of
    // the fraction included.
    let significant = whole != 0 ? intDigits + fractionDigits : fractionDigits - fractionLeadingZeros
    guard significant <= ExactNumber.Limits.maxSignificantDigits else { return nil }
    var unit: UInt64 = 1_000_000_000
    for _ in 0..<fractionDigits { unit /= 10 }
    let scaled = whole &* 1_000_000_000 &+ fraction &* unit
    guard scaled <= 1_000_000_000_000_000_000 else { return nil }
    index = i
    return negative ? -Int64(scaled) : Int64(scaled)
  }

  @inline(__always)
  private mutating func skipDigits() {
    while index < end, bytes[index].isASCIIDigit { index += 1 }
  }

  // MARK: - Errors

  /// Records J008 for a malformed number starting at `start` and returns the stop to throw.
  /// The span runs from the number's start through the offending byte when that byte reads as part
  /// of the number (`-x`, `01`), and stops before it when it is structure (`1.}`).
  mutating func invalidNumber(_ start: Int, reason: String) -> JSONStop {
    let includesOffender = index < end && Self.isWordByte(bytes[index])
    let span = SourceSpan(start: start, end: Swift.max(start + 1, includesOffender ? index + 1 : index))
    report(JSONMessages.invalidNumber(span, text: text(of: span), reason: reason))
    return JSONStop()
  }

  /// Records J009 for a non-finite number word and returns the stop to throw.
  mutating func nonFinite(_ word: String, at offset: Int, path: String?) -> JSONStop {
    report(JSONMessages.nonFiniteNumber(SourceSpan(start: offset, end: offset + word.utf8.count), word, path: path))
    return JSONStop()
  }

  /// Records a syntax error at `index` — J002 at the end of the document, J009 for `NaN` and
  /// `Infinity`, J001 otherwise — and returns the stop to throw.
  mutating func syntaxError(expected: String) -> JSONStop {
    guard index < end else {
      report(JSONMessages.unexpectedEnd(SourceSpan.at(end), expected: expected, lineMode: lineMode))
      return JSONStop()
    }
    if let word = nonFiniteWord(at: index) { return nonFinite(word, at: index, path: nil) }
    let b = bytes[index]
    // Help for the mistakes people actually make when writing JSON by hand.
    var help: String?
    if b == UInt8(ascii: "}") || b == UInt8(ascii: "]"), previousSignificantByte() == UInt8(ascii: ",") {
      help = "JSON does not allow a comma before '\(Character(Unicode.Scalar(b)))'; remove the comma"
    } else if b == UInt8(ascii: "'") {
      help = "JSON strings and keys use double quotes"
    } else if Self.isWordByte(b), expected.hasPrefix("a key") {
      help = "keys are strings in double quotes"
    }
    var length = utf8Length(at: index) ?? 1
    if Self.isWordByte(b) {
      // Show the whole stray word (`tru`, `undefined`), capped so a huge one stays readable.
      var e = index
      while e < end, e - index < 40, Self.isWordByte(bytes[e]) { e += 1 }
      length = Swift.max(1, e - index)
    }
    let span = SourceSpan(start: index, end: index + length)
    report(JSONMessages.unexpectedCharacter(span, expected: expected, found: describeFound(span), help: help))
    return JSONStop()
  }

  /// The last non-white-space byte before `index` in this document, if any.
  private func previousSignificantByte() -> UInt8? {
    var i = index - 1
    while i >= start {
      let b = bytes[i]
      if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return b }
      i -= 1
    }
    return nil
  }

  /// How a stray token reads in a message: `'x'`, `'tru'`, `control character U+0007`, `byte 0xFF`.
  func describeFound(_ span: SourceSpan) -> String {
    guard span.start < end else { return "the end of the input" }
    let b = bytes[span.start]
    if b == UInt8(ascii: "'") { return "a single quote" }
    if b < 0x20 || b == 0x7F { return "control character " + Self.hexScalar(UInt32(b)) }
    if b >= 0x80, utf8Length(at: span.start) == nil { return "byte " + Self.hexByte(b) }
    return "'" + JSONMessages.displayText(text(of: span)) + "'"
  }

  /// The bytes of `span` (clipped to the document) as text, invalid UTF-8 repaired.
  func text(of span: SourceSpan) -> String {
    let s = Swift.max(0, Swift.min(span.start, end))
    let e = Swift.max(s, Swift.min(span.end, end))
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
  }

  /// `0xFF` style, for bytes that are not text.
  static func hexByte(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
  }

  /// `U+000A` style.
  static func hexScalar(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
  }
}
