/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict because an import must not guess: duplicate keys, trailing commas, comments, control
/// characters in strings, lone surrogates and invalid UTF-8 are errors. Nesting is capped so a
/// hostile file cannot exhaust the stack.
struct JSONParser {
  // The caller's array, borrowed for the duration of `parse`: unchecked, copy-free access is what
  // makes a 100 MB import parse in about a second.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  private static let maxDepth = 64
  /// Root members whose array elements go to `sink` one by one instead of into the tree.
  private var streamed: Set<String> = []
  private var sink: ((String, Int, JSONNode) -> Void)?

  /// Parses a whole document; anything but whitespace after the value is an error.
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    let result: Result<JSONNode, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      // A UTF-8 byte order mark is tolerated: some editors add one.
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
      do throws(JSONSyntaxError) {
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == buffer.count else { throw parser.error("unexpected text after the JSON value") }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses a document like `parse`, except that the elements of the root object's array members
  /// named in `streamed` are handed to `element` (member name, index, value) as they are read and
  /// not kept: those members come back as empty arrays. A 100,000-shot import then never holds
  /// the whole tree in memory, only one shot at a time.
  static func parse(
    _ bytes: [UInt8], streaming streamed: Set<String>, element: (String, Int, JSONNode) -> Void
  ) throws(JSONSyntaxError) -> JSONNode {
    let result: Result<JSONNode, JSONSyntaxError> = withoutActuallyEscaping(element) { element in
      bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        parser.streamed = streamed
        parser.sink = element
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        do throws(JSONSyntaxError) {
          parser.skipWhitespace()
          let value = try parser.parseValue()
          parser.skipWhitespace()
          guard parser.index == buffer.count else { throw parser.error("unexpected text after the JSON value") }
          return .success(value)
        } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let end = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<end where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    // Columns count characters, not bytes, so they match what an editor shows.
    let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    return JSONSyntaxError(message: message, line: line, column: column)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character, expected a value")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONNode) throws(JSONSyntaxError) -> JSONNode {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
      throw error("invalid literal, expected '\(word)'")
    }
    index += expected.count
    return value
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
    try enter()
    index += 1
    var members: [(key: String, value: JSONNode)] = []
    // Duplicate keys: a linear scan for the small objects of real files, a set beyond that.
    var keys = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let keyStart = index
      let key = try parseString()
      let duplicate: Bool
      if members.count < 16 {
        duplicate = members.contains { $0.key == key }
      } else {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        duplicate = !keys.insert(key).inserted
      }
      if duplicate { throw error("duplicate member '\(key)'", at: keyStart) }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipWhitespace()
      if depth == 1, let sink, streamed.contains(key), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
        try parseStreamedArray(key, sink)
        members.append((key, .array([])))
      } else {
        members.append((key, try parseValue()))
      }
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  /// An array whose elements go to `sink` instead of into the tree.
  private mutating func parseStreamedArray(_ key: String, _ sink: (String, Int, JSONNode) -> Void)
    throws(JSONSyntaxError)
  {
    try enter()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return
    }
    var count = 0
    while true {
      skipWhitespace()
      sink(key, count, try parseValue())
      count += 1
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      index += 1
      depth -= 1
      return
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
    try enter()
    index += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      index += 1
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    func digits() -> Int {
      let s = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - s
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let intStart = index
    let intDigits = digits()
    guard intDigits > 0 else { throw error("invalid number", at: start) }
    if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zeros are not allowed", at: start) }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("expected digits after '.'", at: start) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("expected digits in the exponent", at: start) }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    // Fast path: most strings have no escapes and are ASCII; make them straight from the input.
    let contentStart = index
    var ascii = true
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
        index += 1
        if ascii { return String(decoding: content, as: UTF8.self) }
        guard let text = String(validating: content, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: start)
        }
        return text
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw error("control character in a string; escape it") }
      if b >= 0x80 { ascii = false }
      index += 1
    }
    index = contentStart
    return try parseEscapedString(start: start)
  }

  /// The general case: a string with escapes, decoded into a buffer and validated as UTF-8.
  private mutating func parseEscapedString(start: Int) throws(JSONSyntaxError) -> String {
    var scalars: [UInt8] = []
    var segmentStart = index
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        scalars.append(contentsOf: bytes[segmentStart..<index])
        index += 1
        break
      }
      if b < 0x20 { throw error("control character in a string; escape it") }
      if b == UInt8(ascii: "\\") {
        scalars.append(contentsOf: bytes[segmentStart..<index])
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("unpaired surrogate in \\u escape")
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
        segmentStart = index
        continue
      }
      index += 1
    }
    guard let text = String(validating: scalars, as: UTF8.self) else {
      throw error("invalid UTF-8 in a string", at: start)
    }
    return text
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
