/// How many logged shots fall in each disagreement (A001) and gap (A002) region of an analysis:
/// `dialrules lint --shots` and `dialshot gaps` list the regions by that count, so an author fixes
/// first the gap people actually hit.
///
/// A shot is in a region when each of its values on the axes the region constrains is known and
/// inside the region (`ShotPosition.isInside`); an axis the region leaves whole needs no value.
/// The regions are the findings the analysis reports — this only places shots in them, so it
/// follows whatever grouping the analysis uses. A shot in no region is counted under the first
/// observation it lacks that some region needs, or as covered when it lacks none (the table
/// decides it, or its situation is in no reported region).
package struct ShotWeights: Sendable {
  /// One region with the shots inside it.
  package struct Region: Sendable {
    /// The finding (an A001 disagreement or an A002 gap).
    package var finding: AnalysisFinding
    /// Indices into the weighed shots, ascending.
    package var shots: [Int]
  }

  /// Every region, the most shots first (ties in the analysis' output order).
  package var regions: [Region]
  /// Shots in at least one region.
  package var placed: Int
  /// Shots in no region because an observation is missing: `the taste` → how many.
  package var missing: [(observation: String, count: Int)]
  /// Shots in no region with every observation the regions read.
  package var outside: Int
  /// How many shots were weighed.
  package var total: Int

  /// The codes of the findings weighed.
  static let codes: Set<String> = ["A001", "A002"]
}

extension Analysis {
  /// Places `shots` in this analysis' disagreement and gap regions.
  package func weigh(_ shots: [ShotRecord]) -> ShotWeights {
    // A disagreement in several regions is weighed region by region.
    let findings = findings.filter { ShotWeights.codes.contains($0.code) && $0.region != nil }.flatMap { $0.perRegion }
    var members = Array(repeating: [Int](), count: findings.count)
    var placed = 0
    var outside = 0
    var missing: [String: Int] = [:]
    var missingOrder: [String] = []
    for (s, shot) in shots.enumerated() {
      let position = ShotPosition(shot, catalog: catalog)
      var inAny = false
      for (f, finding) in findings.enumerated() {
        guard let region = finding.region, position.isInside(region, catalog: catalog) else { continue }
        members[f].append(s)
        inAny = true
      }
      if inAny {
        placed += 1
      } else if let lack = firstMissing(position, among: findings) {
        if missing[lack] == nil { missingOrder.append(lack) }
        missing[lack, default: 0] += 1
      } else {
        outside += 1
      }
    }
    let regions = findings.indices.map { ShotWeights.Region(finding: findings[$0], shots: members[$0]) }
      .enumerated().sorted { ($1.element.shots.count, $0.offset) < ($0.element.shots.count, $1.offset) }.map {
        $0.element
      }
    return ShotWeights(
      regions: regions, placed: placed,
      missing: missingOrder.map { ($0, missing[$0] ?? 0) }.sorted { $0.count > $1.count }, outside: outside,
      total: shots.count)
  }

  /// The first observation (in catalog order, finite axes first) the shot lacks that some region
  /// constrains, in words: `the taste`, `dt`.
  private func firstMissing(_ position: ShotPosition, among findings: [AnalysisFinding]) -> String? {
    for (i, axis) in catalog.finite.enumerated() where position.finite[i] == nil {
      if findings.contains(where: { $0.region.map { $0.finite[i] != axis.allMask } ?? false }) {
        return DecisionMap.unknownWords(axis)
      }
    }
    for (i, axis) in catalog.numeric.enumerated() where position.numeric[i] == nil {
      if findings.contains(where: { $0.region?.numeric[i] != axis.domain }) { return axis.label }
    }
    return nil
  }
}
