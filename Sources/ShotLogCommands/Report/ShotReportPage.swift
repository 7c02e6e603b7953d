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

  var html: String {
    var body = "<header><h1>Shot log</h1>\n"
    let total = beans.reduce(0) { $0 + $1.shots.count }
    body +=
      "<p class=\"muted\">\(beans.count) bean\(beans.count == 1 ? "" : "s") · \(total) shot\(total == 1 ? "" : "s")"
    if let last = beans.compactMap({ $0.shots.last?.pulledAt }).max() { body += " · last shot \(last.shortText) UTC" }
    body += "</p>\n"
    if !curvesNotDrawn.isEmpty {
      let with = curves.count + curvesNotDrawn.count
      body +=
        "<p class=\"muted curves-note\">Machine curves are drawn for the newest \(curves.count) of the \(with) shots that have them.</p>\n"
    }
    if beans.count > 1 {
      body += "<nav class=\"no-print\">"
      body += beans.map { "<a href=\"#\(Self.anchor($0.bean))\">\(HTMLText.escape($0.bean.name))</a>" }.joined(
        separator: " · ")
      body += "</nav>\n"
    }
    body += "</header>\n"
    if beans.isEmpty { body += "<p>No shots yet.</p>\n" }
    for report in beans { body += section(report) }
    body += "<footer class=\"muted\"><p>Made by <code>dialshot report</code>.</p></footer>\n"
    return HTMLDocument(title: "Shot log", style: Self.css, body: body).text
  }

  static func anchor(_ bean: Bean) -> String { "bean-\(bean.id)" }

  func section(_ report: BeanReport) -> String {
    let bean = report.bean
    var out = "<section class=\"bean\" id=\"\(Self.anchor(bean))\" data-bean=\"\(HTMLText.escape(bean.name))\">\n"
    out += "<h2>\(HTMLText.escape(bean.name))</h2>\n"
    out += "<ul class=\"summary\">\n"
    if let roaster = bean.roaster { out += "<li>roaster: \(HTMLText.escape(roaster))</li>\n" }
    if let roast = bean.roastDate {
      out += "<li>roasted \(roast.text)"
      if let days = report.daysFromRoastToLastShot {
        out += "; the last shot was \(days) day\(days == 1 ? "" : "s") after roasting"
      }
      out += "</li>\n"
    }
    out += "<li data-summary=\"shots\">\(report.shots.count) shot\(report.shots.count == 1 ? "" : "s")"
    if let first = report.shots.first, let last = report.shots.last {
      out += " from \(first.pulledAt.shortText) to \(last.pulledAt.shortText) UTC"
    }
    out += "</li>\n"
    if let recipe = report.recipe {
      out +=
        "<li data-summary=\"recipe\"><b>Settled on:</b> \(Formatting.grams(recipe.doseG)) in → \(Formatting.grams(recipe.yieldG)) out"
      if let ratio = recipe.ratio { out += " (\(Formatting.ratio(ratio)))" }
      out += " in \(Formatting.seconds(recipe.timeS)), grind \(HTMLText.escape(recipe.grind.text))"
      if let g = report.recipeGrinder { out += " on \(HTMLText.escape(g.name))" }
      let held = report.shotsAtSettledGrind
      if held > 0 { out += " — the last \(held) shot\(held == 1 ? " was" : "s were") pulled at this grind" }
      out += "</li>\n"
    }
    out += "</ul>\n"
    if report.shots.isEmpty { return out + "<p>No shots of this bean yet.</p></section>\n" }
    out += "<figure class=\"chart\">" + BeanChart(report: report).svg
    out +=
      "<figcaption class=\"muted\">Grind per grinder, finer always down; ▼▲ an accepted grind suggestion (hollow: rejected); dashed: the recipe's grind now. "
    out +=
      "Time: the shaded band is the target ± 3 s (the default rules' “on time”); round dots are in it, square ones outside. "
    if report.shots.count > BeanChart.detailLimit {
      out +=
        "Lines show all \(report.shots.count) shots (downsampled); dots and hover the newest \(BeanChart.detailLimit)."
    } else {
      out += "Hover a shot for its details."
    }
    out += "</figcaption></figure>\n"
    out += table(report)
    out += shotSections(report)
    return out + "</section>\n"
  }

  /// Every shot, newest first.
  func table(_ report: BeanReport) -> String {
    let detailed = Set(sectionShots(report))
    var out =
      "<details class=\"shots\"\(report.shots.count <= 30 ? " open" : "")><summary>All \(report.shots.count) shots</summary>\n"
    out += "<table><thead><tr><th class=\"num\">#</th><th>pulled (UTC)</th><th>grinder</th><th>grind</th>"
    out +=
      "<th class=\"num\">time</th><th class=\"num\">target</th><th class=\"num\">yield</th><th>taste</th><th>suggestion</th></tr></thead><tbody>\n"
    for (i, s) in report.shots.enumerated().reversed() {
      let number = detailed.contains(i) ? "<a href=\"#shot-\(s.attemptID)\">\(i + 1)</a>" : "\(i + 1)"
      out +=
        "<tr><td class=\"num\">\(number)</td><td>\(s.pulledAt.shortText)</td><td>\(HTMLText.escape(s.grinderName))</td>"
      out += "<td>\(HTMLText.escape(s.grind))</td><td class=\"num\">\(Formatting.seconds(s.timeS))</td>"
      out +=
        "<td class=\"num\">\(Formatting.seconds(s.targetTimeS))</td><td class=\"num\">\(Formatting.grams(s.yieldG))</td>"
      out +=
        "<td>\(HTMLText.escape(Formatting.storedTags(s.tasteText)))</td><td>\(HTMLText.escape(Formatting.decisionLabel(kind: s.decisionKind, text: s.decisionText)))"
      if let action = s.eventAction { out += " <span class=\"\(action.rawValue)\">(\(action.rawValue))</span>" }
      out += "</td></tr>\n"
    }
    return out + "</tbody></table></details>\n"
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
        "<section class=\"shot\" id=\"shot-\(s.attemptID)\" data-shot=\"\(i + 1)\"><h4>#\(i + 1) · \(s.pulledAt.shortText) UTC</h4>\n<dl>"
      out += "<dt>grind</dt><dd>\(HTMLText.escape(s.grind)) on \(HTMLText.escape(s.grinderName))</dd>"
      out += "<dt>dose → yield</dt><dd>\(Formatting.grams(s.doseG)) → \(Formatting.grams(s.yieldG))"
      if let y = s.yieldG, let d = s.doseG, let r = y.divided(by: d) { out += " (\(Formatting.ratio(r)))" }
      out += "</dd><dt>time</dt><dd>\(Formatting.seconds(s.timeS)) (target \(Formatting.seconds(s.targetTimeS)))</dd>"
      out += "<dt>taste</dt><dd>\(HTMLText.escape(Formatting.storedTags(s.tasteText)))</dd>"
      if let flow = s.flowText, !flow.isEmpty { out += "<dt>flow</dt><dd>\(HTMLText.escape(flow))</dd>" }
      out +=
        "<dt>suggestion</dt><dd>\(HTMLText.escape(Formatting.decisionLabel(kind: s.decisionKind, text: s.decisionText)))"
      if let action = s.eventAction { out += " — \(action.rawValue)" }
      out += "</dd>"
      if let source = sources[s.attemptID] {
        out += "<dt>imported</dt><dd>from \(HTMLText.escape(source.format.appName)), "
        out +=
          "\(HTMLText.escape(source.entry.map { "\(source.file) (\($0))" } ?? source.file)), id \(HTMLText.escape(source.id))</dd>"
      }
      out += "</dl>\n"
      if let curves = curves[s.attemptID],
        let svg = CurveChart().svg(curves, title: "Machine curves of shot #\(i + 1)")
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

  static let css = """
    .bean { margin-bottom: 3em; }
    .summary { margin: 0.3em 0 0.8em; padding-left: 1.2em; }
    figure.chart { margin: 0.5em 0 1em; }
    figure.chart figcaption { font-size: 0.85em; margin-top: 4px; }
    svg.bean-chart, svg.curves { width: 100%; height: auto; display: block; }
    svg.curves { max-width: 640px; }
    .panel { fill: none; stroke: var(--line); }
    .panel-title { font-size: 11px; font-weight: 600; }
    .tick-label, .hint { font-size: 10px; } .hint { fill: var(--muted); }
    .axis-title { font-size: 11px; font-weight: 600; }
    .grid { stroke: var(--grid); }
    .walk { fill: none; stroke: var(--accent); stroke-width: 2; }
    .settled { stroke: var(--fg); stroke-dasharray: 6 4; stroke-width: 1.2; }
    .settled-label { font-size: 10.5px; font-weight: 600; paint-order: stroke; stroke: var(--bg); stroke-width: 3px; }
    .dots { fill: none; stroke-linecap: round; stroke-width: 6; }
    .grind-dot { stroke: var(--accent); }
    .time-dot.in-band { stroke: #2e8b57; } .time-dot.off-band { stroke: #c0392b; stroke-linecap: square; stroke-width: 6.5; }
    .ratio-dot { stroke: #7a5bbf; }
    .series { fill: none; stroke: var(--muted); stroke-width: 1; }
    .band { fill: #2e8b57; fill-opacity: 0.16; }
    .target, .target-line { stroke: #2e8b57; stroke-width: 1.4; fill: none; }
    .target-line { stroke-dasharray: 5 3; }
    .move.accepted { fill: var(--fg); } .move.rejected { fill: var(--bg); stroke: var(--fg); stroke-width: 1.2; }
    .taste { fill: none; stroke-linecap: square; stroke-width: 7; }
    .t-sour { stroke: #e0b400; } .t-bitter { stroke: #6b3e26; } .t-harsh { stroke: #c0392b; }
    .t-thin { stroke: #8fb9d9; } .t-strong { stroke: #34495e; } .t-balanced { stroke: #2e8b57; }
    @media (prefers-color-scheme: dark) { .t-bitter { stroke: #c08a5b; } .t-strong { stroke: #aab7c4; } }
    .glyph { font-size: 10px; font-weight: 700; } .answer { font-size: 10px; }
    .answer.accepted, span.accepted { fill: #2e8b57; color: #2e8b57; }
    .answer.rejected, span.rejected { fill: #c0392b; color: #c0392b; }
    .hit { fill: transparent; } .hit:hover { fill: var(--grid); }
    .empty { font-size: 11px; fill: var(--muted); }
    details.shots table { font-size: 0.88em; }
    .shot-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
    section.shot { background: var(--panel); border-radius: 6px; padding: 6px 10px; }
    section.shot h4 { margin: 0.2em 0; }
    section.shot dl { display: grid; grid-template-columns: auto 1fr; gap: 0 10px; margin: 0; font-size: 0.88em; }
    section.shot dt { color: var(--muted); }
    section.shot dd { margin: 0; }
    .curve .line { fill: none; stroke: var(--accent); stroke-width: 1.6; }
    .curve-name { font-size: 10.5px; font-weight: 600; }
    .no-curves { font-size: 0.85em; margin: 0.4em 0 0; }
    @media print { details.shots { display: none; } section.shot { break-inside: avoid; } }

    """
}
