/// Building explanations: the same evaluation as `decide`, plus a trace of every rule's condition.
///
/// Everything in a trace that does not depend on the shot — a condition's words (`dt < -3 s`,
/// `not bitter`), its place, its parts, each rule's id and action — is built once per table
/// (`ExplainTemplates`, on the first explanation). Per shot, the tracer reads the plan's buffers
/// directly (no copy of the evaluation) and fills in truths and values; the trace of an atom or a
/// named condition is built once per shot and shared (copy on write) by every rule that reads it,
/// and each node's value line is written once into a reused byte buffer. Measured: allocation,
/// reference counting and string building were four fifths of an explanation.
extension Evaluator {
  /// The decision for `shot` with the reasons for it.
  package func explain(_ shot: ShotRecord) -> Explanation {
    let templates = plan.explainTemplates.value { ExplainTemplates(rules) }
    return plan.run(shot, eager: true) { b in
      let decision = plan.combine(shot: shot, b)
      var tracer = ConditionTracer(program: rules.program, templates: templates, buffers: b, shot: shot)
      var out: [RuleExplanation] = []
      out.reserveCapacity(templates.rules.count)
      for i in templates.rules.indices {
        // Fields through the array, not a copy of each rule.
        let parts = templates.rules[i].parts
        var traces: [ConditionTrace] = []
        traces.reserveCapacity(parts.count)
        for part in parts { traces.append(tracer.trace(part)) }
        let truth = b.truths[i]
        let status = b.statuses[i]
        var blocking: ConditionTrace?
        if truth != .yes {
          blocking = traces.first { $0.truth == truth } ?? traces.first { $0.truth != .yes }
        }
        // Overriders that were true (overridden) or unknown (in doubt).
        var overriders: [String] = []
        if status == .overridden || status == .inDoubt {
          let wanted: Truth = status == .overridden ? .yes : .unknown
          for o in templates.rules[i].overriddenBy where b.truths[o] == wanted {
            overriders.append(templates.rules[o].id)
          }
        }
        let id = templates.rules[i].id
        out.append(
          RuleExplanation(
            id: id, span: templates.rules[i].span, status: status, truth: truth, action: templates.rules[i].action,
            because: templates.rules[i].because, decided: decision.decidedBy.contains(id), conditions: traces,
            firstBlocking: blocking, overriders: overriders,
            becauseTranslations: templates.rules[i].becauseTranslations,
            reasonTranslations: templates.rules[i].reasonTranslations))
      }
      var preview: RecipePreview?
      if case .adjust(let adjustment) = decision.outcome {
        preview = RecipePreview.compute(adjustment, shot: shot)
      }
      let byOtherwise = decision.decidedBy.isEmpty && decision.outcome != .insufficientEvidence(.incomplete)
      return Explanation(
        decision: decision, rules: out, preview: preview, rulesPath: rules.path, decidedByOtherwise: byOtherwise,
        texts: templates.texts)
    }
  }
}

extension Evaluator {
  /// Each rule's top-level conditions (`RuleExplanation.conditions`) in rule-file words with their
  /// places, as every explanation shows them, without a shot: what `test --coverage` lists.
  /// The place is the part's own in the rule's `when` (`CompiledRule.conditionPartSpans`).
  package var conditionParts: [[(text: String, span: SourceSpan)]] {
    let templates = plan.explainTemplates.value { ExplainTemplates(rules) }.rules
    return zip(templates, rules.rules).map { template, rule in
      let spans = rule.conditionPartSpans.count == template.parts.count ? rule.conditionPartSpans : nil
      return template.parts.enumerated().map { k, part in (text: part.text, span: spans?[k] ?? part.span) }
    }
  }
}

/// The shot-independent part of every explanation: for each rule, its id, place, action and
/// top-level parts (the conjuncts of `when a and b and c`) as templates. An atom or a named
/// condition has one template however many rules read it, so a shot traces it once.
struct ExplainTemplates: Sendable {
  /// A condition in rule-file words with its place and parts; `kind` says how its truth is found
  /// per shot (and, for an atom, whose values it shows).
  final class Template: Sendable {
    enum Kind {
      case atom(Int)
      case formula(Int)
      case not
      case and
      case or
      case invalid
    }

