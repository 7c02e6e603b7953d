/// Re-indents compact JSON (as `JSONWriter` writes it) for files people read and commit: two
/// spaces per level, `"key": value`, one member per line, and arrays of plain values on one line
/// (`"taste": ["sour", "thin"]`) — the layout of the fixtures in `Fixtures/shots/`.
///
/// It only moves whitespace, never touches string contents or numbers, so the result parses to the
/// same value. Input must be valid JSON without insignificant whitespace.
package enum JSONPrettyPrinter {
  package static func format(_ compact: String) -> String {
    let bytes = Array(compact.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    var depth = 0
    var i = 0
    // Depth of the innermost array printed on one line (nil when not inside one).
    var inlineDepth: Int?
    func newline(_ out: inout [UInt8], _ depth: Int) {
      out.append(0x0A)
      out.append(contentsOf: [UInt8](repeating: 0x20, count: 2 * depth))
    }
    while i < bytes.count {
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "\""):
        // Copy the string through its closing quote, honouring escapes.
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
        out.append(contentsOf: bytes[i...min(j, bytes.count - 1)])
        i = j
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        out.append(b)
        let close = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if i + 1 < bytes.count, bytes[i + 1] == close {
          out.append(close)
          i += 1
        } else if inlineDepth == nil, b == UInt8(ascii: "["), holdsOnlyPlainValues(bytes, from: i) {
          depth += 1
          inlineDepth = depth
        } else if inlineDepth == nil {
          depth += 1
          newline(&out, depth)
        } else {
          depth += 1
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if inlineDepth == depth {
          inlineDepth = nil
        } else if inlineDepth == nil {
          newline(&out, depth - 1)
        }
        depth -= 1
        out.append(b)
      case UInt8(ascii: ","):
        out.append(b)
        if inlineDepth == nil { newline(&out, depth) } else { out.append(0x20) }
      case UInt8(ascii: ":"):
        out.append(b)
        out.append(0x20)
      default:
        out.append(b)
      }
      i += 1
    }
    out.append(0x0A)
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether the array opening at `start` holds no object or array.
  static func holdsOnlyPlainValues(_ bytes: [UInt8], from start: Int) -> Bool {
    var i = start + 1
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\""):
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
      case UInt8(ascii: "{"), UInt8(ascii: "["): return false
      case UInt8(ascii: "]"): return true
      default: break
      }
      i += 1
    }
    return true
  }
}
