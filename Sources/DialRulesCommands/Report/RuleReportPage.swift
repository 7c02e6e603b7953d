import CommandLineSupport
import DialRules

/// The page `dialrules report` writes: a header, the decision map, the analysis' findings linked
/// to where they are on the map, per-rule coverage from the fixtures, and the shots that could not
/// be drawn. Deterministic: built only from its inputs, in a fixed order.
struct RuleReportPage {
  /// One shot given to the report, before placement.
  struct Shot {
    var kind: MapPoint.Kind
    var name: String
    var record: ShotRecord
  }

  var rulesPath: String
  var rules: CompiledRules
  var analysis: Analysis
  var map: DecisionMap
  var shots: [Shot]
  /// From `--fixtures`: per-rule coverage, as `test --coverage` computes it.
  var coverage: Coverage?
  var fixtureCount = 0
  var shotCount = 0
  /// The rule file, for the properties' conditions as written.
  var source: SourceFile?

  /// Places every shot and witness, evaluating each for its label.
  func placedPoints() -> (points: [MapPoint], notPlaced: [(String, String)]) {
    let evaluator = Evaluator(rules)
    var points: [MapPoint] = []
    var notPlaced: [(String, String)] = []
    func add(_ kind: MapPoint.Kind, _ name: String, _ record: ShotRecord, link: String?) {
      let decision = evaluator.decide(record)
      let words =
        DecisionChange.label(decision)
        + (decision.decidedBy.isEmpty ? "" : " (\(decision.decidedBy.joined(separator: ", ")))")
      switch map.place(record) {
      case .placed(let s, let slice, let x, let y):
        points.append(
          MapPoint(kind: kind, name: name, decision: words, link: link, situation: s, slice: slice, x: x, y: y))
      case .notPlaced(let reason):
        notPlaced.append((name, reason))
      }
    }
    for shot in shots { add(shot.kind, shot.name, shot.record, link: nil) }
    for (i, finding) in analysis.findings.enumerated() {
      if let witness = finding.witness { add(.witness, finding.code, witness, link: "#finding-\(i + 1)") }
    }
    return (points, notPlaced)
  }

  var html: String {
    let (points, notPlaced) = placedPoints()
    let section = DecisionMapSection(map: map, tables: [rules], points: points)
    let name = rules.name.map { "“\($0)”" } ?? rulesPath
    var body = "<header><h1>Decision map: \(HTMLText.escape(name))</h1>\n"
    if let description = rules.description { body += "<p>\(HTMLText.escape(description))</p>\n" }
    body += "<p class=\"muted\"><code>\(HTMLText.escape(rulesPath))</code> · \(rules.rules.count) rules · "
    body += "\(map.situations.count) situations · \(analysis.findings.count) findings"
    if !analysis.properties.isEmpty {
      let proved = analysis.properties.filter { $0.status == .proved }.count
      body += " · \(analysis.properties.count) properties, \(proved) proved"
    }
    if fixtureCount > 0 { body += " · \(fixtureCount) fixtures" }
    if shotCount > 0 { body += " · \(shotCount) shots" }
    body += "</p>\n"
    body +=
      "<p>Where the table suggests a change, leaves the recipe alone, or abstains — and why. Colour, pattern and label"
      + " each name the outcome; point at or tab to a region for its deciding rules and exact bounds.</p>\n"
    body +=
      "<nav class=\"no-print toc\" aria-label=\"Contents\"><a href=\"#legend\">Legend</a> · <a href=\"#situations\">Situations</a> · "
    body += "<a href=\"#findings\">Findings</a>"
    body += analysis.properties.isEmpty ? "" : " · <a href=\"#properties\">Properties</a>"
    body += coverage == nil ? "" : " · <a href=\"#coverage\">Coverage</a>"
    body += notPlaced.isEmpty ? "" : " · <a href=\"#not-drawn\">Not drawn</a>"
    body += "</nav></header>\n<main>\n" + DecisionMapSection.definitions
    body += section.html
    body += findings
    body += properties
    if let coverage { body += self.coverage(coverage) }
    body += pointSummary(points, notPlaced)
    body += "</main>\n"
    body +=
      "<footer class=\"muted\"><p>Made by <code>dialrules report</code> from <code>\(HTMLText.escape(rulesPath))</code>"
    body += " (content hash <code>\(HTMLText.escape(String(rules.contentHash.prefix(16))))</code>).</p></footer>\n"
    return HTMLDocument(
      title: "Decision map — \(rules.name ?? rulesPath)", style: DecisionMap.css + Self.css, body: body,
      script: DecisionMapSection.script
    ).text
  }

