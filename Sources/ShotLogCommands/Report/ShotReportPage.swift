import CommandLineSupport
import DialRules
import ShotLog

/// The page `dialshot report` writes: per bean a summary (roast, shots, the recipe it settled
/// on), the chart of its shots (`BeanChart`), a table of every shot, and a section per recent
/// shot with its machine curves when it has them. Built only from the log, never from the clock,
/// so the same log gives the same bytes.
struct ShotReportPage {
  var beans: [BeanReport]
  /// Machine curves per attempt id (imported shots have them).
  var curves: [Int64: [MachineCurve]] = [:]
  /// Where imported shots came from, per attempt id.
  var sources: [Int64: ImportSource] = [:]
  /// Shots per bean that get a section of their own (the newest ones), besides every shot with
  /// curves.
  static let shotSections = 20
  /// At most this many shots get a curve chart (the newest that have curves), so a log of
  /// thousands of imported machine shots still makes a page of a few megabytes.
  static let maxCurveCharts = 100
  /// Attempts that have curves but are past `maxCurveCharts` (said on the page and in their
  /// sections).
  var curvesNotDrawn: Set<Int64> = []

  /// Which of the shots that have curves get a chart: the newest `limit` by pull time (ties by
  /// attempt id), and how many are left out.
  static func chartedShots<Time: Comparable>(_ shots: [(attemptID: Int64, pulledAt: Time)], limit: Int = maxCurveCharts)
    -> (charted: Set<Int64>, notDrawn: Set<Int64>)
  {
    let newest = shots.sorted { ($0.pulledAt, $0.attemptID) > ($1.pulledAt, $1.attemptID) }.prefix(max(0, limit))
    let charted = Set(newest.map(\.attemptID))
    return (charted, Set(shots.map(\.attemptID)).subtracting(charted))
  }

  /// How times are shown: local (`TZ`) by default, UTC with `--utc` — the clock `history` uses.
  var clock = LocalClock.utc

  var html: String {
    var body = "<header><h1>Shot log</h1>\n"
    let total = beans.reduce(0) { $0 + $1.shots.count }
    body +=
      "<p class=\"muted\">\(beans.count) bean\(beans.count == 1 ? "" : "s") · \(total) shot\(total == 1 ? "" : "s")"
    if let last = beans.compactMap({ $0.shots.last?.pulledAt }).max() { body += " · last shot \(clock.long(last))" }
    body += " · " + (clock.label == "local" ? "local times" : "times in \(HTMLText.escape(clock.label))") + "</p>\n"
    if !curvesNotDrawn.isEmpty {
      let with = curves.count + curvesNotDrawn.count
      body +=
        "<p class=\"muted curves-note\">Machine curves are drawn for the newest \(curves.count) of the \(with) shots that have them.</p>\n"
    }
    if beans.count > 1 {
      body += "<nav class=\"no-print\" aria-label=\"Beans\">"
      body += beans.map { "<a href=\"#\(Self.anchor($0.bean))\">\(HTMLText.escape($0.bean.name))</a>" }.joined(
        separator: " · ")
      body += "</nav>\n"
    }
    body += "</header>\n<main>\n"
    if beans.isEmpty { body += "<p>No shots yet.</p>\n" }
    for report in beans { body += section(report) }
    body += "</main>\n<footer class=\"muted\"><p>Made by <code>dialshot report</code>.</p></footer>\n"
    return HTMLDocument(title: "Shot log", style: Self.css + Self.columnLabels, body: body).text
  }

  static func anchor(_ bean: Bean) -> String { "bean-\(bean.id)" }

