/// The compiled decision table as people read it (`dialrules table`): one row per rule, one column
/// per axis some rule constrains, each cell the rule's constraint on that axis.
///
/// A rule whose condition is a union of several boxes — `(bitter or harsh) and …` — takes one row
/// per box; the later rows are continuations (`part` 2, 3, …) and mean "or". Cells are interval
/// sets (`< -3 s`, `[-3 s, 3 s]`), `yes`/`no` for tags, adjustment patterns, or empty when the
/// rule does not constrain the axis. A rule the analysis cannot represent keeps one row with a
/// note saying why.
package struct DecisionTableView: Sendable {
  /// One axis column.
  package struct Column: Hashable, Sendable {
    /// Which axis of the catalog the column shows.
    package enum Kind: Hashable, Sendable {
      case finite(Int)
      case numeric(Int)
    }
    var kind: Kind
    /// `sour`, `channeling`, `previous.adjustment`, `dt`.
    package var header: String
    /// `taste`, `flow`, `previous.shot.taste`, `previous.adjustment`, or the numeric expression.
    package var detail: String
    /// `tag`, `adjustment` or `numeric`.
    package var type: String
    /// The unit of a numeric column (`s`, `g`, `C`, or empty).
    package var unit: String
  }

  /// One box of one rule.
  package struct Row: Hashable, Sendable {
    package var rule: String
    /// 1 for a rule's first box, then 2, 3, … for the boxes that continue it with "or".
    package var part: Int
    /// One text per column, empty when unconstrained.
    package var cells: [String]
    /// The numeric constraint per column, when the column is numeric and constrained.
    package var intervals: [IntervalSet?]
    package var action: String
    package var overrides: [String]
    package var because: String
    /// Why the rule has no cells (`never matches`, `not analysed: …`).
    package var note: String?
  }

  package var name: String?
  package var description: String?
  /// The `otherwise` action as written, and whether it was declared.
  package var otherwise: String
  package var otherwiseDeclared: Bool
  package var columns: [Column]
  package var rows: [Row]
  /// `dt = shot.time - recipe.time` for every named numeric column.
  package var legend: [String]

  /// The table of `rules` as `analysis` sees it.
  package init(_ rules: CompiledRules, analysis: Analysis) {
    let catalog = analysis.catalog
    let text = RegionText(catalog: catalog)
    let full = Box.all(catalog)
    // Only axes some rule constrains: a `let` no rule uses adds no column.
    var used = Set<Column.Kind>()
    for boxes in analysis.ruleBoxes.compactMap({ $0 }) {
      for box in boxes {
        for i in box.finite.indices where box.finite[i] != full.finite[i] { used.insert(.finite(i)) }
        for i in box.numeric.indices where box.numeric[i] != full.numeric[i] { used.insert(.numeric(i)) }
      }
    }
    columns = []
    for (i, axis) in catalog.finite.enumerated() where used.contains(.finite(i)) {
      switch axis.kind {
      case .tag(let source, _):
        columns.append(Column(kind: .finite(i), header: axis.label, detail: source.rawValue, type: "tag", unit: ""))
      case .adjustment:
        columns.append(Column(kind: .finite(i), header: axis.label, detail: axis.label, type: "adjustment", unit: ""))
      case .recorded(let path):
        // Only the properties' catalog has recorded axes; the table's never does.
        columns.append(Column(kind: .finite(i), header: axis.label, detail: path.rawValue, type: "recorded", unit: ""))
      }
    }
    legend = []
    for (i, axis) in catalog.numeric.enumerated() where used.contains(.numeric(i)) {
      columns.append(
        Column(kind: .numeric(i), header: axis.label, detail: axis.expression, type: "numeric", unit: axis.unit))
      if let l = axis.legend { legend.append(l) }
    }
    rows = []
    for rule in rules.rules {
      let overrides = rule.overrides.map { rules.rules[$0].id }
      func row(part: Int, cells: [String], intervals: [IntervalSet?], note: String?) -> Row {
        Row(
          rule: rule.id, part: part, cells: cells, intervals: intervals, action: rule.action.ruleText,
          overrides: overrides, because: rule.because, note: note)
      }
      let blank = [String](repeating: "", count: columns.count)
      let none = [IntervalSet?](repeating: nil, count: columns.count)
      guard let boxes = analysis.ruleBoxes[rule.index] else {
        let reason = analysis.notAnalysed[rule.index] ?? "outside the analysable fragment"
        rows.append(row(part: 1, cells: blank, intervals: none, note: "not analysed: " + reason))
        continue
      }
      if boxes.isEmpty {
        rows.append(row(part: 1, cells: blank, intervals: none, note: "never matches"))
        continue
      }
      for (p, box) in boxes.enumerated() {
        var cells: [String] = []
        var intervals: [IntervalSet?] = []
        for column in columns {
          switch column.kind {
          case .finite(let i):
            cells.append(Self.finiteCell(catalog.finite[i], box.finite[i]))
            intervals.append(nil)
          case .numeric(let i):
            cells.append(text.cell(catalog.numeric[i], box.numeric[i]))
            intervals.append(box.numeric[i] == catalog.numeric[i].domain ? nil : box.numeric[i])
          }
        }
        rows.append(row(part: p + 1, cells: cells, intervals: intervals, note: nil))
      }
    }
    name = rules.name
    description = rules.description
    otherwise = rules.otherwise.action.ruleText
    otherwiseDeclared = rules.otherwise.declared
  }

  /// `yes`/`no` for a tag; for an adjustment, the pattern (`grind finer`, `not grind finer`).
  static func finiteCell(_ axis: FiniteAxis, _ mask: UInt64) -> String {
    switch axis.kind {
    case .tag, .recorded:
      return mask == 0b10 ? "yes" : mask == 0b01 ? "no" : ""
    case .adjustment:
      guard let classes = axis.adjustments else { return "" }
      let text = classes.describe(mask, all: axis.allMask)
      for prefix in ["previous.adjustment is ", "previous.adjustment "] where text.hasPrefix(prefix) {
        return String(text.dropFirst(prefix.count))
      }
      return text
    }
  }
}
