/// A picture of where a rule table decides what, as plain values: for each situation the
/// analysis tells apart (a combination of tastes, flow notes and the previous adjustment), the
/// plane of the two numeric axes that matter most, cut into rectangles with exact bounds, each
/// with the table's outcome and deciding rules there.
///
/// Everything comes from the analysis' exact cells (`CellSweep` over the rules' boxes): no value
/// is sampled, every rectangle's bounds are `Interval`s with open or closed ends, and every point
/// of a rectangle gets the same decision from the evaluator. Further numeric axes become *slices*
/// (the same situations with, say, the dose on or off its target), and situations whose pictures
/// are identical are drawn once with all their names. Built for one table (`dialrules report`)
/// or two (`dialrules diff --format html`: every answer holds the old and the new outcome).
///
/// Rendering (SVG and HTML) lives in the command layer; this type only decides what to draw.
package struct DecisionMap: Sendable {
  /// A numeric axis drawn along one side of every chart.
  package struct PlotAxis: Hashable, Sendable {
    /// Index into the catalog's numeric axes.
    var index: Int
    /// `dt`: the name the rules use.
    package var label: String
    /// `shot.time - recipe.time`.
    var expression: String
    /// `s`, `g`, `C` or empty.
    var unit: String
    /// The axis in a barista's words: `time against the recipe`.
    package var words: String
    /// What lower and higher values mean (`faster`, `slower`), when the axis is a known one.
    package var lowWord: String?
    package var highWord: String?
    /// The distinct finite ends some rule's region has on this axis, ascending: where the
    /// decision can change.
    var breakpoints: [ExactNumber]
    /// The drawn range: every breakpoint with a margin, within the values valid shots can have.
    package var low: ExactNumber
    package var high: ExactNumber
    /// Values valid shot JSON can give the axis.
    var domain: IntervalSet
  }

  /// What the table (or each of the two tables) answers on a region.
  package struct Answer: Hashable, Sendable {
    /// One outcome per table: one for a report, old and new for a diff.
    package var outcomes: [Decision.Outcome]
    /// The deciding rules' ids per table, in source order (docs/design.md §4's `decided_by`).
    var decidedBy: [[String]]

    /// Whether the two tables of a diff decide differently here: the outcome changes (as `diff`
    /// counts shots and regions; a change of deciding rules alone is `decidedByChanged`).
    package var changed: Bool { outcomes.count > 1 && outcomes.first != outcomes.last }
    /// Whether the two tables of a diff keep the outcome here but other rules decide it.
    package var decidedByChanged: Bool {
      outcomes.count > 1 && outcomes.first == outcomes.last && decidedBy.first != decidedBy.last
    }
    /// The outcome drawn: the only table's, or the new table's in a diff.
    package var shown: Decision.Outcome { outcomes[outcomes.count - 1] }
    /// The deciding rules shown with it.
    package var shownDecidedBy: [String] { decidedBy[decidedBy.count - 1] }
  }

  /// One rectangle of a chart: exact bounds on the two plotted axes and an answer.
  package struct Cell: Hashable, Sendable {
    /// The interval on the x axis (the whole domain when there is no x axis).
    package var x: Interval
    /// The interval on the y axis (the whole domain when there is no y axis).
    package var y: Interval
    /// Index into `answers`.
    package var answer: Int
  }

  /// One value range of the numeric axes that are not plotted (for the default table: the dose
  /// within or off its target). Every chart exists once per slice.
  package struct Slice: Hashable, Sendable {
    /// The values the slice holds: a union of products, each one interval set per slice axis
    /// (`sliceAxes`).
    var parts: [[IntervalSet]]
    /// The slice in rule words: `-0.5 g ≤ dd ≤ 0.5 g`, or `every value` when there is no
    /// further axis.
    package var text: String
    /// Whether this slice holds the ordinary shot (every further axis at its typical value,
    /// such as `dd = 0`): the slice shown first.
    package var isTypical: Bool
  }

  /// One chart: a situation the rules tell apart, drawn for every slice.
  package struct Situation: Hashable, Sendable {
    /// `situation-3`: a stable anchor, numbered in the order the sweep met the situations.
    package var id: String
    /// A title a barista understands: `sour, not bitter`, `bitter after a finer grind`.
    package var title: String
    /// The situation exactly, in the analysis' words (`taste has sour, not bitter, …`).
    package var detail: String
    /// The classes of the finite axes, as a union of products (one mask per finite axis each).
    var parts: [[UInt64]]
    /// Per slice: the rectangles, covering every value of the plotted axes valid shots can have.
    package var cells: [[Cell]]
  }

  /// The tables' axes (shared by both tables of a diff).
  var catalog: AxisCatalog
  /// Rule ids per table, for naming deciding rules.
  var ruleIDs: [[String]]
  /// The horizontal axis, when the tables compare any numeric value.
  package var x: PlotAxis?
  /// The vertical axis, when they compare a second one.
  package var y: PlotAxis?
  /// Numeric axes that are neither x nor y but that some rule constrains.
  package var sliceAxes: [PlotAxis] = []
  package var slices: [Slice] = []
  /// Every distinct answer, in order of first appearance.
  package var answers: [Answer] = []
  package var situations: [Situation] = []
  /// Why nothing (or not everything) is drawn: a rule outside the analysable fragment, the
  /// sweep's limits, or too many slices. nil when the map is complete.
  package var incomplete: String?
  /// Cells the sweep visited.
  var sweptCells = 0
}

