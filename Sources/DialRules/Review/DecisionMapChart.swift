/// One chart of the decision map as inline SVG: a situation in one slice, every rectangle filled
/// by its outcome (colour and pattern), labelled when there is room, focusable and named in
/// words; exact edges drawn solid where the boundary value belongs to the region and dashed where
/// it does not; fixture, shot and witness points where they fall.
///
/// The one drawer of the map: the HTML reports (`dialrules report`, `diff --format html`) and the
/// browser playground (`Playground.charts`, through the WebAssembly engine) both draw with it, in
/// the styles of `DecisionMap.css` and the patterns of `OutcomeStyle.patterns`.
package struct DecisionMapChart: Sendable {
  typealias Layout = DecisionMap.ChartLayout

  package let map: DecisionMap
  let words: AnswerWords
  /// A diff: cells that change are outlined and labelled `from → to`, the rest are faded.
  var diff = false
  /// The number of each abstaining rule in the legend's "Why the table abstains" list
  /// (`DecisionMap.abstentions`), for a region too narrow for the rule's id.
  var reasonNumbers: [String: Int] = [:]

  /// The charts of `map`, built from `tables` (the new table last), numbering the abstaining
  /// rules as the legend lists them.
  package init(map: DecisionMap, tables: [CompiledRules], diff: Bool = false) {
    var numbers: [String: Int] = [:]
    for (i, r) in map.abstentions(tables: tables).enumerated() { numbers[r.id] = i + 1 }
    self.map = map
    self.words = AnswerWords(tables: tables)
    self.diff = diff
    self.reasonNumbers = numbers
  }

  /// The chart of `situation` in `slice`, with `points` (already placed there).
  package func svg(situation s: Int, slice: Int, points: [MapPoint]) -> String {
    let situation = map.situations[s]
    let title = "\(situation.title)" + (map.slices.count > 1 ? " — \(map.slices[slice].text)" : "")
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(Int(Layout.width)) \(Int(Layout.height))\" "
      + "role=\"group\" aria-label=\"\(HTMLText.escape("Decision map: " + title))\">\n"
    out += "<title>\(HTMLText.escape(title))</title>\n"
    let layout = Layout(map: map)
    let xs = layout.xs
    let ys = layout.ys
    var labels = ""
    let marks = points.map { p in
      (xs.pointPixel(p.x), ys.pointPixel(p.y))
    }
    for cell in situation.cells[slice] {
      let drawn = self.cell(cell, xs, ys, marks: marks)
      out += drawn.shape
      labels += drawn.label
    }
    out +=
      "<rect class=\"frame\" x=\"\(HTMLText.number(layout.left))\" y=\"\(HTMLText.number(Layout.top))\" width=\"\(HTMLText.number(layout.plotWidth))\" height=\"\(HTMLText.number(layout.plotHeight))\"/>\n"
    out += axes(layout)
    out += PointMarks(xs: xs, ys: ys).svg(points)
    // Labels last, over the points, so a crowd of fixtures never hides what a region decides;
    // they let the pointer through to the region below.
    out += "<g class=\"labels\" aria-hidden=\"true\">\(labels)</g>\n"
    out += "</svg>\n"
    return out
  }

  /// One rectangle: fill, pattern, exact edges and its name for hover and focus; and its label,
  /// drawn later in a layer of its own.
  /// `marks` are the pixels of the points drawn on the chart, which the label keeps clear of.
  func cell(_ cell: DecisionMap.Cell, _ xs: DecisionMap.Scale, _ ys: DecisionMap.Scale, marks: [(Double, Double)]) -> (
    shape: String, label: String
  ) {
    let answer = map.answers[cell.answer]
    let style = OutcomeStyle(answer.shown)
    var x0 = xs.pixel(cell.x.lower, else: xs.from)
    var x1 = xs.pixel(cell.x.upper, else: xs.to)
    let y0 = ys.pixel(cell.y.upper, else: ys.to)
    let y1 = ys.pixel(cell.y.lower, else: ys.from)
    var top = min(y0, y1)
    var bottom = max(y0, y1)
    // A single value (a region `dt = 3 s`) is drawn as a thin strip so it can be seen and focused.
    if x1 - x0 < 3 {
      let mid = (x0 + x1) / 2
      (x0, x1) = (mid - 1.5, mid + 1.5)
    }
    if bottom - top < 3 {
      let mid = (top + bottom) / 2
      (top, bottom) = (mid - 1.5, mid + 1.5)
    }
    let bounds = map.boundsText(cell)
    let name = words.sentence(answer) + "; where " + bounds
    let changed = diff && answer.changed
    var classes = "cell o-\(style.family)"
    if diff { classes += changed ? " changed" : " unchanged" }
    var out = "<g class=\"\(classes)\" tabindex=\"0\" role=\"img\" data-outcome=\"\(style.key)\""
    out += " data-bounds=\"\(HTMLText.escape(bounds))\" aria-label=\"\(HTMLText.escape(name))\">"
    out += "<title>\(HTMLText.escape(name))</title>"
    let rect =
      "x=\"\(HTMLText.number(x0))\" y=\"\(HTMLText.number(top))\" width=\"\(HTMLText.number(x1 - x0))\" height=\"\(HTMLText.number(bottom - top))\""
    out += "<rect class=\"fill\" \(rect)/><rect class=\"hatch\" fill=\"url(#p-\(style.family))\" \(rect)/>"
    out += edges(cell, x0: x0, x1: x1, top: top, bottom: bottom)
    if changed { out += "<rect class=\"change-mark\" \(rect)/>" }
    out += "</g>\n"
    return (out, label(answer, style, x0: x0, x1: x1, top: top, bottom: bottom, marks: marks))
  }

  /// The four edges, inset so each region shows its own: solid where the bound is closed (the
  /// boundary value is in this region), dashed where it is open. Edges at the drawn range's end
  /// or at the end of the valid values are not drawn.
  func edges(_ cell: DecisionMap.Cell, x0: Double, x1: Double, top: Double, bottom: Double) -> String {
    let inset = 1.4
    var out = ""
    func line(_ a: (Double, Double), _ b: (Double, Double), closed: Bool) {
      out +=
        "<line class=\"edge \(closed ? "closed" : "open")\" x1=\"\(HTMLText.number(a.0))\" y1=\"\(HTMLText.number(a.1))\" x2=\"\(HTMLText.number(b.0))\" y2=\"\(HTMLText.number(b.1))\"/>"
    }
    if x1 - x0 > 2 * inset + 1 {
      if let c = Self.inside(cell.x.lower, cell.x.lowerClosed, map.x) {
        line((x0 + inset, top), (x0 + inset, bottom), closed: c)
      }
      if let c = Self.inside(cell.x.upper, cell.x.upperClosed, map.x) {
        line((x1 - inset, top), (x1 - inset, bottom), closed: c)
      }
    }
    if bottom - top > 2 * inset + 1 {
      if let c = Self.inside(cell.y.upper, cell.y.upperClosed, map.y) {
        line((x0, top + inset), (x1, top + inset), closed: c)
      }
      if let c = Self.inside(cell.y.lower, cell.y.lowerClosed, map.y) {
        line((x0, bottom - inset), (x1, bottom - inset), closed: c)
      }
    }
    return out
  }

  /// Whether a bound lies strictly inside the drawn range (then: whether it is closed).
  static func inside(_ bound: ExactNumber?, _ closed: Bool, _ axis: DecisionMap.PlotAxis?) -> Bool? {
    guard let bound, let axis, axis.low < bound, bound < axis.high else { return nil }
    return closed
  }

  /// The outcome's label, and for abstentions the rules that abstain, when they fit.
  func label(
    _ answer: DecisionMap.Answer, _ style: OutcomeStyle, x0: Double, x1: Double, top: Double, bottom: Double,
    marks: [(Double, Double)]
  ) -> String {
    let width = x1 - x0
    let height = bottom - top
    var lines: [String] = []
    if diff && answer.changed {
      lines = [OutcomeStyle(answer.outcomes[0]).label + " →", style.label]
    } else {
      lines = [style.label]
      switch answer.shown {
      case .insufficientEvidence(.explicit), .insufficientEvidence(.conflict):
        lines.append(contentsOf: answer.shownDecidedBy.prefix(3))
      default: break
      }
    }
    // Text is 13 units tall: at least 11 px where a phone (390 px) or a desktop column shows
    // the chart at about 86 % of its size.
    let charWidth = 7.2
    // Abstaining rules whose ids do not fit are named by their number in the legend's list.
    if case .insufficientEvidence(.explicit) = answer.shown, !diff || !answer.changed,
      lines.dropFirst().contains(where: { Double($0.count) * charWidth + 6 > width })
    {
      let numbers = answer.shownDecidedBy.compactMap { reasonNumbers[$0] }.map { String($0) }
      if !numbers.isEmpty { lines = [style.label, "why: " + numbers.joined(separator: ", ")] }
    }
    let lineHeight = 15.0
    // Keep the lines that fit, in order; a label with no room is left to the legend and hover.
    var fitting: [String] = []
    for line in lines {
      guard Double(fitting.count + 1) * lineHeight + 4 <= height else { break }
      if Double(line.count) * charWidth + 6 <= width {
        fitting.append(line)
      } else if fitting.isEmpty {
        return ""
      } else {
        break
      }
    }
    guard !fitting.isEmpty else { return "" }
    // The first place, of a few inside the region, where the label covers no point: the middle,
    // near the top, near the bottom, then the same to the left and right.
    let labelWidth = Double(fitting.map { $0.count }.max() ?? 0) * charWidth + 4
    let labelHeight = Double(fitting.count) * lineHeight
    let centred = (top + bottom) / 2 - labelHeight / 2 + 10
    var spots: [(Double, Double)] = []
    for cx in [(x0 + x1) / 2, x0 + labelWidth / 2 + 4, x1 - labelWidth / 2 - 4] {
      for y in [centred, top + 17, bottom - labelHeight + 7] { spots.append((cx, y)) }
    }
    let inside = spots.filter { spot in
      spot.0 - labelWidth / 2 >= x0 && spot.0 + labelWidth / 2 <= x1 && spot.1 - 11 >= top
        && spot.1 + labelHeight - 11 <= bottom
    }
    // A mark covers its symbol and the count written to its lower right (`×2`).
    let free = inside.first { spot in
      let (left, right) = (spot.0 - labelWidth / 2, spot.0 + labelWidth / 2)
      let (upper, lower) = (spot.1 - 12, spot.1 + labelHeight - 10)
      return !marks.contains { m in m.0 + 26 > left && m.0 - 6 < right && m.1 + 16 > upper && m.1 - 6 < lower }
    }
    let (cx, first) = free ?? inside.first ?? spots[0]
    var out = "<text class=\"cell-label\" text-anchor=\"middle\" aria-hidden=\"true\">"
    for (i, line) in fitting.enumerated() {
      out +=
        "<tspan x=\"\(HTMLText.number(cx))\" y=\"\(HTMLText.number(first + Double(i) * lineHeight))\"\(i == 0 ? " class=\"lead\"" : "")>\(HTMLText.escape(line))</tspan>"
    }
    return out + "</text>"
  }

  /// Tick marks at every breakpoint, at the range's ends and at zero, labelled rounded
  /// (`DecisionMap.ChartLayout`); the axis in words.
  func axes(_ layout: Layout) -> String {
    var out = ""
    let left = layout.left
    let baseline = Layout.top + layout.plotHeight
    if let x = map.x {
      for tick in layout.xTicks {
        let px = HTMLText.number(layout.xs.pixel(tick.value))
        let row = Double(tick.row)
        out +=
          "<line class=\"tick\(tick.strong ? " strong" : "")\" x1=\"\(px)\" y1=\"\(HTMLText.number(baseline))\" x2=\"\(px)\" y2=\"\(HTMLText.number(baseline + 5 + row * 13))\"/>"
        out +=
          "<text class=\"tick-label\" x=\"\(px)\" y=\"\(HTMLText.number(baseline + 17 + row * 13))\" text-anchor=\"middle\">\(HTMLText.escape(tick.text))</text>\n"
      }
      let mid = HTMLText.number(left + layout.plotWidth / 2)
      out +=
        "<text class=\"axis-title\" x=\"\(mid)\" y=\"\(HTMLText.number(baseline + 46))\" text-anchor=\"middle\">\(HTMLText.escape(Self.title(x)))</text>\n"
      if let low = x.lowWord, let high = x.highWord {
        out +=
          "<text class=\"axis-hint\" x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(baseline + 64))\">← \(HTMLText.escape(low))</text>"
        out +=
          "<text class=\"axis-hint\" x=\"\(HTMLText.number(left + layout.plotWidth))\" y=\"\(HTMLText.number(baseline + 64))\" text-anchor=\"end\">\(HTMLText.escape(high)) →</text>\n"
      }
    }
    if map.y != nil {
      for tick in layout.yTicks {
        let py = HTMLText.number(layout.ys.pixel(tick.value))
        out +=
          "<line class=\"tick\(tick.strong ? " strong" : "")\" x1=\"\(HTMLText.number(left - 5))\" y1=\"\(py)\" x2=\"\(HTMLText.number(left))\" y2=\"\(py)\"/>"
        out +=
          "<text class=\"tick-label\" x=\"\(HTMLText.number(left - 7))\" y=\"\(py)\" dy=\"4\" text-anchor=\"end\">\(HTMLText.escape(tick.text))</text>\n"
      }
      let mid = HTMLText.number(Layout.top + layout.plotHeight / 2)
      out +=
        "<text class=\"axis-title\" transform=\"translate(\(HTMLText.number(Layout.yTitleX)) \(mid)) rotate(-90)\" text-anchor=\"middle\">"
      if layout.yTitle.count == 1 {
        out += HTMLText.escape(layout.yTitle[0])
      } else {
        // Two lines, read from the left: the first further from the ticks.
        for (i, line) in layout.yTitle.enumerated() {
          let dy = i == 0 ? "0" : HTMLText.number(Layout.yTitleLineGap)
          out += "<tspan x=\"0\" dy=\"\(dy)\">\(HTMLText.escape(line))</tspan>"
        }
      }
      out += "</text>\n"
    }
    return out
  }

  /// `dt: time against the recipe (s)` (`DecisionMap.title`).
  package static func title(_ axis: DecisionMap.PlotAxis) -> String { DecisionMap.title(axis) }
}
