/// The parts of the client's `initialize` capabilities that change what this server sends.
package struct ClientCapabilities: Sendable {
  package var positionEncodings: [String] = []
  package var hierarchicalSymbols = false
  package var snippets = false
  package var markdownHover = false
  package var relatedInformation = false
  package var codeActionLiterals = false
  package var documentChanges = false

  package init() {}

  /// Reads `params.capabilities`; any part missing or of the wrong type counts as not supported.
  package init(_ capabilities: Params) {
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
