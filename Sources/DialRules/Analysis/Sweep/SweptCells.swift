/// The cells of a table's sweep, kept so that a decision map of the same table is drawn from them
/// instead of sweeping the same space again (`Analyzer.analyze(_:recordingCells:)`,
/// `DecisionMap.init(tables:analysis:)`).
///
/// Only a sweep that finished over analysed rules alone is kept: its cells are then exactly the
/// cells a sweep of the same entries and catalog visits, in the same order.
struct SweptCells: Sendable {
  /// One cell: its region, and the table's decision there (`Combiner`'s), as an index into
  /// `decisions`.
  struct Cell: Sendable {
    var box: Box
    var decision: Int
  }

  /// What a decision map shows of a decision: its outcome and the rules that decided it.
  struct Decided: Hashable, Sendable {
    var outcome: Decision.Outcome
    /// Rule indices, in source order (`FullDecision.decidedBy`).
    var decidedBy: [Int]
  }

  /// Most cells kept: past it the map sweeps for itself (the cells would hold more memory than
  /// the second sweep costs time).
  static let maxCells = 200_000

  /// The entries swept, in order: each box and its rule.
  var boxes: [Box]
  var rules: [Int]
  /// Every cell, in the order the sweep visited them.
  var cells: [Cell]
  /// The distinct decisions of the cells, in order of discovery.
  var decisions: [Decided]
  /// The sweep's steps (`CellSweep.cells`).
  var steps: Int

  /// Whether these are the cells of a sweep over exactly `entries`.
  func swept(_ entries: [(box: Box, rule: Int)]) -> Bool {
    entries.count == boxes.count
      && entries.indices.allSatisfy { entries[$0].rule == rules[$0] && entries[$0].box == boxes[$0] }
  }
}