  /// The summary line of the recipe: "Settled on" only when the newest shots were really pulled
  /// at its grind; else what the recipe is now and that no shot has been pulled at it yet. No
  /// target time when the recipe's time is only what an import assumed.
  func recipeLine(_ report: BeanReport) -> String? {
    guard let recipe = report.recipe else { return nil }
    let held = report.shotsAtSettledGrind
    var out = "<li data-summary=\"recipe\"><b>\(held > 0 ? "Settled on:" : "Recipe now:")</b> "
    out += "\(Formatting.grams(recipe.doseG)) in → \(Formatting.grams(recipe.yieldG)) out"
    if let ratio = recipe.ratio { out += " (\(Formatting.ratio(ratio)))" }
    if !report.recipeTimeIsAssumed { out += " in \(Formatting.seconds(recipe.timeS))" }
    out += ", grind \(HTMLText.escape(recipe.grind.text))"
    if let g = report.recipeGrinder { out += " on \(HTMLText.escape(g.name))" }
    if held > 0 {
      out +=
        held == 1 ? " — the last shot was pulled at this grind" : " — the last \(held) shots were pulled at this grind"
    } else if let last = report.shots.last {
      out +=
        " — no shot pulled at this grind yet (the last, #\(last.attemptID), was at \(HTMLText.escape(last.grind)) on \(HTMLText.escape(last.grinderName)))"
    }
    if report.recipeTimeIsAssumed {
      out += "; no target time: the imported shots did not record one"
    }
    return out + "</li>\n"
  }

  /// `bags: 1, roasted 2026-11-10: 12 shots · 2, roasted 2026-11-20, 250 g: 5 shots, 160 g left`,
  /// when there is more than one bag or a bag's weight is known (as `history` ends).
  static func bagsLine(_ bags: [BagUsage]) -> String? {
    guard bags.count > 1 || bags.contains(where: { $0.bag.weightG != nil }) else { return nil }
    let items = bags.map { usage -> String in
      var facts = ["\(usage.number)"]
      if let roast = usage.bag.roastDate { facts.append("roasted \(roast.text)") }
      if let weight = usage.bag.weightG { facts.append(Formatting.grams(weight)) }
      var counts = "\(usage.shots) shot\(usage.shots == 1 ? "" : "s")"
      if let left = usage.leftG { counts += ", \(Formatting.grams(left)) left" }
      return HTMLText.escape(facts.joined(separator: ", ") + ": " + counts)
    }
    return "<li data-summary=\"bags\">bags: " + items.joined(separator: " · ") + "</li>\n"
  }

  func section(_ report: BeanReport) -> String {
    let bean = report.bean
    let anchor = Self.anchor(bean)
    var out =
      "<section class=\"bean\" id=\"\(anchor)\" data-bean=\"\(HTMLText.escape(bean.name))\" aria-labelledby=\"\(anchor)-name\">\n"
    out += "<h2 id=\"\(anchor)-name\">\(HTMLText.escape(bean.name))</h2>\n"
    out += "<ul class=\"summary\">\n"
    if let roaster = bean.roaster { out += "<li>roaster: \(HTMLText.escape(roaster))</li>\n" }
    if let roast = bean.roastDate {
      out += "<li>roasted \(roast.text)"
      if let days = report.daysFromRoastToLastShot {
        out += "; the last shot was \(days) day\(days == 1 ? "" : "s") after roasting"
      }
      out += "</li>\n"
    }
    if let line = Self.bagsLine(report.bags) { out += line }
    out += "<li data-summary=\"shots\">\(report.shots.count) shot\(report.shots.count == 1 ? "" : "s")"
    if let first = report.shots.first, let last = report.shots.last {
      out +=
        report.shots.count == 1
        ? ", #\(first.attemptID), at \(clock.long(first.pulledAt))"
        : ", #\(first.attemptID) to #\(last.attemptID), from \(clock.short(first.pulledAt)) to \(clock.long(last.pulledAt))"
    }
    out += "</li>\n"
    if let line = recipeLine(report) { out += line }
    out += "</ul>\n"
    if report.shots.isEmpty { return out + "<p>No shots of this bean yet.</p></section>\n" }
    let summaryID = "\(anchor)-chart"
    out += "<figure class=\"chart\">"
    out += BeanChart(report: report, narrow: false, labelledBy: summaryID).svg
    out += BeanChart(report: report, narrow: true, labelledBy: summaryID).svg
    out +=
      "<figcaption><p class=\"chart-summary\" id=\"\(summaryID)\">\(HTMLText.escape(BeanSummary(report).sentence))</p>"
    out +=
      "<p class=\"muted\">Grind per grinder, finer always down; ▼▲ an accepted grind suggestion (hollow: rejected); dashed: the recipe's grind now. "
    out +=
      "Time: the shaded band is the target ± 3 s (the default rules' “on time”); round dots are in it, square ones outside. "
    out += "Suggestions: F finer, C coarser, + / − yield, = no change, ? abstains; ✓ accepted, ✕ rejected. "
    if report.shots.count > BeanChart.detailLimit {
      out +=
        "Lines show all \(report.shots.count) shots (downsampled); dots and hover the newest \(BeanChart.detailLimit)."
    } else {
      out += "Hover a shot for its details."
    }
    out += "</p></figcaption></figure>\n"
    out += table(report)
    out += shotSections(report)
    return out + "</section>\n"
  }

