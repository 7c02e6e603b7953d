import DialRules

/// The language server's state machine: messages in, messages out, no I/O and no threads.
///
/// `ServerLoop` feeds it framed input from standard input and runs the table analysis on a worker
/// thread; tests and the fuzzer drive it directly, with the analysis run inline so every result is
/// deterministic. Lifecycle follows LSP 3.17: requests before `initialize` get
/// ServerNotInitialized, requests after `shutdown` InvalidRequest, and `exit` ends the server with
/// status 0 after `shutdown`, 1 without.
package final class LanguageServer {
  package enum State: Sendable { case uninitialized, running, shutDown }

  /// When the table analysis runs after a change.
  package enum AnalysisMode: Sendable {
    /// Right after the fast diagnostics, in the same call (tests, fuzzing, benchmarks).
    case inline
    /// Later, by whoever drives the server: jobs wait in `pendingAnalysis` (the server loop).
    case deferred
  }

  /// The table analysis wanted for one version of a document.
  struct AnalysisJob: Sendable {
    var uri: String
    var version: Int
    var rules: CompiledRules
  }

  /// One open document: its text, and what was computed from its current version.
  struct Entry {
    var document: TextDocument
    var model: DocumentModel?
    var analysis: AnalysisResult?
  }

  package private(set) var state = State.uninitialized
  private(set) var encoding = PositionEncoding.utf16
  private(set) var capabilities = ClientCapabilities()
  /// Set by `exit`: the status the process should end with.
  package private(set) var exitStatus: Int32?
  let analysisMode: AnalysisMode
  let serverVersion: String
  var documents: [String: Entry] = [:]
  var outbox: [JSONValue] = []
  /// Analysis jobs not yet run, by document (only the newest version of each).
  private(set) var pendingAnalysis: [String: AnalysisJob] = [:]
  /// Ids of requests the client cancelled before they were handled.
  var cancelled: Set<RequestID> = []

  /// Most documents open at once; more are refused with a message (bounds memory with
  /// `TextDocument.maxStoredBytes`).
  static let maxOpenDocuments = 256
  /// Most cancellations remembered for requests not seen yet.
  static let maxCancelled = 1_024

  package init(analysisMode: AnalysisMode = .inline, serverVersion: String = "0") {
    self.analysisMode = analysisMode
    self.serverVersion = serverVersion
  }

  /// The messages produced so far, oldest first; the outbox is emptied. Each is written with
  /// `JSONValue.jsonBytes` (members in the order the server built them).
  package func takeOutput() -> [JSONValue] {
    defer { outbox.removeAll() }
    return outbox
  }

  /// Handles what arrived together, in order — except that cancellations are noted first, so a
  /// request cancelled by a later message of the same batch is answered RequestCancelled.
  package func handle(_ inputs: [FramedInput]) {
    var parsed: [Result<JSONNode, ResponseError>] = []
    for input in inputs {
      switch input {
      case .message(let body):
        let message = JSONRPCMessage.parse(body)
        parsed.append(message)
        if case .success(let value) = message, value["method"]?.string == "$/cancelRequest",
          let id = value["params"]?["id"].flatMap(RequestID.init)
        {
          noteCancelled(id)
        }
      case .invalid(let error): parsed.append(.failure(error))
      case .end: break
      }
    }
    for item in parsed {
      switch item {
      case .success(let value): handle(value)
      case .failure(let error): outbox.append(OutgoingMessage.error(id: nil, error))
      }
    }
  }

  /// Handles one parsed message.
  func handle(_ message: JSONNode) {
    switch JSONRPCMessage.classify(message) {
    case .failure(let error):
      outbox.append(OutgoingMessage.error(id: JSONRPCMessage.requestID(in: message), error))
    case .success(.response):
      break
    case .success(.notification(let method, let params)):
      notification(method, Params(params))
    case .success(.request(let id, let method, let params)):
      if cancelled.remove(id) != nil {
        outbox.append(
          OutgoingMessage.error(id: id, .init(code: ResponseError.Code.requestCancelled, message: "cancelled")))
        return
      }
      switch request(method, Params(params)) {
      case .success(let result): outbox.append(OutgoingMessage.response(id: id, result: result))
      case .failure(let error): outbox.append(OutgoingMessage.error(id: id, error))
      }
    }
  }

  func noteCancelled(_ id: RequestID) {
    if cancelled.count >= Self.maxCancelled { cancelled.removeAll() }
    cancelled.insert(id)
  }

  // MARK: - Requests

  func request(_ method: String, _ params: Params) -> Result<JSONValue, ResponseError> {
    do throws(ResponseError) {
      switch state {
      case .uninitialized:
        guard method == "initialize" else {
          throw ResponseError(code: ResponseError.Code.serverNotInitialized, message: "the server is not initialized")
        }
        return .success(try initialize(params))
      case .shutDown:
        throw ResponseError.invalidRequest("the server is shutting down; only 'exit' is accepted")
      case .running:
        break
      }
      if method == "initialize" { throw ResponseError.invalidRequest("the server is already initialized") }
      if method == "shutdown" {
        state = .shutDown
        pendingAnalysis.removeAll()
        return .success(.null)
      }
      if method == "workspace/executeCommand" { return .success(try CodeLensFeature.execute(params, server: self)) }
      guard let feature = Self.documentRequest(method) else { throw ResponseError.methodNotFound(method) }
      guard let context = try context(for: params.documentURI()) else { return .success(feature.empty) }
      return .success(try feature.respond(params, context))
    } catch {
      return .failure(error)
    }
  }

  /// A request about one document: how to answer it, and the answer for a document that is not
  /// open (clients may ask about a document they just closed).
  struct DocumentRequest {
    var empty: JSONValue
    var respond: (Params, FeatureContext) throws(ResponseError) -> JSONValue
  }

  static func documentRequest(_ method: String) -> DocumentRequest? {
    switch method {
    case "textDocument/hover": .init(empty: .null, respond: HoverFeature.hover)
    case "textDocument/definition": .init(empty: .null, respond: NavigationFeature.definition)
    case "textDocument/references": .init(empty: [], respond: NavigationFeature.references)
    case "textDocument/documentHighlight": .init(empty: [], respond: NavigationFeature.highlights)
    case "textDocument/prepareRename": .init(empty: .null, respond: RenameFeature.prepare)
    case "textDocument/rename": .init(empty: .null, respond: RenameFeature.rename)
    case "textDocument/documentSymbol": .init(empty: [], respond: DocumentSymbolFeature.symbols)
    case "textDocument/completion": .init(empty: [], respond: CompletionFeature.complete)
    case "textDocument/formatting": .init(empty: [], respond: FormattingFeature.format)
    case "textDocument/codeAction": .init(empty: [], respond: CodeActionFeature.actions)
    case "textDocument/codeLens": .init(empty: [], respond: CodeLensFeature.lenses)
    case "textDocument/semanticTokens/full": .init(empty: ["data": []], respond: SemanticTokensFeature.full)
    default: nil
    }
  }

  func initialize(_ params: Params) throws(ResponseError) -> JSONValue {
    guard params.isObject else { throw ResponseError.invalidParams("params: expected an object") }
    capabilities = ClientCapabilities(params["capabilities"])
    encoding = PositionEncoding.negotiate(offered: capabilities.positionEncodings)
    state = .running
    return [
      "capabilities": ServerCapabilities.json(encoding: encoding),
      "serverInfo": ["name": "dialrules", "version": .string(serverVersion)],
    ]
  }

  /// The context for a request about `uri`, building the model of its current version if needed;
  /// nil when the document is not open.
  package func context(for uri: String) throws(ResponseError) -> FeatureContext? {
    guard var entry = documents[uri] else { return nil }
    let model = entry.model ?? DocumentModel(entry.document)
    if entry.model == nil {
      entry.model = model
      documents[uri] = entry
    }
    let analysis = entry.analysis?.version == model.version ? entry.analysis : nil
    return FeatureContext(model: model, analysis: analysis, encoding: encoding, capabilities: capabilities)
  }

  // MARK: - Notifications

  func notification(_ method: String, _ params: Params) {
    if method == "exit" {
      exitStatus = state == .shutDown ? 0 : 1
      return
    }
    guard state == .running else { return }
    do throws(ResponseError) {
      switch method {
      case "textDocument/didOpen": try didOpen(params)
      case "textDocument/didChange": try didChange(params)
      case "textDocument/didClose": try didClose(params)
      default: break  // `initialized`, `$/…`, configuration and save notifications need nothing
      }
    } catch {
      // A notification has no response; the client hears of the problem in its log.
      outbox.append(
        OutgoingMessage.notification(
          "window/logMessage", ["type": 1, "message": .string("\(method): \(error.message)")]))
    }
  }

  func didOpen(_ params: Params) throws(ResponseError) {
    let item = params["textDocument"]
    let uri = try item["uri"].string()
    let document = TextDocument(uri: uri, version: try item["version"].int(), text: try item["text"].string())
    if documents[uri] == nil && documents.count >= Self.maxOpenDocuments {
      throw ResponseError.requestFailed(
        "more than \(Self.maxOpenDocuments) documents are open; '\(uri)' is not checked")
    }
    documents[uri] = Entry(document: document)
    changed(uri)
  }

  func didChange(_ params: Params) throws(ResponseError) {
    let uri = try params.documentURI()
    let version = try params["textDocument"]["version"].int()
    guard var entry = documents[uri] else { throw ResponseError.invalidParams("'\(uri)' is not open") }
    try entry.document.apply(try params["contentChanges"].array(), version: version, encoding: encoding)
    entry.model = nil
    documents[uri] = entry
    changed(uri)
  }

  func didClose(_ params: Params) throws(ResponseError) {
    let uri = try params.documentURI()
    documents[uri] = nil
    pendingAnalysis[uri] = nil
    outbox.append(
      OutgoingMessage.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
  }

  /// Publishes the fast diagnostics of the new version, then asks for its analysis.
  func changed(_ uri: String) {
    guard let context = try? context(for: uri) else { return }
    outbox.append(DiagnosticsFeature.publish(context, findings: []))
    pendingAnalysis[uri] = nil
    guard let rules = context.model.compiled else { return }
    let job = AnalysisJob(uri: uri, version: context.model.version, rules: rules)
    switch analysisMode {
    case .inline:
      let analysis = Analyzer.analyze(rules)
      analysisFinished(job, findings: analysis.findings, properties: analysis.properties)
    case .deferred: pendingAnalysis[uri] = job
    }
  }

  /// Shows `text` to the user (`window/showMessage`, information).
  func show(_ text: String) {
    outbox.append(OutgoingMessage.notification("window/showMessage", ["type": 3, "message": .string(text)]))
  }

  /// Takes the analysis job waiting for `uri`, for the loop to run.
  func takeAnalysisJob(for uri: String) -> AnalysisJob? {
    defer { pendingAnalysis[uri] = nil }
    return pendingAnalysis[uri]
  }

  /// Records a finished analysis and publishes the diagnostics with its findings, unless the
  /// document changed or closed meanwhile (then the result is dropped: a newer job exists).
  func analysisFinished(_ job: AnalysisJob, findings: [AnalysisFinding], properties: [PropertyVerdict] = []) {
    guard state == .running, var entry = documents[job.uri], entry.document.version == job.version else { return }
    let result = AnalysisResult(version: job.version, findings: findings, properties: properties)
    entry.analysis = result
    documents[job.uri] = entry
    guard let context = try? context(for: job.uri) else { return }
    outbox.append(DiagnosticsFeature.publish(context, findings: findings))
  }
}
