/// Renders an `Explanation` as plain text for people: the decision, the rules that decided it with
/// their rationale and place, a before/after preview, then every other rule and why it did not
/// take part. Output is deterministic so it can serve as a golden file.
package struct ExplanationTextRenderer: Sendable {
  /// The rule file, to turn spans into `path:line:col`.
  package var rulesFile: SourceFile
  /// How rule places name the file: its path as given (`explain`), or its file name alone
  /// (goldens, see `forGoldens`).
  package var shownPath: String

  package init(rulesFile: SourceFile) {
    self.rulesFile = rulesFile
    self.shownPath = rulesFile.path
  }

  /// The renderer for `.explain` goldens (`dialrules test`, the fixture corpus): rule places name
  /// the rule file by its file name alone (`espresso.dialrules:28:6`), so a golden does not depend
  /// on how the path was typed (relative or absolute), on the working directory, or on where the
  /// folder holding the rules lives (`docs/testing-rules.md` §3).
  package static func forGoldens(rulesFile: SourceFile) -> ExplanationTextRenderer {
    var renderer = ExplanationTextRenderer(rulesFile: rulesFile)
    renderer.shownPath = rulesFile.path.split(separator: "/").last.map(String.init) ?? rulesFile.path
    return renderer
  }

  package func render(_ e: Explanation) -> String {
    var out = ""
    let d = e.decision
    if let id = d.id { out += "shot: \(line(id))\n" }
    switch d.outcome {
    case .adjust: out += "decision: adjust — \(line(d.text))\n"
    case .noChange: out += "decision: no change — \(line(d.text))\n"
    case .insufficientEvidence(let reason):
      out += "decision: insufficient evidence (\(reason.rawValue)) — \(line(d.text))\n"
    }
    if !d.missing.isEmpty { out += "missing: \(d.missing.joined(separator: ", "))\n" }
    if e.decidedByOtherwise { out += "decided by: the ruleset's 'otherwise' (no rule matched)\n" }

    let deciding = e.rules.filter(\.decided)
    if !deciding.isEmpty {
      out += d.outcome == .insufficientEvidence(.incomplete) ? "undecided rules:\n" : "decided by:\n"
      for r in deciding {
        out += "  \(r.id) (\(location(r.span))): \(r.action.ruleText)\n"
        if !r.because.isEmpty { out += "    because: \(line(r.because))\n" }
        if r.status == .inDoubt { out += "    \(statusText(r))\n" }
        if r.status != .matched, let blocking = r.firstBlocking {
          traceLines(blocking, indent: "    ", into: &out)
        }
      }
    }
    if let preview = e.preview {
      out += "preview:\n"
      for c in preview.changes {
        out += "  \(c.field): \(line(c.before)) -> \(line(c.after))"
        if let note = c.note { out += " (\(line(note)))" }
        out += "\n"
      }
    }
    let others = e.rules.filter { !$0.decided }
    if !others.isEmpty {
      out += "other rules:\n"
      for r in others {
        out += "  \(r.id): \(statusText(r))\n"
        if r.status == .notMatched || r.status == .unknown, let blocking = r.firstBlocking {
          traceLines(blocking, indent: "    ", into: &out)
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

  /// Appends the blocking condition, then the parts inside that made it so, down to the values
  /// read (into one string: a trace is a dozen lines, and `test` renders thousands).
  func traceLines(_ t: ConditionTrace, indent: String, into out: inout String) {
    out += indent
    out += t.text
    out += " is "
    out += t.truth.word
    for (i, value) in t.values.enumerated() {
      out += i == 0 ? ": " : ", "
      out += value
    }
    out += "\n"
    for inner in Self.explainingParts(of: t) { traceLines(inner, indent: indent + "  ", into: &out) }
  }

  /// The parts of `t` that explain its truth. One part decides a true `or` and a false `and`: the
  /// first with that truth. Otherwise every part with that truth counts — each part of a false
  /// `or` (all are false), each unknown part of an unknown `or` or `and`, each part of a true `and`.
  static func explainingParts(of t: ConditionTrace) -> [ConditionTrace] {
    if t.inner.count == 1 { return t.inner }
    let same = t.inner.filter { $0.truth == t.truth }
    let oneSuffices = t.alternatives ? t.truth == .yes : t.truth == .no
    return oneSuffices ? Array(same.prefix(1)) : same
  }

  /// Free text from the rules or the shot (a reason, a rationale, an id) on one line of output.
  func line(_ text: String) -> String { RuleFileStrings.oneLine(text) }

  func location(_ span: SourceSpan) -> String {
    let p = rulesFile.position(of: span.start)
    return "\(shownPath):\(p.line):\(p.column)"
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
