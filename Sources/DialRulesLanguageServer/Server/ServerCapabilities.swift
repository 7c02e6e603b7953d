import DialRules

/// What this server offers, as the `capabilities` of its `initialize` result.
enum ServerCapabilities {
  /// The command a code lens runs: shows the examples of one rule with their results.
  static let showExamplesCommand = "dialrules.showExamples"

  static func json(encoding: PositionEncoding) -> JSONValue {
    [
      "positionEncoding": .string(encoding.rawValue),
      // 2 = incremental: the client sends only the edited ranges.
      "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
      "hoverProvider": true,
      "definitionProvider": true,
      "referencesProvider": true,
      "documentHighlightProvider": true,
      "renameProvider": ["prepareProvider": true],
      "documentSymbolProvider": true,
      "completionProvider": ["triggerCharacters": ["."], "resolveProvider": false],
      "documentFormattingProvider": true,
      "codeActionProvider": ["codeActionKinds": ["quickfix"], "resolveProvider": false],
      "codeLensProvider": ["resolveProvider": false],
      "executeCommandProvider": ["commands": [.string(showExamplesCommand)]],
      "semanticTokensProvider": [
        "legend": [
          "tokenTypes": .array(SemanticTokensFeature.TokenType.allCases.map { .string($0.name) }),
          "tokenModifiers": .array(SemanticTokensFeature.modifiers.map { .string($0) }),
        ],
        "full": true,
        "range": false,
      ],
    ]
  }
}
