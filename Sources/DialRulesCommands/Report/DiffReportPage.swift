import CommandLineSupport
import DialRules

/// `dialrules diff OLD NEW --format html`: the decision map of the new table with every region
/// whose decision changes outlined and labelled `old → new` (unchanged regions faded), the rule
/// changes, and the shots that decide differently.
struct DiffReportPage {
  var oldPath: String
  var newPath: String
  var old: CompiledRules
  var new: CompiledRules
  var report: DiffReport
  /// The fixtures and shots that decide differently (`report.changes`, in the same order).
  var changedShots: [ShotRecord] = []
  /// nil with `--no-space`.
  var map: DecisionMap?

  /// The changed shots placed on the map, each named by its source and its `old → new`.
  func points(on map: DecisionMap) -> [MapPoint] {
    var out: [MapPoint] = []
    for (change, shot) in zip(report.changes, changedShots) {
      guard case .placed(let s, let slice, let x, let y) = map.place(shot) else { continue }
      let words = DecisionChange.label(change.old) + " → " + DecisionChange.label(change.new)
      let kind: MapPoint.Kind = change.source.hasSuffix(".json") ? .fixture : .shot
      out.append(
        MapPoint(kind: kind, name: change.source, decision: words, link: nil, situation: s, slice: slice, x: x, y: y))
    }
    return out
  }

  var html: String {
    var body =
      "<header><h1>What changes: <code>\(HTMLText.escape(oldPath))</code> → <code>\(HTMLText.escape(newPath))</code></h1>\n"
    let counts = report.counts
    if let map {
      body += "<p>\(HTMLText.escape(Self.situationsSentence(map))) "
      body += "Outlined regions change (labelled old → new); faded regions decide as before.</p>\n"
    }
    if let regions = counts.regionsPhrase {
      body += "<p>Input space: \(HTMLText.escape(regions)) (every observation known).</p>\n"
    }
    if report.compared > 0 {
      body += "<p>Shots: \(HTMLText.escape(counts.shotsPhrase))"
      body += counts.decidedByPhrase.map { "; " + HTMLText.escape($0) } ?? ""
      body += ".</p>\n"
    }
    if let regressed = report.properties?.regressed, !regressed.isEmpty {
      body += "<p class=\"regressed\"><strong>\(regressed.count) regressed</strong> (held in OLD, fails in NEW): "
      body += regressed.map { "<code>\(HTMLText.escape($0.id))</code>" }.joined(separator: ", ") + ".</p>\n"
    }
    body += "</header>\n<main>\n" + DecisionMapSection.definitions
    if let properties = report.properties { body += Self.propertiesSection(properties) }
    body += "<section><h2 id=\"rules\">Rule changes</h2>\n"
    let byRule = report.byRule
    if byRule.isEmpty {
      body += "<p>No rule, definition or setting changed.</p>\n"
    } else {
      body += "<table class=\"reflow\"><thead><tr><th>change</th><th>name</th><th>what</th></tr></thead><tbody>\n"
      for c in byRule.settings + byRule.lets + byRule.rules {
        switch c {
        case .added(let id, let summary):
          body +=
            "<tr><td data-label=\"change\">added</td><td data-label=\"name\"><code>\(HTMLText.escape(id))</code></td><td data-label=\"what\"><code>\(HTMLText.escape(summary))</code></td></tr>\n"
        case .removed(let id, let summary):
          body +=
            "<tr><td data-label=\"change\">removed</td><td data-label=\"name\"><code>\(HTMLText.escape(id))</code></td><td data-label=\"what\"><code>\(HTMLText.escape(summary))</code></td></tr>\n"
        case .changed(let id, let what, let a, let b):
          body +=
            "<tr><td data-label=\"change\">changed</td><td data-label=\"name\"><code>\(HTMLText.escape(id))</code></td><td data-label=\"what\">\(HTMLText.escape(what)): "
          body += "<code>\(HTMLText.escape(a))</code> → <code>\(HTMLText.escape(b))</code></td></tr>\n"
        }
      }
      body += "</tbody></table>\n"
    }
    body += "</section>\n"
    if let map {
      body += "<section><h2 id=\"map\">The map, old → new</h2>\n"
      let drawn = points(on: map)
      if !drawn.isEmpty {
        body +=
          "<p>The \(drawn.count) fixture\(drawn.count == 1 ? "" : "s") and shots that decide differently are drawn where they fall.</p>\n"
      }
      body += DecisionMapSection(map: map, tables: [old, new], points: drawn, diff: true).html
      body += "</section>\n"
    } else {
      body += "<p class=\"muted\">The input space was not compared (<code>--no-space</code>).</p>\n"
    }
    if report.compared > 0 {
      body +=
        "<section><h2 id=\"shots\">Shots that decide differently (\(counts.shotsDecidingDifferently) of \(report.compared))</h2>\n"
      if !report.changes.isEmpty {
        body += "<table class=\"reflow\"><thead><tr><th>shot</th><th>before</th><th>after</th></tr></thead><tbody>\n"
        for c in report.changes {
          body += "<tr><td data-label=\"shot\"><code>\(HTMLText.escape(c.source))</code></td>"
          body +=
            "<td data-label=\"before\">\(Self.decisionCell(c.old))</td><td data-label=\"after\">\(Self.decisionCell(c.new))"
          if c.old.outcome == c.new.outcome { body += " <span class=\"muted\">(deciding rules only)</span>" }
          body += "</td></tr>\n"
        }
        body += "</tbody></table>\n"
      }
      body += "</section>\n"
    }
    body += "</main>\n"
    return HTMLDocument(
      title: "Rule diff — \(oldPath) → \(newPath)", style: DecisionMap.css, body: body,
      script: DecisionMapSection.script
    ).text
  }

