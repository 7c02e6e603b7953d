/// A parsed JSON document that keeps what ShotLog's formats need to be exact.
///
/// Numbers keep their source text, so a dose of `18.05` is read as the decimal 18.05 and never
/// passes through `Double` (design §6); objects keep member order so messages can follow the file.
///
/// Not `indirect`: nesting goes through arrays, which are already references, so no value needs a
/// box of its own (that box was one allocation per value on a 100,000-shot import).
enum JSONNode: Hashable, Sendable {
  case null
  case bool(Bool)
  /// The number exactly as written in the file.
  case number(String)
  case string(String)
  case array([JSONNode])
  /// Members in file order; keys are unique (the parser rejects duplicates).
  case object([(key: String, value: JSONNode)])

  static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(b)
    case .number(let n): hasher.combine(n)
    case .string(let s): hasher.combine(s)
    case .array(let a): hasher.combine(a)
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// The member named `key` of an object.
  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A short name of the value's kind for messages ("a string", "an object").
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Why a JSON text could not be parsed, with a 1-based line and column.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  var message: String
  var line: Int
  var column: Int
  var description: String { "line \(line), column \(column): \(message)" }
}