  /// The columns of the table of shots. On a phone each cell is led by its column's name, written
  /// by the style sheet (`td:nth-child(n)::before`) rather than in every cell, so a table of
  /// 10,000 shots costs no more bytes.
  static let columns = [
    "#", "pulled", "grinder", "grind", "time", "target", "yield", "taste", "rating", "suggestion", "notes",
  ]

  /// A table cell.
  static func cell(_ value: String, numeric: Bool = false) -> String {
    numeric ? "<td class=\"num\">\(value)</td>" : "<td>\(value)</td>"
  }

  /// The phone's column names of the table of shots.
  static var columnLabels: String {
    var out = ""
    for (i, name) in columns.enumerated() {
      out += "table.shots td:nth-child(\(i + 1))::before { content: \"\(name)\"; }\n"
    }
    return "@media (max-width: 699px) {\n" + out + "}\n"
  }

  /// Every shot, newest first.
  func table(_ report: BeanReport) -> String {
    let detailed = Set(sectionShots(report))
    var out =
      "<details class=\"shots\"\(report.shots.count <= 30 ? " open" : "")><summary>All \(report.shots.count) shots</summary>\n"
    out +=
      "<table class=\"shots reflow\"><thead><tr><th class=\"num\">#</th><th>pulled (\(HTMLText.escape(clock.label)))</th>"
    out += "<th>grinder</th><th>grind</th><th class=\"num\">time</th><th class=\"num\">target</th>"
    out += "<th class=\"num\">yield</th><th>taste</th><th class=\"num\">rating</th><th>suggestion</th><th>notes</th>"
    out += "</tr></thead><tbody>\n"
    for (i, s) in report.shots.enumerated().reversed() {
      let number = detailed.contains(i) ? "<a href=\"#shot-\(s.attemptID)\">\(s.attemptID)</a>" : "\(s.attemptID)"
      out += "<tr>" + Self.cell(number, numeric: true) + Self.cell(clock.short(s.pulledAt))
      out += Self.cell(HTMLText.escape(s.grinderName)) + Self.cell(HTMLText.escape(s.grind))
      out += Self.cell(Formatting.seconds(s.timeS), numeric: true)
      out += Self.cell(report.targetTime(s).map { Formatting.seconds($0) } ?? "—", numeric: true)
      out += Self.cell(Formatting.grams(s.yieldG), numeric: true)
      out += Self.cell(HTMLText.escape(Formatting.storedTags(s.tasteText)))
      out += Self.cell(s.rating.map { "★ \($0.decimalText)" } ?? "", numeric: true)
      var suggestion = HTMLText.escape(ReportWords.suggestion(s))
      if let action = s.eventAction { suggestion += " <span class=\"\(action.rawValue)\">(\(action.rawValue))</span>" }
      out += Self.cell(suggestion)
      out += Self.cell(report.notes[s.attemptID].map(Self.notesHTML) ?? "")
      out += "</tr>\n"
    }
    return out + "</tbody></table></details>\n"
  }

  /// Notes as typed, line breaks kept.
  static func notesHTML(_ text: String) -> String {
    HTMLText.escape(text).replacing("\n", with: "<br>")
  }

