/// A JSON value as the input wrote it: the one reading tree of the JSON core, for readers that need
/// a document's whole shape rather than one schema (the shot log's export import, the JSON the shot
/// log keeps in its columns, the other apps' files the importer reads, the language server's
/// messages).
///
/// Numbers keep their exact text (read them with `ExactNumber.parse`, never through `Double`);
/// objects keep their members in file order, duplicate keys included, so the reader can report
/// them against its own schema; every value and every key keeps its byte span in the input, so a
/// problem found later still has a line and column.
package struct JSONNode: Sendable {
  /// The value itself.
  package enum Content: Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written (`18.05`, `1e400`); the grammar is checked, the value is not.
    case number(String)
    case string(String)
    case array([JSONNode])
    /// Members in file order; keys may repeat.
    case object([Member])
  }

  /// One `"key": value` pair of an object, with where its key is.
  package struct Member: Sendable {
    package var key: String
    package var keySpan: SourceSpan
    package var value: JSONNode
  }

  package var content: Content
  /// The bytes of the whole value in the input.
  package var span: SourceSpan

  /// The kind of value, as diagnostics name it.
  package var kind: JSONValueKind {
    switch content {
    case .null: .null
    case .bool: .boolean
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The first member named `key`, when this is an object that has one.
  package subscript(key: String) -> JSONNode? {
    guard case .object(let members) = content else { return nil }
    return members[key: key]
  }

  /// The text, when this is a string.
  package var string: String? {
    if case .string(let text) = content { return text }
    return nil
  }

  /// The number's text, when this is a number.
  package var numberText: String? {
    if case .number(let text) = content { return text }
    return nil
  }

  /// The number's value when it is a whole number that fits an `Int`, read exactly, never through
  /// `Double`: an integer as written (`42`, `-7`, up to `Int.max`), and another spelling of a whole
  /// number (`42.0`, `4.2e1`) within `ExactNumber.Limits`. Nil for anything else.
  package var int: Int? {
    guard let text = numberText else { return nil }
    if let value = Int(text) { return value }
    guard case .success(let value) = ExactNumber.parse(text) else { return nil }
    return value.intValue
  }

  /// The value, when this is `true` or `false`.
  package var bool: Bool? {
    if case .bool(let value) = content { return value }
    return nil
  }

  /// Whether this is `null`.
  package var isNull: Bool {
    if case .null = content { return true }
    return false
  }

  /// The elements, when this is an array.
  package var elements: [JSONNode]? {
    if case .array(let elements) = content { return elements }
    return nil
  }

  /// The members, when this is an object.
  package var members: [Member]? {
    if case .object(let members) = content { return members }
    return nil
  }
}

extension Array where Element == JSONNode.Member {
  /// The value of the first member named `key`: the one lookup for an object's members, whether
  /// read from a node or from the members a reader already checked.
  package subscript(key key: String) -> JSONNode? {
    first { $0.key == key }?.value
  }
}