  /// `3 of 14 situations decide differently somewhere; 11 more change only their deciding rules.`:
  /// the charts whose outcome changes somewhere, and apart from those the charts where only the
  /// deciding rules change.
  static func situationsSentence(_ map: DecisionMap) -> String {
    func touches(_ s: DecisionMap.Situation, _ test: (DecisionMap.Answer) -> Bool) -> Bool {
      s.cells.contains { $0.contains { test(map.answers[$0.answer]) } }
    }
    let outcome = map.situations.filter { touches($0) { $0.changed } }.count
    let rulesOnly = map.situations.filter { !touches($0) { $0.changed } && touches($0) { $0.decidedByChanged } }.count
    var s = "\(outcome) of \(map.situations.count) situations decide differently somewhere"
    switch rulesOnly {
    case 0: break
    case 1: s += "; 1 more changes only its deciding rules"
    default: s += "; \(rulesOnly) more change only their deciding rules"
    }
    return s + "."
  }

  /// A decision and, when some rules decided it, those rules (never an empty "()").
  /// Every property of both tables, regressions first: how its verdict moved and, where NEW
  /// breaks it, the witness and NEW's decision.
  static func propertiesSection(_ diff: PropertyDiff) -> String {
    var out = "<section><h2 id=\"properties\">Properties</h2>\n"
    out += "<table class=\"reflow\"><thead><tr><th>change</th><th>property</th><th>OLD → NEW</th>"
    out += "<th>witness</th><th>NEW decides</th></tr></thead><tbody>\n"
    for row in diff.rows {
      let failing = row.new?.status == .fails
      let change = row.change == .regressed ? "<strong>regressed</strong>" : row.change.rawValue
      let witness = failing ? row.new?.witness.map { "<code>\(HTMLText.escape($0.jsonText))</code>" } ?? "" : ""
      let decision = failing ? row.new?.witnessDecision.map { HTMLText.escape(DecisionChange.label($0)) } ?? "" : ""
      out += "<tr><td data-label=\"change\">\(change)</td>"
      out += "<td data-label=\"property\"><code>\(HTMLText.escape(row.id))</code></td>"
      out += "<td data-label=\"OLD → NEW\">\(HTMLText.escape(DiffReport.movement(row)))</td>"
      out += "<td data-label=\"witness\">\(witness)</td><td data-label=\"NEW decides\">\(decision)</td></tr>\n"
    }
    return out + "</tbody></table>\n</section>\n"
  }

  static func decisionCell(_ d: Decision) -> String {
    let label = HTMLText.escape(DecisionChange.label(d))
    guard !d.decidedBy.isEmpty else { return label }
    return label + " <span class=\"muted\">(\(HTMLText.escape(d.decidedBy.joined(separator: ", "))))</span>"
  }
}
