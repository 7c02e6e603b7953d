import DialRules

/// The id of a request: an integer or a string (LSP 3.17 `integer | string`), echoed back in the
/// response exactly as it was sent.
///
/// A number id is read exactly from its text (`JSONNode.int`, never through `Double`), so `41`
/// comes back as `41` and `9007199254740993` as itself.
package enum RequestID: Hashable, Sendable {
  case int(Int)
  case string(String)

  /// The id `node` holds; nil when it is neither a whole number that fits an `Int` nor a string.
  init?(_ node: JSONNode) {
    if let text = node.string {
      self = .string(text)
    } else if let value = node.int {
      self = .int(value)
    } else {
      return nil
    }
  }

  /// The id as it goes back in a response.
  var json: JSONValue {
    switch self {
    case .int(let value): .int(value)
    case .string(let text): .string(text)
    }
  }
}
