import DialRules

/// `textDocument/publishDiagnostics`: DialRules' own diagnostics — lexer, parser, checker, and the
/// table analysis — as LSP diagnostics.
///
/// A note with a place (the other rule of a conflict, the first definition of a duplicate)
/// becomes `relatedInformation`; notes without one (an analysis finding's region, witness and
/// decision) and the `help` line are added to the message, as `lint` prints them.
enum DiagnosticsFeature {
  /// The notification for one document: the front end's diagnostics plus `findings`.
  static func publish(_ context: FeatureContext, findings: [AnalysisFinding]) -> JSONValue {
    let all = context.model.diagnostics + findings.map(\.diagnostic)
    return OutgoingMessage.notification(
      "textDocument/publishDiagnostics",
      [
        "uri": .string(context.uri), "version": .int(context.model.version),
        "diagnostics": .array(all.map { diagnostic($0, context) }),
      ])
  }

  /// One diagnostic.
  static func diagnostic(_ d: Diagnostic, _ context: FeatureContext) -> JSONValue {
    var message = d.message
    var related: [JSONValue] = []
    for note in d.notes {
      if let span = note.span {
        if context.capabilities.relatedInformation {
          related.append(["location": context.location(span), "message": .string(note.message)])
        } else {
          let p = context.source.position(of: span.start)
          message += "\nnote (\(p.line):\(p.column)): \(note.message)"
        }
      } else {
        message += "\nnote: \(note.message)"
      }
    }
    if let help = d.help { message += "\nhelp: \(help)" }
    var out: JSONValue = [
      "range": context.range(d.span),
      "severity": .int(severity(d.severity)),
      "source": "dialrules",
      "message": .string(message),
    ]
    if !d.code.isEmpty { out["code"] = .string(d.code) }
    if !related.isEmpty { out["relatedInformation"] = .array(related) }
    // An unused `let` is shown faded, as editors show unused code.
    if d.code == "C017" { out["tags"] = [1] }
    return out
  }

  /// LSP's `DiagnosticSeverity`: 1 error, 2 warning, 3 information.
  static func severity(_ s: Diagnostic.Severity) -> Int {
    switch s {
    case .error: 1
    case .warning: 2
    case .info: 3
    }
  }
}
