import DialRules

/// `textDocument/codeAction`: quick fixes for the diagnostics in the requested range.
///
/// - every fix-it a diagnostic carries — the checker's "did you mean" suggestions — as a quick fix
///   that replaces the misspelt word (preferred, so editors can apply it with one key);
/// - for a rule without `because` (C007), one that adds the clause after the action;
/// - for an analysis finding about a rule, one that adds its witness shot to that rule as an
///   `example` expecting the decision the table gives it, offered only after checking that the
///   edited file still checks and the new example passes.
enum CodeActionFeature {
  static func actions(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    let range = context.source.span(of: try params["range"].range(), encoding: context.encoding)
    func touches(_ span: SourceSpan) -> Bool { span.start <= range.end && range.start <= span.end }
    var actions: [JSONValue] = []
    for d in context.model.diagnostics where touches(d.span) {
      for fix in d.fixIts {
        actions.append(
          action(
            fix.message, diagnostic: d, preferred: true,
            edit: context.workspaceEdit(fix.edits.map { context.edit($0.span, $0.replacement) }), context))
      }
      if d.code == "C007", d.message.contains("'because'"), let edit = addBecause(d, context) {
        actions.append(action("Add a 'because' clause", diagnostic: d, preferred: false, edit: edit, context))
      }
    }
    // One action per witness: a conflict is reported at each rule it involves, and those findings
    // carry the same witness, so the same edit was offered twice under the same title.
    var offered = Set<String>()
    for finding in context.analysis?.findings ?? [] where touches(finding.base.span) {
      if let edit = witnessExample(finding, context), offered.insert(edit.title).inserted {
        actions.append(
          action(edit.title, diagnostic: finding.diagnostic, preferred: false, edit: edit.workspaceEdit, context))
      }
    }
    return .array(actions)
  }

  static func action(
    _ title: String, diagnostic: Diagnostic, preferred: Bool, edit: JSONValue, _ context: FeatureContext
  ) -> JSONValue {
    [
      "title": .string(title), "kind": "quickfix", "isPreferred": .bool(preferred),
      "diagnostics": [DiagnosticsFeature.diagnostic(diagnostic, context)], "edit": edit,
    ]
  }

  /// `because "…"` on its own line after the rule's `then` clause (or its id, without one).
  static func addBecause(_ d: Diagnostic, _ context: FeatureContext) -> JSONValue? {
    guard let rule = context.model.index.rules.values.first(where: { $0.id.span == d.span }) else { return nil }
    var at = rule.id.span.end
    for case .then(_, let location) in rule.clauses { at = location.span.end }
    return context.workspaceEdit([context.edit(.at(at), "\n  because \"Say why this rule makes sense.\"")])
  }

  /// The finding's witness as an example of the first rule it names, checked before it is offered.
  static func witnessExample(_ finding: AnalysisFinding, _ context: FeatureContext) -> (
    title: String, workspaceEdit: JSONValue
  )? {
    guard let witness = finding.witness, let decision = finding.witnessDecision, let first = finding.rules.first,
      let rules = context.model.compiled, first < rules.rules.count
    else { return nil }
    let rule = rules.rules[first]
    let label = witness.id ?? finding.witnessStem
    let text = WitnessExample.text(label: label, shot: witness, expect: decision.outcome)
    var bytes = context.source.bytes
    bytes.insert(contentsOf: Array(text.utf8), at: rule.span.end)
    // The edited file must check, and the new example must pass: a witness that an example cannot
    // express exactly is not offered.
    guard let edited = RuleCompiler.compile(SourceFile(path: context.source.path, bytes: bytes)).rules,
      let index = edited.index(of: rule.id),
      ExampleRunner.run(edited).contains(where: { $0.ruleID == rule.id && $0.example.name == label && $0.passed }),
      edited.rules[index].examples.count == rule.examples.count + 1
    else { return nil }
    // The title names the witness, so actions for different regions of one finding differ.
    let title = "Add the witness \(label) of \(finding.code) as an example of '\(rule.id)'"
    return (title, context.workspaceEdit([context.edit(.at(rule.span.end), text)]))
  }
}
