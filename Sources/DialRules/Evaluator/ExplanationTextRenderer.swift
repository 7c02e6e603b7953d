/// Renders an `Explanation` as plain text for people: the decision, the rules that decided it with
/// their rationale and place, a before/after preview, then every other rule and why it did not
/// take part. Output is deterministic so it can serve as a golden file.
package struct ExplanationTextRenderer: Sendable {
  /// The rule file, to turn spans into `path:line:col`.
  var rulesFile: SourceFile
  /// How rule places name the file: its path as given (`explain`), or its file name alone
  /// (goldens, see `forGoldens`).
  var shownPath: String
  /// The language of the words: the library's own (headings, statuses, adjustments, numbers) and
  /// the table's translated texts where it has them; English by default.
  var language: RuleLanguage = .english {
    didSet {
      headings = ExplainHeadings(language)
      wording = Wording(language)
    }
  }
  private var headings = ExplainHeadings(.english)
  private var wording = Wording(.english)

  package init(rulesFile: SourceFile, language: RuleLanguage = .english) {
    self.rulesFile = rulesFile
    self.shownPath = rulesFile.path
    self.language = language
    self.headings = ExplainHeadings(language)
    self.wording = Wording(language)
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
    var out: [UInt8] = []
    write(e, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `render(e)`'s UTF-8 bytes to `out`: one buffer, no `String` per line (`test` renders
  /// ten thousand explanations and compares the bytes with the goldens').
  package func write(_ e: Explanation, into out: inout [UInt8]) {
    out.reserveCapacity(out.count + 2_048)
    let d = e.decision
    if let id = d.id {
      out.append(utf8: headings.shot)
      line(id, into: &out)
      out.append(Self.newline)
    }
    switch d.outcome {
    case .adjust: out.append(utf8: headings.adjust)
    case .noChange: out.append(utf8: headings.noChange)
    case .insufficientEvidence(let reason):
      out.append(utf8: headings.insufficient)
      out.append(utf8: wording.reason(reason))
      out.append(utf8: ") — ")
    }
    line(language == .english ? d.text : e.texts.text(of: d, in: language), into: &out)
    out.append(Self.newline)
    if !d.missing.isEmpty {
      out.append(utf8: headings.missing)
      list(d.missing, into: &out)
      out.append(Self.newline)
    }
    if e.decidedByOtherwise { out.append(utf8: headings.byOtherwise) }

    if e.rules.contains(where: { $0.decided }) {
      out.append(utf8: d.outcome == .insufficientEvidence(.incomplete) ? headings.undecided : headings.decidedBy)
      for r in e.rules where r.decided {
        out.append(utf8: "  ")
        out.append(utf8: r.id)
        out.append(utf8: " (")
        location(r.span, into: &out)
        out.append(utf8: "): ")
        out.append(utf8: actionText(r))
        out.append(Self.newline)
        if !r.because.isEmpty {
          out.append(utf8: headings.because)
          line(r.because(in: language), into: &out)
          out.append(Self.newline)
        }
        if r.status == .inDoubt {
          out.append(utf8: "    ")
          statusText(r, into: &out)
          out.append(Self.newline)
        }
        if r.status != .matched, let blocking = r.firstBlocking { traceLines(blocking, indent: 4, into: &out) }
      }
    }
    if let preview = e.preview {
      out.append(utf8: headings.preview)
      for c in preview.changes {
        out.append(utf8: "  ")
        out.append(utf8: wording.field(c.field))
        out.append(utf8: ": ")
        line(wording.previewValue(c.from), into: &out)
        out.append(utf8: " -> ")
        line(wording.previewValue(c.to), into: &out)
        if let stop = c.stop {
          out.append(utf8: " (")
          line(wording.previewNote(stop), into: &out)
          out.append(utf8: ")")
        }
        out.append(Self.newline)
      }
    }
    if e.rules.contains(where: { !$0.decided }) {
      out.append(utf8: headings.otherRules)
      for r in e.rules where !r.decided {
        out.append(utf8: "  ")
        out.append(utf8: r.id)
        out.append(utf8: ": ")
        statusText(r, into: &out)
        out.append(Self.newline)
        if r.status == .notMatched || r.status == .unknown, let blocking = r.firstBlocking {
          traceLines(blocking, indent: 4, into: &out)
        }
      }
    }
  }

  private static let newline = UInt8(ascii: "\n")

  /// A rule's action as `explain` lists it: as written in the rule file in English, in a few
  /// words of the language otherwise (with an abstention's reason translated).
  func actionText(_ r: RuleExplanation) -> String {
    guard language != .english else { return r.action.ruleText }
    var reason = ""
    if case .insufficient(let english) = r.action { reason = r.reasonTranslations[language.code] ?? english }
    return wording.short(r.action, reason: reason)
  }

  func statusText(_ r: RuleExplanation, into out: inout [UInt8]) {
    switch r.status {
    case .matched:
      out.append(utf8: headings.matched)
      out.append(utf8: actionText(r))
      out.append(utf8: headings.butDidNotDecide)
    case .notMatched: out.append(utf8: headings.notMatched)
    case .unknown: out.append(utf8: headings.unknown)
    case .overridden:
      out.append(utf8: headings.overriddenBy)
      list(r.overriders, into: &out)
    case .inDoubt:
      out.append(utf8: headings.inDoubt)
      list(r.overriders, into: &out)
      out.append(utf8: headings.isUnknown)
    }
  }

  /// `items` joined by ", ".
  private func list(_ items: [String], into out: inout [UInt8]) {
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(utf8: ", ") }
      out.append(utf8: item)
    }
  }

  /// Appends the blocking condition, then the parts inside that made it so, down to the values
  /// read, each line indented by `indent` spaces.
  func traceLines(_ t: ConditionTrace, indent: Int, into out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    out.append(utf8: t.text)
    out.append(utf8: headings.isWord)
    out.append(utf8: wording.truth(t.truth))
    for (i, value) in t.values.enumerated() {
      out.append(utf8: i == 0 ? ": " : ", ")
      out.append(utf8: wording.traceValue(value))
    }
    out.append(Self.newline)
    // The parts that explain its truth. One part decides a true `or` and a false `and`: the
    // first with that truth. Otherwise every part with that truth counts — each part of a false
    // `or` (all are false), each unknown part of an unknown `or` or `and`, each part of a true `and`.
    if t.inner.count == 1 {
      traceLines(t.inner[0], indent: indent + 2, into: &out)
      return
    }
    let oneSuffices = t.alternatives ? t.truth == .yes : t.truth == .no
    for inner in t.inner where inner.truth == t.truth {
      traceLines(inner, indent: indent + 2, into: &out)
      if oneSuffices { break }
    }
  }

  /// Free text from the rules or the shot (a reason, a rationale, an id) on one line of output.
  /// The usual text, printable ASCII only (which `oneLine` returns as it is), is copied at once.
  private func line(_ text: String, into out: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { utf8 in
      guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
      out.append(contentsOf: utf8)
      return true
    }
    if !plain { out.append(utf8: RuleFileStrings.oneLine(text)) }
  }

  /// `path:line:col` of `span`'s start.
  private func location(_ span: SourceSpan, into out: inout [UInt8]) {
    let p = rulesFile.position(of: span.start)
    out.append(utf8: shownPath)
    out.append(UInt8(ascii: ":"))
    ExactNumber(p.line).appendDecimal(to: &out, maxFractionDigits: 0)
    out.append(UInt8(ascii: ":"))
    ExactNumber(p.column).appendDecimal(to: &out, maxFractionDigits: 0)
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

  /// The explanation as plain text in `language`: `text(rulesFile:)` with the library's words in
  /// that language (headings, statuses, adjustments, the decimal comma of German and Spanish)
  /// and the rule table's translated texts where it has them, each falling back to English.
  /// What `dialrules explain --lang` prints; in English the same as `text(rulesFile:)`.
  public func text(rulesFile: SourceFile, language: RuleLanguage) -> String {
    ExplanationTextRenderer(rulesFile: rulesFile, language: language).render(self)
  }

  /// The decision's text in `language` (`decision.text` in English): the same words as
  /// `RuleSet.text(of:in:)` for the table that explained it.
  public func decisionText(in language: RuleLanguage) -> String {
    texts.text(of: decision, in: language)
  }
}
