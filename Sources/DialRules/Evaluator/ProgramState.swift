/// A copy of one evaluation's buffers, kept for the explainer: the value of every numeric node,
/// the truth of every atom and formula. Decisions never need it; explanations read it to show the
/// values each condition saw.
struct ProgramState {
  var values: [ExactNumber?]
  var atoms: [Truth]
  var formulas: [Truth]
  /// Whether a node's arithmetic overflowed (unknown, and said so in explanations).
  var overflowed: [Bool]

  /// Copies the buffers of an eager run (every node, atom and formula computed).
  init(_ b: PlanBuffers) {
    values = Array(b.values)
    atoms = b.atoms.map { $0 ?? .unknown }
    formulas = b.formulas.map { $0 ?? .unknown }
    overflowed = b.nodeState.map { $0 == 2 }
  }

  /// The truth of any sub-condition, for displaying the parts of a rule's condition.
  func truth(of condition: Condition) -> Truth {
    switch condition {
    case .atom(let i): return atoms[i]
    case .formula(let i): return formulas[i]
    case .not(let c): return truth(of: c).negated
    case .and(let cs): return cs.reduce(Truth.yes) { $0 && truth(of: $1) }
    case .or(let cs): return cs.reduce(Truth.no) { $0 || truth(of: $1) }
    case .invalid: return .unknown
    }
  }
}
