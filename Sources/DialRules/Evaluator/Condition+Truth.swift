/// The one reading of a `Condition` tree in Kleene's logic (docs/design.md §4): what an eager
/// run's `ProgramState` answers for a sub-condition, and what a lazy `PlanRun` computes for a
/// property's condition.
extension Condition {
  /// A leaf of a condition: an atom or a named boolean `let`, by index.
  enum Leaf {
    case atom(Int)
    case formula(Int)
  }

  /// The condition's truth, given its leaves' truths. The operands of an `and` after one that is
  /// false, and of an `or` after one that is true, are not asked for — the answer is the same —
  /// so a `leaf` that computes on demand computes only what the answer needs.
  func truth(_ leaf: (Leaf) -> Truth) -> Truth {
    switch self {
    case .atom(let i): return leaf(.atom(i))
    case .formula(let i): return leaf(.formula(i))
    case .not(let inner): return inner.truth(leaf).negated
    case .and(let parts):
      var result = Truth.yes
      for part in parts {
        result = result && part.truth(leaf)
        if result == .no { return .no }
      }
      return result
    case .or(let parts):
      var result = Truth.no
      for part in parts {
        result = result || part.truth(leaf)
        if result == .yes { return .yes }
      }
      return result
    case .invalid: return .unknown
    }
  }
}
