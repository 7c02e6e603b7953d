import DialRules
import DialRulesLanguageServer

#if canImport(DialRulesTestSupport)
  import DialRulesTestSupport
#endif

/// What must hold for *every* input to the language server, checked by the `lsp` fuzz target
/// (`Tests/Fuzz/run.sh` compiles this file into its binary) and, over generated inputs, by
/// `LanguageServerFuzzTests`.
///
/// The first byte picks how the rest is read:
/// - **raw**: the bytes are the client's stream itself, after a valid `initialize` — framing,
///   JSON and message shapes as the fuzzer mutates them;
/// - **session**: the bytes choose a session — capabilities, a document (one of the shipped rule
///   texts or text made from the bytes), then edits and requests of every method with parameters
///   that are valid, out of range or of the wrong type.
///
/// Properties: nothing crashes or hangs; every message out is JSON-RPC 2.0; every request gets
/// exactly one response with its id; every range the server sends lies inside the document; after
/// each change the server's text equals a reference copy edited independently (through Swift's
/// own UTF-8/UTF-16 views); formatting edits applied to the text give `FormatRunner`'s output.
public enum LanguageServerOracle {
  /// Checks one input; the list of broken properties (empty when all hold).
  public static func check(_ bytes: [UInt8]) -> [String] {
    guard let mode = bytes.first else { return [] }
    var session = Session(bytes: Array(bytes.dropFirst()))
    if mode % 4 == 0 {
      session.raw(step: 1 + Int(mode / 4))
    } else {
      session.run()
    }
    return session.failures
  }

  static let uri = "file:///fuzz/rules.dialrules"

  /// The texts a session may start from: the default rules and small files of each kind.
  static let texts: [String] = [
    DefaultRules.source,
    "dialrules 1\nlet fast = shot.time < 20 s\nrule a\n  when fast and sour\n  then grind finer 1 step\n  because \"x\"\n",
    "dialrules 1\n# café ☕ 😀\nrule b\n  when shot.tme > 3 s\n  then yield +2 g\n",
    "",
  ]

  /// Pieces of text an edit inserts.
  static let snippets: [String] = [
    "", "a", " ", "\n", "\r\n", "é", "☕", "😀", "when ", "then no change", "fast", "sour", "rule x\n", "let y = 1\n",
    "#", "\"", "(", ")", "1.5 g", "overrides a", "has ", "is grind",
    "example\n    shot time 1 s\n    expect no change\n",
  ]

  struct Session {
    var input: FuzzedBytes
    let server = LanguageServer(analysisMode: .inline, serverVersion: "fuzz")
    var failures: [String] = []
    var nextID = 1
    var utf8 = false
    /// The reference copy of the document, edited by `referenceOffset`, not by the server's code.
    var text: [UInt8] = []
    var open = false

    init(bytes: [UInt8]) { input = FuzzedBytes(bytes) }

    // MARK: Raw streams

    mutating func raw(step: Int) {
      let rest = remainingBytes()
      var reader = MessageReader(
        ByteArraySource(framed(initializeMessage(JSONValue.object([])).jsonBytes) + rest, step: step))
      var inputs = 0
      while inputs < 10_000 {
        let next = reader.next()
        if next == .end { break }
        inputs += 1
        server.handle([next])
        checkOutput(server.takeOutput(), request: nil)
        if server.exitStatus != nil { break }
      }
      if inputs == 10_000 { failures.append("the reader produced 10,000 inputs from \(rest.count) bytes") }
    }

    mutating func remainingBytes() -> [UInt8] {
      var out: [UInt8] = []
      while !input.isExhausted { out.append(input.byte()) }
      return out
    }

    func initializeMessage(_ capabilities: JSONValue) -> JSONValue {
      ["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": capabilities]]
    }

    // MARK: Sessions

    mutating func run() {
      utf8 = input.chance(2)
      let capabilities: JSONValue = [
        "general": ["positionEncodings": utf8 ? ["utf-8"] : ["utf-16"]],
        "textDocument": [
          "hover": ["contentFormat": input.chance(2) ? ["markdown"] : ["plaintext"]],
          "publishDiagnostics": ["relatedInformation": .bool(input.chance(2))],
          "documentSymbol": ["hierarchicalDocumentSymbolSupport": .bool(input.chance(2))],
          "completion": ["completionItem": ["snippetSupport": .bool(input.chance(2))]],
        ],
        "workspace": ["workspaceEdit": ["documentChanges": .bool(input.chance(2))]],
      ]
      _ = request("initialize", ["capabilities": capabilities])
      notify("initialized", [:])
      openDocument()
      var steps = 0
      while !input.isExhausted && steps < 60 && server.exitStatus == nil {
        steps += 1
        step()
      }
    }

