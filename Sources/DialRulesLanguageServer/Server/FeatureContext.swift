import DialRules

/// What a feature needs to answer a request about one document: its current model, the latest
/// analysis of that version (if it has finished), and how to talk to this client.
package struct FeatureContext {
  let model: DocumentModel
  /// The analysis of `model.version`, or nil while it has not run (or the document has errors).
  let analysis: AnalysisResult?
  let encoding: PositionEncoding
  let capabilities: ClientCapabilities

  package var source: SourceFile { model.source }
  var uri: String { model.uri }

  func range(_ span: SourceSpan) -> JSONValue { source.lspRange(of: span, encoding: encoding).json }
  func offset(_ position: LSPPosition) -> Int { source.offset(of: position, encoding: encoding) }
  func location(_ span: SourceSpan) -> JSONValue { ["uri": .string(uri), "range": range(span)] }

  /// A text edit replacing `span` with `text`.
  func edit(_ span: SourceSpan, _ text: String) -> JSONValue {
    ["range": range(span), "newText": .string(text)]
  }

  /// A workspace edit of this document.
  func workspaceEdit(_ edits: [JSONValue]) -> JSONValue {
    if capabilities.documentChanges {
      return [
        "documentChanges": [
          ["textDocument": ["uri": .string(uri), "version": .int(model.version)], "edits": .array(edits)]
        ]
      ]
    }
    return ["changes": .object([.init(uri, .array(edits))])]
  }

  /// The cursor's byte offset from `params.position`.
  func cursor(_ params: Params) throws(ResponseError) -> Int { offset(try params["position"].position()) }
}
