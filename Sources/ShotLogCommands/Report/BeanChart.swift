import CommandLineSupport
import DialRules
import ShotLog

/// A bean's shots over shot number, as one SVG of stacked panels sharing the x axis: the grind per
/// grinder (finer always down, whichever way the grinder's numbers run; accepted grind suggestions
/// as filled triangles, rejected ones hollow; the recipe's grind now as a dashed line), the time
/// against the target band, the ratio against the target ratio, the taste tags, and each shot's
/// suggestion with the barista's answer.
///
/// Up to `detailLimit` shots every shot is drawn and hoverable. Longer histories draw their lines
/// downsampled (`Downsampling`) and only the newest `detailLimit` shots as points, so the page
/// stays small; the table below the chart lists every shot.
///
/// Two layouts of the same drawing: `wide` for a desktop page, and `narrow`, 360 units across,
/// which a phone shows at about its own size so every label stays at least 11 px tall (the page
/// shows one or the other by the viewport's width).
struct BeanChart {
  static let detailLimit = 300
  /// The on-time window the default rules use: within 3 s of the target.
  static let band = ExactNumber(3)
  static let tastes: [TasteTag] = [.sour, .bitter, .harsh, .thin, .strong, .balanced]

  let report: BeanReport
  /// The phone layout: 360 units across, shorter titles.
  var narrow = false
  /// The id of the element whose words name the chart for a screen reader (`aria-labelledby`).
  var labelledBy: String?

  var width: Double { narrow ? 360 : 940 }
  var left: Double { narrow ? 64 : 100 }
  var right: Double { narrow ? 8 : 16 }
  /// The height of one taste row.
  static let tasteRow = 15.0

  var count: Int { report.shots.count }
  var plotWidth: Double { width - left - right }

  /// The centre of shot `i` (0-based).
  func px(_ i: Int) -> Double { left + (Double(i) + 0.5) / Double(max(count, 1)) * plotWidth }

  /// A panel's vertical mapping.
  struct Panel {
    var top: Double
    var height: Double
    var low: Double
    var high: Double
    /// Higher values drawn lower (a grinder whose higher numbers are finer).
    var inverted = false
    func py(_ v: Double) -> Double {
      let f = (v - low) / max(high - low, 1e-9)
      return inverted ? top + f * height : top + height - f * height
    }
  }

  /// The first shot drawn as a point.
  var firstDetailed: Int { max(0, count - Self.detailLimit) }

  /// The width of one shot's column in pixels.
  var step: Double { plotWidth / Double(max(count, 1)) }

  /// The size of a dot: 6 px while shots are far apart, down to 1.5 px so dense shots never merge
  /// into a bar.
  var dotSize: Double { min(6, max(1.5, step * 0.85)) }

  var svg: String {
    var body = ""
    var y = narrow ? 42.0 : 24.0
    for grinder in report.grinderNames {
      // One panel per run of the same finer direction: finer is drawn down on each shot's own scale.
      let shots = report.shots.indices.filter { report.shots[$0].grinderName == grinder }
      let runs = ScaleRuns.split(shots) { report.shots[$0].grinderFiner }
      for (n, run) in runs.enumerated() {
        body += grindPanel(grinder, shots: run, part: runs.count == 1 ? nil : (n, runs.count), top: y)
        y += narrow ? 174 : 156
      }
    }
    body += timePanel(top: y)
    y += 134
    body += ratioPanel(top: y)
    y += 110
    body += tastePanel(top: y)
    y += Double(Self.tastes.count) * Self.tasteRow + 22
    body += suggestionRow(top: y)
    y += 36
    body += xAxis(top: y)
    y += 34
    // Hover names each shot on the desktop layout; a phone has no hover (and the table lists every
    // shot), so the narrow layout leaves the hover columns out and the page stays small.
    if !narrow { body += hitColumns(height: y - 34) }
    let title = "Shots of \(report.bean.name): grind, time, ratio, taste and suggestions by shot"
    let naming =
      labelledBy.map { "aria-labelledby=\"\(HTMLText.escape($0))\"" } ?? "aria-label=\"\(HTMLText.escape(title))\""
    return
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bean-chart \(narrow ? "narrow" : "wide")\" viewBox=\"0 0 \(Int(width)) \(Int(y))\" role=\"img\" \(naming)><title>\(HTMLText.escape(title))</title>\n"
      + body + "</svg>\n"
  }

  // MARK: Panels

