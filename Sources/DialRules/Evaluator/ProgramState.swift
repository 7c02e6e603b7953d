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
    condition.truth { leaf in
      switch leaf {
      case .atom(let i): atoms[i]
      case .formula(let i): formulas[i]
      }
    }
  }
}