  /// The shots that get a section: every shot with curves and the newest few.
  func sectionShots(_ report: BeanReport) -> [Int] {
    let newest = Set(max(0, report.shots.count - Self.shotSections)..<report.shots.count)
    let withCurves = report.shots.indices.filter { curves[report.shots[$0].attemptID] != nil }
    return newest.union(withCurves).sorted(by: >)
  }

  func shotSections(_ report: BeanReport) -> String {
    var out = "<h3>Recent shots</h3>\n<div class=\"shot-list\">\n"
    for i in sectionShots(report) {
      let s = report.shots[i]
      out +=
        "<section class=\"shot\" id=\"shot-\(s.attemptID)\" data-shot=\"\(s.attemptID)\" aria-labelledby=\"shot-\(s.attemptID)-title\"><h4 id=\"shot-\(s.attemptID)-title\">#\(s.attemptID) · \(clock.long(s.pulledAt))</h4>\n<dl>"
      out += "<dt>grind</dt><dd>\(HTMLText.escape(s.grind)) on \(HTMLText.escape(s.grinderName))</dd>"
      out += "<dt>dose → yield</dt><dd>\(Formatting.grams(s.doseG)) → \(Formatting.grams(s.yieldG))"
      if let y = s.yieldG, let d = s.doseG, let r = y.divided(by: d) { out += " (\(Formatting.ratio(r)))" }
      out += "</dd><dt>time</dt><dd>\(Formatting.seconds(s.timeS))"
      out += report.targetTime(s).map { " (target \(Formatting.seconds($0)))" } ?? " (no target recorded)"
      out += "</dd><dt>taste</dt><dd>\(HTMLText.escape(Formatting.storedTags(s.tasteText)))</dd>"
      if let flow = s.flowText, !flow.isEmpty { out += "<dt>flow</dt><dd>\(HTMLText.escape(flow))</dd>" }
      if let rating = s.rating { out += "<dt>rating</dt><dd>★ \(rating.decimalText) of 5</dd>" }
      out += "<dt>suggestion</dt><dd>\(HTMLText.escape(ReportWords.suggestion(s)))"
      if let action = s.eventAction { out += " — \(action.rawValue)" }
      out += "</dd>"
      if let notes = report.notes[s.attemptID] {
        out += "<dt>notes</dt><dd class=\"notes\">\(Self.notesHTML(notes))</dd>"
      }
      if let source = sources[s.attemptID] {
        out += "<dt>imported</dt><dd>from \(HTMLText.escape(source.format.appName)), "
        out +=
          "\(HTMLText.escape(source.entry.map { "\(source.file) (\($0))" } ?? source.file)), id \(HTMLText.escape(source.id))</dd>"
      }
      out += "</dl>\n"
      if let curves = curves[s.attemptID],
        let svg = CurveChart().svg(curves, title: "Machine curves of shot #\(s.attemptID)")
      {
        out += svg
      } else if curvesNotDrawn.contains(s.attemptID) {
        out +=
          "<p class=\"muted no-curves\">Machine curves recorded, not drawn: only the newest \(Self.maxCurveCharts) shots with curves get a chart.</p>"
      } else {
        out += "<p class=\"muted no-curves\">No machine curves recorded for this shot.</p>"
      }
      out += "</section>\n"
    }
    return out + "</div>\n"
  }

