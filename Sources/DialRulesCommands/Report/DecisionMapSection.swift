import CommandLineSupport
import DialRules

/// The decision map as a page section, shared by `dialrules report` and `diff --format html`:
/// the legend (outcomes with their colours and patterns, edges, points, why each abstaining rule
/// abstains), the slice selector, an index of situations, and one figure per situation.
struct DecisionMapSection {
  let map: DecisionMap
  let tables: [CompiledRules]
  let points: [MapPoint]
  let diff: Bool
  /// The chart drawer, built once: every figure uses it.
  let chart: DecisionMapChart

  init(map: DecisionMap, tables: [CompiledRules], points: [MapPoint], diff: Bool = false) {
    self.map = map
    self.tables = tables
    self.points = points
    self.diff = diff
    chart = DecisionMapChart(map: map, tables: tables, diff: diff)
  }

  /// The outcomes the map shows, in legend order, with how many charts show each.
  var legendStyles: [(style: OutcomeStyle, charts: Int)] {
    var seen: [String: (OutcomeStyle, Set<Int>)] = [:]
    for (s, situation) in map.situations.enumerated() {
      for cells in situation.cells {
        for cell in cells {
          let style = OutcomeStyle(map.answers[cell.answer].shown)
          seen[style.key, default: (style, [])].1.insert(s)
        }
      }
    }
    return seen.values.map { ($0.0, $0.1.count) }.sorted {
      ($0.style.order, $0.style.key) < ($1.style.order, $1.style.key)
    }
  }

  /// Abstaining rules that decide somewhere on the map, with their reasons, in source order.
  var abstentions: [(id: String, reason: String)] { map.abstentions(tables: tables) }

  var html: String {
    var out = ""
    if let reason = map.incomplete, map.situations.isEmpty {
      return "<p class=\"warning\">The map is not drawn: \(HTMLText.escape(reason)).</p>\n"
    }
    out += legend
    out += selector
    out += index
    out += "<div class=\"maps\">\n"
    for s in map.situations.indices { out += figure(s) }
    out += "</div>\n"
    if let reason = map.incomplete {
      out += "<p class=\"warning\">Not everything is drawn: \(HTMLText.escape(reason)).</p>\n"
    }
    return out
  }

  var legend: String {
    var out = "<section class=\"legend\" aria-label=\"Legend\"><h2 id=\"legend\">Legend</h2>\n<ul class=\"swatches\">\n"
    for (style, charts) in legendStyles {
      out +=
        "<li data-legend=\"\(style.key)\">\(Self.swatch(style.family))<span><b>\(HTMLText.escape(style.label))</b> — "
      out +=
        "\(HTMLText.escape(style.words)) <span class=\"muted\">(in \(charts) of \(map.situations.count) charts)</span></span></li>\n"
    }
    if diff {
      out +=
        "<li data-legend=\"changed\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><rect class=\"change-mark\" x=\"2\" y=\"2\" width=\"26\" height=\"16\"/></svg>"
      out +=
        "<span><b>changed</b> — the old and the new table decide differently here (labelled old → new); unchanged regions are faded</span></li>\n"
    }
    out += "</ul>\n<ul class=\"swatches small\">\n"
    out +=
      "<li data-legend=\"edge-closed\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><line class=\"edge closed\" x1=\"15\" y1=\"2\" x2=\"15\" y2=\"18\"/></svg><span>solid edge: the boundary value belongs to the region on this side (≤, ≥)</span></li>\n"
    out +=
      "<li data-legend=\"edge-open\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><line class=\"edge open\" x1=\"15\" y1=\"2\" x2=\"15\" y2=\"18\"/></svg><span>dashed edge: the boundary value does not (&lt;, &gt;)</span></li>\n"
    out +=
      "<li data-legend=\"fixture\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><g class=\"p-fixture\"><circle cx=\"15\" cy=\"10\" r=\"4.5\"/></g></svg><span>a fixture shot</span></li>\n"
    out +=
      "<li data-legend=\"shot\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><g class=\"p-shot\"><path d=\"M15 5 l5 5 l-5 5 l-5 -5 z\"/></g></svg><span>a logged shot (<code>--shots</code>)</span></li>\n"
    out +=
      "<li data-legend=\"witness\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><g class=\"p-witness\"><rect x=\"10.5\" y=\"5.5\" width=\"9\" height=\"9\"/></g></svg><span>a finding's witness shot (links to the finding)</span></li>\n"
    out +=
      "<li data-legend=\"beyond\"><svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><g class=\"p-fixture\"><circle cx=\"9\" cy=\"10\" r=\"4.5\"/><path class=\"beyond\" d=\"M26 10 L19 6 L19 14 Z\"/></g></svg><span>beyond the drawn range: shown at the edge, pointing the way it lies</span></li>\n"
    out += "</ul>\n"
    let reasons = abstentions
    if !reasons.isEmpty {
      out += "<h3>Why the table abstains</h3>\n<ol class=\"reasons\">\n"
      for r in reasons {
        out += "<li><code>\(HTMLText.escape(r.id))</code>: \(HTMLText.escape(r.reason))</li>\n"
      }
      out +=
        "</ol>\n<p class=\"muted small\">A region labelled <i>why: 2</i> abstains for the second reason here.</p>\n"
    }
    if let x = map.x {
      out += "<p class=\"muted axes-note\">Across: <b>\(HTMLText.escape(DecisionMapChart.title(x)))</b>"
      if let l = map.legend(x) { out += " (<code>\(HTMLText.escape(l))</code>)" }
      if let y = map.y {
        out += "; up: <b>\(HTMLText.escape(DecisionMapChart.title(y)))</b>"
        if let l = map.legend(y) { out += " (<code>\(HTMLText.escape(l))</code>)" }
      }
      out += ". Each chart is one situation; every shot in it with those values gets the decision drawn there.</p>\n"
    }
    out += "</section>\n"
    return out
  }

