extension DecisionMap {
  /// `dt: time against the recipe (s)`: an axis's title on a chart.
  package static func title(_ axis: PlotAxis) -> String {
    let unit = axis.unit.isEmpty ? "" : " (\(axis.unit))"
    return axis.words == axis.label ? "\(axis.label)\(unit)" : "\(axis.label): \(axis.words)\(unit)"
  }

  /// The map as data for a page that lays it out itself (the browser playground, whose charts
  /// `DecisionMapChart` draws): the plotted and slice axes with their drawn ranges and breakpoints
  /// (values and their texts), the slices, every answer drawn with its style (`OutcomeStyle`) and
  /// its sentence (`AnswerWords`), every situation with its rectangles per slice (each one's answer
  /// and its bounds in rule words, for the legend and the regions in words: the page no longer
  /// draws them, so their exact bounds are not sent), and the abstaining rules' reasons. `tables` are the tables the map was built from.
  package func jsonValue(tables: [CompiledRules]) -> JSONValue {
    let words = AnswerWords(tables: tables)
    var members: [JSONValue.Member] = [
      .init("incomplete", incomplete.map { .string($0) } ?? .null),
      .init("swept_cells", .number(ExactNumber(sweptCells))),
      .init("x", x.map { axisJSON($0) } ?? .null),
      .init("y", y.map { axisJSON($0) } ?? .null),
      .init("slice_axes", .array(sliceAxes.map { axisJSON($0) })),
      .init(
        "slices",
        .array(slices.map { .object([.init("text", .string($0.text)), .init("typical", .bool($0.isTypical))]) })),
    ]
    // Only the answers some rectangle shows (the sweep meets many more), renumbered in order of
    // first use.
    var number: [Int: Int] = [:]
    var used: [Int] = []
    for situation in situations {
      for cells in situation.cells {
        for cell in cells where number[cell.answer] == nil {
          number[cell.answer] = used.count
          used.append(cell.answer)
        }
      }
    }
    let answerValues: [JSONValue] = used.map { index in
      let answer = answers[index]
      let style = OutcomeStyle(answer.shown)
      return .object([
        .init("kind", .string(answer.shown.kind.rawValue)),
        .init("decided_by", .array(answer.shownDecidedBy.map { .string($0) })),
        .init("family", .string(style.family)), .init("key", .string(style.key)),
        .init("label", .string(style.label)), .init("words", .string(style.words)),
        .init("order", .number(ExactNumber(style.order))),
        .init("sentence", .string(words.sentence(answer))),
      ])
    }
    members.append(.init("answers", .array(answerValues)))
    let situationValues: [JSONValue] = situations.map { situation in
      .object([
        .init("id", .string(situation.id)), .init("title", .string(situation.title)),
        .init("detail", .string(situation.detail)),
        .init(
          "cells",
          .array(
            situation.cells.map { cells in
              .array(
                cells.map { cell in
                  .object([
                    .init("answer", .number(ExactNumber(number[cell.answer] ?? 0))),
                    .init("bounds", .string(boundsText(cell))),
                  ])
                })
            })),
      ])
    }
    members.append(.init("situations", .array(situationValues)))
    // The abstaining rules that decide somewhere on the map, with their reasons, in source order,
    // numbered as the charts' `why: N` labels number them.
    let reasons: [JSONValue] = abstentions(tables: tables).map {
      .object([.init("id", .string($0.id)), .init("reason", .string($0.reason))])
    }
    members.append(.init("abstentions", .array(reasons)))
    return .object(members)
  }

  /// An axis: its names, its drawn range, and the values that get a tick (breakpoints, the range's
  /// ends, zero) with their texts.
  func axisJSON(_ axis: PlotAxis) -> JSONValue {
    func value(_ v: ExactNumber) -> JSONValue {
      .object([.init("value", .number(v)), .init("text", .string(quantity(v, on: axis)))])
    }
    return .object([
      .init("label", .string(axis.label)), .init("expression", .string(axis.expression)),
      .init("unit", .string(axis.unit)), .init("words", .string(axis.words)),
      .init("title", .string(Self.title(axis))), .init("legend", legend(axis).map { .string($0) } ?? .null),
      .init("low_word", axis.lowWord.map { .string($0) } ?? .null),
      .init("high_word", axis.highWord.map { .string($0) } ?? .null),
      .init("low", value(axis.low)), .init("high", value(axis.high)), .init("zero", value(.zero)),
      .init("breakpoints", .array(axis.breakpoints.map { value($0) })),
    ])
  }
}
