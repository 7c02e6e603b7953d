/// The values of one shot under a `ConditionProgram`: every numeric node, atom and formula,
/// computed front to back once. Shared by the fast decision path and the explainer, so both see
/// exactly the same truths.
struct ProgramState {
  var values: [ExactNumber?]
  var atoms: [Truth]
  var formulas: [Truth]
  /// Nodes whose arithmetic overflowed (unknown, and said so in explanations).
  var overflowed: Set<Int> = []

  init(program: ConditionProgram, shot: ShotRecord) {
    values = []
    values.reserveCapacity(program.nodes.count)
    for (i, node) in program.nodes.enumerated() {
      let v: ExactNumber?
      switch node {
      case .constant(let c): v = c
      case .field(let f): v = f.value(in: shot)
      case .negate(let a): v = values[a]?.negated()
      case .arithmetic(let op, let a, let b):
        if let x = values[a], let y = values[b] {
          switch op {
          case .add: v = x.adding(y)
          case .subtract: v = x.subtracting(y)
          case .multiply: v = x.multiplied(by: y)
          case .divide: v = x.divided(by: y)
          }
          if v == nil { overflowed.insert(i) }
        } else {
          v = nil
        }
      }
      values.append(v)
    }
    atoms = []
    atoms.reserveCapacity(program.atoms.count)
    for atom in program.atoms {
      atoms.append(Self.truth(of: atom, values: values, shot: shot))
    }
    formulas = []
    formulas.reserveCapacity(program.formulas.count)
    for formula in program.formulas {
      // Formulas only refer to earlier formulas (the checker adds them in dependency order).
      formulas.append(Self.truth(of: formula.condition, atoms: atoms, formulas: formulas))
    }
  }

  @inline(__always)
  static func truth(of atom: ConditionProgram.Atom, values: [ExactNumber?], shot: ShotRecord) -> Truth {
    switch atom {
    case .compare(let op, let a, let b):
      guard let x = values[a], let y = values[b] else { return .unknown }
      return Truth(op.holds(x.compare(y)))
    case .between(let v, let lo, let hi):
      guard let x = values[v] else { return .unknown }
      // Kleene: a known violated bound decides even when the other bound is unknown.
      let lower: Truth = values[lo].map { Truth(x >= $0) } ?? .unknown
      let upper: Truth = values[hi].map { Truth(x <= $0) } ?? .unknown
      return lower && upper
    case .has(let source, _, let mask):
      guard let found = source.contains(mask: mask, in: shot) else { return .unknown }
      return Truth(found)
    case .previousAdjustment(let matcher):
      return Truth(matcher.matches(shot.previous?.adjustment))
    }
  }

  static func truth(of condition: Condition, atoms: [Truth], formulas: [Truth]) -> Truth {
    switch condition {
    case .atom(let i): return atoms[i]
    case .formula(let i): return i < formulas.count ? formulas[i] : .unknown
    case .not(let c): return truth(of: c, atoms: atoms, formulas: formulas).negated
    case .and(let cs):
      var result = Truth.yes
      for c in cs {
        result = result && truth(of: c, atoms: atoms, formulas: formulas)
        if result == .no { return .no }
      }
      return result
    case .or(let cs):
      var result = Truth.no
      for c in cs {
        result = result || truth(of: c, atoms: atoms, formulas: formulas)
        if result == .yes { return .yes }
      }
      return result
    case .invalid: return .unknown
    }
  }

  func truth(of condition: Condition) -> Truth {
    Self.truth(of: condition, atoms: atoms, formulas: formulas)
  }
}
