/// Evaluating a plan for one shot into one scratch allocation.
extension EvaluationPlan {
  /// Evaluates every rule's truth and status for `shot`, then calls `body` with the buffers, which
  /// must not escape it. Lazy runs compute only the atoms and values some condition reaches
  /// (Kleene short-circuit: `F and …` is `F`, `T or …` is `T`); eager runs compute everything, for
  /// explanations. Both give the same rule truths. One raw allocation holds every buffer: nested
  /// temporary allocations would capture (and copy) the shot in their closures.
  ///
  /// With `without`, rule `without` counts as false whatever it reads: it then takes no part at
  /// all (not matched, never undecided, overriding nothing), exactly as if it were deleted from the
  /// table — how the analysis checks "the table decides the same without this rule".
  func run<R>(_ shot: ShotRecord, eager: Bool = false, without: Int? = nil, _ body: (PlanBuffers) -> R) -> R {
    withBuffers(fields: FieldValues(shot), tags: TagValues(shot)) { run in
      evaluateRules(&run, eager: eager, without: without, body)
    }
  }

  /// Calls `body` with a fresh evaluation over `fields` and `tags` in one scratch allocation; the
  /// buffers must not escape it.
  func withBuffers<R>(fields: FieldValues, tags: TagValues, _ body: (inout PlanRun) -> R) -> R {
    let n = max(1, nodes.count)
    let a = tests.count
    let f = formulaRanges.count
    let r = ruleRanges.count
    let valueBytes = MemoryLayout<ExactNumber?>.stride * n
    // Every region below takes max(1, count) bytes; the total must count them the same way.
    let bytes = valueBytes + n + max(1, a) + max(1, f) + 2 * max(1, r)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<ExactNumber?>.alignment)
    defer { raw.deallocate() }
    var offset = valueBytes
    func region<T>(_ type: T.Type, _ count: Int, _ fill: T) -> UnsafeMutableBufferPointer<T> {
      let p = (raw + offset).bindMemory(to: T.self, capacity: max(1, count))
      p.initialize(repeating: fill, count: count)
      offset += MemoryLayout<T>.stride * max(1, count)
      return UnsafeMutableBufferPointer(start: p, count: count)
    }
    let values = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: (ExactNumber?).self, capacity: n), count: nodes.count)
    precondition(offset == valueBytes, "scratch layout out of step; please report this as a bug")
    let b = PlanBuffers(
      values: values, nodeState: region(UInt8.self, nodes.count, 0), atoms: region((Truth?).self, a, nil),
      formulas: region((Truth?).self, f, nil), truths: region(Truth.self, r, .unknown),
      statuses: region(RuleStatus.self, r, .unknown))
    precondition(offset <= bytes, "scratch layout out of step; please report this as a bug")
    var run = PlanRun(plan: self, b: b, fields: fields, tags: tags)
    return body(&run)
  }

  /// Evaluates every rule of `run` (every node, atom and formula first when `eager`), then calls
  /// `body` with the buffers.
  private func evaluateRules<R>(_ run: inout PlanRun, eager: Bool, without: Int?, _ body: (PlanBuffers) -> R) -> R {
    let b = run.b
    if eager {
      for i in nodes.indices { _ = run.value(i) }
      for i in tests.indices { _ = run.atom(i) }
      for i in formulaRanges.indices { _ = run.formula(i) }
    }
    for i in ruleRanges.indices { b.truths[i] = run.evaluate(ruleRanges[i].lowerBound) }
    if let without, ruleRanges.indices.contains(without) { b.truths[without] = .no }
    // docs/design.md §4, agree or abstain, step 1: overridden, in doubt, or the rule's own truth.
    for i in ruleRanges.indices {
      b.statuses[i] = AgreeOrAbstain.status(b.truths[i], overriders: overriderRanges[i]) {
        b.truths[Int(overriders[$0])]
      }
    }
    return body(b)
  }
}