  /// The grind of `shots` (indices into the report's shots, all on grinder `name` and on scales of
  /// one finer direction), drawn with finer down. `part` is this run's place among the grinder's
  /// runs when its direction was edited between shots.
  func grindPanel(_ name: String, shots: ArraySlice<Int>, part: (Int, Int)?, top: Double) -> String {
    let grinder = report.grinders[name]
    let finer = shots.first.flatMap { report.shots[$0].grinderFiner }
    let finerHigher = finer == .higher
    var points: [(Int, Double)] = []
    for i in shots {
      if let v = GrindSetting(text: report.shots[i].grind).value { points.append((i, v.plotValue)) }
    }
    var title = "grind on \(name)"
    var direction = ScaleRuns.words(finer)
    if let (n, count) = part, let first = shots.first, let last = shots.last {
      title +=
        " · #\(report.shots[first].attemptID)–#\(report.shots[last].attemptID)"
        + (n == 0 ? "" : ", after its scale was edited")
      direction += " (part \(n + 1) of \(count))"
    }
    // The phone layout writes the direction on a line of its own under the title.
    var out = frame(top: top, height: 120, title: title, lift: narrow ? 18 : 0)
    if narrow {
      out +=
        "<text class=\"hint\" x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(top - 5))\">finer ↓ · \(HTMLText.escape(name)): \(direction)</text>\n"
    }
    guard !points.isEmpty else {
      return out
        + note(
          x: left + 10, y: top + 56,
          ["The grind settings on this grinder", "are not numbers; the table lists them."])
    }
    var settled: Double?
    // The recipe now, on the newest run only, and only when its scale runs the run's way.
    if let recipe = report.recipe, report.recipeGrinder?.name == name, let v = recipe.grind.value,
      shots.last == report.shots.indices.last(where: { report.shots[$0].grinderName == name }),
      recipe.grinderScale?.finer == finer
    {
      settled = v.plotValue
    }
    let values = points.map(\.1) + (settled.map { [$0] } ?? [])
    let (low, high) = Self.padded(
      values.min() ?? 0, values.max() ?? 1, minimumSpan: grinder?.scale?.step.plotValue ?? 1)
    let panel = Panel(top: top, height: 120, low: low, high: high, inverted: finerHigher)
    out += yTicks(panel, low: low, high: high, unit: "")
    out +=
      "<text class=\"hint\" x=\"2\" y=\"\(HTMLText.number(top + 118))\">\(narrow ? "↓" : "↓ finer")</text>"
      + "<text class=\"hint\" x=\"2\" y=\"\(HTMLText.number(top + 12))\">\(narrow ? "↑" : "↑ coarser")</text>"
      + (narrow
        ? "\n"
        : "<text class=\"hint\" x=\"\(HTMLText.number(width - right))\" y=\"\(HTMLText.number(top - 6))\" text-anchor=\"end\">\(HTMLText.escape(name)): \(direction)</text>\n")
    if let settled {
      let yy = HTMLText.number(panel.py(settled))
      out +=
        "<line class=\"settled\" x1=\"\(HTMLText.number(left))\" y1=\"\(yy)\" x2=\"\(HTMLText.number(width - right))\" y2=\"\(yy)\"/>"
      out +=
        "<text class=\"settled-label\" x=\"\(HTMLText.number(width - right - 4))\" y=\"\(HTMLText.number(panel.py(settled) - 4))\" text-anchor=\"end\">recipe now: \(HTMLText.escape(report.recipe?.grind.text ?? ""))</text>\n"
    }
    // The walk: a step line from shot to shot.
    out += "<path class=\"walk\" d=\"\(stepPath(points, panel))\"/>\n"
    out += dots(points.filter { $0.0 >= firstDetailed }, panel, cls: "grind-dot")
    // Suggestions about the grind: filled when accepted, hollow when rejected (when there is room).
    let half = min(4, step * 0.45)
    for (i, v) in points where i >= firstDetailed && step >= 3 {
      let s = report.shots[i]
      guard let mark = SuggestionMark(s), mark == .finer || mark == .coarser,
        let action = s.eventAction
      else { continue }
      let y0 = panel.py(v)
      let down = mark == .finer
      let tip = y0 + (down ? 15 : -15)
      let base = y0 + (down ? 7 : -7)
      let x = px(i)
      out +=
        "<path class=\"move \(action.rawValue)\" d=\"M\(HTMLText.number(x)) \(HTMLText.number(tip)) L\(HTMLText.number(x - half)) \(HTMLText.number(base)) L\(HTMLText.number(x + half)) \(HTMLText.number(base)) Z\"/>"
    }
    return out + "\n"
  }