  var findings: String {
    var out = "<section class=\"findings\"><h2 id=\"findings\">Findings of the analysis</h2>\n"
    if analysis.findings.isEmpty { out += "<p>The analysis found nothing to report.</p>\n" }
    for (i, finding) in analysis.findings.enumerated() {
      let severity = "\(finding.severity)"
      out += "<section class=\"finding\" id=\"finding-\(i + 1)\" data-code=\"\(finding.code)\">"
      out +=
        "<h3><span class=\"code sev-\(severity)\">\(finding.code)</span> \(HTMLText.escape(finding.base.message))</h3>\n"
      if let text = finding.regionText {
        out += "<p><b>Region:</b> \(HTMLText.escape(text))</p>\n"
      }
      do {
        let touching = map.situations(touching: finding)
        if !touching.isEmpty {
          let links = touching.prefix(8).map { s in
            "<a href=\"#\(map.situations[s].id)\">\(s + 1). \(HTMLText.escape(map.situations[s].title))</a>"
          }
          let more = touching.count > 8 ? " and \(touching.count - 8) more" : ""
          out += "<p><b>On the map:</b> \(links.joined(separator: "; "))\(more)</p>\n"
        }
      }
      if let witness = finding.witness, let decision = finding.witnessDecision {
        out += "<details><summary>Witness <code>\(HTMLText.escape(witness.id ?? ""))</code> gets "
        out +=
          "\(HTMLText.escape(DecisionChange.label(decision)))</summary><pre class=\"mono\">\(HTMLText.escape(witness.jsonText))</pre></details>\n"
      }
      for note in finding.base.notes {
        out += "<p class=\"muted note\">\(HTMLText.escape(note.message))</p>\n"
      }
      out += "</section>\n"
    }
    return out + "</section>\n"
  }

  /// Every `property` with its promise and the proof's verdict; one that fails links to its A011
  /// finding, whose witness is drawn on the map, and one not proved to its A012.
  var properties: String {
    guard !analysis.properties.isEmpty else { return "" }
    let verdicts = analysis.properties
    let counts = [PropertyVerdict.Status.proved, .fails, .undecided].compactMap { status -> String? in
      let n = verdicts.filter { $0.status == status }.count
      return n == 0 ? nil : "\(n) \(status == .fails ? "fail" : status.rawValue)"
    }
    var out = "<section class=\"properties\"><h2 id=\"properties\">Properties</h2>\n"
    out += "<p>\(verdicts.count) promises of the table, each proved or refuted over every valid shot, not by sampling: "
    out += "\(counts.joined(separator: ", ")).</p>\n"
    out += "<table class=\"reflow\"><thead><tr><th>property</th><th>when</th><th>promise</th><th>status</th>"
    out += "<th>why</th></tr></thead><tbody>\n"
    for verdict in verdicts {
      guard rules.properties.indices.contains(verdict.index) else { continue }
      let property = rules.properties[verdict.index]
      let when = property.conditionSpan.flatMap { span in source.map { $0.text(of: span) } } ?? "every shot"
      var status = HTMLText.escape(verdict.status.rawValue)
      let code = verdict.status == .fails ? "A011" : "A012"
      if verdict.status != .proved,
        let i = analysis.findings.firstIndex(where: { $0.code == code && $0.property == verdict.index })
      {
        status = "<a href=\"#finding-\(i + 1)\">\(status) (\(code))</a>"
      }
      if verdict.status == .fails, let witness = verdict.witness, let decision = verdict.witnessDecision {
        status += "<br><span class=\"muted\">witness <code>\(HTMLText.escape(witness.id ?? ""))</code> gets "
        status += "\(HTMLText.escape(DecisionChange.label(decision)))</span>"
      }
      out += "<tr class=\"property-\(verdict.status.rawValue)\"><td data-label=\"property\"><code>"
      out += "\(HTMLText.escape(property.id))</code></td>"
      out += "<td data-label=\"when\"><code>\(HTMLText.escape(when))</code></td>"
      out += "<td data-label=\"promise\"><code>\(HTMLText.escape(property.patternText))</code></td>"
      out += "<td data-label=\"status\">\(status)</td>"
      out += "<td data-label=\"why\">\(HTMLText.escape(property.because ?? verdict.reason ?? ""))</td></tr>\n"
    }
    return out + "</tbody></table>\n</section>\n"
  }

