import DialRules

/// What the browser playground (`docs/playground/`) asks of the engine, text in, text out: each
/// function prints what the matching `dialrules` command prints, through the same code
/// (`LintJSON`, `ExplanationTextRenderer`, `ShotLinesEvaluation`), so the page and the command
/// line never disagree. `WasmExports.swift` hands these to JavaScript when the module is built
/// with Embedded Swift for WebAssembly; natively they are what the playground's tests compare
/// with the command line.
///
/// The texts have no file behind them; each gets the name a file would have (`rules.dialrules`,
/// `shot.json`, `shots.jsonl`), which lint's JSON shows as `path`.
package enum Playground {
  /// The name the rules are shown under.
  package static let rulesPath = "rules.dialrules"
  /// The name a shot is shown under.
  package static let shotPath = "shot.json"
  /// The name a JSON Lines text of shots is shown under.
  package static let shotsPath = "shots.jsonl"

  /// `dialrules lint --format json --no-analysis RULES`: the lexer's, parser's and checker's
  /// diagnostics and the failing inline examples, without the (slower) analysis. For every
  /// keystroke.
  package static func check(_ rules: String, path: String = rulesPath) -> String {
    LintJSON.render([LintReport(checking: SourceFile(path: path, text: rules), analyse: false, examples: true)])
  }

  /// `{"lint": …, "map": …}`: `lint` is what `dialrules lint --format json RULES` prints (every
  /// diagnostic, the analysis' findings included, and the analysis summary); `map` is the
  /// decision map of the table (`DecisionMap.jsonValue`), or null when the rules do not check.
  package static func analyse(_ rules: String, path: String = rulesPath) -> String {
    let report = LintReport(checking: SourceFile(path: path, text: rules), analyse: true, examples: true)
    var lint = LintJSON.render([report])
    if lint.hasSuffix("\n") { lint.removeLast() }
    var w = JSONWriter(reservingCapacity: 1 << 16)
    w.beginObject()
    w.key("lint")
    w.raw(lint)
    w.key("map")
    if let table = report.output.rules {
      w.value(DecisionMap(tables: [table]).jsonValue(tables: [table]))
    } else {
      w.null()
    }
    w.endObject()
    return w.text
  }

  /// `{"decision": …, "text": …, "diagnostics": […]}` for one shot: `decision` is the decision JSON
  /// (as `dialrules eval` prints it for the shot), `text` what `dialrules explain --lang LANG RULES
  /// SHOT` prints. When the rules do not check, the shot is not valid shot JSON or `language` is
  /// not a language code, both are null and `diagnostics` says why (each as in lint's JSON, or
  /// just a `message`).
  package static func explain(
    _ rules: String, shot: String, language: String, rulesPath: String = rulesPath, shotPath: String = shotPath
  ) -> String {
    var diagnostics: [JSONValue] = []
    var decision: String?
    var text: String?
    let rulesFile = SourceFile(path: rulesPath, text: rules)
    let shotFile = SourceFile(path: shotPath, text: shot)
    let output = RuleCompiler.compile(rulesFile)
    let chosen = RuleLanguage.allCases.first { $0.code == language }
    if chosen == nil {
      let codes = RuleLanguage.allCases.map { "'\($0.code)'" }.joined(separator: ", ")
      diagnostics.append(.object([.init("message", .string("unknown language '\(language)': use one of \(codes)"))]))
    }
    if output.rules == nil {
      for d in output.diagnostics { diagnostics.append(DiagnosticJSON.value(d, in: rulesFile)) }
      diagnostics.append(
        .object([.init("message", .string("\(rulesPath): error: the rules do not check; see their diagnostics"))]))
    }
    switch ShotJSONReader.read(shotFile) {
    case .success(let record):
      if let rules = output.rules, let language = chosen {
        let explanation = Evaluator(rules).explain(record)
        decision = explanation.decision.jsonText
        text = ExplanationTextRenderer(rulesFile: rulesFile, language: language).render(explanation)
      }
    case .failure(let list):
      for d in list { diagnostics.append(DiagnosticJSON.value(d, in: shotFile)) }
    }
    var w = JSONWriter(reservingCapacity: 4096)
    w.beginObject()
    w.key("decision")
    if let decision { w.raw(decision) } else { w.null() }
    w.key("text")
    w.string(orNull: text)
    w.key("diagnostics")
    w.value(.array(diagnostics))
    w.endObject()
    return w.text
  }

  /// What `dialrules eval RULES SHOTS` prints on standard output: one decision JSON per non-blank
  /// line of `shots`, an error record for a line that is not a valid shot; nothing when the rules
  /// do not check (the command prints their errors on standard error and stops).
  package static func evaluate(_ rules: String, shots: String, rulesPath: String = rulesPath) -> String {
    guard let table = RuleCompiler.compile(SourceFile(path: rulesPath, text: rules)).rules else { return "" }
    var w = JSONWriter(reservingCapacity: 1 << 12)
    _ = ShotLinesEvaluation.write(table, shots: SourceFile(path: shotsPath, text: shots), to: &w)
    return w.text
  }

  /// The shipped default table (`rules/espresso.dialrules`), as text.
  package static func defaultRules() -> String { DefaultRules.source }
}
