/// One JSON-RPC 2.0 message from the client, classified (LSP 3.17 "Base Protocol").
package enum JSONRPCMessage: Hashable, Sendable {
  /// A request: it must get exactly one response carrying the same id.
  case request(id: LSPAny, method: String, params: LSPAny)
  /// A notification: no response.
  case notification(method: String, params: LSPAny)
  /// A response to a request the server sent (this server sends none that need an answer; they
  /// are ignored).
  case response(id: LSPAny)

  /// Classifies a parsed JSON document, or says why it is not a JSON-RPC message.
  package static func classify(_ value: LSPAny) -> Result<JSONRPCMessage, ResponseError> {
    guard case .object(let members) = value else {
      return .failure(.invalidRequest("a message must be a JSON object, found \(value.typeDescription)"))
    }
    if let version = members["jsonrpc"], version != "2.0" {
      return .failure(.invalidRequest("'jsonrpc' must be \"2.0\""))
    }
    let params = members["params"] ?? .null
    if let id = members["id"] {
      switch id {
      case .int, .string: break
      case .double(let d) where d.rounded() == d: break
      default: return .failure(.invalidRequest("'id' must be a number or a string, found \(id.typeDescription)"))
      }
    }
    guard let method = members["method"] else {
      if let id = members["id"], members["result"] != nil || members["error"] != nil {
        return .success(.response(id: id))
      }
      return .failure(.invalidRequest("a message needs a 'method' (or, for a response, 'result' or 'error')"))
    }
    guard let name = method.string else {
      return .failure(.invalidRequest("'method' must be a string, found \(method.typeDescription)"))
    }
    switch params {
    case .null, .object, .array: break
    default: return .failure(.invalidRequest("'params' must be an object or an array, found \(params.typeDescription)"))
    }
    if let id = members["id"] { return .success(.request(id: id, method: name, params: params)) }
    return .success(.notification(method: name, params: params))
  }

  /// The id of a request (for an error response to a message that was half understood).
  package static func requestID(in value: LSPAny) -> LSPAny {
    switch value["id"] {
    case .some(.int(let i)): .int(i)
    case .some(.string(let s)): .string(s)
    default: .null
    }
  }
}

/// A JSON-RPC error object: a code from the spec's list and a message naming the problem.
package struct ResponseError: Error, Hashable, Sendable {
  package var code: Int
  package var message: String

  package init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  /// The codes this server uses (JSON-RPC 2.0 and LSP 3.17).
  package enum Code {
    package static let parseError = -32700
    package static let invalidRequest = -32600
    package static let methodNotFound = -32601
    package static let invalidParams = -32602
    package static let internalError = -32603
    package static let serverNotInitialized = -32002
    package static let requestFailed = -32803
    package static let requestCancelled = -32800
  }

  package static func parseError(_ message: String) -> ResponseError { .init(code: Code.parseError, message: message) }
  package static func invalidRequest(_ message: String) -> ResponseError {
    .init(code: Code.invalidRequest, message: message)
  }
  package static func invalidParams(_ message: String) -> ResponseError {
    .init(code: Code.invalidParams, message: message)
  }
  package static func requestFailed(_ message: String) -> ResponseError {
    .init(code: Code.requestFailed, message: message)
  }
  package static func methodNotFound(_ method: String) -> ResponseError {
    .init(code: Code.methodNotFound, message: "unknown method '\(method)'")
  }

  /// The `error` member of a response.
  package var json: LSPAny { ["code": .int(code), "message": .string(message)] }
}

/// What the server writes: a response or a notification, as a JSON value ready to be framed.
package enum OutgoingMessage {
  package static func response(id: LSPAny, result: LSPAny) -> LSPAny {
    ["jsonrpc": "2.0", "id": id, "result": result]
  }

  package static func error(id: LSPAny, _ error: ResponseError) -> LSPAny {
    ["jsonrpc": "2.0", "id": id, "error": error.json]
  }

  package static func notification(_ method: String, _ params: LSPAny) -> LSPAny {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
