/// The cells of a table's sweep, kept so that a decision map of the same table is drawn from them
/// instead of sweeping the same space again (`Analyzer.analyze(_:recordingCells:)`,
/// `DecisionMap.init(tables:analysis:)`).
///
/// `TableSweep` keeps them only over analysed rules alone, and hands them on only when its sweep
/// finished: they are then exactly the cells a sweep of the same entries and catalog visits, in
/// the same order.
///
/// Cells are many and their parts few: the finite part changes only between numeric sweeps, and
/// the sweep meets the same numeric regions under branch after branch of the finite axes (the
/// default table's 35,328 cells have 768 numeric parts). So each part is kept once, and a cell
/// names its parts; equal numbers mean equal parts, which the map uses to work out each numeric
/// part once.
struct SweptCells: Sendable {
  /// One cell: its parts (indices into `finiteParts` and `numericParts`), and the table's
  /// decision there (`Combiner`'s), as an index into `decisions`.
  struct Cell: Sendable {
    var finite: Int
    var numeric: Int
    var decision: Int
  }

  /// What a decision map shows of a decision: its outcome and the rules that decided it.
  struct Decided: Hashable, Sendable {
    var outcome: Decision.Outcome
    /// Rule indices, in source order (`FullDecision.decidedBy`).
    var decidedBy: [Int]
  }

  /// Most cells kept, a bound on the memory they hold: past it the map sweeps for itself.
  static let maxCells = 200_000

  /// The entries swept, in order: each box and its rule.
  private(set) var boxes: [Box]
  private(set) var rules: [Int]
  /// Every cell, in the order the sweep visited them.
  private(set) var cells: [Cell] = []
  /// The cells' finite parts (`Box.finite`); a part met again right after itself is kept once.
  private(set) var finiteParts: [[UInt64]] = []
  /// The cells' numeric parts (`Box.numeric`), one per number the sweep gave them.
  private(set) var numericParts: [[IntervalSet]] = []
  /// Per number of the sweep's (`CellSweep.run(numberingParts:_:)`): its index in `numericParts`, or -1.
  private var numericPartOfNumber: [Int] = []
  /// The distinct decisions of the cells, in order of discovery.
  private(set) var decisions: [Decided] = []
  private var decisionIDs: [Decided: Int] = [:]
  /// A hint: the last decision found with each key of deciding rules (`rulesKey`). Hashing a
  /// decision reads its outcome's exact numbers and strings; the rules mostly tell decisions
  /// apart, and the outcome and rules are compared before the hint is taken.
  private var byRules = IntTable()
  /// The sweep's steps (`CellSweep.cells`), set when it finished.
  private(set) var steps = 0

  /// Ready to keep the cells of a sweep over `entries`.
  init(_ entries: [(box: Box, rule: Int)]) {
    boxes = entries.map { $0.box }
    rules = entries.map { $0.rule }
  }

  /// The region of `cell`.
  func box(_ cell: Cell) -> Box {
    Box(numeric: numericParts[cell.numeric], finite: finiteParts[cell.finite])
  }

  /// Keeps one more cell, `box`, whose numeric part the sweep numbered `part` (the same number
  /// only for the same numeric sets), decided `outcome` by `decidedBy`; or returns false when
  /// there is no room. A decision equal to the previous cell's is found without building or
  /// hashing one, and most others by their deciding rules alone (`byRules`).
  @_optimize(speed)
  mutating func add(_ box: Box, numericPart part: Int, _ outcome: Decision.Outcome, decidedBy: [Int]) -> Bool {
    guard cells.count < Self.maxCells, part >= 0 else { return false }
    let id: Int
    if let last = cells.last?.decision, decisions[last].outcome == outcome, decisions[last].decidedBy == decidedBy {
      id = last
    } else {
      let key = Self.rulesKey(decidedBy)
      if let hinted = byRules[key], decisions[hinted].decidedBy == decidedBy, decisions[hinted].outcome == outcome {
        id = hinted
      } else {
        let decided = Decided(outcome: outcome, decidedBy: decidedBy)
        if let known = decisionIDs[decided] {
          id = known
        } else {
          id = decisions.count
          decisions.append(decided)
          decisionIDs[decided] = id
        }
        byRules[key] = id
      }
    }
    if finiteParts.last != box.finite { finiteParts.append(box.finite) }
    if part >= numericPartOfNumber.count {
      numericPartOfNumber.append(contentsOf: repeatElement(-1, count: part + 1 - numericPartOfNumber.count))
    }
    if numericPartOfNumber[part] < 0 {
      numericPartOfNumber[part] = numericParts.count
      numericParts.append(box.numeric)
    }
    cells.append(Cell(finite: finiteParts.count - 1, numeric: numericPartOfNumber[part], decision: id))
    return true
  }

  /// A nonzero key of a list of rule indices (a multiply-xor fold; equal lists, equal keys).
  private static func rulesKey(_ rules: [Int]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for r in rules {
      h = (h ^ UInt64(truncatingIfNeeded: r)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 29
    }
    return h | 1
  }

  /// The cells of the finished sweep, which took `steps` steps.
  mutating func finish(steps: Int) {
    self.steps = steps
    decisionIDs = [:]
    byRules = IntTable()
    numericPartOfNumber = []
  }

  /// Whether these are the cells of a sweep over exactly `entries`.
  func swept(_ entries: [(box: Box, rule: Int)]) -> Bool {
    entries.count == boxes.count
      && entries.indices.allSatisfy { entries[$0].rule == rules[$0] && entries[$0].box == boxes[$0] }
  }
}
