/// The parts of the client's `initialize` capabilities that change what this server sends.
struct ClientCapabilities: Sendable {
  var positionEncodings: [String] = []
  var hierarchicalSymbols = false
  var snippets = false
  var markdownHover = false
  var relatedInformation = false
  var codeActionLiterals = false
  var documentChanges = false

  init() {}

  /// Reads `params.capabilities`; any part missing or of the wrong type counts as not supported.
  init(_ capabilities: Params) {
    let general = capabilities["general"]
    positionEncodings = ((try? general["positionEncodings"].array()) ?? []).compactMap { try? $0.string() }
    let text = capabilities["textDocument"]
    hierarchicalSymbols = (try? text["documentSymbol"]["hierarchicalDocumentSymbolSupport"].optionalBool()) == true
    snippets = (try? text["completion"]["completionItem"]["snippetSupport"].optionalBool()) == true
    let formats = ((try? text["hover"]["contentFormat"].array()) ?? []).compactMap { try? $0.string() }
    markdownHover = formats.contains("markdown")
    relatedInformation = (try? text["publishDiagnostics"]["relatedInformation"].optionalBool()) == true
    codeActionLiterals = !text["codeAction"]["codeActionLiteralSupport"].isAbsent
    documentChanges =
      (try? capabilities["workspace"]["workspaceEdit"]["documentChanges"].optionalBool()) == true
  }
}
