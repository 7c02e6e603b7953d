extension RuleCompiler {
  /// The front end's stages, each with the ones before it: for tests of one stage
  /// (`DiagnosticMarkers` in `DialRulesTestSupport`).
  package enum Stage: String, Sendable {
    /// The lexer alone: `L…` diagnostics (and P009 when its budget is spent).
    case lexer
    /// Lexer and parser: `L…` and `P…`.
    case parser
    /// The whole front end, as `compile`: everything but the table analysis.
    case checker
  }

  /// The diagnostics of `file` up to and including `stage`, normalized as `compile` leaves them.
  package static func diagnostics(of file: SourceFile, through stage: Stage) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    switch stage {
    case .lexer: _ = Lexer.lex(file, diagnostics: &diagnostics)
    case .parser: _ = Parser.parse(file, diagnostics: &diagnostics)
    case .checker: return compile(file).diagnostics
    }
    return diagnostics.normalized()
  }
}
