import DialRules

/// Typed access to a request's `params`, throwing InvalidParams with the path of the field that
/// is missing or of the wrong type (`params.textDocument.uri: expected a string, found null`).
///
/// Every handler reads its parameters through this, so no shape of hostile input can reach a
/// feature as anything but a typed value or an error response. The values are the JSON core's
/// reading tree: numbers are read exactly from their text (`JSONNode.int`), never as `Double`.
package struct Params {
  /// The value; nil when the member is absent, which reads as `null`.
  let value: JSONNode?
  let path: String

  package init(_ value: JSONNode?, path: String = "params") {
    self.value = value
    self.path = path
  }

  /// The member `key` (the first of that name), which may be absent.
  subscript(key: String) -> Params { Params(value?[key], path: path + "." + key) }

  /// Whether the value is absent or `null`.
  var isAbsent: Bool { value?.isNull ?? true }

  /// Whether the value is an object.
  var isObject: Bool { value?.members != nil }

  func mismatch(_ expected: String) -> ResponseError {
    .invalidParams("\(path): expected \(expected), found \(value?.kind.described ?? "null")")
  }

  func string() throws(ResponseError) -> String {
    guard let s = value?.string else { throw mismatch("a string") }
    return s
  }

  func int() throws(ResponseError) -> Int {
    guard let i = value?.int else { throw mismatch("a whole number") }
    return i
  }

  /// A whole number in the range LSP's `uinteger` allows.
  func unsigned() throws(ResponseError) -> Int {
    let i = try int()
    guard i >= 0, i <= Int(UInt32.max) else {
      throw ResponseError.invalidParams("\(path): expected a number from 0 to \(UInt32.max), found \(i)")
    }
    return i
  }

  func optionalBool() throws(ResponseError) -> Bool? {
    if isAbsent { return nil }
    guard let b = value?.bool else { throw mismatch("a boolean") }
    return b
  }

  func array() throws(ResponseError) -> [Params] {
    guard let a = value?.elements else { throw mismatch("an array") }
    return a.enumerated().map { Params($1, path: "\(path)[\($0)]") }
  }

  /// `{ "line": …, "character": … }`.
  func position() throws(ResponseError) -> LSPPosition {
    guard isObject else { throw mismatch("a position object") }
    return LSPPosition(line: try self["line"].unsigned(), character: try self["character"].unsigned())
  }

  /// `{ "start": position, "end": position }`.
  package func range() throws(ResponseError) -> LSPRange {
    guard isObject else { throw mismatch("a range object") }
    return LSPRange(start: try self["start"].position(), end: try self["end"].position())
  }

  /// `params.textDocument.uri`.
  func documentURI() throws(ResponseError) -> String { try self["textDocument"]["uri"].string() }
}

/// A position as LSP counts it: a 0-based line and a 0-based offset in the negotiated encoding's
/// code units.
package struct LSPPosition: Hashable, Sendable, Comparable {
  package var line: Int
  package var character: Int
  package init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
  package var json: JSONValue { ["line": .int(line), "character": .int(character)] }
  package static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A half-open range of positions.
package struct LSPRange: Hashable, Sendable {
  package var start: LSPPosition
  package var end: LSPPosition
  package init(start: LSPPosition, end: LSPPosition) {
    self.start = start
    self.end = end
  }
  var json: JSONValue { ["start": start.json, "end": end.json] }
}