    let text: String
    let span: SourceSpan
    let kind: Kind
    let inner: [Template]
    /// Whether `inner` are the alternatives of an `or` (`ConditionTrace.alternatives`).
    let alternatives: Bool
    /// Where a shot keeps this template's trace once built (atoms and named conditions); -1 for
    /// the rest, which are traced where they stand.
    let slot: Int

    init(text: String, span: SourceSpan, kind: Kind, inner: [Template] = [], alternatives: Bool = false, slot: Int = -1)
    {
      self.text = text
      self.span = span
      self.kind = kind
      self.inner = inner
      self.alternatives = alternatives
      self.slot = slot
    }
  }

  /// One rule's shot-independent part of its `RuleExplanation`.
  struct Rule: Sendable {
    var id: String
    var span: SourceSpan
    var action: RuleAction
    var because: String
    var overriddenBy: [Int]
    var parts: [Template]
    var becauseTranslations: [String: String]
    var reasonTranslations: [String: String]
  }

  let rules: [Rule]
  /// Every numeric node in words (`nodeText`).
  let nodeTexts: [String]
  /// How many templates keep a per-shot trace (`Template.slot`).
  let slots: Int
  /// The table's texts and translations, shared by every explanation.
  let texts: TableTexts

  init(_ table: CompiledRules) {
    var words = ConditionWords(program: table.program)
    nodeTexts = table.program.nodes.indices.map { words.nodeText($0) }
    rules = table.rules.map { rule in
      Rule(
        id: rule.id, span: rule.idSpan, action: rule.action, because: rule.because, overriddenBy: rule.overriddenBy,
        parts: rule.conditionParts.map { words.template($0) }, becauseTranslations: rule.becauseTranslations,
        reasonTranslations: rule.reasonTranslations)
    }
    texts = TableTexts(table)
    slots = table.program.atoms.count + table.program.formulas.count
  }
}

/// Conditions and numeric nodes as a reader would write them.
struct ConditionWords {
  let program: ConditionProgram
  /// The one template of each atom and named condition, once made.
  private var shared: [Int: ExplainTemplates.Template] = [:]

  init(program: ConditionProgram) {
    self.program = program
  }