/// One evaluation in progress: memoized values, atoms and formulas over a plan's buffers.
/// Recursion depth is bounded by the parser's limits on nesting and expression size.
struct PlanRun {
  let plan: EvaluationPlan
  let b: PlanBuffers
  let fields: FieldValues
  let tags: TagValues

  /// The value of node `i`, computed once.
  mutating func value(_ i: Int) -> ExactNumber? {
    if b.nodeState[i] != 0 { return b.values[i] }
    var overflow = false
    let v: ExactNumber?
    switch plan.nodes[i] {
    case .constant(let c): v = c
    case .field(let f): v = fields[f]
    case .negate(let x): v = value(x)?.negated()
    case .arithmetic(let op, let x, let y):
      if let p = value(x), let q = value(y) {
        switch op {
        case .add: v = p.adding(q)
        case .subtract: v = p.subtracting(q)
        case .multiply: v = p.multiplied(by: q)
        case .divide: v = p.divided(by: q)
        }
        overflow = v == nil && !(op == .divide && q.isZero)
      } else {
        v = nil
      }
    }
    b.values.initializeElement(at: i, to: v)
    b.nodeState[i] = overflow ? 2 : 1
    return v
  }

  /// The truth of atom `i`, computed once.
  mutating func atom(_ i: Int) -> Truth {
    if let t = b.atoms[i] { return t }
    let t: Truth
    switch plan.tests[i] {
    case .compare(let op, let x, let y):
      if let p = value(Int(x)), let q = value(Int(y)) { t = Truth(op.holds(p.compare(q))) } else { t = .unknown }
    case .between(let v, let lo, let hi):
      if let x = value(Int(v)) {
        // Kleene: a known violated bound decides even when the other bound is unknown.
        let lower: Truth = value(Int(lo)).map { Truth(x >= $0) } ?? .unknown
        let upper: Truth = value(Int(hi)).map { Truth(x <= $0) } ?? .unknown
        t = lower && upper
      } else {
        t = .unknown
      }
    case .has(let source, let mask): t = tags.contains(source, mask)
    case .previousAdjustment(let matcher): t = Truth(matcher.matches(tags.previousAdjustment))
    case .known(.value(let n)): t = Truth(value(Int(n)) != nil)
    case .known(.tags(let source)): t = Truth(tags.isKnown(source))
    }
    b.atoms[i] = t
    return t
  }

  /// The truth of `condition`, computing only the atoms and formulas it reaches.
  mutating func truth(of condition: Condition) -> Truth {
    condition.truth { leaf in
      switch leaf {
      case .atom(let i): atom(i)
      case .formula(let i): formula(i)
      }
    }
  }

  /// The truth of formula `i` (a boolean `let`), computed once.
  mutating func formula(_ i: Int) -> Truth {
    if let t = b.formulas[i] { return t }
    let t = evaluate(plan.formulaRanges[i].lowerBound)
    b.formulas[i] = t
    return t
  }

  /// Evaluates the prefix code starting at `pc`, skipping operands once the result is decided.
  mutating func evaluate(_ pc: Int) -> Truth {
    switch plan.code[pc] {
    case .atom(let i): return atom(Int(i))
    case .formula(let i): return formula(Int(i))
    case .unknown: return .unknown
    case .not: return evaluate(pc + 1).negated
    case .and(let end):
      var result = Truth.yes
      var c = pc + 1
      while c < Int(end) {
        result = result && evaluate(c)
        if result == .no { return .no }
        c = next(c)
      }
      return result
    case .or(let end):
      var result = Truth.no
      var c = pc + 1
      while c < Int(end) {
        result = result || evaluate(c)
        if result == .yes { return .yes }
        c = next(c)
      }
      return result
    }
  }

  /// The index just past the operand starting at `pc`.
  @inline(__always)
  func next(_ pc: Int) -> Int {
    switch plan.code[pc] {
    case .atom, .formula, .unknown: pc + 1
    case .not(let end), .and(let end), .or(let end): Int(end)
    }
  }
}