  /// Per rule: how the fixtures and examples exercise it, and where on the map it decides.
  func coverage(_ coverage: Coverage) -> String {
    var decidesIn: [String: [Int]] = [:]
    for (s, situation) in map.situations.enumerated() {
      var ids = Set<String>()
      for cells in situation.cells {
        for cell in cells { ids.formUnion(map.answers[cell.answer].shownDecidedBy) }
      }
      for id in ids { decidesIn[id, default: []].append(s) }
    }
    let most = max(1, coverage.rows.map(\.matched).max() ?? 1)
    var out = "<section class=\"coverage\"><h2 id=\"coverage\">Coverage by the fixtures and examples</h2>\n"
    out +=
      "<p class=\"muted\">As <code>dialrules test --coverage</code> counts: how often each rule matched, decided, or matched but lost.</p>\n"
    out +=
      "<table class=\"reflow\"><thead><tr><th>rule</th><th class=\"num\">matched</th><th class=\"num\">decided</th><th class=\"num\">lost</th><th>decides on the map in</th></tr></thead><tbody>\n"
    for row in coverage.rows {
      let bar = Int((Double(row.matched) / Double(most) * 80).rounded())
      out +=
        "<tr data-rule=\"\(HTMLText.escape(row.id))\"\(row.matched == 0 ? " class=\"uncovered\"" : "")><td data-label=\"rule\"><code>\(HTMLText.escape(row.id))</code></td>"
      out +=
        "<td class=\"num\" data-label=\"matched\">\(row.matched) <span class=\"bar\" style=\"width:\(bar)px\"></span></td>"
      out +=
        "<td class=\"num\" data-label=\"decided\">\(row.decided)</td><td class=\"num\" data-label=\"lost\">\(row.lost)</td><td data-label=\"decides in\">"
      let places = decidesIn[row.id] ?? []
      out +=
        places.isEmpty
        ? "<span class=\"muted\">nowhere</span>"
        : places.prefix(6).map { "<a href=\"#\(map.situations[$0].id)\">\($0 + 1)</a>" }.joined(separator: ", ")
      if places.count > 6 { out += " and \(places.count - 6) more" }
      out += "</td></tr>\n"
    }
    out += "</tbody></table>\n"
    let uncovered = coverage.uncovered
    out +=
      uncovered.isEmpty
      ? "<p>Every rule is covered.</p>\n"
      : "<p><b>Uncovered:</b> \(uncovered.map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", "))</p>\n"
    return out + "</section>\n"
  }

  /// How many points are drawn, beyond the drawn range, or not drawn (and why).
  func pointSummary(_ points: [MapPoint], _ notPlaced: [(String, String)]) -> String {
    let beyond = points.filter { p in
      PointMarks.side(p.x, map.x?.low, map.x?.high) != 0 || PointMarks.side(p.y, map.y?.low, map.y?.high) != 0
    }
    let shown = points.filter { $0.kind != .witness }.count
    var out = "<section class=\"points\"><h2 id=\"not-drawn\">Points</h2>\n"
    out +=
      "<p>\(shown) shot\(shown == 1 ? "" : "s") and \(points.count - shown) witness\(points.count - shown == 1 ? "" : "es") drawn"
    out += "; <span data-beyond=\"\(beyond.count)\">\(beyond.count)</span> beyond the drawn range (shown at its edge)"
    out += "; <span data-not-drawn=\"\(notPlaced.count)\">\(notPlaced.count)</span> not drawn.</p>\n"
    if !notPlaced.isEmpty {
      out += "<table class=\"reflow\"><thead><tr><th>shot</th><th>why it is not on the map</th></tr></thead><tbody>\n"
      for (name, reason) in notPlaced.prefix(50) {
        out +=
          "<tr><td data-label=\"shot\"><code>\(HTMLText.escape(name))</code></td><td data-label=\"why\">\(HTMLText.escape(reason))</td></tr>\n"
      }
      out += "</tbody></table>\n"
      if notPlaced.count > 50 { out += "<p>and \(notPlaced.count - 50) more.</p>\n" }
    }
    return out + "</section>\n"
  }

  static let css = """
    header h1 { margin-bottom: 0.1em; }
    nav.toc { margin: 0.6em 0 0; }
    .finding { border-left: 4px solid var(--line); padding: 2px 0 2px 12px; margin: 0 0 14px; }
    .finding:target { border-left-color: var(--accent); background: var(--panel); }
    .finding h3 { font-size: 1em; }
    .finding p { margin: 0.2em 0; }
    .finding .note { font-size: 0.85em; }
    .finding pre { white-space: pre-wrap; word-break: break-all; font-size: 0.8em; background: var(--panel); padding: 6px; }
    .code { display: inline-block; min-width: 3.2em; padding: 0 6px; border-radius: 4px; font-weight: 700;
      font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; background: var(--panel); border: 1px solid var(--line); }
    .code.sev-error { border-color: #d0453a; } .code.sev-warning { border-color: #c98a1c; }
    .bar { display: inline-block; height: 8px; background: var(--accent); opacity: 0.6; vertical-align: middle; margin-left: 6px; }
    tr.uncovered td { color: #c0392b; }
    footer { margin-top: 3em; font-size: 0.85em; }

    """
}
