import CommandLineSupport
import ShotLog

/// `dialshot report`: the log as one self-contained HTML page — per bean the grind walking shot by
/// shot on each grinder (finer always down), the time against its target band, the ratio, the
/// taste, every suggestion with the barista's answer, a summary (days from roast, shots, the recipe
/// it settled on) and a section per recent shot (see docs/reports.md).
enum ReportCommand: Command {
  static let name = "report"
  static let abstract = "Draw the log as a self-contained HTML page: grind, time, ratio and taste per bean"
  static let usage = ["dialshot report [--bean BEAN] [-o FILE.html]"]
  static let details = """
    Options:
      --bean BEAN    only this bean (default: every bean with shots that is not archived)
      -o FILE        write the page to FILE (atomically) instead of standard output

    Times are local (TZ), or UTC with --utc, as in 'dialshot history'; shots carry the log's own
    numbers (as 'history' shows them), with their ratings, notes and why the rules abstained.
    The page reads on a phone (390 px) and in dark mode, needs no network and no other file
    (inline SVG and CSS), and reads nothing but the log: the same log and zone give the same bytes.
    """
  static let spec = ArgumentSpec(options: ["--bean", "-o"], maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    let bean = try arguments.value("--bean").map { try store.profiles.findBean($0) }
    var page = ShotReportPage(beans: try BeanReport.load(store, only: bean))
    page.clock = context.presentation.clock
    // Machine curves of imported shots (docs/importing.md), drawn in each shot's section: the
    // newest `ShotReportPage.maxCurveCharts` of them, so the page stays small.
    page.sources = try store.shotImport.importSources()
    let imported = Set(page.sources.keys)
    for i in page.beans.indices {
      page.beans[i].clock = page.clock
      page.beans[i].imported = imported.intersection(page.beans[i].shots.map(\.attemptID))
    }
    let withCurves = try store.shotImport.attemptsWithCurves()
    let shots = page.beans.flatMap(\.shots).filter { withCurves.contains($0.attemptID) }
    let (charted, notDrawn) = ShotReportPage.chartedShots(shots.map { ($0.attemptID, $0.pulledAt) })
    for id in charted { page.curves[id] = try store.shotImport.curves(attemptID: id).map(MachineCurve.init) }
    page.curvesNotDrawn = notDrawn
    let html = page.html
    if let path = arguments.value("-o"), path != "-" {
      try AtomicFile.write(html, to: path, io: context.io)
      let shots = page.beans.reduce(0) { $0 + $1.shots.count }
      context.err.line(
        "Wrote \(path): \(page.beans.count) bean\(page.beans.count == 1 ? "" : "s"), \(shots) shot\(shots == 1 ? "" : "s")."
      )
    } else {
      context.out.write(html)
    }
    return .success
  }
}