    mutating func openDocument() {
      let start: String
      if input.chance(3) {
        var bytes: [UInt8] = []
        for _ in 0..<input.int(below: 200) { bytes.append(input.byte()) }
        start = String(decoding: bytes, as: UTF8.self)
      } else {
        start = input.pick(LanguageServerOracle.texts)
      }
      text = Array(start.utf8)
      notify(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "dialrules", "version": 1, "text": .string(start)]])
      open = true
    }

    static let methods = [
      "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/documentHighlight",
      "textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol", "textDocument/completion",
      "textDocument/formatting", "textDocument/codeAction", "textDocument/codeLens",
      "textDocument/semanticTokens/full", "workspace/executeCommand", "dialrules/unknown",
    ]

    mutating func step() {
      switch input.int(below: 10) {
      case 0, 1, 2: change()
      case 3:
        let whole = input.pick(LanguageServerOracle.snippets) + input.pick(LanguageServerOracle.snippets)
        if open && server.state == .running { text = Array(whole.utf8) }
        notify(
          "textDocument/didChange",
          [
            "textDocument": ["uri": .string(uri), "version": .int(nextVersion())],
            "contentChanges": [["text": .string(whole)]],
          ])
        compareText()
      case 4: notify("$/cancelRequest", ["id": .int(nextID + input.int(below: 3))])
      case 5:
        if input.chance(8) {
          _ = request("shutdown", .null)
          if input.chance(2) { notify("exit", .null) }
        } else if input.chance(8) {
          notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
          open = false
          if input.chance(2) { openDocument() }
        }
      default: anyRequest()
      }
    }

    var version = 1
    mutating func nextVersion() -> Int {
      version += 1
      return version
    }

    /// An incremental change: a range (sometimes out of bounds) and a snippet, applied to the
    /// reference copy too.
    mutating func change() {
      let start = position()
      let end = input.chance(4) ? start : position()
      let snippet = input.pick(LanguageServerOracle.snippets)
      notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": .string(uri), "version": .int(nextVersion())],
          "contentChanges": [["range": ["start": start.json, "end": end.json], "text": .string(snippet)]],
        ])
      guard open, server.state == .running, text.count <= TextDocument.maxStoredBytes else { return }
      var a = referenceOffset(start)
      var b = referenceOffset(end)
      if a > b { swap(&a, &b) }
      text.replaceSubrange(a..<b, with: Array(snippet.utf8))
      compareText()
    }

    /// The server's text must be the reference text after every change it accepted.
    mutating func compareText() {
      guard open, server.state == .running, text.count <= TextDocument.maxStoredBytes,
        let bytes = try? server.context(for: uri)?.source.bytes
      else { return }
      if bytes != text {
        failures.append(
          "after an edit the server has \(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription), "
            + "the reference \(String(decoding: text.prefix(200), as: UTF8.self).debugDescription)")
      }
    }

    /// A position near the document (lines and characters a little past the end too).
    mutating func position() -> LSPPosition {
      let lines = max(1, referenceLines().count)
      let line = input.chance(16) ? Int(input.byte()) * 1_000 : input.int(below: lines + 2)
      let character = input.chance(16) ? Int(input.byte()) * 1_000 : input.int(below: 40)
      return LSPPosition(line: line, character: character)
    }

    /// Requests one method with parameters that are usually well formed.
    mutating func anyRequest() {
      let method = input.pick(Self.methods)
      let position = position()
      var params: JSONValue = [
        "textDocument": ["uri": .string(input.chance(8) ? "file:///elsewhere" : uri)],
        "position": position.json,
        "range": ["start": position.json, "end": self.position().json],
        "context": ["includeDeclaration": .bool(input.chance(2)), "diagnostics": []],
        "newName": .string(input.pick(["x", "fast", "when", "sour", "9", "new_name", ""])),
        "options": ["tabSize": 2, "insertSpaces": true],
        "command": .string(input.chance(2) ? "dialrules.showExamples" : "other"),
        "arguments": input.chance(2) ? [.string(uri), .string(input.pick(["a", "b", "sour_fast", "none"]))] : [],
      ]
      // Sometimes a field of the wrong type.
      if input.chance(6) {
        let key = input.pick([
          "arguments", "command", "context", "newName", "options", "position", "range", "textDocument",
        ])
        params[key] = input.pick([.null, 1, "s", [], ["line": -1, "character": "x"], .int(Int.max)])
      }
      let response = request(method, params)
      // The edits as a client reads them: the response's bytes read back by the JSON core.
      if method == "textDocument/formatting", response["error"] == nil,
        let edits = try? JSONRPCMessage.parse(response.jsonBytes).get()["result"]?.elements, !edits.isEmpty, open,
        params["textDocument"]?["uri"] == .string(uri)
      {
        checkFormatting(edits)
      }
    }

    // MARK: Messages and checks

    mutating func request(_ method: String, _ params: JSONValue) -> JSONValue {
      let id = nextID
      nextID += 1
      send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
      return checkOutput(server.takeOutput(), request: (id, method))
    }

    mutating func notify(_ method: String, _ params: JSONValue) {
      send(["jsonrpc": "2.0", "method": .string(method), "params": params])
      _ = checkOutput(server.takeOutput(), request: nil)
    }

    /// Hands `message` to the server as a client sends it: as JSON text, read by the server.
    func send(_ message: JSONValue) {
      server.handle([.message(message.jsonBytes)])
    }

    /// Every message is JSON-RPC; the request gets exactly one response; ranges lie inside the text.
    @discardableResult
    mutating func checkOutput(_ out: [JSONValue], request: (id: Int, method: String)?) -> JSONValue {
      var response: JSONValue = .null
      var responses = 0
      for message in out {
        guard message["jsonrpc"] == "2.0" else {
          failures.append("not JSON-RPC 2.0: \(message)")
          continue
        }
        if message["method"] == nil {
          let hasResult = message["result"] != nil
          let hasError = message["error"] != nil
          if hasResult == hasError { failures.append("a response needs exactly one of result and error: \(message)") }
          if let request, message["id"] == .int(request.id) {
            responses += 1
            response = message
          } else if request != nil {
            failures.append("a response to no pending request: \(message)")
          }
        }
        // The bytes must read back as JSON; the ranges are checked as a client reads them.
        guard case .success(let read) = JSONRPCMessage.parse(message.jsonBytes) else {
          failures.append("output does not round-trip as JSON")
          continue
        }
        if open, server.state == .running, let bytes = try? server.context(for: uri)?.source.bytes,
          bytes == text || message["method"] != "textDocument/publishDiagnostics"
        {
          checkRanges(read, in: SourceFile(path: "t", bytes: bytes))
        }
      }
      if let request, responses != 1 {
        failures.append("\(request.method) got \(responses) responses")
      }
      return response
    }

    /// Every `range` in `value` (for this document) lies inside `file`.
    mutating func checkRanges(_ value: JSONNode, in file: SourceFile) {
      var stack = [value]
      while let v = stack.popLast() {
        switch v.content {
        case .object(let members):
          for m in members {
            let (key, member) = (m.key, m.value)
            if key == "range" || key == "selectionRange", let range = try? Params(member).range() {
              for p in [range.start, range.end] where !inside(p, file) {
                failures.append("\(key) \(p) is outside the document of \(file.lineStarts.count) lines")
              }
              if range.end < range.start { failures.append("\(key) ends before it starts: \(range)") }
            } else if key != "location" || member["uri"]?.string == uri {
              stack.append(member)
            }
          }
        case .array(let items): stack.append(contentsOf: items)
        default: break
        }
      }
    }

    func inside(_ p: LSPPosition, _ file: SourceFile) -> Bool {
      guard p.line < file.lineStarts.count else { return false }
      let content = String(decoding: file.lineBytes(p.line), as: UTF8.self)
      let units = utf8 ? content.utf8.count : content.utf16.count
      return p.character <= units
    }

    mutating func checkFormatting(_ edits: [JSONNode]) {
      guard let bytes = try? server.context(for: uri)?.source.bytes else { return }
      let file = SourceFile(path: "t", bytes: bytes)
      guard case .success(let formatted) = FormatRunner.format(file) else {
        failures.append("formatting edits for a file the formatter refuses")
        return
      }
      var result = bytes
      var spans: [(Int, Int, String)] = []
      for e in edits {
        guard let range = try? Params(e["range"]).range(), let newText = e["newText"]?.string else {
          failures.append("not a text edit: \(e.kind.described)")
          return
        }
        spans.append((referenceOffset(range.start, in: bytes), referenceOffset(range.end, in: bytes), newText))
      }
      for (a, b, newText) in spans.sorted(by: { $0.0 > $1.0 }) {
        result.replaceSubrange(a..<b, with: Array(newText.utf8))
      }
      if result != Array(formatted.utf8) { failures.append("formatting edits do not give the formatter's text") }
    }

    // MARK: The reference text model

    /// The lines of the reference text, without their endings (LF, CRLF or CR).
    func referenceLines(_ bytes: [UInt8]? = nil) -> [(start: Int, end: Int)] {
      let bytes = bytes ?? text
      var lines: [(Int, Int)] = []
      var start = 0
      var i = 0
      while i < bytes.count {
        if bytes[i] == 0x0A || bytes[i] == 0x0D {
          lines.append((start, i))
          if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
          start = i + 1
        }
        i += 1
      }
      lines.append((start, bytes.count))
      return lines
    }

    /// The byte offset of a position, counted with Swift's own Unicode views.
    func referenceOffset(_ p: LSPPosition, in bytes: [UInt8]? = nil) -> Int {
      let bytes = bytes ?? text
      let lines = referenceLines(bytes)
      guard p.line < lines.count else { return bytes.count }
      let (start, end) = lines[p.line]
      var units = 0
      var offset = start
      for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
        let width = utf8 ? scalar.utf8.count : scalar.utf16.count
        if units + width > p.character { break }
        units += width
        offset += scalar.utf8.count
      }
      return offset
    }
  }
}
