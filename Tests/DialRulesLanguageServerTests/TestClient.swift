import DialRules
import DialRulesLanguageServer
import DialRulesTestSupport
import Testing

/// A client for in-process protocol tests: it drives a `LanguageServer` (analysis inline, so every
/// result is there when the call returns) and keeps what the server sent.
final class TestClient {
  let server = LanguageServer(analysisMode: .inline, serverVersion: "test")
  private var nextID = 1
  /// Notifications the server sent, oldest first.
  private(set) var notifications: [JSONValue] = []

  /// A client that offers `capabilities` (by default: markdown hover, related information,
  /// hierarchical symbols, snippets, code action literals; UTF-16 unless `utf8`).
  init(utf8: Bool = false, capabilities: JSONValue? = nil, initialize: Bool = true) {
    guard initialize else { return }
    let response = request(
      "initialize", ["processId": nil, "rootUri": nil, "capabilities": capabilities ?? Self.rich(utf8)])
    #expect(response["result"]?["capabilities"] != nil, "initialize failed: \(response)")
    notify("initialized", [:])
  }

  static func rich(_ utf8: Bool) -> JSONValue {
    [
      "general": ["positionEncodings": utf8 ? ["utf-8", "utf-16"] : ["utf-16"]],
      "textDocument": [
        "hover": ["contentFormat": ["markdown", "plaintext"]],
        "publishDiagnostics": ["relatedInformation": true],
        "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
        "completion": ["completionItem": ["snippetSupport": true]],
        "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix"]]]],
      ],
    ]
  }

  /// Sends a request and returns its response (the whole message, with `result` or `error`).
  @discardableResult
  func request(_ method: String, _ params: JSONValue) -> JSONValue {
    let id = nextID
    nextID += 1
    server.handle(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    return collect(id: .int(id))
  }

  /// The `result` of a request, failing the test on an error response.
  func result(_ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    let response = request(method, params)
    #expect(response["error"] == nil, "\(method) failed: \(response)", sourceLocation: sourceLocation)
    return response["result"] ?? .null
  }

  func notify(_ method: String, _ params: JSONValue) {
    server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
    _ = collect(id: nil)
  }

  /// Sends raw framed bytes, as a client on the wire would.
  func send(raw bytes: [UInt8]) -> [JSONValue] {
    var reader = MessageReader(ByteArraySource(bytes))
    var inputs: [FramedInput] = []
    while true {
      let next = reader.next()
      if next == .end { break }
      inputs.append(next)
    }
    server.handle(inputs)
    let out = server.takeOutput()
    notifications += out.filter { $0["method"] != nil }
    return out
  }

  /// Files the server's output: notifications kept, the response with `id` returned.
  private func collect(id: JSONValue?) -> JSONValue {
    var response: JSONValue = .null
    for message in server.takeOutput() {
      if message["method"] != nil {
        notifications.append(message)
      } else if message["id"] == id {
        response = message
      }
    }
    return response
  }

  // MARK: Documents

  static let uri = "file:///rules/test.dialrules"

  func open(_ text: String, uri: String = TestClient.uri, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "dialrules", "version": .int(version), "text": .string(text),
        ]
      ])
  }

  func change(_ changes: [JSONValue], uri: String = TestClient.uri, version: Int) {
    notify(
      "textDocument/didChange",
      ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(changes)])
  }

  /// The diagnostics of the last `publishDiagnostics` for `uri`.
  func diagnostics(uri: String = TestClient.uri) -> [JSONValue] {
    notifications.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }?[
      "params"]?["diagnostics"]?.elements ?? []
  }

  /// Every `publishDiagnostics` sent for `uri`, oldest first.
  func publications(uri: String = TestClient.uri) -> [JSONValue] {
    notifications.filter { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }
  }

  /// `{textDocument, position}` params, with the position of `marker` in `text` (UTF-16 unless the
  /// client negotiated UTF-8), the cursor placed `offset` bytes after the marker starts.
  static func at(_ marker: String, in text: String, plus offset: Int = 0, utf8: Bool = false) -> JSONValue {
    ["textDocument": ["uri": .string(uri)], "position": position(of: marker, in: text, plus: offset, utf8: utf8)]
  }

  static func position(of marker: String, in text: String, plus offset: Int = 0, utf8: Bool = false) -> JSONValue {
    let bytes = Array(text.utf8)
    let needle = Array(marker.utf8)
    var start = 0
    while start + needle.count <= bytes.count, Array(bytes[start..<(start + needle.count)]) != needle { start += 1 }
    precondition(start + needle.count <= bytes.count, "marker '\(marker)' not in the text")
    let file = SourceFile(path: "t", bytes: bytes)
    return file.lspPosition(of: start + offset, encoding: utf8 ? .utf8 : .utf16).json
  }
}

/// Applies LSP text edits to `text` (as a client does: all ranges refer to the text before any
/// edit).
func apply(_ edits: [JSONValue], to text: String, utf8: Bool = false) -> String {
  let file = SourceFile(path: "t", text: text)
  var spans: [(SourceSpan, String)] = []
  for edit in edits {
    guard let range = lspRange(edit["range"]), let newText = edit["newText"]?.string else {
      Issue.record("not a text edit: \(edit)")
      continue
    }
    spans.append((file.span(of: range, encoding: utf8 ? .utf8 : .utf16), newText))
  }
  var bytes = file.bytes
  for (span, newText) in spans.sorted(by: { $0.0.start > $1.0.start }) {
    bytes.replaceSubrange(span.start..<span.end, with: Array(newText.utf8))
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// The range `value` holds, when it is a range object of whole numbers.
func lspRange(_ value: JSONValue?) -> LSPRange? {
  func position(_ value: JSONValue?) -> LSPPosition? {
    guard let line = value?["line"]?.int, let character = value?["character"]?.int else { return nil }
    return LSPPosition(line: line, character: character)
  }
  guard let start = position(value?["start"]), let end = position(value?["end"]) else { return nil }
  return LSPRange(start: start, end: end)
}

extension LanguageServer {
  /// Handles `message` as it comes from a client: written by the JSON core, read back by the
  /// server's own reader.
  func handle(_ message: JSONValue) { handle([.message(message.jsonBytes)]) }
}

/// The edits of a workspace edit for `uri` (`changes` or `documentChanges`).
func edits(in workspaceEdit: JSONValue, uri: String = TestClient.uri) -> [JSONValue] {
  if let changes = workspaceEdit["changes"]?[uri]?.elements { return changes }
  return workspaceEdit["documentChanges"]?.elements?.flatMap { $0["edits"]?.elements ?? [] } ?? []
}

/// The default rule file, read from `rules/`.
/// The fixed reference table the feature tests run against (`Fixtures/reference/README.md`): version 1
/// of the default rules, so positions and counts do not move when the shipped table changes.
func referenceTable() throws -> String { try PackageRoot.read("Fixtures/reference/reference-table.dialrules") }

/// The shipped default table, for what must follow it (code lens counts).
func defaultRules() throws -> String { try PackageRoot.read("rules/espresso.dialrules") }