  /// Chart text is at least 12.5 units tall in both layouts, so it renders at 11 px or more
  /// wherever the page shows that layout (the wide chart from 900 px of viewport up, the narrow
  /// one below, at about its own size); tables reflow into one block per shot on a phone.
  static let css = """
    .bean { margin-bottom: 3em; }
    .summary { margin: 0.3em 0 0.8em; padding-left: 1.2em; }
    figure.chart { margin: 0.5em 0 1em; }
    figure.chart figcaption { font-size: 0.85em; margin-top: 4px; }
    figure.chart figcaption p { margin: 0.2em 0; }
    .chart-summary { font-size: 1.05em; }
    svg.bean-chart, svg.curves { width: 100%; height: auto; display: block; }
    svg.bean-chart.narrow { display: none; max-width: 560px; }
    @media (max-width: 899px) { svg.bean-chart.wide { display: none; } svg.bean-chart.narrow { display: block; } }
    @media print { svg.bean-chart.wide { display: block; } svg.bean-chart.narrow { display: none; } }
    .panel { fill: none; stroke: var(--line); }
    .panel-title { font-size: 13px; font-weight: 600; }
    .tick-label, .hint { font-size: 12.5px; } .hint { fill: var(--muted); }
    .axis-title { font-size: 13px; font-weight: 600; }
    .grid { stroke: var(--grid); }
    .walk { fill: none; stroke: var(--accent); stroke-width: 2; }
    .settled { stroke: var(--fg); stroke-dasharray: 6 4; stroke-width: 1.2; }
    .settled-label { font-size: 12.5px; font-weight: 600; paint-order: stroke; stroke: var(--bg); stroke-width: 3px; }
    .dots { fill: none; stroke-linecap: round; stroke-width: 6; }
    .grind-dot { stroke: var(--accent); }
    .time-dot.in-band { stroke: #2e8b57; } .time-dot.off-band { stroke: #c0392b; stroke-linecap: square; stroke-width: 6.5; }
    .ratio-dot { stroke: #7a5bbf; }
    .series { fill: none; stroke: var(--muted); stroke-width: 1; }
    .band { fill: #2e8b57; fill-opacity: 0.16; }
    .target, .target-line { stroke: #2e8b57; stroke-width: 1.4; fill: none; }
    .target-line { stroke-dasharray: 5 3; }
    .move.accepted { fill: var(--fg); } .move.rejected { fill: var(--bg); stroke: var(--fg); stroke-width: 1.2; }
    .taste { fill: none; stroke-linecap: square; stroke-width: 9; }
    .t-sour { stroke: #e0b400; } .t-bitter { stroke: #6b3e26; } .t-harsh { stroke: #c0392b; }
    .t-thin { stroke: #8fb9d9; } .t-strong { stroke: #34495e; } .t-balanced { stroke: #2e8b57; }
    @media (prefers-color-scheme: dark) {
      .t-bitter { stroke: #c08a5b; } .t-strong { stroke: #aab7c4; } .ratio-dot { stroke: #a58ae6; }
      .time-dot.in-band, .t-balanced, .target, .target-line { stroke: #4fc584; } .band { fill: #4fc584; }
      .time-dot.off-band, .t-harsh { stroke: #ff7b6b; }
    }
    .glyph { font-size: 12.5px; font-weight: 700; } .answer { font-size: 12.5px; }
    .answer.accepted, span.accepted { fill: var(--good); color: var(--good); }
    .answer.rejected, span.rejected { fill: var(--bad); color: var(--bad); }
    .hit { fill: transparent; } .hit:hover { fill: var(--grid); }
    .empty { font-size: 12.5px; fill: var(--muted); }
    details.shots table { font-size: 0.88em; }
    details.shots summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
    @media (min-width: 700px) {
      table.shots td:nth-child(11) { min-width: 12em; } table.shots td:nth-child(2) { white-space: nowrap; }
    }
    .shot-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 12px; }
    section.shot { background: var(--panel); border-radius: 6px; padding: 6px 10px; min-width: 0; }
    section.shot h4 { margin: 0.2em 0; }
    section.shot dl { display: grid; grid-template-columns: auto 1fr; gap: 0 10px; margin: 0; font-size: 0.88em; }
    section.shot dt { color: var(--muted); }
    section.shot dd { margin: 0; overflow-wrap: anywhere; }
    .curve .line { fill: none; stroke: var(--accent); stroke-width: 1.6; }
    .curve-name { font-size: 12.5px; font-weight: 600; }
    .no-curves { font-size: 0.85em; margin: 0.4em 0 0; }
    @media print { details.shots { display: none; } section.shot { break-inside: avoid; } }

    """
}
