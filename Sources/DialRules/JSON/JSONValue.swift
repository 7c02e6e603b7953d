/// A JSON value as a tree, with object members in insertion order.
///
/// For building output that other code extends (`explain --format json` adds per-rule detail to a
/// decision's object) and the language server's responses. Hot paths write through `JSONWriter` directly instead; tests check that both
/// routes give the same text. Numbers are exact (`ExactNumber`), never `Double`.
///
/// Literals make trees readable: `["kind": "adjust", "steps": 1, "missing": []]` keeps its key
/// order, unlike a `Dictionary`.
package indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(ExactNumber)
  case string(String)
  case array([JSONValue])
  case object([Member])

  /// One `"key": value` pair of an object.
  package struct Member: Hashable, Sendable {
    package var key: String
    package var value: JSONValue
    package init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// A whole number: `.int(3)` reads like the other cases in a tree.
  package static func int(_ value: Int) -> JSONValue { .number(ExactNumber(value)) }

  /// Compact JSON text (see `JSONWriter`).
  package var jsonText: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }

  /// Compact JSON text as UTF-8 bytes, ready to be framed or written.
  package var jsonBytes: [UInt8] {
    var writer = JSONWriter()
    writer.value(self)
    return writer.bytes
  }

  /// The value of `key` when this is an object that has it.
  ///
  /// Setting a value on an object replaces the first member named `key` in place, or appends one,
  /// so the members keep the order they were first written in; setting nil removes the members
  /// named `key`. Setting on anything but an object changes nothing.
  package subscript(key: String) -> JSONValue? {
    get {
      guard case .object(let members) = self else { return nil }
      return members.first { $0.key == key }?.value
    }
    set {
      guard case .object(var members) = self else { return }
      if let newValue {
        if let at = members.firstIndex(where: { $0.key == key }) {
          members[at].value = newValue
        } else {
          members.append(Member(key, newValue))
        }
      } else {
        members.removeAll { $0.key == key }
      }
      self = .object(members)
    }
  }

  /// The text, when this is a string.
  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value, when this is a whole number that fits an `Int`.
  package var int: Int? {
    if case .number(let value) = self { return value.intValue }
    return nil
  }

  /// The value, when this is `true` or `false`.
  package var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  package var elements: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  package init(nilLiteral: ()) { self = .null }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int) { self = .number(ExactNumber(value)) }
  package init(stringLiteral value: String) { self = .string(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// Keeps the literal's key order.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { Member($0.0, $0.1) })
  }
}
