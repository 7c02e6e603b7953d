/// What one analysis hands the next analysis of a table being edited: the answers about which
/// regions hold shots (`CellFeasibility`). They depend only on the dependent axes (their fields,
/// forms and domains), not on the rules, so they hold for every table over the same axes, and an
/// edit that keeps those (a threshold, an action, a comment) finds most of them known. The
/// answers are exact, so an analysis gives the same findings with or without the cache.
///
/// One cache serves one editing session at a time (the playground's worker): it is not safe to
/// share between threads. It keeps at most `maxAnswers` answers; past that the next analysis
/// starts afresh, so a long session's memory stays bounded.
package final class AnalysisCache {
  /// The last analysis' checker, when its axes were dependent.
  private(set) var feasibility: CellFeasibility?
  /// How many analyses found the previous one's answers serving their axes.
  package private(set) var reuses = 0

  /// Most answers kept between analyses.
  static let maxAnswers = 200_000

  /// An empty cache.
  package init() {}

  /// The checker an analysis over `catalog` may use: the last one when it serves the same axes
  /// and is within bounds, else nil (the analysis makes its own).
  func feasibility(for catalog: AxisCatalog) -> CellFeasibility? {
    guard let feasibility, feasibility.serves(catalog), feasibility.answerCount <= Self.maxAnswers else { return nil }
    reuses += 1
    return feasibility
  }

  /// Keeps the checker of the analysis that just ran (nil when its axes were independent).
  func keep(_ feasibility: CellFeasibility?) {
    self.feasibility = feasibility
  }
}
