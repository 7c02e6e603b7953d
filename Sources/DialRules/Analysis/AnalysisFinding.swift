/// One result of the analysis: a diagnostic with a stable `A…` code, plus the region it is about
/// and a checked witness shot.
///
/// `diagnostic` is what every renderer prints: the base message and the notes pointing at the
/// other rules involved, followed by the region in words, the witness as compact shot JSON and the
/// decision the evaluator gave it. JSON and SARIF output read the structured fields as well.
package struct AnalysisFinding: Hashable, Sendable {
  /// Code, severity, message, primary span, notes on the other rules, help.
  package var base: Diagnostic
  /// Rule indices involved, in source order; empty for findings about the whole table.
  package var rules: [Int]
  /// The region the finding is about, when it is about one.
  var region: Box?
  package var regionText: String?
  /// The region as data (`RegionStructure`, docs/schema/region.schema.json), set for every finding
  /// with a region once the analysis is done.
  package var regionData: JSONValue?
  /// A checked shot in the region (for an unknown-observation finding: the shot without it).
  package var witness: ShotRecord?
  /// The evaluator's decision for the witness.
  package var witnessDecision: Decision?
  /// What the witness must show; checked before the finding is reported.
  var claim: WitnessClaim?
  /// `A001-harsh-strong`: the stem of the witness file name (`--witness-dir`), before its number.
  package var witnessStem: String
  /// The index of the `property` the finding is about (A011, A012), in the table's properties.
  package var property: Int?
  /// Position in the order the analysis produced findings; breaks ties in output order so that
  /// "region 2 of 12" comes before "region 10 of 12".
  var ordinal = 0
  /// For a finding about several regions (one disagreement of the same rules in several places, or
  /// several regions without a witness): every one of them, the first being `region`, each with
  /// its own checked witness when it has one. Text output shows the first few; JSON has all.
  package var regions: [FindingRegion] = []

  /// Most regions a finding's text lists (JSON lists all).
  static let regionsShown = 3

  /// Every witness of the finding: its regions' (in order), else its own.
  package var witnesses: [ShotRecord] {
    regions.isEmpty ? (witness.map { [$0] } ?? []) : regions.compactMap { $0.witness }
  }

  /// The finding once per region it is about, each copy with that region and its witness as its
  /// own: for placing shots in regions (`lint --shots`) and checking witnesses one by one.
  var perRegion: [AnalysisFinding] {
    guard regions.count > 1 else { return [self] }
    return regions.map { r in
      var one = self
      one.regions = []
      one.region = r.box
      one.regionText = r.text
      one.regionData = r.data
      one.witness = r.witness
      one.witnessDecision = r.witnessDecision
      return one
    }
  }

  package var code: String { base.code }
  package var severity: Diagnostic.Severity { base.severity }

  /// The finding as one diagnostic, ready for any renderer.
  package var diagnostic: Diagnostic {
    var d = base
    let several = regions.count > 1
    if let regionText {
      d.notes.append(.init(several ? "region 1 of \(regions.count): \(regionText)" : "region: \(regionText)"))
    }
    if let witness { d.notes.append(.init("witness: \(witness.jsonText)")) }
    if let witnessDecision {
      // At most ten ids: a witness may be decided by thousands of rules.
      let ids = witnessDecision.decidedBy
      let limit = AnalysisMessages.maxNamedRules
      let more = ids.count > limit ? " and \(ids.count - limit) more" : ""
      let by = ids.isEmpty ? "" : ", decided by \(ids.prefix(limit).joined(separator: ", "))\(more)"
      let missing =
        witnessDecision.missing.isEmpty ? "" : ", missing \(witnessDecision.missing.joined(separator: ", "))"
      d.notes.append(.init("the witness gets: \(witnessDecision.outcome.words)\(by)\(missing)"))
    }
    if several {
      for (i, region) in regions.enumerated().dropFirst().prefix(Self.regionsShown - 1) {
        d.notes.append(.init("region \(i + 1) of \(regions.count): \(region.text)"))
      }
      if regions.count > Self.regionsShown {
        let rest = regions.count - Self.regionsShown
        d.notes.append(
          .init("\(rest) more region\(rest == 1 ? "" : "s") (every region, with its witness, in --format json)"))
      }
    }
    return d
  }
}

/// One region of a finding about several, in words, with its checked witness.
package struct FindingRegion: Hashable, Sendable {
  var box: Box
  var text: String
  /// The region as data, like `AnalysisFinding.regionData`.
  var data: JSONValue?
  var witness: ShotRecord?
  var witnessDecision: Decision?
}

extension AnalysisFinding {
  /// The finding with the structured form of its region and of each of its regions: the one
  /// place any finding with a region gets its data (`Analyzer` calls it on every finding).
  /// Entries built for earlier regions are taken from `memo` (`RegionStructure.Memo`).
  mutating func attachRegionData(_ structure: RegionStructure, memo: inout RegionStructure.Memo) {
    if let region { regionData = structure.json(region, memo: &memo) }
    for i in regions.indices {
      // The first region is usually `region` itself: its data is the same.
      if let region, let data = regionData, regions[i].box == region {
        regions[i].data = data
      } else {
        regions[i].data = structure.json(regions[i].box, memo: &memo)
      }
    }
  }
}

extension Array where Element == AnalysisFinding {
  /// Findings in the order they are printed: by primary span and code, then in the order the
  /// analysis found them (which depends only on the table), so the output is the same byte for
  /// byte on every run.
  package func sortedForOutput() -> [AnalysisFinding] {
    sorted {
      ($0.base.span.start, $0.base.span.end, $0.code, $0.ordinal)
        < ($1.base.span.start, $1.base.span.end, $1.code, $1.ordinal)
    }
  }
}