  /// A legend swatch: the family's fill and pattern.
  static func swatch(_ family: String) -> String {
    "<svg class=\"swatch\" viewBox=\"0 0 30 20\" aria-hidden=\"true\"><rect class=\"o-\(family)\" x=\"1\" y=\"1\" width=\"28\" height=\"18\"/>"
      + "<rect fill=\"url(#p-\(family))\" x=\"1\" y=\"1\" width=\"28\" height=\"18\"/><rect class=\"swatch-frame\" x=\"1\" y=\"1\" width=\"28\" height=\"18\"/></svg>"
  }

  /// Radio buttons choosing the slice every chart shows (without script, all slices are shown).
  var selector: String {
    guard map.slices.count > 1 else { return "" }
    let axes = map.sliceAxes.map { axis -> String in
      let words = axis.words == axis.label ? "" : " (\(axis.words))"
      return "<code>\(HTMLText.escape(axis.label))</code>\(HTMLText.escape(words))"
    }.joined(separator: ", ")
    var out = "<fieldset class=\"slices no-print\"><legend>Show the charts for \(axes):</legend>\n"
    for (i, slice) in map.slices.enumerated() {
      out +=
        "<label><input type=\"radio\" name=\"slice\" value=\"\(i)\"\(i == 0 ? " checked" : "")> \(HTMLText.escape(slice.text))"
      out += slice.isTypical ? " <span class=\"muted\">(the usual case)</span>" : ""
      out += "</label>\n"
    }
    out += "</fieldset>\n"
    return out
  }

  /// The situations by title, folded away (one line) until opened.
  var index: String {
    var out =
      "<details class=\"index no-print\"><summary id=\"situations\">Index of the \(map.situations.count) situations</summary><ol>\n"
    for s in map.situations {
      out += "<li><a href=\"#\(s.id)\">\(HTMLText.escape(s.title))</a></li>\n"
    }
    return out + "</ol></details>\n"
  }

  /// One situation: its title, its exact classes, one chart per slice, and a line that names the
  /// region under the pointer or focus.
  func figure(_ s: Int) -> String {
    let situation = map.situations[s]
    var out = "<figure class=\"map\" id=\"\(situation.id)\" data-situation=\"\(s + 1)\">\n"
    out += "<figcaption><h3><span class=\"num\">\(s + 1).</span> \(HTMLText.escape(situation.title))</h3>"
    out += "<p class=\"detail muted\">\(HTMLText.escape(situation.detail))</p></figcaption>\n"
    for slice in map.slices.indices {
      out += "<div class=\"slice\" data-slice=\"\(slice)\">"
      if map.slices.count > 1 {
        out += "<p class=\"slice-caption muted\">\(HTMLText.escape(map.slices[slice].text))</p>"
      }
      let here = points.filter { $0.situation == s && $0.slice == slice }
      out += chart.svg(situation: s, slice: slice, points: here)
      out += "</div>\n"
    }
    out +=
      "<p class=\"cell-info\" aria-live=\"polite\">Point at or tab to a region for its decision.</p>\n"
    out += "</figure>\n"
    return out
  }

  /// The pattern definitions every chart refers to, once per page.
  static var definitions: String {
    "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"><defs>\n\(OutcomeStyle.patterns)\n</defs></svg>\n"
  }

  /// Switches slices and names the region under the pointer or focus. Without it every slice is
  /// shown, one after the other, and titles still name each region.
  static let script = """
    (function () {
      function show(value) {
        document.querySelectorAll('.slice[data-slice]').forEach(function (e) {
          e.hidden = e.getAttribute('data-slice') !== value;
        });
      }
      var radios = document.querySelectorAll('input[name=slice]');
      radios.forEach(function (r) { r.addEventListener('change', function () { if (r.checked) show(r.value); }); });
      var checked = document.querySelector('input[name=slice]:checked');
      if (checked) show(checked.value);
      function describe(e) {
        var figure = e.closest('figure');
        var info = figure && figure.querySelector('.cell-info');
        if (info) info.textContent = e.getAttribute('aria-label');
      }
      document.querySelectorAll('.cell, .point').forEach(function (e) {
        e.addEventListener('focus', function () { describe(e); });
        e.addEventListener('mouseenter', function () { describe(e); });
      });
    })();

    """
}
