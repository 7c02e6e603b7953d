/// What `lint` found about one `property` (`docs/analysis.md` §5, A011/A012).
package struct PropertyVerdict: Hashable, Sendable {
  package enum Status: String, Hashable, Sendable {
    /// Holds for every valid shot its condition holds for (exact, within the analysis' limits).
    case proved
    /// A witness shot, confirmed by the evaluator, breaks it (A011).
    case fails
    /// The analysis could not decide it; `reason` says which part and why (A012).
    case undecided
  }

  /// The property's index in `CompiledRules.properties`.
  package var index: Int
  var id: String
  package var status: Status
  /// For `fails`: the first region's witness and the decision the evaluator gave it.
  package var witness: ShotRecord?
  package var witnessDecision: Decision?
  /// For `undecided`: why, in words.
  package var reason: String?
  /// Cells of the proof's sweep (shared by every property of the file).
  package var cells: Int
}
