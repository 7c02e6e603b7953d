/// Renders an `Explanation` as plain text for people: the decision, the rules that decided it with
/// their rationale and place, a before/after preview, then every other rule and why it did not
/// take part. Output is deterministic so it can serve as a golden file.
package struct ExplanationTextRenderer: Sendable {
  /// The rule file, to turn spans into `path:line:col`.
  package var rulesFile: SourceFile

  package init(rulesFile: SourceFile) {
    self.rulesFile = rulesFile
  }

  package func render(_ e: Explanation) -> String {
    var out = ""
    let d = e.decision
    if let id = d.id { out += "shot: \(id)\n" }
    switch d.outcome {
    case .adjust: out += "decision: adjust — \(d.text)\n"
    case .noChange: out += "decision: no change — \(d.text)\n"
    case .insufficientEvidence(let reason):
      out += "decision: insufficient evidence (\(reason.rawValue)) — \(d.text)\n"
    }
    if !d.missing.isEmpty { out += "missing: \(d.missing.joined(separator: ", "))\n" }
    if e.decidedByOtherwise { out += "decided by: the ruleset's 'otherwise' (no rule matched)\n" }

    let deciding = e.rules.filter(\.decided)
    if !deciding.isEmpty {
      out += d.outcome == .insufficientEvidence(.incomplete) ? "undecided rules:\n" : "decided by:\n"
      for r in deciding {
        out += "  \(r.id) (\(location(r.span))): \(r.action.ruleText)\n"
        if !r.because.isEmpty { out += "    because: \(r.because)\n" }
        if r.status == .inDoubt { out += "    \(statusText(r))\n" }
        if r.status != .matched, let blocking = r.firstBlocking {
          out += traceLines(blocking, indent: "    ")
        }
      }
    }
    if let preview = e.preview {
      out += "preview:\n"
      for c in preview.changes {
        out += "  \(c.field): \(c.before) -> \(c.after)"
        if let note = c.note { out += " (\(note))" }
        out += "\n"
      }
    }
    let others = e.rules.filter { !$0.decided }
    if !others.isEmpty {
      out += "other rules:\n"
      for r in others {
        out += "  \(r.id): \(statusText(r))\n"
        if r.status == .notMatched || r.status == .unknown, let blocking = r.firstBlocking {
          out += traceLines(blocking, indent: "    ")
        }
      }
    }
    return out
  }

  func statusText(_ r: RuleExplanation) -> String {
    switch r.status {
    case .matched: "matched (\(r.action.ruleText)) but did not decide"
    case .notMatched: "not matched"
    case .unknown: "unknown"
    case .overridden: "overridden by \(r.overriders.joined(separator: ", "))"
    case .inDoubt: "in doubt: overriding rule \(r.overriders.joined(separator: ", ")) is unknown"
    }
  }

  /// The blocking condition, then (for a named condition) the part inside that made it so, down to
  /// the values read.
  func traceLines(_ t: ConditionTrace, indent: String) -> String {
    var out = "\(indent)\(t.text) is \(t.truth.word)"
    if !t.values.isEmpty { out += ": " + t.values.joined(separator: ", ") }
    out += "\n"
    let inner = t.inner.count == 1 ? t.inner.first : t.inner.first { $0.truth == t.truth }
    if let inner {
      out += traceLines(inner, indent: indent + "  ")
    }
    return out
  }

  func location(_ span: SourceSpan) -> String {
    let p = rulesFile.position(of: span.start)
    return "\(rulesFile.path):\(p.line):\(p.column)"
  }
}

extension Explanation {
  /// The explanation as plain text for people, what `dialrules explain` prints: the decision, the
  /// rules that decided it with their rationale and place (`path:line:col`), a before/after
  /// preview, then every other rule and why it did not take part. `rulesFile` is the rule set's
  /// `source`, which turns rule places into lines and columns.
  public func text(rulesFile: SourceFile) -> String {
    ExplanationTextRenderer(rulesFile: rulesFile).render(self)
  }
}
