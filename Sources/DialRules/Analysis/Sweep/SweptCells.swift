/// The cells of a table's sweep, kept so that a decision map of the same table is drawn from them
/// instead of sweeping the same space again (`Analyzer.analyze(_:recordingCells:)`,
/// `DecisionMap.init(tables:analysis:)`).
///
/// `TableSweep` keeps them only over analysed rules alone, and hands them on only when its sweep
/// finished: they are then exactly the cells a sweep of the same entries and catalog visits, in
/// the same order.
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

  /// Most cells kept, a bound on the memory they hold (each holds a box): past it the map sweeps
  /// for itself.
  static let maxCells = 200_000

  /// The entries swept, in order: each box and its rule.
  private(set) var boxes: [Box]
  private(set) var rules: [Int]
  /// Every cell, in the order the sweep visited them.
  private(set) var cells: [Cell] = []
  /// The distinct decisions of the cells, in order of discovery.
  private(set) var decisions: [Decided] = []
  private var decisionIDs: [Decided: Int] = [:]
  /// The sweep's steps (`CellSweep.cells`), set when it finished.
  private(set) var steps = 0

  /// Ready to keep the cells of a sweep over `entries`.
  init(_ entries: [(box: Box, rule: Int)]) {
    boxes = entries.map { $0.box }
    rules = entries.map { $0.rule }
  }

  /// Keeps one more cell, decided `outcome` by `decidedBy`, or returns false when there is no
  /// room. A decision equal to the previous cell's is found without building or hashing one.
  mutating func add(_ box: Box, _ outcome: Decision.Outcome, decidedBy: [Int]) -> Bool {
    guard cells.count < Self.maxCells else { return false }
    let id: Int
    if let last = cells.last?.decision, decisions[last].outcome == outcome, decisions[last].decidedBy == decidedBy {
      id = last
    } else {
      let decided = Decided(outcome: outcome, decidedBy: decidedBy)
      if let known = decisionIDs[decided] {
        id = known
      } else {
        id = decisions.count
        decisions.append(decided)
        decisionIDs[decided] = id
      }
    }
    cells.append(Cell(box: box, decision: id))
    return true
  }

  /// The cells of the finished sweep, which took `steps` steps.
  mutating func finish(steps: Int) {
    self.steps = steps
    decisionIDs = [:]
  }

  /// Whether these are the cells of a sweep over exactly `entries`.
  func swept(_ entries: [(box: Box, rule: Int)]) -> Bool {
    entries.count == boxes.count
      && entries.indices.allSatisfy { entries[$0].rule == rules[$0] && entries[$0].box == boxes[$0] }
  }
}
