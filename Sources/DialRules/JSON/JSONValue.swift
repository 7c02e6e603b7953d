/// A JSON value as a tree, with object members in insertion order.
///
/// For building output that other code extends (`explain --format json` adds per-rule detail to a
/// decision's object). Hot paths write through `JSONWriter` directly instead; tests check that both
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

  /// Compact JSON text (see `JSONWriter`).
  package var jsonText: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }

  /// The value of `key` when this is an object that has it.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
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
