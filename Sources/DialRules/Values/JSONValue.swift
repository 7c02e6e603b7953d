/// A JSON value with object keys in insertion order, for the structured outputs (lint, explain,
/// analysis, table): output order is part of the contract, so no dictionaries here.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(ExactNumber)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// Compact text: no spaces, keys in the order given.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n.jsonText
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let fields):
      out += "{"
      for (i, (key, value)) in fields.enumerated() {
        if i > 0 { out += "," }
        JSONValue.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped; everything else as
  /// UTF-8.
  public static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}

extension ExactNumber {
  /// The number as JSON: exact decimal text; a fraction without a finite decimal form is written
  /// with nine decimals (rounded toward zero), since JSON has no fractions.
  public var jsonText: String {
    let text = decimalText
    guard text.hasSuffix("…") else { return text }
    guard let scaled = multiplied(by: ExactNumber(1_000_000_000)) else { return String(text.dropLast()) }
    let truncated = ExactNumber(numerator: scaled.numerator / scaled.denominator, denominator: 1)
    return truncated.divided(by: ExactNumber(1_000_000_000))?.decimalText ?? String(text.dropLast())
  }
}
