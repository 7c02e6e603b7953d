import DialRules

/// What DialRules' front end says about one version of a document: the lexer's tokens, the parse,
/// the checker's diagnostics and (when it checks) the compiled table, plus the name index. Built
/// once per version, on the first request that needs it; the table analysis is separate
/// (`AnalysisResult`), because it is slower and runs after these fast results are published.
struct DocumentModel: Sendable {
  let uri: String
  let version: Int
  let source: SourceFile
  /// Lex, parse and check (`RuleCompiler`): diagnostics, syntax tree, comments, and the table.
  let output: RuleCompiler.Output
  /// The tokens, for completion context and semantic tokens.
  let tokens: [Token]
  let index: SymbolIndex
  /// Set when the document is too large to check: then everything else is empty.
  let tooLarge: Bool
  /// Set when the document grew too large to be kept in sync at all.
  let dropped: Bool

  init(_ document: TextDocument) {
    uri = document.uri
    version = document.version
    source = document.source
    tooLarge = document.tooLarge
    dropped = document.dropped
    let checked = tooLarge ? SourceFile(path: document.source.path, bytes: []) : document.source
    output = RuleCompiler.compile(checked)
    var scratch: [Diagnostic] = []
    tokens = Lexer.lex(checked, diagnostics: &scratch).tokens
    index = SymbolIndex(output.syntax)
  }

  /// The compiled table, when the document checks without errors.
  var compiled: CompiledRules? { tooLarge ? nil : output.rules }

  /// The front end's diagnostics; for a document too large to check, one that says so (with no
  /// code: it is the server's limit, as "file is larger than 1 MiB" is the command line's).
  var diagnostics: [Diagnostic] {
    guard !tooLarge else {
      let message =
        dropped
        ? "the document is larger than \(TextDocument.maxStoredBytes >> 20) MiB; the server stopped following it"
        : "the document is larger than \(TextDocument.maxCheckedBytes >> 20) MiB, so it is not checked"
      let help = dropped ? "close and reopen it once it is smaller" : "split the table into smaller files"
      return [Diagnostic(code: "", severity: .warning, message: message, span: .at(0), help: help)]
    }
    return output.diagnostics
  }
}

/// The table analysis of one version of a document.
struct AnalysisResult: Sendable {
  let version: Int
  let findings: [AnalysisFinding]
  /// Each `property` of the file with its verdict (code lenses "proved" / "fails: witness …").
  var properties: [PropertyVerdict] = []
}
