import DialRules

/// One JSON-RPC 2.0 message from the client, classified (LSP 3.17 "Base Protocol").
///
/// Messages are read by DialRules' JSON core (`JSONScanner.readTree`: strict RFC 8259, valid
/// UTF-8, at most 32 levels deep, numbers kept as their exact text); `params` stays the reading
/// tree, which `Params` turns into typed values. Of repeated keys the first counts.
package enum JSONRPCMessage: Sendable {
  /// A request: it must get exactly one response carrying the same id.
  case request(id: RequestID, method: String, params: JSONNode?)
  /// A notification: no response.
  case notification(method: String, params: JSONNode?)
  /// A response to a request the server sent (this server sends none that need an answer; they
  /// are ignored).
  case response(id: RequestID)

  /// Reads one message body as JSON; ParseError, naming the first problem and its byte offset,
  /// when it is not JSON (a syntax error, invalid UTF-8, nesting deeper than 32 levels).
  package static func parse(_ body: [UInt8]) -> Result<JSONNode, ResponseError> {
    switch JSONScanner.readTree(SourceFile(path: "message", bytes: body)) {
    case .success(let root): return .success(root)
    case .failure(let problems):
      let first = problems.diagnostics.first
      let place = first.map { " (byte \($0.span.start))" } ?? ""
      return .failure(.parseError("the message is not valid JSON: \(first?.message ?? "unreadable")\(place)"))
    }
  }

  /// Classifies a parsed JSON document, or says why it is not a JSON-RPC message.
  static func classify(_ message: JSONNode) -> Result<JSONRPCMessage, ResponseError> {
    guard let members = message.members else {
      return .failure(.invalidRequest("a message must be a JSON object, found \(message.kind.described)"))
    }
    if let version = members[key: "jsonrpc"], version.string != "2.0" {
      return .failure(.invalidRequest("'jsonrpc' must be \"2.0\""))
    }
    let params = members[key: "params"]
    var id: RequestID?
    if let node = members[key: "id"] {
      guard let valid = RequestID(node) else {
        let found = node.numberText ?? node.kind.described
        return .failure(.invalidRequest("'id' must be a whole number or a string, found \(found)"))
      }
      id = valid
    }
    guard let method = members[key: "method"] else {
      if let id, members[key: "result"] != nil || members[key: "error"] != nil {
        return .success(.response(id: id))
      }
      return .failure(.invalidRequest("a message needs a 'method' (or, for a response, 'result' or 'error')"))
    }
    guard let name = method.string else {
      return .failure(.invalidRequest("'method' must be a string, found \(method.kind.described)"))
    }
    if let params {
      switch params.content {
      case .null, .object, .array: break
      default:
        return .failure(.invalidRequest("'params' must be an object or an array, found \(params.kind.described)"))
      }
    }
    if let id { return .success(.request(id: id, method: name, params: params)) }
    return .success(.notification(method: name, params: params))
  }

  /// The id of a request (for an error response to a message that was half understood); nil when
  /// it has none that can be echoed.
  static func requestID(in message: JSONNode) -> RequestID? {
    message["id"].flatMap(RequestID.init)
  }
}

/// A JSON-RPC error object: a code from the spec's list and a message naming the problem.
package struct ResponseError: Error, Hashable, Sendable {
  package var code: Int
  package var message: String

  init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  /// The codes this server uses (JSON-RPC 2.0 and LSP 3.17).
  enum Code {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803
    static let requestCancelled = -32800
  }

  static func parseError(_ message: String) -> ResponseError { .init(code: Code.parseError, message: message) }
  static func invalidRequest(_ message: String) -> ResponseError {
    .init(code: Code.invalidRequest, message: message)
  }
  static func invalidParams(_ message: String) -> ResponseError {
    .init(code: Code.invalidParams, message: message)
  }
  static func requestFailed(_ message: String) -> ResponseError {
    .init(code: Code.requestFailed, message: message)
  }
  static func methodNotFound(_ method: String) -> ResponseError {
    .init(code: Code.methodNotFound, message: "unknown method '\(method)'")
  }

  /// The `error` member of a response.
  var json: JSONValue { ["code": .int(code), "message": .string(message)] }
}

/// What the server writes: a response or a notification, as a JSON value (members in the order
/// written here) ready for `JSONWriter` and framing.
enum OutgoingMessage {
  static func response(id: RequestID, result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id.json, "result": result]
  }

  /// An error response; `id` is nil (written `null`) when the message had no id that can be echoed.
  static func error(id: RequestID?, _ error: ResponseError) -> JSONValue {
    ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
