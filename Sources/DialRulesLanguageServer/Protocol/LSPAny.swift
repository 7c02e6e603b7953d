import Foundation

/// A JSON value as the Language Server Protocol exchanges it (the spec's `LSPAny`).
///
/// Messages are decoded with Foundation's `JSONDecoder` into this tree and encoded back with
/// `JSONEncoder` (keys sorted, so output is deterministic). Numbers are kept as `Int` when they
/// are whole and fit, as `Double` otherwise; the protocol's positions, versions and ids are all
/// whole numbers.
package indirect enum LSPAny: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([LSPAny])
  case object([String: LSPAny])

  /// The member `key` of an object; nil for a missing key or a value that is not an object.
  package subscript(key: String) -> LSPAny? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  package var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  package var int: Int? {
    switch self {
    case .int(let i): return i
    case .double(let d) where d.rounded() == d && abs(d) < 9e15: return Int(d)
    default: return nil
    }
  }

  package var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  package var array: [LSPAny]? {
    if case .array(let a) = self { return a }
    return nil
  }

  package var isNull: Bool { self == .null }

  /// A short name of the value's JSON type, for error messages ("expected a string, found an array").
  package var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension LSPAny: Codable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? container.decode(Int.self) {
      self = .int(i)
    } else if let d = try? container.decode(Double.self) {
      self = .double(d)
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([LSPAny].self) {
      self = .array(a)
    } else {
      self = .object(try container.decode([String: LSPAny].self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let b): try container.encode(b)
    case .int(let i): try container.encode(i)
    case .double(let d): try container.encode(d.isFinite ? d : 0)
    case .string(let s): try container.encode(s)
    case .array(let a): try container.encode(a)
    case .object(let o): try container.encode(o)
    }
  }
}

extension LSPAny {
  /// Parses one JSON document; nil when the bytes are not JSON.
  package static func parse(_ bytes: [UInt8]) -> LSPAny? {
    try? JSONDecoder().decode(LSPAny.self, from: Data(bytes))
  }

  /// Compact JSON text with sorted keys (never fails: every value here is encodable).
  package var jsonBytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? [UInt8](encoder.encode(self))) ?? Array("null".utf8)
  }
}

extension LSPAny: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  package init(nilLiteral: ()) { self = .null }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int) { self = .int(value) }
  package init(stringLiteral value: String) { self = .string(value) }
  package init(arrayLiteral elements: LSPAny...) { self = .array(elements) }
  package init(dictionaryLiteral elements: (String, LSPAny)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
