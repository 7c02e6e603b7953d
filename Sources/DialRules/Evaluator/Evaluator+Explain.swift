/// Building explanations: the same evaluation as `decide`, plus a trace of every rule's condition.
///
/// Everything in a trace that does not depend on the shot — a condition's words (`dt < -3 s`,
/// `not bitter`), its place, its parts — is built once per table (`ExplainTemplates`, on the first
/// explanation); per shot only truths and the values each atom saw are filled in, each atom's
/// values at most once however many rules read it.
extension Evaluator {
  /// The decision for `shot` with the reasons for it.
  package func explain(_ shot: ShotRecord) -> Explanation {
    let evaluation = evaluate(shot)
    let templates = plan.explainTemplates.value { ExplainTemplates(rules) }
    var tracer = ConditionTracer(
      program: rules.program, nodeTexts: templates.nodeTexts, state: evaluation.state, shot: shot)
    let decidedBy = evaluation.decision.decidedBy
    var out: [RuleExplanation] = []
    out.reserveCapacity(rules.rules.count)
    for rule in rules.rules {
      let i = rule.index
      let traces = templates.rules[i].map { tracer.trace($0) }
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
          decided: decidedBy.contains(rule.id), conditions: traces, firstBlocking: blocking, overriders: overriders))
    }
    var preview: RecipePreview?
    if case .adjust(let adjustment) = evaluation.decision.outcome {
      preview = RecipePreview.compute(adjustment, shot: shot)
    }
    let byOtherwise =
      evaluation.decision.decidedBy.isEmpty && evaluation.decision.outcome != .insufficientEvidence(.incomplete)
    return Explanation(
      decision: evaluation.decision, rules: out, preview: preview, rulesPath: rules.path,
      decidedByOtherwise: byOtherwise)
  }
}

/// The shot-independent part of every rule's trace: for each rule, its top-level parts (the
/// conjuncts of `when a and b and c`) as templates.
struct ExplainTemplates: Sendable {
  /// A condition in rule-file words with its place and parts; `condition` gives its truth per shot,
  /// `atom` says whose values it shows.
  final class Template: Sendable {
    let text: String
    let span: SourceSpan
    let condition: Condition
    let atom: Int?
    let inner: [Template]
    /// Whether `inner` are the alternatives of an `or` (`ConditionTrace.alternatives`).
    let alternatives: Bool

    init(
      text: String, span: SourceSpan, condition: Condition, atom: Int? = nil, inner: [Template] = [],
      alternatives: Bool = false
    ) {
      self.text = text
      self.span = span
      self.condition = condition
      self.atom = atom
      self.inner = inner
      self.alternatives = alternatives
    }
  }

  let rules: [[Template]]
  /// Every numeric node in words (`nodeText`).
  let nodeTexts: [String]

  init(_ table: CompiledRules) {
    let words = ConditionWords(program: table.program)
    nodeTexts = table.program.nodes.indices.map { words.nodeText($0) }
    rules = table.rules.map { rule in
      let parts: [Condition]
      if case .and(let cs) = rule.condition { parts = cs } else { parts = [rule.condition] }
      return parts.map(words.template)
    }
  }
}

/// Conditions and numeric nodes as a reader would write them.
struct ConditionWords {
  let program: ConditionProgram

  func template(_ c: Condition) -> ExplainTemplates.Template {
    switch c {
    case .atom(let a):
      return .init(text: atomText(a), span: program.atomSpans[a], condition: c, atom: a)
    case .formula(let f):
      let formula = program.formulas[f]
      let parts: [Condition]
      switch formula.condition {
      case .and(let cs), .or(let cs): parts = cs
      default: parts = [formula.condition]
      }
      var alternatives = false
      if case .or = formula.condition { alternatives = true }
      return .init(
        text: formula.name, span: formula.span, condition: c, inner: parts.map(template), alternatives: alternatives)
    case .not(let inner):
      let t = template(inner)
      return .init(text: "not " + t.text, span: t.span, condition: c, inner: [t])
    case .and(let cs), .or(let cs):
      let parts = cs.map(template)
      let isOr = if case .or = c { true } else { false }
      return .init(
        text: "(" + parts.map(\.text).joined(separator: isOr ? " or " : " and ") + ")",
        span: parts.first?.span ?? .at(0),
        condition: c, inner: parts, alternatives: isOr)
    case .invalid:
      return .init(text: "<invalid>", span: .at(0), condition: c)
    }
  }

  func atomText(_ a: Int) -> String {
    switch program.atoms[a] {
    case .compare(let op, let l, let r): "\(nodeText(l)) \(op.rawValue) \(nodeText(r))"
    case .between(let v, let lo, let hi): "\(nodeText(v)) between \(nodeText(lo)) and \(nodeText(hi))"
    case .has(let source, let tag, _):
      source.isThisShot ? tag : "\(source.rawValue) has \(tag)"
    case .previousAdjustment(let m): "previous.adjustment is \(m.ruleText)"
    }
  }

