import DialRulesTestSupport
import Testing

@testable import DialRules

/// `explain` and its text renderer against plain reference versions kept here (the direct forms
/// they replaced): a trace built by walking each rule's condition from the copied evaluation
/// (`Evaluator.evaluate`, `ProgramState`), and a renderer that builds one `String` with
/// interpolation. The fast forms share traces between rules, read the plan's buffers and write
/// bytes; over generated tables and shots they must give equal explanations and equal text.
@Suite struct ExplanationReferenceTests {
  /// 200 generated tables (`RuleGenerator`: arithmetic, ratios, `between`, tags, patterns,
  /// `not`/`and`/`or`, named conditions, overrides), 16 shots each, with unknowns and bounds.
  @Test func explanationsAndTextEqualTheReferenceOnGeneratedTables() throws {
    var compared = 0
    var traced = 0
    var shared = 0
    for seed in 0..<200 {
      var rng = SeededGenerator(seed: UInt64(1_000 + seed))
      var generator = RuleGenerator(FuzzedBytes((0..<600).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      let text = generator.table().text()
      let rules = try compileValid(text)
      let file = SourceFile(path: "generated/t.dialrules", text: text)
      let evaluator = Evaluator(rules)
      for n in 0..<8 {
        for shot in [generator.shot(id: n), generator.extremeShot(id: n)] {
          let fast = Self.check(evaluator, shot, file, "table:\n\(text)\nshot: \(shot.jsonText)")
          compared += 1
          traced += fast.rules.reduce(0) { $0 + $1.conditions.count }
          shared += Self.namedConditionsSeenTwice(fast)
        }
      }
    }
    // Not vacuous: thousands of explanations with traces, and traces shared between rules.
    #expect(compared == 3_200)
    #expect(traced > 10_000)
    #expect(shared > 100)
  }

  /// The default table over random shots, and over shots whose free text needs escaping (ids
  /// with line breaks, tabs, bidirectional controls, non-ASCII) — the renderer's `oneLine` path.
  @Test func theDefaultTableAndTextThatNeedsEscaping() throws {
    let rules = try compileValid(DefaultRules.source)
    let file = SourceFile(path: "rules/espresso.dialrules", text: DefaultRules.source)
    let evaluator = Evaluator(rules)
    var rng = SeededGenerator(seed: 14)
    let ids = ["a\nb", "tab\there", "café ☕", "\u{202E}rtl", "plain", "", "\u{7F}del"]
    for i in 0..<1_000 {
      var shot = PropertyTests.randomShot(&rng)
      shot.id = i % 3 == 0 ? ids[i % ids.count] : shot.id
      _ = Self.check(evaluator, shot, file, shot.jsonText)
    }
    // Rationales and abstention reasons with characters to escape, in a table of its own.
    let table = rulesText(
      """
      rule odd
        when shot.time > 20 s
        then insufficient "needs a \\"second\\" look\\tnow"
        because "line one\\nline two — é"
      rule other
        when shot.time <= 20 s
        then grind finer
        because "plain"
      """)
    let odd = Evaluator(try compileValid(table))
    let oddFile = SourceFile(path: "odd.dialrules", text: table)
    for seconds in ["25", "15"] {
      let s = shot(time: seconds)
      let e = odd.explain(s)
      #expect(e == ReferenceExplainer(odd).explain(s))
      let expected = ReferenceTextRenderer(rulesFile: oddFile, shownPath: oddFile.path).render(e)
      #expect(ExplanationTextRenderer(rulesFile: oddFile).render(e) == expected)
      #expect(expected.contains("because: line one\\nline two — é") || seconds == "15")
    }
  }

  /// Checks `explain(shot)` against the reference, and its text by both renderers (as a `String`
  /// and appended to bytes already written) against the reference renderer's; returns it.
  static func check(_ evaluator: Evaluator, _ shot: ShotRecord, _ file: SourceFile, _ context: String) -> Explanation {
    let fast = evaluator.explain(shot)
    let reference = ReferenceExplainer(evaluator).explain(shot)
    #expect(fast == reference, "\(context)")
    for renderer in [ExplanationTextRenderer(rulesFile: file), .forGoldens(rulesFile: file)] {
      let expected = ReferenceTextRenderer(rulesFile: file, shownPath: renderer.shownPath).render(reference)
      #expect(renderer.render(fast) == expected, "\(context)")
      var bytes: [UInt8] = Array("prefix".utf8)
      renderer.write(fast, into: &bytes)
      #expect(bytes == Array(("prefix" + expected).utf8))
    }
    return fast
  }

  /// How many named conditions (or atoms) appear in more than one rule's trace: what sharing saves.
  static func namedConditionsSeenTwice(_ e: Explanation) -> Int {
    var seen: [String: Int] = [:]
    for r in e.rules { for c in r.conditions { seen[c.text, default: 0] += 1 } }
    return seen.values.filter { $0 > 1 }.count
  }
}

/// The explanation built directly: each rule's condition walked recursively, truths from the
/// copied evaluation (`ProgramState.truth(of:)`), values by a recursive walk of the nodes.
struct ReferenceExplainer {
  let evaluator: Evaluator
  var program: ConditionProgram { evaluator.rules.program }

  init(_ evaluator: Evaluator) { self.evaluator = evaluator }

  func explain(_ shot: ShotRecord) -> Explanation {
    let evaluation = evaluator.evaluate(shot)
    let rules = evaluator.rules
    let words = ConditionWords(program: program)
    var out: [RuleExplanation] = []
    for rule in rules.rules {
      let i = rule.index
      let parts: [Condition]
      if case .and(let cs) = rule.condition { parts = cs } else { parts = [rule.condition] }
      let traces = parts.map { trace($0, words, evaluation.state, shot) }
      let truth = evaluation.truths[i]
      let blocking = truth == .yes ? nil : traces.first { $0.truth == truth } ?? traces.first { $0.truth != .yes }
      let status = evaluation.statuses[i]
      let overriders = rule.overriddenBy.filter {
        status == .overridden
          ? evaluation.truths[$0] == .yes : (status == .inDoubt && evaluation.truths[$0] == .unknown)
      }.map { rules.rules[$0].id }
      out.append(
        RuleExplanation(
          id: rule.id, span: rule.idSpan, status: status, truth: truth, action: rule.action, because: rule.because,
          decided: evaluation.decision.decidedBy.contains(rule.id), conditions: traces, firstBlocking: blocking,
          overriders: overriders, becauseTranslations: rule.becauseTranslations,
          reasonTranslations: rule.reasonTranslations))
    }
    var preview: RecipePreview?
    if case .adjust(let adjustment) = evaluation.decision.outcome {
      preview = RecipePreview.compute(adjustment, shot: shot)
    }
    let byOtherwise =
      evaluation.decision.decidedBy.isEmpty && evaluation.decision.outcome != .insufficientEvidence(.incomplete)
    return Explanation(
      decision: evaluation.decision, rules: out, preview: preview, rulesPath: rules.path,
      decidedByOtherwise: byOtherwise, texts: TableTexts(rules))
  }

  func trace(_ c: Condition, _ words: ConditionWords, _ state: ProgramState, _ shot: ShotRecord) -> ConditionTrace {
    let text: String
    let span: SourceSpan
    var values: [ConditionTrace.Reading] = []
    var inner: [ConditionTrace] = []
    var alternatives = false
    switch c {
    case .atom(let a):
      text = words.atomText(a)
      span = program.atomSpans[a]
      values = atomValues(a, state, shot)
    case .formula(let f):
      let formula = program.formulas[f]
      text = formula.name
      span = formula.span
      switch formula.condition {
      case .and(let cs): inner = cs.map { trace($0, words, state, shot) }
      case .or(let cs):
        inner = cs.map { trace($0, words, state, shot) }
        alternatives = true
      default: inner = [trace(formula.condition, words, state, shot)]
      }
    case .not(let x):
      let t = trace(x, words, state, shot)
      text = "not " + t.text
      span = t.span
      inner = [t]
    case .and(let cs), .or(let cs):
      inner = cs.map { trace($0, words, state, shot) }
      if case .or = c { alternatives = true }
      text = "(" + inner.map(\.text).joined(separator: alternatives ? " or " : " and ") + ")"
      span = inner.first?.span ?? .at(0)
    case .invalid:
      text = "<invalid>"
      span = .at(0)
    }
    var t = ConditionTrace(text: text, truth: state.truth(of: c), span: span, readings: values, inner: inner)
    t.alternatives = alternatives
    return t
  }

  func atomValues(_ a: Int, _ state: ProgramState, _ shot: ShotRecord) -> [ConditionTrace.Reading] {
    var roots: [Int] = []
    switch program.atoms[a] {
    case .compare(_, let l, let r): roots = [l, r]
    case .between(let v, let lo, let hi): roots = [v, lo, hi]
    case .has(let source, _, _):
      return [tags(source, shot)]
    case .previousAdjustment:
      return [.init(name: "previous.adjustment", value: .adjustment(shot.previous?.adjustment))]
    case .known(.value(let n)): roots = [n]
    case .known(.tags(let source)):
      return [tags(source, shot)]
    }
    var seen = Set<Int>()
    var out: [ConditionTrace.Reading] = []
    func visit(_ n: Int) {
      guard seen.insert(n).inserted else { return }
      if let line = nodeLine(n, state) { out.append(line) }
      switch program.nodes[n] {
      case .constant, .field: break
      case .negate(let x): visit(x)
      case .arithmetic(_, let x, let y):
        visit(x)
        visit(y)
      }
    }
    roots.forEach(visit)
    return out
  }

  func tags(_ source: TagSource, _ shot: ShotRecord) -> ConditionTrace.Reading {
    guard let members = source.members(in: shot) else {
      return .init(name: source.rawValue, value: .absent(field: source.path?.rawValue ?? source.rawValue))
    }
    return .init(name: source.rawValue, value: .tags(members))
  }

  func nodeLine(_ n: Int, _ state: ProgramState) -> ConditionTrace.Reading? {
    let words = ConditionWords(program: program)
    func shown(_ name: String, _ v: ExactNumber) -> ConditionTrace.Reading {
      .init(name: name, value: .amount(Amount(v, QuantityUnit(program.dimensions[n]))))
    }
    switch program.nodes[n] {
    case .constant, .negate: return nil
    case .field(let f):
      return state.values[n].map { shown(f.rawValue, $0) }
        ?? .init(name: f.rawValue, value: .absent(field: f.path.rawValue))
    case .arithmetic(_, let x, let y):
      let text = words.nodeText(n)
      if let v = state.values[n] { return shown(text, v) }
      if state.overflowed[n] { return .init(name: text, value: .outOfRange) }
      if program.dimensions[n] == .none && state.values[x] != nil && state.values[y] != nil {
        return .init(name: text, value: .divisionByZero)
      }
      return nil
    }
  }
}

/// The text renderer as one `String` built by interpolation.
struct ReferenceTextRenderer {
  var rulesFile: SourceFile
  var shownPath: String

  func render(_ e: Explanation) -> String {
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
        if r.status != .matched, let blocking = r.firstBlocking { out += traceLines(blocking, indent: "    ") }
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

  func traceLines(_ t: ConditionTrace, indent: String) -> String {
    let values = t.values.isEmpty ? "" : ": " + t.values.joined(separator: ", ")
    var out = "\(indent)\(t.text) is \(t.truth.word)\(values)\n"
    let parts: [ConditionTrace]
    if t.inner.count == 1 {
      parts = t.inner
    } else {
      let same = t.inner.filter { $0.truth == t.truth }
      parts = (t.alternatives ? t.truth == .yes : t.truth == .no) ? Array(same.prefix(1)) : same
    }
    for inner in parts { out += traceLines(inner, indent: indent + "  ") }
    return out
  }

  func line(_ text: String) -> String { RuleFileStrings.oneLine(text) }

  func location(_ span: SourceSpan) -> String {
    let p = rulesFile.position(of: span.start)
    return "\(shownPath):\(p.line):\(p.column)"
  }
}