  mutating func template(_ c: Condition) -> ExplainTemplates.Template {
    switch c {
    case .atom(let a):
      if let t = shared[a] { return t }
      let t = ExplainTemplates.Template(text: atomText(a), span: program.atomSpans[a], kind: .atom(a), slot: a)
      shared[a] = t
      return t
    case .formula(let f):
      let slot = program.atoms.count + f
      if let t = shared[slot] { return t }
      let formula = program.formulas[f]
      let parts: [Condition]
      switch formula.condition {
      case .and(let cs), .or(let cs): parts = cs
      default: parts = [formula.condition]
      }
      var alternatives = false
      if case .or = formula.condition { alternatives = true }
      let t = ExplainTemplates.Template(
        text: formula.name, span: formula.span, kind: .formula(f), inner: parts.map { template($0) },
        alternatives: alternatives, slot: slot)
      shared[slot] = t
      return t
    case .not(let inner):
      let t = template(inner)
      return .init(text: "not " + t.text, span: t.span, kind: .not, inner: [t])
    case .and(let cs), .or(let cs):
      let parts = cs.map { template($0) }
      let isOr = if case .or = c { true } else { false }
      return .init(
        text: "(" + parts.map { $0.text }.joined(separator: isOr ? " or " : " and ") + ")",
        span: parts.first?.span ?? .at(0), kind: isOr ? .or : .and, inner: parts, alternatives: isOr)
    case .invalid:
      return .init(text: "<invalid>", span: .at(0), kind: .invalid)
    }
  }
  func atomText(_ a: Int) -> String {
    switch program.atoms[a] {
    case .compare(let op, let l, let r): "\(nodeText(l)) \(op.rawValue) \(nodeText(r))"
    case .between(let v, let lo, let hi): "\(nodeText(v)) between \(nodeText(lo)) and \(nodeText(hi))"
    case .has(let source, let tag, _):
      source.isThisShot ? tag : "\(source.rawValue) has \(tag)"
    case .previousAdjustment(let m): "previous.adjustment is \(m.ruleText)"
    case .known(.value(let n)): "\(nodeText(n)) is known"
    case .known(.tags(let source)): "\(source.rawValue) is known"
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

/// Fills templates in for one shot from the plan's buffers of an eager run: truths, and the values
/// each atom read. An atom's or named condition's trace is built once and then shared.
struct ConditionTracer {
  let program: ConditionProgram
  let nodeTexts: [String]
  let b: PlanBuffers
  let shot: ShotRecord
  /// Per `Template.slot`, the trace once built.
  private var traces: [ConditionTrace?]
  /// Per node, the reading it shows (`dt = -7 s`), once computed (`nodeLineDone`); nil for a node
  /// that shows none.
  private var nodeLines: [ConditionTrace.Reading?]
  private var nodeLineDone: [Bool]
  /// Per node, the readings shown under it (`subtreeValues`), once computed.
  private var subtrees: [[ConditionTrace.Reading]?]
  /// Per tag source (`TagSource.allCases` order), the readings it shows, once computed.
  private var tagValues: [[ConditionTrace.Reading]?] = [nil, nil, nil, nil]
  /// The walk of `nodeValues`: nodes to visit, and the walk that last saw each node.
  private var pending: [Int] = []
  private var seenBy: [Int32]
  private var walk: Int32 = 0

  init(program: ConditionProgram, templates: ExplainTemplates, buffers: PlanBuffers, shot: ShotRecord) {
    self.program = program
    self.nodeTexts = templates.nodeTexts
    self.b = buffers
    self.shot = shot
    traces = Array(repeating: nil, count: templates.slots)
    nodeLines = Array(repeating: nil, count: program.nodes.count)
    nodeLineDone = Array(repeating: false, count: program.nodes.count)
    subtrees = Array(repeating: nil, count: program.nodes.count)
    seenBy = Array(repeating: 0, count: program.nodes.count)
  }

  mutating func trace(_ t: ExplainTemplates.Template) -> ConditionTrace {
    if t.slot >= 0, let known = traces[t.slot] { return known }
    var inner: [ConditionTrace] = []
    if !t.inner.isEmpty {
      inner.reserveCapacity(t.inner.count)
      for part in t.inner { inner.append(trace(part)) }
    }
    let truth: Truth
    var shown: [ConditionTrace.Reading] = []
    switch t.kind {
    case .atom(let a):
      truth = b.atoms[a] ?? .unknown
      shown = values(of: a)
    case .formula(let f): truth = b.formulas[f] ?? .unknown
    case .not: truth = inner[0].truth.negated
    case .and: truth = inner.reduce(Truth.yes) { $0 && $1.truth }
    case .or: truth = inner.reduce(Truth.no) { $0 || $1.truth }
    case .invalid: truth = .unknown
    }
    var filled = ConditionTrace(text: t.text, truth: truth, span: t.span, readings: shown, inner: inner)
    filled.alternatives = t.alternatives
    if t.slot >= 0 { traces[t.slot] = filled }
    return filled
  }

  /// The values an atom read, named nodes first (`dt = -7 s`), then the fields under them.
  mutating func values(of a: Int) -> [ConditionTrace.Reading] {
    switch program.atoms[a] {
    case .compare(_, let l, let r): return rootValues(l, r)
    case .between(let v, let lo, let hi): return rootValues(v, lo, hi)
    case .has(let source, _, _): return tagValues(source)
    case .previousAdjustment:
      return [.init(name: "previous.adjustment", value: .adjustment(shot.previous?.adjustment))]
    case .known(.value(let n)): return subtreeValues(n)
    case .known(.tags(let source)): return tagValues(source)
    }
  }

  /// `shot.taste = [sour, bitter]`, or why the set is unknown.
  private mutating func tagValues(_ source: TagSource) -> [ConditionTrace.Reading] {
    let k: Int
    switch source {
    case .shotTaste: k = 0
    case .shotFlow: k = 1
    case .previousShotTaste: k = 2
    case .previousShotFlow: k = 3
    }
    if let known = tagValues[k] { return known }
    let line: ConditionTrace.Reading
    if let members = source.members(in: shot) {
      line = .init(name: source.rawValue, value: .tags(members))
    } else {
      line = .init(name: source.rawValue, value: .absent(field: source.path?.rawValue ?? source.rawValue))
    }
    let values = [line]
    tagValues[k] = values
    return values
  }

  /// The values shown under `roots`: when at most one root shows any (a node compared with a
  /// constant: `dt < -3 s`, `dt > 3 s` and `dt between …` all show `dt`'s), that root's list,
  /// built once per node and shared; otherwise one walk over all of them.
  private mutating func rootValues(_ first: Int, _ second: Int, _ third: Int? = nil) -> [ConditionTrace.Reading] {
    let x = subtreeValues(first)
    let y = subtreeValues(second)
    let z = third.map { subtreeValues($0) } ?? []
    switch (x.isEmpty, y.isEmpty, z.isEmpty) {
    case (_, true, true): return x
    case (true, false, true): return y
    case (true, true, false): return z
    default: return nodeValues(first, second, third)
    }
  }

  /// The values shown under node `n` alone, once per node.
  private mutating func subtreeValues(_ n: Int) -> [ConditionTrace.Reading] {
    if let known = subtrees[n] { return known }
    let values = nodeValues(n)
    subtrees[n] = values
    return values
  }

  mutating func nodeValues(_ first: Int, _ second: Int? = nil, _ third: Int? = nil) -> [ConditionTrace.Reading] {
    var out: [ConditionTrace.Reading] = []
    walk += 1
    pending.removeAll(keepingCapacity: true)
    if let third { pending.append(third) }
    if let second { pending.append(second) }
    pending.append(first)
    // Depth first, left to right, each node once (as a recursive walk would visit them).
    while let n = pending.popLast() {
      guard seenBy[n] != walk else { continue }
      seenBy[n] = walk
      if let line = nodeLine(n) {
        if out.isEmpty { out.reserveCapacity(4) }
        out.append(line)
      }
      switch program.nodes[n] {
      case .constant, .field: break
      case .negate(let x): pending.append(x)
      case .arithmetic(_, let x, let y):
        pending.append(y)
        pending.append(x)
      }
    }
    return out
  }

  /// What node `n` shows: a field's value or why it is unknown, an arithmetic node's value or why
  /// it has none; nil for constants, negations and values that are merely unknown.
  private mutating func nodeLine(_ n: Int) -> ConditionTrace.Reading? {
    if nodeLineDone[n] { return nodeLines[n] }
    let value: ExactNumber? = b.nodeState[n] != 0 ? b.values[n] : nil
    var line: ConditionTrace.Reading?
    switch program.nodes[n] {
    case .constant, .negate: break
    case .field(let f):
      if let value {
        line = .init(name: f.rawValue, value: .amount(Amount(value, QuantityUnit(program.dimensions[n]))))
      } else {
        line = .init(name: f.rawValue, value: .absent(field: f.path.rawValue))
      }
    case .arithmetic(_, let x, let y):
      let text = nodeTexts[n]
      if let value {
        line = .init(name: text, value: .amount(Amount(value, QuantityUnit(program.dimensions[n]))))
      } else if b.nodeState[n] == 2 {
        line = .init(name: text, value: .outOfRange)
      } else if program.dimensions[n] == .none && b.nodeState[x] != 0 && b.values[x] != nil
        && b.nodeState[y] != 0 && b.values[y] != nil
      {
        line = .init(name: text, value: .divisionByZero)
      }
    }
    nodeLines[n] = line
    nodeLineDone[n] = true
    return line
  }
}