  /// A node as a reader would write it: its `let` name if it has one, else its formula.
  func nodeText(_ n: Int, top: Bool = true) -> String {
    if let name = program.nodeNames[n] { return name }
    switch program.nodes[n] {
    case .constant(let c): return Self.quantityText(c, program.dimensions[n])
    case .field(let f): return f.rawValue
    case .negate(let a): return "-" + nodeText(a, top: false)
    case .arithmetic(let op, let a, let b):
      if op == .divide, case .field(let y) = program.nodes[a], case .field(let d) = program.nodes[b],
        y.rawValue.hasSuffix(".yield"), d.rawValue == y.rawValue.dropLast("yield".count) + "dose"
      {
        return y.rawValue.dropLast("yield".count) + "ratio"
      }
      let s = "\(nodeText(a, top: false)) \(op.rawValue) \(nodeText(b, top: false))"
      return top ? s : "(" + s + ")"
    }
  }

  static func quantityText(_ v: ExactNumber, _ d: QuantityDimension) -> String {
    d == .none ? v.decimalText : "\(v.decimalText) \(d.unitWord)"
  }
}

/// Fills templates in for one shot: truths from the evaluation, and the values each atom read,
/// computed once per atom.
struct ConditionTracer {
  let program: ConditionProgram
  let nodeTexts: [String]
  let state: ProgramState
  let shot: ShotRecord
  private var atomValues: [[String]?]
  /// Per node, the line it shows (`dt = -7 s`), once computed; "" for a node that shows none.
  private var nodeLines: [String?]

  init(program: ConditionProgram, nodeTexts: [String], state: ProgramState, shot: ShotRecord) {
    self.program = program
    self.nodeTexts = nodeTexts
    self.state = state
    self.shot = shot
    atomValues = Array(repeating: nil, count: program.atoms.count)
    nodeLines = Array(repeating: nil, count: program.nodes.count)
  }

  mutating func trace(_ t: ExplainTemplates.Template) -> ConditionTrace {
    var shown: [String] = []
    if let a = t.atom {
      if let known = atomValues[a] {
        shown = known
      } else {
        shown = values(of: a)
        atomValues[a] = shown
      }
    }
    var filled = ConditionTrace(
      text: t.text, truth: state.truth(of: t.condition), span: t.span, values: shown, inner: t.inner.map { trace($0) })
    filled.alternatives = t.alternatives
    return filled
  }

  /// The values an atom read, named nodes first (`dt = -7 s`), then the fields under them.
  mutating func values(of a: Int) -> [String] {
    switch program.atoms[a] {
    case .compare(_, let l, let r): return nodeValues([l, r])
    case .between(let v, let lo, let hi): return nodeValues([v, lo, hi])
    case .has(let source, _, _):
      guard let members = source.members(in: shot) else {
        return ["\(source.rawValue) is unknown (\(source.path?.rawValue ?? source.rawValue) absent)"]
      }
      return ["\(source.rawValue) = [\(members.joined(separator: ", "))]"]
    case .previousAdjustment:
      return ["previous.adjustment = \(shot.previous?.adjustment?.ruleText ?? "none")"]
    }
  }

  mutating func nodeValues(_ roots: [Int]) -> [String] {
    var out: [String] = []
    // Nodes already shown; an atom reads a handful, so a list beats a hash set.
    var seen: [Int] = []
    var pending = roots.reversed() as [Int]
    // Depth first, left to right, each node once (as a recursive walk would visit them).
    while let n = pending.popLast() {
      guard !seen.contains(n) else { continue }
      seen.append(n)
      let line = nodeLine(n)
      if !line.isEmpty { out.append(line) }
      switch program.nodes[n] {
      case .constant, .field: break
      case .negate(let x): pending.append(x)
      case .arithmetic(_, let x, let y): pending += [y, x]
      }
    }
    return out
  }

  /// What node `n` shows: a field's value or why it is unknown, an arithmetic node's value or why
  /// it has none; "" for constants, negations and values that are merely unknown.
  private mutating func nodeLine(_ n: Int) -> String {
    if let line = nodeLines[n] { return line }
    var bytes: [UInt8] = []
    func value(_ name: String, _ v: ExactNumber) {
      bytes += name.utf8
      bytes += " = ".utf8
      // `decimalText`, written in place (the same digits for the decimals shots hold).
      if v.denominator == ExactNumber.commonDenominator {
        v.appendDecimal(to: &bytes, maxFractionDigits: ExactNumber.Limits.maxFractionDigits)
      } else {
        bytes += v.decimalText.utf8
      }
      let d = program.dimensions[n]
      if d != .none {
        bytes.append(0x20)
        bytes += d.unitWord.utf8
      }
    }
    switch program.nodes[n] {
    case .constant, .negate: break
    case .field(let f):
      if let v = state.values[n] {
        value(f.rawValue, v)
      } else {
        bytes += "\(f.rawValue) is unknown (\(f.path.rawValue) absent)".utf8
      }
    case .arithmetic(_, let x, let y):
      let text = nodeTexts[n]
      if let v = state.values[n] {
        value(text, v)
      } else if state.overflowed[n] {
        bytes += "\(text) is unknown (arithmetic out of range)".utf8
      } else if program.dimensions[n] == .none && state.values[x] != nil && state.values[y] != nil {
        bytes += "\(text) is unknown (division by zero)".utf8
      }
    }
    let line = String(decoding: bytes, as: UTF8.self)
    nodeLines[n] = line
    return line
  }
}
