import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLogCommands

/// `dialshot report` on a log imported from a machine app: each shot that came with machine curves
/// gets its chart, drawn from the curves the store kept, and the others still say they have none.
@Suite struct ImportedCurvesReportTests {
  /// A shot logged by hand (no curves), then a Decent shot (five curves) imported beside it.
  static func importedLog() throws -> Scratch {
    let scratch = Scratch()
    scratch.setUpGuji(grind: "15")
    scratch.expect(["log", "Guji", "--time", "27", "--yield", "36.1", "--taste", "sour"])
    let path = PackageRoot.file("Fixtures/imports/realdata/decent/20240202T063530.shot")
    let preview = scratch.expect(["import", path])
    let token = try #require(ShotImportStoreTests.token(preview.out), "\(preview.out)")
    scratch.expect(["import", path, "--apply", token])
    return scratch
  }

  @Test func anImportedShotGetsItsMachineCurves() throws {
    let html = try Self.importedLog().expect(["report"]).out
    // One chart, for the imported shot, with every curve the Decent file has.
    #expect(html.components(separatedBy: "class=\"curves\"").count - 1 == 1)
    for curve in ["weight", "pressure", "flow", "weight flow", "temperature"] {
      #expect(html.contains("data-curve=\"\(curve)\""), "no \(curve) curve")
    }
    #expect(html.contains("from Decent, 20240202T063530.shot"))
    // The shot logged by hand says it has none.
    #expect(html.components(separatedBy: "No machine curves recorded for this shot.").count - 1 == 1)
  }

  /// Only the newest shots with curves get a chart (by pull time, then attempt id), so a log of
  /// thousands of machine shots stays a page of a few megabytes; the rest are counted.
  @Test func onlyTheNewestShotsWithCurvesGetCharts() {
    let shots: [(attemptID: Int64, pulledAt: Int)] = [(1, 50), (2, 10), (3, 40), (4, 40), (5, 30)]
    let (charted, notDrawn) = ShotReportPage.chartedShots(shots, limit: 3)
    #expect(charted == [1, 3, 4])
    #expect(notDrawn == [2, 5])
    #expect(ShotReportPage.chartedShots(shots, limit: 0).charted.isEmpty)
    #expect(ShotReportPage.chartedShots(shots).notDrawn.isEmpty)

    var page = ShotReportPage(beans: [])
    page.curvesNotDrawn = [2, 5]
    #expect(page.html.contains("Machine curves are drawn for the newest 0 of the 2 shots that have them."))
  }

  @Test(.enabled(if: BrowserSuite.enabled, "needs Chromium and Playwright (see .ci/run)"))
  func importedCurvesInChromium() throws {
    let scratch = try Self.importedLog()
    let path = scratch.directory.file("imported.html")
    scratch.expect(["report", "-o", path])
    var page = BrowserSuite.Page(file: path, name: "imported-curves")
    page.count = ["svg.curves": 1, "svg.curves g.curve": 5, "section.bean": 2, ".no-curves": 1]
    page.atLeast = ["svg.curves path.line": 5]
    page.texts = ["The Reservoir", "Guji", "pressure (bar)"]
    page.layout = BrowserSuite.Layout(chartText: "svg.bean-chart, svg.curves")
    let result = try BrowserSuite.run([page], screenshots: ProcessInfo.processInfo.environment["DIALRULES_SCREENSHOTS"])
    #expect(result.passed, "\(result.output)")
  }
}
