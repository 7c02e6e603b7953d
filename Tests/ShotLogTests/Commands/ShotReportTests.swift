import CommandLineSupport
import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

@testable import ShotLogCommands

/// `dialshot report`, the machine-curve renderer and the grind in `dialshot trends`.
@Suite struct ShotReportTests {
  /// Two beans dialled in on two grinders whose numbers run opposite ways: the first walks from
  /// grind 15 past 14 to 13.5 and back (lower is finer) by accepted suggestions, one rejected, and
  /// settles at 14; the second moves from 20 to 20.5 on a grinder where higher is finer.
  static func sampleLog() -> Scratch {
    let s = Scratch()
    s.setUpGuji(grind: "15")
    for (time, yield, taste, answer) in [
      ("21", "36.2", "sour", "accept"), ("23", "36", "sour", "accept"), ("24.5", "35.6", "sour", "accept"),
      ("33", "36.3", "bitter", "accept"), ("26", "36.4", "sour", "reject"), ("26.5", "35.8", "sour", "accept"),
      ("29", "38.2", "balanced", "accept"), ("28.5", "37.9", "balanced", ""), ("29.5", "38.1", "balanced", ""),
    ] {
      s.expect(["log", "Guji", "--time", time, "--yield", yield, "--taste", taste])
      if !answer.isEmpty { s.expect([answer]) }
    }
    s.expect(["profiles", "bean", "add", "Kochere Washed", "--roast-date", "2026-02-25"])
    s.expect([
      "profiles", "grinder", "add", "Reversed Dial", "--step", "0.5", "--min", "0", "--max", "40", "--finer", "higher",
    ])
    s.expect([
      "recipe", "set", "Kochere Washed", "--grinder", "Reversed Dial", "--dose", "18", "--yield", "40", "--time", "30",
      "--grind", "20",
    ])
    for (time, yield, taste, answer) in [
      ("24", "40", "sour", "accept"), ("27.5", "40.3", "sour,thin", "accept"), ("30", "42", "balanced", ""),
    ] {
      s.expect(["log", "Kochere Washed", "--time", time, "--yield", yield, "--taste", taste])
      if !answer.isEmpty { s.expect([answer]) }
    }
    return s
  }