  func timePanel(top: Double) -> String {
    var out = frame(top: top, height: 100, title: "time (s) · band: target ± 3 s")
    var values: [Double] = []
    for s in report.shots {
      if let t = s.timeS { values.append(t.plotValue) }
      if let target = report.targetTime(s) {
        values.append(target.plotValue - Self.band.plotValue)
        values.append(target.plotValue + Self.band.plotValue)
      }
    }
    guard !values.isEmpty else { return out }
    let (low, high) = Self.padded(values.min() ?? 0, values.max() ?? 1, minimumSpan: 4)
    let panel = Panel(top: top, height: 100, low: low, high: high)
    out += yTicks(panel, low: low, high: high, unit: " s")
    // The band, one rectangle per run of shots with the same target.
    var i = 0
    while i < count {
      guard let target = report.targetTime(report.shots[i]) else {
        i += 1
        continue
      }
      var j = i
      while j + 1 < count, report.targetTime(report.shots[j + 1]) == target { j += 1 }
      let x0 = px(i) - plotWidth / Double(count) / 2
      let x1 = px(j) + plotWidth / Double(count) / 2
      let upper = panel.py(target.plotValue + Self.band.plotValue)
      let lower = panel.py(target.plotValue - Self.band.plotValue)
      out +=
        "<rect class=\"band\" x=\"\(HTMLText.number(x0))\" y=\"\(HTMLText.number(upper))\" width=\"\(HTMLText.number(x1 - x0))\" height=\"\(HTMLText.number(lower - upper))\"/>"
      out +=
        "<line class=\"target\" x1=\"\(HTMLText.number(x0))\" y1=\"\(HTMLText.number(panel.py(target.plotValue)))\" x2=\"\(HTMLText.number(x1))\" y2=\"\(HTMLText.number(panel.py(target.plotValue)))\"/>"
      i = j + 1
    }
    var inBand: [(Int, Double)] = []
    var outside: [(Int, Double)] = []
    var all: [(Int, Double)] = []
    for (i, s) in report.shots.enumerated() {
      guard let t = s.timeS else { continue }
      all.append((i, t.plotValue))
      guard i >= firstDetailed else { continue }
      if let target = report.targetTime(s), let d = t.subtracting(target), !(Self.band < d.magnitude) {
        inBand.append((i, t.plotValue))
      } else {
        outside.append((i, t.plotValue))
      }
    }
    out += "<path class=\"series\" d=\"\(linePath(all, panel))\"/>\n"
    out += dots(inBand, panel, cls: "time-dot in-band")
    out += dots(outside, panel, cls: "time-dot off-band")
    return out
  }

  func ratioPanel(top: Double) -> String {
    var out = frame(top: top, height: 80, title: "ratio (yield ÷ dose) · line: target")
    var points: [(Int, Double)] = []
    var targets: [(Int, Double)] = []
    for (i, s) in report.shots.enumerated() {
      if let y = s.yieldG, let d = s.doseG, let r = y.divided(by: d) { points.append((i, r.plotValue)) }
      if let y = s.targetYieldG, let d = s.targetDoseG, let r = y.divided(by: d) { targets.append((i, r.plotValue)) }
    }
    let values = points.map(\.1) + targets.map(\.1)
    guard !values.isEmpty else { return out }
    let (low, high) = Self.padded(values.min() ?? 0, values.max() ?? 1, minimumSpan: 0.4)
    let panel = Panel(top: top, height: 80, low: low, high: high)
    out += yTicks(panel, low: low, high: high, unit: "")
    out += "<path class=\"target-line\" d=\"\(stepPath(targets, panel))\"/>\n"
    out += "<path class=\"series\" d=\"\(linePath(points, panel))\"/>\n"
    out += dots(points.filter { $0.0 >= firstDetailed }, panel, cls: "ratio-dot")
    return out
  }

  func tastePanel(top: Double) -> String {
    let height = Double(Self.tastes.count) * Self.tasteRow
    var out = frame(top: top, height: height, title: "taste")
    // Shots per column: one each when they fit, else a bin of several (drawn as the share of
    // shots in the bin with the tag).
    let columns = min(count, Self.detailLimit)
    let perColumn = Double(count) / Double(max(columns, 1))
    for (row, tag) in Self.tastes.enumerated() {
      let y = top + Double(row) * Self.tasteRow + Self.tasteRow / 2
      out +=
        "<text class=\"tick-label\" x=\"\(HTMLText.number(left - 6))\" y=\"\(HTMLText.number(y + 4.5))\" text-anchor=\"end\">\(tag.rawValue)</text>"
      var d = ""
      for c in 0..<columns {
        let first = Int((Double(c) * perColumn).rounded(.down))
        let last = max(first, Int((Double(c + 1) * perColumn).rounded(.down)) - 1)
        var hits = 0
        for i in first...min(last, count - 1) where report.shots[i].taste?.contains(tag) == true { hits += 1 }
        guard hits > 0 else { continue }
        let x = left + (Double(c) + 0.5) / Double(columns) * plotWidth
        d += "M\(HTMLText.number(x)) \(HTMLText.number(y))h0"
      }
      if !d.isEmpty { out += "<path class=\"taste t-\(tag.rawValue)\" d=\"\(d)\"/>" }
    }
    return out + "\n"
  }