/// The tag sets and previous adjustment of a shot, read once per evaluation.
struct TagValues {
  var taste: TagSet<TasteTag>?
  var flow: TagSet<FlowTag>
  var previousTaste: TagSet<TasteTag>?
  var previousFlow: TagSet<FlowTag>
  var previousAdjustment: Adjustment?

  init(_ shot: ShotRecord) {
    taste = shot.shot?.taste
    // docs/design.md §4: an absent flow list means no flow problem was noted (known, empty).
    flow = shot.shot?.flow ?? TagSet()
    previousTaste = shot.previous?.shot?.taste
    previousFlow = shot.previous?.shot?.flow ?? TagSet()
    previousAdjustment = shot.previous?.adjustment
  }

  /// The same from a compact shot (the compiled evaluator's atoms without a fixed-point form).
  init(_ shot: CompactShot) {
    taste = shot.present & ObservedPath.shotTaste.bit != 0 ? TagSet(bits: shot.taste) : nil
    flow = TagSet(bits: shot.flow)
    previousTaste = shot.present & ObservedPath.previousShotTaste.bit != 0 ? TagSet(bits: shot.previousTaste) : nil
    previousFlow = TagSet(bits: shot.previousFlow)
    previousAdjustment = shot.adjustment.adjustment
  }

  /// Whether the set was recorded (flow sets always are: absent means none noted).
  func isKnown(_ source: TagSource) -> Bool {
    switch source {
    case .shotTaste: taste != nil
    case .previousShotTaste: previousTaste != nil
    case .shotFlow, .previousShotFlow: true
    }
  }

  @inline(__always)
  func contains(_ source: TagSource, _ mask: UInt32) -> Truth {
    switch source {
    case .shotTaste: taste.map { Truth($0.contains(mask: mask)) } ?? .unknown
    case .shotFlow: Truth(flow.contains(mask: mask))
    case .previousShotTaste: previousTaste.map { Truth($0.contains(mask: mask)) } ?? .unknown
    case .previousShotFlow: Truth(previousFlow.contains(mask: mask))
    }
  }
}

/// The numeric fields of a shot, read once per evaluation.
struct FieldValues {
  var shot: (ExactNumber?, ExactNumber?, ExactNumber?, ExactNumber?) = (nil, nil, nil, nil)
  var recipe: (ExactNumber?, ExactNumber?, ExactNumber?, ExactNumber?) = (nil, nil, nil, nil)
  var previous: (ExactNumber?, ExactNumber?, ExactNumber?, ExactNumber?) = (nil, nil, nil, nil)

  @inline(__always)
  init(_ record: ShotRecord) {
    if let m = record.shot { shot = (m.doseG, m.yieldG, m.timeS, m.firstDropS) }
    if let r = record.recipe { recipe = (r.doseG, r.yieldG, r.timeS, r.temperatureC) }
    if let p = record.previous?.shot { previous = (p.doseG, p.yieldG, p.timeS, p.firstDropS) }
  }

  /// The same from a compact shot.
  init(_ compact: CompactShot) {
    func v(_ f: NumericField) -> ExactNumber? { compact.scaled(f).map(ExactNumber.init(scaled:)) }
    shot = (v(.shotDose), v(.shotYield), v(.shotTime), v(.shotFirstDrop))
    recipe = (v(.recipeDose), v(.recipeYield), v(.recipeTime), v(.recipeTemperature))
    previous = (v(.previousShotDose), v(.previousShotYield), v(.previousShotTime), v(.previousShotFirstDrop))
  }

  @inline(__always)
  subscript(_ field: NumericField) -> ExactNumber? {
    switch field {
    case .shotDose: shot.0
    case .shotYield: shot.1
    case .shotTime: shot.2
    case .shotFirstDrop: shot.3
    case .recipeDose: recipe.0
    case .recipeYield: recipe.1
    case .recipeTime: recipe.2
    case .recipeTemperature: recipe.3
    case .previousShotDose: previous.0
    case .previousShotYield: previous.1
    case .previousShotTime: previous.2
    case .previousShotFirstDrop: previous.3
    }
  }
}
