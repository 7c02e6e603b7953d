/// Strings: the one JSON token with real work in it (escapes, surrogate pairs, UTF-8 validation).
extension JSONScanner {
  /// Reads the string whose opening quote is at `index`, validating it completely.
  ///
  /// The fast path walks plain bytes in place; the first backslash switches to decoding into
  /// `decoded`. Raw control characters, invalid UTF-8 (overlong forms, encoded surrogates, bytes
  /// past U+10FFFF), bad escapes and unpaired surrogate escapes stop the document.
  @inline(__always)
  mutating func scanString() throws(JSONStop) -> JSONStringToken {
    if let token = scanShortString() { return token }
    return try scanLongString()
  }

  /// `scanString` for strings the short-string path does not take.
  private mutating func scanLongString() throws(JSONStop) -> JSONStringToken {
    let open = index
    index += 1
    while true {
      skipToSpecialByte()
      guard index < end else { break }
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return JSONStringToken(start: open, end: index, escaped: false)
      }
      if b == UInt8(ascii: "\\") { return try scanEscapedString(from: open) }
      if b < 0x20 { throw controlCharacter(b, stringStart: open) }
      if b < 0x80 {
        index += 1
      } else {
        guard let n = utf8Length(at: index) else { throw invalidUTF8() }
        index += n
      }
    }
    throw unterminatedString(open)
  }

  /// Moves `index` to the next byte that is a quote, a backslash, a control character or
  /// non-ASCII, eight bytes at a time (or to within eight bytes of the end, where the byte loop
  /// takes over), so a typical key or id costs one or two loads instead of a test per byte.
  ///
  /// Per byte lane, `(x - 0x01) & ~x & 0x80` flags a zero byte of `x` and `(w - 0x20) & ~w & 0x80`
  /// a byte below 0x20; borrows only run upward, so the lowest flagged lane is exact.
  @inline(__always)
  private mutating func skipToSpecialByte() {
    guard let base = bytes.baseAddress else { return }
    while end - index >= 8 {
      let special = Self.specialLanes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      if special != 0 {
        index += special.trailingZeroBitCount >> 3
        return
      }
      index += 8
    }
  }

  /// The short-string path of `scanString`: a string of at most 16 bytes of plain ASCII (no
  /// quote, backslash, control character or non-ASCII byte in it) — every key and tag, most ids —
  /// read with two unaligned loads, its content packed for matching on the way. Returns nil, with
  /// `index` unchanged, for every other string (or when the file has no room for the loads), which
  /// the general path then reads.
  @inline(__always)
  mutating func scanShortString() -> JSONStringToken? {
    let open = index
    guard let base = bytes.baseAddress, open + 17 <= bytes.count else { return nil }
    let p = UnsafeRawPointer(base + open + 1)
    let low = p.loadUnaligned(as: UInt64.self)
    let high = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let lowSpecial = Self.specialLanes(low)
    let count: Int
    if lowSpecial != 0 {
      count = lowSpecial.trailingZeroBitCount >> 3
    } else {
      let highSpecial = Self.specialLanes(high)
      guard highSpecial != 0 else { return nil }
      count = 8 + highSpecial.trailingZeroBitCount >> 3
    }
    let close = open + 1 + count
    guard close < end, bytes[close] == UInt8(ascii: "\"") else { return nil }
    index = close + 1
    let packed: PackedWord
    if count < 8 {
      packed = PackedWord(length: count, low: low & ((1 << UInt64(8 * count)) &- 1), high: 0)
    } else {
      packed = PackedWord(
        length: count, low: low, high: count == 16 ? high : high & ((1 << UInt64(8 * (count - 8))) &- 1))
    }
    return JSONStringToken(start: open, end: index, escaped: false, packed: packed)
  }

  /// The high bit of each byte lane of `w` that holds a quote, a backslash, a control character or
  /// a non-ASCII byte (exact for the lowest such lane: borrows only run upward).
  @inline(__always)
  private static func specialLanes(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = w ^ (ones &* 0x22)
    let backslash = w ^ (ones &* 0x5C)
    return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w) | w)
      & 0x8080_8080_8080_8080
  }

  /// The string's content packed for word-table matching, read with two unaligned loads when the
  /// file has room; nil when the content is longer than any vocabulary word.
  @inline(__always)
  func packedContent(_ token: JSONStringToken) -> PackedWord? {
    if let packed = token.packed { return packed }
    let count = token.end - token.start - 2
    guard !token.escaped, count <= 16, let base = bytes.baseAddress, token.start + 17 <= bytes.count else {
      return withContent(token) { PackedWord($0) }
    }
    let p = UnsafeRawPointer(base + token.start + 1)
    var low = p.loadUnaligned(as: UInt64.self)
    var high = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    if count < 8 {
      low &= (1 << UInt64(8 * count)) &- 1
      high = 0
    } else if count < 16 {
      high &= (1 << UInt64(8 * (count - 8))) &- 1
    }
    return PackedWord(length: count, low: low, high: high)
  }

  /// The slow path of `scanString`, from the first backslash on.
  private mutating func scanEscapedString(from open: Int) throws(JSONStop) -> JSONStringToken {
    decoded.removeAll(keepingCapacity: true)
    decoded.append(contentsOf: bytes[(open + 1)..<index])
    while index < end {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return JSONStringToken(start: open, end: index, escaped: true)
      }
      if b == UInt8(ascii: "\\") {
        try decodeEscape(stringStart: open)
      } else if b < 0x20 {
        throw controlCharacter(b, stringStart: open)
      } else if b < 0x80 {
        decoded.append(b)
        index += 1
      } else {
        guard let n = utf8Length(at: index) else { throw invalidUTF8() }
        decoded.append(contentsOf: bytes[index..<(index + n)])
        index += n
      }
    }
    throw unterminatedString(open)
  }

  /// Decodes the escape at `index` (a backslash) into `decoded`.
  private mutating func decodeEscape(stringStart: Int) throws(JSONStop) {
    let escapeStart = index
    index += 1
    guard let c = current else { throw unterminatedString(stringStart) }
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(c)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      guard let unit = hex4(at: index + 1) else {
        let span = SourceSpan(start: escapeStart, end: Swift.min(index + 5, end))
        report(JSONMessages.invalidEscape(span, text: text(of: span)))
        throw JSONStop()
      }
      index += 5
      var scalar = unit
      if unit >= 0xD800 && unit <= 0xDBFF {
        // A high surrogate counts only with a low one right after it: `\uD83D\uDE00`.
        if index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
          let low = hex4(at: index + 2), low >= 0xDC00 && low <= 0xDFFF
        {
          scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        } else {
          throw loneSurrogate(escapeStart, unit)
        }
      } else if unit >= 0xDC00 && unit <= 0xDFFF {
        throw loneSurrogate(escapeStart, unit)
      }
      appendUTF8(scalar)
      return
    default:
      let span = SourceSpan(start: escapeStart, end: index + (utf8Length(at: index) ?? 1))
      report(JSONMessages.invalidEscape(span, text: text(of: span)))
      throw JSONStop()
    }
    index += 1
  }

  /// The value of four hex digits at `offset`, or nil.
  private func hex4(at offset: Int) -> UInt32? {
    guard offset >= 0, end - offset >= 4 else { return nil }
    var value: UInt32 = 0
    for k in 0..<4 {
      let b = bytes[offset + k]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 0x41 + 10)
      default: return nil
      }
      value = value << 4 | digit
    }
    return value
  }

  /// Appends a scalar (never a surrogate, at most U+FFFF + pairs) as UTF-8.
  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      decoded.append(UInt8(scalar))
    case 0x80..<0x800:
      decoded.append(UInt8(0xC0 | (scalar >> 6)))
      decoded.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
      decoded.append(UInt8(0xE0 | (scalar >> 12)))
      decoded.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      decoded.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      decoded.append(UInt8(0xF0 | (scalar >> 18)))
      decoded.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      decoded.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      decoded.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  /// The length of the well-formed UTF-8 sequence at `offset` (Unicode Table 3-7: no overlong
  /// forms, no encoded surrogates, nothing above U+10FFFF), or nil when it is not well-formed.
  func utf8Length(at offset: Int) -> Int? {
    guard offset >= 0, offset < end else { return nil }
    let b0 = bytes[offset]
    if b0 < 0x80 { return 1 }
    let trailing: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch b0 {
    case 0xC2...0xDF: trailing = 1
    case 0xE0:
      trailing = 2
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
    case 0xED:
      trailing = 2
      high = 0x9F
    case 0xF0:
      trailing = 3
      low = 0x90
    case 0xF1...0xF3: trailing = 3
    case 0xF4:
      trailing = 3
      high = 0x8F
    default: return nil
    }
    guard end - offset > trailing else { return nil }
    let b1 = bytes[offset + 1]
    guard b1 >= low && b1 <= high else { return nil }
    for k in stride(from: 2, through: trailing, by: 1) where bytes[offset + k] & 0xC0 != 0x80 { return nil }
    return trailing + 1
  }

  // MARK: - Content

  /// Calls `body` with the string's content: in place when it had no escapes, else the decoded copy.
  @inline(__always)
  func withContent<R>(_ token: JSONStringToken, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if token.escaped { return decoded.withUnsafeBufferPointer(body) }
    return body(UnsafeBufferPointer(rebasing: bytes[(token.start + 1)..<(token.end - 1)]))
  }

  /// The string's content as a `String` (already validated, so decoding repairs nothing).
  func content(_ token: JSONStringToken) -> String {
    withContent(token) { String(decoding: $0, as: UTF8.self) }
  }

  /// The number of content bytes after decoding.
  func contentCount(_ token: JSONStringToken) -> Int {
    token.escaped ? decoded.count : token.end - token.start - 2
  }

  // MARK: - Errors

  private mutating func controlCharacter(_ b: UInt8, stringStart: Int) -> JSONStop {
    if b == 0x0A || b == 0x0D {
      // A raw line break inside a string almost always means the closing quote is missing.
      return unterminatedString(stringStart)
    }
    report(JSONMessages.controlCharacterInString(SourceSpan(start: index, end: index + 1), scalar: UInt32(b)))
    return JSONStop()
  }

  private mutating func invalidUTF8() -> JSONStop {
    report(JSONMessages.invalidUTF8(SourceSpan(start: index, end: index + 1), byte: bytes[index]))
    return JSONStop()
  }

  private mutating func loneSurrogate(_ escapeStart: Int, _ unit: UInt32) -> JSONStop {
    let span = SourceSpan(start: escapeStart, end: Swift.min(escapeStart + 6, end))
    report(JSONMessages.loneSurrogate(span, text: text(of: span)))
    return JSONStop()
  }

  private mutating func unterminatedString(_ open: Int) -> JSONStop {
    report(JSONMessages.unterminatedString(SourceSpan(start: open, end: open + 1), lineMode: lineMode))
    return JSONStop()
  }
}