  func suggestionRow(top: Double) -> String {
    let key =
      narrow
      ? "suggestion · ✓ accepted, ✕ rejected"
      : "suggestion (F finer, C coarser, + / − yield, = no change, ? abstains) · ✓ accepted, ✕ rejected"
    var out =
      "<text class=\"panel-title\" x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(top - 2))\">\(key)</text>\n"
    let step = plotWidth / Double(max(count, 1))
    guard step >= 10 else {
      return out
        + note(x: left + 4, y: top + 14, ["Too many shots to letter each one;", "the table lists every suggestion."])
    }
    for (i, s) in report.shots.enumerated() {
      guard let mark = SuggestionMark(s) else { continue }
      let x = HTMLText.number(px(i))
      out +=
        "<text class=\"glyph g-\(mark.rawValue)\" x=\"\(x)\" y=\"\(HTMLText.number(top + 13))\" text-anchor=\"middle\">\(HTMLText.escape(mark.glyph))</text>"
      if let action = s.eventAction {
        out +=
          "<text class=\"answer \(action.rawValue)\" x=\"\(x)\" y=\"\(HTMLText.number(top + 28))\" text-anchor=\"middle\">\(action == .accepted ? "✓" : "✕")</text>"
      }
    }
    return out + "\n"
  }

  func xAxis(top: Double) -> String {
    var out = ""
    // The log's own shot numbers (as `history` shows them), as many as fit side by side.
    let widest = report.shots.map { String($0.attemptID).count }.max() ?? 1
    let fit = max(2, Int(plotWidth / (Double(widest) * 7.5 + 10)))
    for n in Self.ticks(count, at: fit) {
      let x = HTMLText.number(px(n - 1))
      out +=
        "<text class=\"tick-label\" x=\"\(x)\" y=\"\(HTMLText.number(top + 6))\" text-anchor=\"middle\">\(report.shots[n - 1].attemptID)</text>"
    }
    out +=
      "<text class=\"axis-title\" x=\"\(HTMLText.number(left + plotWidth / 2))\" y=\"\(HTMLText.number(top + 24))\" text-anchor=\"middle\">shot number (oldest first)</text>\n"
    return out
  }

  /// A transparent column per drawn shot, so hovering anywhere above a shot names it.
  func hitColumns(height: Double) -> String {
    guard count > 0 else { return "" }
    let w = plotWidth / Double(count)
    var out = ""
    for i in firstDetailed..<count {
      let s = report.shots[i]
      var words = "#\(s.attemptID) · \(report.clock.short(s.pulledAt)) · grind \(s.grind) on \(s.grinderName)"
      words += " · \(Formatting.seconds(s.timeS))"
      if let target = report.targetTime(s) { words += " (target \(Formatting.seconds(target)))" }
      words += " · \(Formatting.grams(s.yieldG)) · \(Formatting.storedTags(s.tasteText))"
      if let rating = s.rating { words += " · ★ \(rating.decimalText)" }
      words += " · \(ReportWords.suggestion(s))"
      if let action = s.eventAction { words += " (\(action.rawValue))" }
      out +=
        "<rect class=\"hit\" data-shot=\"\(s.attemptID)\" x=\"\(HTMLText.number(left + Double(i) * w))\" y=\"0\" width=\"\(HTMLText.number(w))\" height=\"\(HTMLText.number(height))\"><title>\(HTMLText.escape(words))</title></rect>"
    }
    return out + "\n"
  }

  // MARK: Helpers

  /// A note in the chart, one `<text>` per line, so it fits the narrow layout too.
  func note(x: Double, y: Double, _ lines: [String]) -> String {
    var out = ""
    for (n, line) in lines.enumerated() {
      out +=
        "<text class=\"empty\" x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y + Double(n) * 16))\">\(HTMLText.escape(line))</text>"
    }
    return out + "\n"
  }

