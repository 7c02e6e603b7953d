import CommandLineSupport
import DialRules

/// `lint --format json`: `LintJSON` (the one renderer, shared with the playground), with each
/// analysed file's `shots` member under `--shots`.
enum LintJSONRenderer {
  /// - Parameter shots: with `--shots`, each analysed file gets a `shots` member: its regions
  ///   weighed by these shots (`ShotWeightsRenderer.json`).
  static func render(_ reports: [LintReport], shots: WeighedShots? = nil) -> String {
    LintJSON.render(reports) { report in
      guard let shots, let analysis = report.analysis else { return [] }
      return [
        .init(
          "shots", ShotWeightsRenderer.json(analysis.weigh(shots.records), rules: report.file, names: shots.names))
      ]
    }
  }
}
