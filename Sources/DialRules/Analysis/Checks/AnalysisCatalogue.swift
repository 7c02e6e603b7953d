/// Every `A…` code with its name and one-line summary, for renderers (SARIF rule descriptions) and
/// for the test that keeps `docs/analysis.md` in step with the checks.
package enum AnalysisCatalogue {
  /// One code: what it is called and what it finds.
  package struct Entry: Hashable, Sendable {
    package var code: String
    var name: String
    package var summary: String
    /// A rule file that triggers the code, and a close one that does not (empty for A008–A012,
    /// which report on the analysis itself or on properties, and have fixtures instead).
    var triggeringExample: String
    var nonTriggeringExample: String
  }

  /// Every code in order: the checks (A001–A007), then the analysis' own reports.
  package static var checks: [Entry] {
    AnalysisChecks.all.map {
      Entry(
        code: $0.code, name: $0.name, summary: $0.summary, triggeringExample: $0.triggeringExample,
        nonTriggeringExample: $0.nonTriggeringExample)
    } + [
      Entry(
        code: "A008", name: "rule not analysed",
        summary: "A rule's condition is outside the analysable fragment, so table-wide checks are skipped.",
        triggeringExample: "", nonTriggeringExample: ""),
      Entry(
        code: "A009", name: "analysis incomplete",
        summary: "The analysis hit a limit or could not build a shot for a region; what it says is still exact.",
        triggeringExample: "", nonTriggeringExample: ""),
      Entry(
        code: "A010", name: "finding withdrawn",
        summary: "Internal error: a finding's witness failed its check, so the finding was not reported.",
        triggeringExample: "", nonTriggeringExample: ""),
      Entry(
        code: "A011", name: "property fails",
        summary: "A shot the property's condition holds for gets a decision the property rules out.",
        triggeringExample: "", nonTriggeringExample: ""),
      Entry(
        code: "A012", name: "property not proved",
        summary: "The analysis could not decide a property; it says which part and why, and claims nothing.",
        triggeringExample: "", nonTriggeringExample: ""),
    ]
  }
}