  /// A panel's frame and title; `lift` raises the title to make room for a line under it.
  func frame(top: Double, height: Double, title: String, lift: Double = 0) -> String {
    "<rect class=\"panel\" x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(top))\" width=\"\(HTMLText.number(plotWidth))\" height=\"\(HTMLText.number(height))\"/>"
      + "<text class=\"panel-title\" x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(top - 5 - lift))\">\(HTMLText.escape(title))</text>\n"
  }

  func yTicks(_ panel: Panel, low: Double, high: Double, unit: String) -> String {
    var out = ""
    for v in Self.niceTicks(low, high) {
      let y = HTMLText.number(panel.py(v))
      out +=
        "<line class=\"grid\" x1=\"\(HTMLText.number(left))\" y1=\"\(y)\" x2=\"\(HTMLText.number(width - right))\" y2=\"\(y)\"/>"
        + "<text class=\"tick-label\" x=\"\(HTMLText.number(left - 6))\" y=\"\(y)\" dy=\"3.5\" text-anchor=\"end\">\(HTMLText.number(v))\(unit)</text>"
    }
    return out
  }

  /// Dots as one path of zero-length round-capped segments: small for thousands of shots.
  func dots(_ points: [(Int, Double)], _ panel: Panel, cls: String) -> String {
    guard !points.isEmpty else { return "" }
    var d = ""
    for (i, v) in points { d += "M\(HTMLText.number(px(i))) \(HTMLText.number(panel.py(v)))h0" }
    let size = dotSize == 6 ? "" : " style=\"stroke-width:\(HTMLText.number(dotSize))px\""
    return "<path class=\"dots \(cls)\" data-count=\"\(points.count)\"\(size) d=\"\(d)\"/>\n"
  }

  /// A polyline through the points, downsampled when long.
  func linePath(_ points: [(Int, Double)], _ panel: Panel) -> String {
    let keep = Downsampling.largestTriangleThreeBuckets(
      x: points.map { Double($0.0) }, y: points.map(\.1), count: Self.detailLimit)
    var d = ""
    for (n, k) in keep.enumerated() {
      d += (n == 0 ? "M" : "L") + HTMLText.number(px(points[k].0)) + " " + HTMLText.number(panel.py(points[k].1))
    }
    return d
  }

  /// A step line: flat until the value changes (a grind or a target holds from shot to shot).
  /// Only the changes are written, so a long history of few changes stays short.
  func stepPath(_ points: [(Int, Double)], _ panel: Panel) -> String {
    guard let first = points.first else { return "" }
    var d = "M\(HTMLText.number(px(first.0))) \(HTMLText.number(panel.py(first.1)))"
    var current = first.1
    var lastX = px(first.0)
    for (i, v) in points.dropFirst() {
      lastX = px(i)
      if v != current {
        d += "H\(HTMLText.number(lastX))V\(HTMLText.number(panel.py(v)))"
        current = v
      }
    }
    return d + "H\(HTMLText.number(lastX))"
  }

  /// A range around the values with a little room, at least `minimumSpan` wide.
  static func padded(_ low: Double, _ high: Double, minimumSpan: Double) -> (Double, Double) {
    var lo = low
    var hi = high
    if hi - lo < minimumSpan {
      let mid = (lo + hi) / 2
      lo = mid - minimumSpan / 2
      hi = mid + minimumSpan / 2
    }
    let pad = (hi - lo) * 0.08
    return (lo - pad, hi + pad)
  }

  /// About four round values inside the range.
  static func niceTicks(_ low: Double, _ high: Double) -> [Double] {
    let raw = (high - low) / 4
    var step = 1.0
    for candidate in [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100] where candidate >= raw {
      step = candidate
      break
    }
    var out: [Double] = []
    var v = (low / step).rounded(.up) * step
    while v <= high && out.count < 12 {
      out.append((v * 100).rounded() / 100)
      v += step
    }
    return out
  }

  /// Shot positions (1-based) to label: the first, the last, and round positions between, at
  /// most about `fit` of them.
  static func ticks(_ count: Int, at fit: Int = 20) -> [Int] {
    guard count > 0 else { return [] }
    if count <= fit { return Array(1...count) }
    let raw = Double(count) / Double(max(2, min(8, fit - 1)))
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000].first { Double($0) >= raw } ?? 10000
    var out = [1]
    var n = step
    while n < count {
      if n - (out.last ?? 0) >= max(1, step / 2) { out.append(n) }
      n += step
    }
    if let last = out.last, last != count {
      if count - last < max(1, step / 2), out.count > 1 { out.removeLast() }
      out.append(count)
    }
    return out
  }
}