extension DecisionMap {
  /// Where a shot falls on the map.
  package enum Placement: Hashable, Sendable {
    /// In `situation`, drawn in `slice`, at these axis values (nil when there is no such axis).
    case placed(situation: Int, slice: Int, x: ExactNumber?, y: ExactNumber?)
    /// Not on any chart, with the reason in words (`no taste recorded`).
    case notPlaced(String)
  }

  /// Where `shot` falls: the situation holding its tastes, flow and previous adjustment, the
  /// slice holding its further axis values, and its values on the plotted axes.
  package func place(_ shot: ShotRecord) -> Placement {
    let position = ShotPosition(shot, catalog: catalog)
    let situation: Int
    switch self.situation(at: position) {
    case .success(let s): situation = s
    case .failure(let unplaced): return .notPlaced(unplaced.reason)
    }
    var values: [ExactNumber] = []
    for axis in sliceAxes {
      guard let v = position.numeric[axis.index] else { return .notPlaced("\(axis.label) is not known") }
      values.append(v)
    }
    guard
      let slice = slices.firstIndex(where: { s in
        s.parts.contains { part in values.indices.allSatisfy { part[$0].contains(values[$0]) } }
      })
    else { return .notPlaced("its \(sliceAxes.map { $0.label }.joined(separator: ", ")) is not drawn") }
    switch plotted(at: position) {
    case .success(let (x, y)): return .placed(situation: situation, slice: slice, x: x, y: y)
    case .failure(let unplaced): return .notPlaced(unplaced.reason)
    }
  }

  /// Why a shot is not placed.
  struct Unplaced: Error {
    var reason: String
  }

  /// The situation whose classes hold the shot at `position`.
  func situation(at position: ShotPosition) -> Result<Int, Unplaced> {
    var classes: [Int] = []
    for (i, axis) in catalog.finite.enumerated() {
      guard let c = position.finite[i] else {
        return .failure(Unplaced(reason: "\(Self.unknownWords(axis)) is not recorded"))
      }
      classes.append(c)
    }
    guard
      let situation = situations.firstIndex(where: { s in
        s.parts.contains { part in
          classes.indices.allSatisfy { part[$0] & (UInt64(1) << UInt64(classes[$0])) != 0 }
        }
      })
    else { return .failure(Unplaced(reason: "its situation is not drawn")) }
    return .success(situation)
  }

  /// The shot's values on the charts' across and up axes (nil for an axis the map lacks).
  func plotted(at position: ShotPosition) -> Result<(x: ExactNumber?, y: ExactNumber?), Unplaced> {
    var plotted: [ExactNumber?] = []
    for axis in [x, y] {
      guard let axis else {
        plotted.append(nil)
        continue
      }
      guard let v = position.numeric[axis.index] else {
        return .failure(Unplaced(reason: "\(axis.label) is not known"))
      }
      plotted.append(v)
    }
    return .success((plotted[0], plotted[1]))
  }

  /// The situations a finding's region touches (those whose classes meet it), in map order;
  /// empty for a finding about no region.
  package func situations(touching finding: AnalysisFinding) -> [Int] {
    guard let region = finding.region, region.finite.count == catalog.finite.count else { return [] }
    return situations.indices.filter { s in
      situations[s].parts.contains { part in part.indices.allSatisfy { part[$0] & region.finite[$0] != 0 } }
    }
  }

  /// `the taste`, `the flow`, `the previous adjustment`: what a shot lacks to be placed.
  static func unknownWords(_ axis: FiniteAxis) -> String {
    switch axis.kind {
    case .tag(.shotTaste, _): "the taste"
    case .tag(.shotFlow, _): "the flow"
    case .tag(.previousShotTaste, _): "the previous shot's taste"
    case .tag(.previousShotFlow, _): "the previous shot's flow"
    case .adjustment: "the previous adjustment"
    case .recorded(let path): "'\(path.rawValue)'"
    }
  }

  /// The answer in `situation`, `slice` at the given axis values, when they lie on the chart.
  func answer(situation: Int, slice: Int, x vx: ExactNumber?, y vy: ExactNumber?) -> Answer? {
    for cell in situations[situation].cells[slice] {
      if let vx, !cell.x.contains(vx) { continue }
      if let vy, !cell.y.contains(vy) { continue }
      return answers[cell.answer]
    }
    return nil
  }
}

extension DecisionMap {
  /// A cell's bounds in rule words, `-3 s ≤ dt < 3 s, dy > 2 g`; an end that only repeats what
  /// every valid shot satisfies is left out, and an axis left whole is not mentioned.
  package func boundsText(_ cell: Cell) -> String {
    let text = RegionText(catalog: catalog)
    var parts: [String] = []
    for (axis, interval) in [(x, cell.x), (y, cell.y)] {
      guard let axis else { continue }
      let set = IntervalSet(interval).intersection(axis.domain)
      if set != axis.domain { parts.append(text.inequality(catalog.numeric[axis.index], set)) }
    }
    return parts.isEmpty ? "every value" : parts.joined(separator: ", ")
  }

  /// `dt = shot.time - recipe.time` for a plotted or slice axis whose name differs from its
  /// expression; nil otherwise.
  package func legend(_ axis: PlotAxis) -> String? { catalog.numeric[axis.index].legend }

  /// `-3 s`: a value of the axis with its unit.
  package func quantity(_ value: ExactNumber, on axis: PlotAxis) -> String {
    catalog.numeric[axis.index].quantity(value)
  }
}
