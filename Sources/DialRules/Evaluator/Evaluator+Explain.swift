/// Building explanations: the same evaluation as `decide`, plus a trace of every rule's condition.
extension Evaluator {
  /// The decision for `shot` with the reasons for it.
  package func explain(_ shot: ShotRecord) -> Explanation {
    let evaluation = evaluate(shot)
    let program = rules.program
    let tracer = ConditionTracer(program: program, state: evaluation.state, shot: shot)
    let decided = Set(evaluation.decision.decidedBy)
    var out: [RuleExplanation] = []
    for rule in rules.rules {
      let i = rule.index
      let parts: [Condition]
      if case .and(let cs) = rule.condition { parts = cs } else { parts = [rule.condition] }
      let traces = parts.map { tracer.trace($0) }
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
          decided: decided.contains(rule.id), conditions: traces, firstBlocking: blocking, overriders: overriders))
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

/// Renders conditions in rule-file words and records the values they saw.
struct ConditionTracer {
  let program: ConditionProgram
  let state: ProgramState
  let shot: ShotRecord

  func trace(_ c: Condition) -> ConditionTrace {
    let truth = state.truth(of: c)
    switch c {
    case .atom(let a):
      return ConditionTrace(
        text: atomText(a), truth: truth, span: program.atomSpans[a], values: atomValues(a), inner: [])
    case .formula(let f):
      let formula = program.formulas[f]
      let parts: [Condition]
      switch formula.condition {
      case .and(let cs), .or(let cs): parts = cs
      default: parts = [formula.condition]
      }
      let inner = parts.map { trace($0) }
      var t = ConditionTrace(text: formula.name, truth: truth, span: formula.span, values: [], inner: inner)
      if case .or = formula.condition { t.alternatives = true }
      return t
    case .not(let inner):
      let t = trace(inner)
      return ConditionTrace(text: "not " + t.text, truth: truth, span: t.span, values: [], inner: [t])
    case .and(let cs), .or(let cs):
      let traces = cs.map { trace($0) }
      let isOr = if case .or = c { true } else { false }
      var t = ConditionTrace(
        text: "(" + traces.map(\.text).joined(separator: isOr ? " or " : " and ") + ")", truth: truth,
        span: traces.first?.span ?? .at(0), values: [], inner: traces)
      t.alternatives = isOr
      return t
    case .invalid:
      return ConditionTrace(text: "<invalid>", truth: .unknown, span: .at(0), values: [], inner: [])
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
    case .constant(let c): return quantityText(c, program.dimensions[n])
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

  func quantityText(_ v: ExactNumber, _ d: QuantityDimension) -> String {
    d == .none ? v.decimalText : "\(v.decimalText) \(d.unitWord)"
  }

  /// The values an atom read, named nodes first (`dt = -7 s`), then the fields under them.
  func atomValues(_ a: Int) -> [String] {
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

  func nodeValues(_ roots: [Int]) -> [String] {
    var out: [String] = []
    var seen = Set<Int>()
    func visit(_ n: Int) {
      guard seen.insert(n).inserted else { return }
      switch program.nodes[n] {
      case .constant: return
      case .field(let f):
        if let v = state.values[n] {
          out.append("\(f.rawValue) = \(quantityText(v, program.dimensions[n]))")
        } else {
          out.append("\(f.rawValue) is unknown (\(f.path.rawValue) absent)")
        }
      case .negate(let x):
        visit(x)
      case .arithmetic(_, let x, let y):
        let text = nodeText(n)
        if let v = state.values[n] {
          out.append("\(text) = \(quantityText(v, program.dimensions[n]))")
        } else if state.overflowed[n] {
          out.append("\(text) is unknown (arithmetic out of range)")
        } else if program.dimensions[n] == .none && state.values[x] != nil && state.values[y] != nil {
          out.append("\(text) is unknown (division by zero)")
        }
        visit(x)
        visit(y)
      }
    }
    roots.forEach(visit)
    return out
  }
}
