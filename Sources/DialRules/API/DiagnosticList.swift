/// Everything that was wrong with one input, as the failure of a `Result`: at least one
/// diagnostic, in a deterministic order, with the source they point into so they can be rendered.
///
/// ```swift
/// switch RuleSet.compile(text, path: "my.dialrules") {
/// case .success(let rules): …
/// case .failure(let problems): print(problems)   // path:line:col: error[C002]: …
/// }
/// ```
public struct DiagnosticList: Error, Equatable, Sendable, RandomAccessCollection, CustomStringConvertible {
  /// The input the diagnostics' spans point into.
  public let source: SourceFile
  /// The diagnostics, sorted by place then code; never empty.
  public let diagnostics: [Diagnostic]

  /// A list of the given diagnostics about `source`, sorted by place then code (diagnostics that
  /// tie keep their order; none is dropped); nil when `diagnostics` is empty, so a failure always
  /// carries a reason.
  public init?(_ diagnostics: [Diagnostic], in source: SourceFile) {
    guard !diagnostics.isEmpty else { return nil }
    self.source = source
    self.diagnostics = diagnostics.sortedByPlace()
  }

  /// The position of the first diagnostic.
  public var startIndex: Int { diagnostics.startIndex }
  /// The position past the last diagnostic.
  public var endIndex: Int { diagnostics.endIndex }
  /// The diagnostic at `position`.
  public subscript(position: Int) -> Diagnostic { diagnostics[position] }

  /// Whether any diagnostic is an error (a list may hold only warnings, for example when it
  /// reports what compiling a usable rule file found).
  public var hasErrors: Bool { diagnostics.contains { $0.isError } }

  /// Every diagnostic rendered as `path:line:col: severity[CODE]: message` with its source
  /// excerpt, notes and help, without colour.
  public var description: String { DiagnosticRenderer().render(diagnostics, in: source) }
}
