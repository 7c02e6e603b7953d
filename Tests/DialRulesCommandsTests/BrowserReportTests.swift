import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules
@testable import DialRulesCommands

/// The rule reports of the reference table (`Fixtures/reference`, whose axes the map draws
/// completely) opened in a real browser (headless Chromium through Playwright): not blank in
/// the light and dark schemes and for print, no network, no script error, and after the script
/// ran, the expected charts, regions, legend entries and points are on the page, focusing a
/// region names it, and the slice selector switches the charts; at 390 and 1280 px, light and
/// dark, neither page scrolls sideways, chart text renders at least 11 px, axe-core finds no
/// violation and Tab shows a focus ring. Fails, rather than skips, when
/// `DIALRULES_REQUIRE_BROWSER_TESTS=1` and the tools are missing.
@Suite struct BrowserReportTests {
  @Test(.enabled(if: BrowserSuite.enabled, "needs Chromium and Playwright (see .ci/run)"))
  func rulesReportsInChromium() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let report = dir + "/report.html"
    let r = dialrules(
      "report", "Fixtures/reference/reference-table.dialrules", "--fixtures", "Fixtures/shots", "--shots",
      "Fixtures/shots/batch.jsonl",
      "-o", report)
    #expect(r.status == 0, "\(r.err)")
    let newRules = dir + "/new.dialrules"
    try PackageRoot.read("Fixtures/reference/reference-table.dialrules").replacingOccurrences(
      of: "let fast = dt < -3 s", with: "let fast = dt < -4 s"
    ).write(toFile: newRules, atomically: true, encoding: .utf8)
    let d = dialrules(
      "diff", "--format", "html", "--fixtures", "Fixtures/shots", "Fixtures/reference/reference-table.dialrules",
      newRules)
    #expect(d.status == 0, "\(d.err)")
    let diff = dir + "/diff.html"
    try d.out.write(toFile: diff, atomically: true, encoding: .utf8)

    let rules = try ReportCommandTests.defaultRules()
    let map = DecisionMap(tables: [rules])
    let cells = map.situations.reduce(0) { $0 + $1.cells.reduce(0) { $0 + $1.count } }
    let legend = DecisionMapSection(map: map, tables: [rules], points: []).legendStyles.count
    var page = BrowserSuite.Page(file: report, name: "rules-report")
    page.count = [
      "figure.map": map.situations.count, ".cell": cells, ".swatches [data-legend]": legend + 6,
      "input[name=slice]": map.slices.count,
    ]
    page.atLeast = ["[data-point=fixture]": 10, "[data-point=shot]": 3, "[data-point=witness]": 3, ".finding": 6]
    page.texts = [
      "sour but not bitter, thin or strong", "finer 1", "coarser 1", "+2 g", "−2 g", "no change", "abstains",
      "conflict",
      "Why the table abstains", "dt: time against the recipe (s)", "Coverage by the fixtures",
    ]
    page.titled = [".cell", ".point"]
    page.focus = ".cell"
    page.slices = true
    page.width = 1240
    page.doc = ("#legend", "#situation-6", "decision-map.png")
    page.layout = BrowserSuite.Layout(chartText: "svg.chart")
    var diffPage = BrowserSuite.Page(file: diff, name: "rules-diff")
    diffPage.atLeast = [".cell.changed": 5, ".cell.unchanged": 20, "[data-point=fixture]": 1]
    diffPage.texts = ["What changes", "changed"]
    diffPage.titled = [".cell"]
    diffPage.focus = ".cell.changed"
    diffPage.slices = true
    diffPage.layout = BrowserSuite.Layout(chartText: "svg.chart")
    let result = try BrowserSuite.run(
      [page, diffPage], screenshots: ProcessInfo.processInfo.environment["DIALRULES_SCREENSHOTS"])
    #expect(result.passed, "\(result.output)")
  }
}
