/// The whole front end in one call: lex, parse, check. This is what commands and the shot log use.
package enum RuleCompiler {
  /// Everything the front end produced for one file.
  package struct Output: Sendable {
    /// The decision table, or nil when any error was found.
    package var rules: CompiledRules?
    /// All diagnostics, normalized (sorted, deduplicated).
    package var diagnostics: [Diagnostic]
    /// The syntax tree (also when there were errors), for the formatter.
    package var syntax: RuleFile
    package var comments: [SourceComment]
  }

  /// Compiles one rule file.
  package static func compile(_ file: SourceFile) -> Output {
    var diagnostics: [Diagnostic] = []
    let (tree, comments) = Parser.parse(file, diagnostics: &diagnostics)
    let rules = Checker.check(tree, source: file, diagnostics: &diagnostics)
    return Output(rules: rules, diagnostics: diagnostics.normalized(), syntax: tree, comments: comments)
  }
}
