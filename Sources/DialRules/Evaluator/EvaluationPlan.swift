/// The decision table flattened for speed: conditions as postfix code over integer indices, actions
/// as integer ids, overrides as flat lists. Nothing in it is reference-counted per element, so a
/// decision touches no allocator and no retain/release (measured: that was three quarters of the
/// cost of walking `CompiledRule` values).
///
/// The general plan is the definition of the semantics (docs/design.md §4) that every faster path
/// is checked against: it evaluates conditions in Kleene's logic (`+Run`) and leaves overrides,
/// "in doubt" and combining to `AgreeOrAbstain`, the one definition of those steps. The compiled
/// `DecisionProgram` is the checked fast path.
///
/// `decide` and `explain` both evaluate through `run`, so they cannot disagree. A class, so that
/// copying an `Evaluator` (or capturing it in a closure) costs one retain, not one per array.
final class EvaluationPlan: Sendable {
  /// One instruction of prefix code. A composite is followed by its operands; `end` is the index
  /// just past its last operand, so evaluation can skip the rest once the answer is known.
  enum Op: Sendable {
    case atom(Int32)
    case formula(Int32)
    case unknown
    case not(end: Int32)
    case and(end: Int32)
    case or(end: Int32)
  }

  /// An atom without the names the explainer needs (no strings: no reference counting).
  enum Test: Sendable {
    case compare(ComparisonOperator, Int32, Int32)
    case between(Int32, Int32, Int32)
    case has(TagSource, UInt32)
    case previousAdjustment(AdjustmentMatcher)
    case known(ConditionProgram.KnownSubject)
  }

  let nodes: [ConditionProgram.NumericNode]
  let tests: [Test]
  let code: [Op]
  /// `code[formulaRanges[i]]` is formula i; `code[ruleRanges[r]]` is rule r's condition.
  let formulaRanges: [Range<Int>]
  let ruleRanges: [Range<Int>]
  let overriders: [Int32]
  let overriderRanges: [Range<Int>]
  /// The agree-or-abstain step over this table's actions.
  let combining: AgreeOrAbstain
  let reads: [UInt32]
  /// Rule ids, copied out so the hot path never touches `CompiledRule` values.
  let ids: [String]
  let otherwise: RuleAction
  /// Each rule's action as the decision's sentence, built once (interpolating it per decision
  /// cost more than evaluating the rules).
  let texts: [String]
  /// Each rule's "id says action" clause for conflict texts, built once.
  let conflictClauses: [String]
  /// The table it was built from, for explanations.
  let rules: CompiledRules
  /// The words and places of every rule's conditions, built by the first explanation.
  let explainTemplates = LazyValue<ExplainTemplates>()

  init(_ rules: CompiledRules) {
    let program = rules.program
    nodes = program.nodes
    tests = program.atoms.map { atom in
      switch atom {
      case .compare(let op, let a, let b): .compare(op, Int32(a), Int32(b))
      case .between(let v, let lo, let hi): .between(Int32(v), Int32(lo), Int32(hi))
      case .has(let source, _, let mask): .has(source, mask)
      case .previousAdjustment(let m): .previousAdjustment(m)
      case .known(let subject): .known(subject)
      }
    }
    var code: [Op] = []
    func emit(_ c: Condition) {
      switch c {
      case .atom(let i): code.append(.atom(Int32(i)))
      case .formula(let i): code.append(.formula(Int32(i)))
      case .invalid: code.append(.unknown)
      case .not(let inner):
        let at = code.count
        code.append(.unknown)
        emit(inner)
        code[at] = .not(end: Int32(code.count))
      case .and(let cs), .or(let cs):
        let at = code.count
        code.append(.unknown)
        cs.forEach(emit)
        if case .and = c { code[at] = .and(end: Int32(code.count)) } else { code[at] = .or(end: Int32(code.count)) }
      }
    }
    var formulaRanges: [Range<Int>] = []
    for f in program.formulas {
      let start = code.count
      emit(f.condition)
      formulaRanges.append(start..<code.count)
    }
    var ruleRanges: [Range<Int>] = []
    for r in rules.rules {
      let start = code.count
      emit(r.condition)
      ruleRanges.append(start..<code.count)
    }
    self.code = code
    self.formulaRanges = formulaRanges
    self.ruleRanges = ruleRanges
    var overriders: [Int32] = []
    var overriderRanges: [Range<Int>] = []
    for r in rules.rules {
      let start = overriders.count
      overriders += r.overriddenBy.map { Int32($0) }
      overriderRanges.append(start..<overriders.count)
    }
    self.overriders = overriders
    self.overriderRanges = overriderRanges
    combining = AgreeOrAbstain(rules)
    reads = rules.rules.map { $0.reads }
    ids = rules.rules.map { $0.id }
    otherwise = rules.otherwise.action
    texts = rules.rules.map { $0.action.reasonText }
    conflictClauses = rules.rules.map { "\($0.id) says \($0.action.ruleText)" }
    self.rules = rules
  }
}

/// The per-shot results `run` hands to its body; valid only inside it. Nodes, atoms and formulas
/// are computed on demand (`nil`/`notComputed` until then) unless the run was eager.
struct PlanBuffers {
  var values: UnsafeMutableBufferPointer<ExactNumber?>
  /// Per node: 0 not computed, 1 computed, 2 computed and its arithmetic overflowed.
  var nodeState: UnsafeMutableBufferPointer<UInt8>
  var atoms: UnsafeMutableBufferPointer<Truth?>
  var formulas: UnsafeMutableBufferPointer<Truth?>
  var truths: UnsafeMutableBufferPointer<Truth>
  var statuses: UnsafeMutableBufferPointer<RuleStatus>
}
