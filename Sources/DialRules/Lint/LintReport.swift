/// What `lint` found in one file: the checker's diagnostics and, when the file checks, its failing
/// inline examples (E001) and the analysis findings, merged into one deterministic list.
///
/// One type for `dialrules lint` (every output format) and the browser playground
/// (`DialRulesPlayground`), so both list the same diagnostics in the same order.
package struct LintReport {
  package var file: SourceFile
  package var output: RuleCompiler.Output
  /// Nil when the file has errors (nothing to analyse) or with `--no-analysis`.
  package var analysis: Analysis?
  /// Every diagnostic in output order, each with its analysis finding when it is one.
  package var entries: [(diagnostic: Diagnostic, finding: AnalysisFinding?)]

  package init(file: SourceFile, output: RuleCompiler.Output, analysis: Analysis?, examples: [Diagnostic] = []) {
    self.file = file
    self.output = output
    self.analysis = analysis
    var entries: [(diagnostic: Diagnostic, finding: AnalysisFinding?)] = output.diagnostics.map { ($0, nil) }
    entries += examples.map { ($0, nil) }
    entries += (analysis?.findings ?? []).map { ($0.diagnostic, $0) }
    // Sorted by place and code, then in each list's own order: checker diagnostics are already
    // normalized, and analysis findings may share a place and code (several regions of one gap).
    self.entries = entries.enumerated().sorted { a, b in
      let x = a.element.diagnostic
      let y = b.element.diagnostic
      return (x.span.start, x.span.end, x.code, a.offset) < (y.span.start, y.span.end, y.code, b.offset)
    }.map { $0.element }
  }

  /// What `lint` reports for `file`: the checker's diagnostics, the failing inline examples unless
  /// `examples` is false, and the analysis' findings unless `analyse` is false; `recordingCells`
  /// keeps the analysis' cells for a decision map (`Analyzer.analyze(_:recordingCells:cache:)`),
  /// and `cache` hands the analysis what the one before it found (`AnalysisCache`).
  package init(
    checking file: SourceFile, analyse: Bool, examples: Bool, recordingCells: Bool = false,
    cache: AnalysisCache? = nil
  ) {
    let output = RuleCompiler.compile(file)
    var analysis: Analysis?
    var failing: [Diagnostic] = []
    if let rules = output.rules {
      if analyse { analysis = Analyzer.analyze(rules, recordingCells: recordingCells, cache: cache) }
      if examples { failing = ExampleRunner.diagnostics(rules) }
    }
    self.init(file: file, output: output, analysis: analysis, examples: failing)
  }

  package var diagnostics: [Diagnostic] { entries.map { $0.diagnostic } }

  func count(_ severity: Diagnostic.Severity) -> Int {
    entries.filter { $0.diagnostic.severity == severity }.count
  }
  var errors: Int { count(.error) }
  var warnings: Int { count(.warning) }
  var infos: Int { count(.info) }

  /// Whether some diagnostic is at least as severe as `level`.
  package func fails(at level: Diagnostic.Severity) -> Bool { entries.contains { $0.diagnostic.severity >= level } }

  var ruleCount: Int? { output.rules?.rules.count }
  /// Rule ids by index (empty when the file does not check).
  var ruleIDs: [String] { output.rules?.rules.map { $0.id } ?? [] }
  var exampleCount: Int? { output.rules?.rules.reduce(0) { $0 + $1.examples.count } }
  var rulesWithoutExample: [String] {
    output.rules?.rules.filter { $0.examples.isEmpty }.map { $0.id } ?? []
  }

  /// Rules without an example named in the summary before the rest are counted.
  static let maxListedRules = 10

  /// `rules/espresso.dialrules: 16 rules, 19 examples; 0 errors, 0 warnings, 8 info`
  package var summary: String {
    var s = "\(file.path): "
    if let ruleCount, let exampleCount {
      s += "\(ruleCount) rule\(ruleCount == 1 ? "" : "s"), \(exampleCount) example\(exampleCount == 1 ? "" : "s")"
      let bare = rulesWithoutExample
      // At most ten ids: the summary is one line, and a generated table may have thousands.
      let shown = bare.prefix(Self.maxListedRules).joined(separator: ", ")
      let more = bare.count > Self.maxListedRules ? " and \(bare.count - Self.maxListedRules) more" : ""
      if !bare.isEmpty { s += " (no example: \(shown)\(more))" }
      s += "; "
    }
    s += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
    if let analysis, !analysis.complete, analysis.notAnalysed.allSatisfy({ $0 == nil }) {
      s += " (analysis incomplete)"
    }
    if let properties = analysis?.properties, !properties.isEmpty {
      let proved = properties.filter { $0.status == .proved }.count
      s += "; \(properties.count) propert\(properties.count == 1 ? "y" : "ies"), \(proved) proved"
    }
    return s
  }
}