  @Test func drawsEachBeanWithItsGrindWalk() throws {
    let s = Self.sampleLog()
    let html = s.expect(["report"]).out
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("data-bean=\"Guji\""))
    #expect(html.contains("data-bean=\"Kochere Washed\""))
    #expect(html.contains("grind on Niche Zero"))
    #expect(html.contains("Niche Zero: lower is finer"))
    #expect(html.contains("Reversed Dial: higher is finer"))
    #expect(html.contains("recipe now: 14"))
    #expect(html.contains("<b>Settled on:</b> 18 g in → 38 g out (1:2.11) in 28 s, grind 14 on Niche Zero"))
    #expect(html.contains("roasted 2026-02-20; the last shot was 9 days after roasting"))
    #expect(html.contains("class=\"move accepted\""))
    #expect(html.contains("class=\"answer rejected\""))
    #expect(html.contains("No machine curves recorded for this shot."))
    // Twelve shots, twelve hover columns (in the desktop layout; a phone has no hover).
    #expect(html.components(separatedBy: "class=\"hit\"").count - 1 == 12)
    for external in ["<link", "src=", "@import", "href=\"http", "<img"] { #expect(!html.contains(external)) }
    #expect(html == s.expect(["report"]).out, "the same log gives the same bytes")
    let only = s.expect(["report", "--bean", "kochere"]).out
    #expect(!only.contains("data-bean=\"Guji\""))
    let drawings = SVGBlocks.all(in: html)
    #expect(drawings.count == 4)
    for svg in drawings { #expect(SVGBlocks.parseError(svg) == nil) }
  }

  @Test func badInputAndOutputFile() throws {
    let s = Self.sampleLog()
    let path = s.directory.file("log.html")
    let r = s.expect(["report", "-o", path])
    #expect(r.out.isEmpty)
    #expect(r.err.contains("Wrote \(path): 2 beans, 12 shots."))
    #expect(fileBytes(path).count > 10_000)
    #expect(s.run(["report", "--bean", "nothing"]).status == 2)
    #expect(s.run(["report", "extra"]).status == 64)
    let empty = Scratch()
    #expect(empty.run(["report"]).status == 2, "a missing database is not created by a read")
    #expect(!FileManager.default.fileExists(atPath: empty.database))
  }

  @Test func freeTextGrindsHostileNamesAndBeansWithoutShots() {
    let s = Scratch()
    s.expect(["profiles", "bean", "add", "<script>alert('x')</script> & \"Co\""])
    s.expect(["profiles", "grinder", "add", "Hand <grinder>", "--settings", "clicks from zero"])
    s.expect([
      "recipe", "set", "<script>alert('x')</script> & \"Co\"", "--grinder", "Hand <grinder>", "--dose", "18", "--yield",
      "36", "--time", "28", "--grind", "12 clicks",
    ])
    s.expect(["log", "--time", "25", "--taste", "sour"])
    s.expect(["profiles", "bean", "add", "Untouched"])
    let html = s.expect(["report"]).out
    #expect(!html.contains("<script>alert"))
    #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Co&quot;"))
    #expect(html.contains("grind on Hand &lt;grinder&gt;"))
    #expect(
      html.contains(">The grind settings on this grinder<") && html.contains(">are not numbers; the table lists them.<")
    )
    #expect(!html.contains("Untouched"), "a bean without shots is left out of the whole-log report")
    for svg in SVGBlocks.all(in: html) { #expect(SVGBlocks.parseError(svg) == nil) }
    let untouched = s.expect(["report", "--bean", "Untouched"]).out
    #expect(untouched.contains("No shots of this bean yet."))
  }

  @Test func trendsShowTheGrindPerGrinder() {
    let s = Self.sampleLog()
    let chart = s.expect(["trends", "Guji"]).out
    let rows = chart.split(separator: "\n").filter { $0.contains("2026-") }
    #expect(rows.count == 9)
    #expect(rows[0].contains(" 15 "))
    #expect(rows[1].contains("14.5 ↓"))
    #expect(rows[2].contains("14 ↓"))
    #expect(rows[3].contains("13.5 ↓"))
    #expect(rows[4].contains("14 ↑"))
    #expect(rows[5].contains(" 14 ") && !rows[5].contains("↑"))
    #expect(chart.contains("Grind on Niche Zero (lower is finer): 15 → 14 over 9 shots; the last 5 at 14."))
    let other = s.expect(["trends", "Kochere Washed"]).out
    #expect(other.contains("20.5 ↓"), "on a grinder where higher is finer, 20 → 20.5 is finer")
  }

  @Test func curvesAreDownsampledAndDrawn() throws {
    // A synthetic 10 000-sample shot: weight rising, a pressure peak at 8 s, flow, temperature.
    let n = 10_000
    let times = (0..<n).map { Double($0) * 0.003 }
    let weight = times.map { max(0, ($0 - 6) * 1.6) }
    let pressure = times.map { 9 * exp(-pow(($0 - 8) / 3, 2)) + ($0 > 8 ? 0 : 0.5) }
    let flow = times.map { $0 < 5 ? 0 : 2.2 }
    let temperature = times.map { 93 - $0 * 0.02 }
    let curves = [
      MachineCurve(name: "weight", unit: "g", times: times, values: weight),
      MachineCurve(name: "pressure", unit: "bar", times: times, values: pressure),
      MachineCurve(name: "flow", unit: "ml/s", times: times, values: flow),
      MachineCurve(name: "temperature", unit: "°C", times: times, values: temperature),
    ]
    let svg = try #require(CurveChart().svg(curves, title: "shot"))
    #expect(svg.components(separatedBy: "data-points=\"\(CurveChart.maxPoints)\"").count - 1 == 4)
    #expect(svg.count < 30_000)
    #expect(SVGBlocks.parseError(svg) == nil)
    #expect(svg == CurveChart().svg(curves, title: "shot"))
    // The peak survives downsampling.
    let keep = Downsampling.largestTriangleThreeBuckets(x: times, y: pressure, count: 160)
    let peak = pressure.indices.max { pressure[$0] < pressure[$1] } ?? 0
    #expect(keep.contains { abs($0 - peak) <= n / 160 })
    #expect(keep.first == 0 && keep.last == n - 1 && keep.count == 160)
    #expect(keep == keep.sorted())
    // Bad samples are dropped, not drawn; nothing usable draws nothing.
    let bad = MachineCurve(name: "x", unit: "", times: [0, .nan, 2, 1, 0.5], values: [1, 2, .infinity, 4, 5])
    #expect(CurveChart.cleaned(bad)?.times == [0, 1])
    #expect(CurveChart.cleaned(bad)?.values == [1, 4])
    let unusable = MachineCurve(name: "x", unit: "", times: [.nan, 1], values: [1, .nan])
    #expect(CurveChart().svg([unusable], title: "bad") == nil)
    #expect(Downsampling.largestTriangleThreeBuckets(x: [1, 2], y: [3, 4], count: 160) == [0, 1])
  }

  @Test func suggestionsAreReadFromTheStoredAdjustment() throws {
    let s = Scratch()
    s.setUpGuji()
    for (time, taste) in [("21", "sour"), ("33", "bitter"), ("28", "sour"), ("28", "bitter"), ("28", "balanced")] {
      s.expect(["log", "--time", time, "--yield", "36", "--taste", taste])
    }
    s.expect(["log", "--time", "28", "--yield", "36"])
    let rows = try s.store().shots.history().reversed()
    #expect(rows.map { SuggestionMark($0) } == [.finer, .coarser, .longer, .shorter, .same, .abstain])
    #expect(rows.first?.adjustment == .grind(.finer, steps: 1))
  }

  @Test(.enabled(if: BrowserSuite.enabled, "needs Chromium and Playwright (see .ci/run)"))
  func shotReportInChromium() throws {
    let s = Self.sampleLog()
    let path = s.directory.file("log.html")
    s.expect(["report", "-o", path])
    var page = BrowserSuite.Page(file: path, name: "shot-report")
    page.count = [
      "section.bean": 2, "svg.bean-chart.wide": 2, "svg.bean-chart.narrow": 2, ".hit": 12, "section.shot": 12,
    ]
    page.atLeast = [".walk": 2, ".move.accepted": 4, ".settled": 2, ".band": 2, ".dots": 6]
    page.texts = ["Guji", "Kochere Washed", "Settled on:", "grind on Niche Zero", "↓ finer", "recipe now: 14"]
    page.height = 1400
    page.width = 1240
    // On a 390 px phone and a 1280 px desktop, light and dark: no sideways scroll, chart text at
    // least 11 px as rendered, no axe-core violation, a visible focus ring.
    page.layout = BrowserSuite.Layout(chartText: "svg.bean-chart, svg.curves")
    page.doc = ("section.bean h2", "section.bean figure.chart", "shot-log.png")
    let result = try BrowserSuite.run([page], screenshots: ProcessInfo.processInfo.environment["DIALRULES_SCREENSHOTS"])
    #expect(result.passed, "\(result.output)")
  }
}
