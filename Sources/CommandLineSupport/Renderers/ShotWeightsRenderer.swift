import DialRules

/// `lint --shots`: the disagreement and gap regions of each analysed file with how many of the
/// given shots fall in each, the most first, as text or as a JSON member.
///
/// `dialshot gaps` prints the same text for the shot log's own shots; both command libraries
/// share it here.
package enum ShotWeightsRenderer {
  /// A shot's name in the listing: its id, or where it is (`shots.jsonl:12`).
  package typealias ShotName = String

  /// The text block for one rule file: a heading, one entry per region (count, code, place,
  /// message, region in words, the first few shots), then where the other shots went.
  package static func text(
    _ weights: ShotWeights, rules file: SourceFile, shotsSource: String, names: [ShotName], maxNamed: Int = 5
  ) -> String {
    var out = "\(file.path): \(weights.placed) of \(weights.total) shot\(weights.total == 1 ? "" : "s") from "
    out += "\(shotsSource) fall in a disagreement or gap"
    guard !weights.regions.isEmpty else {
      return out + "\n  (the analysis reports no disagreement or gap)\n"
    }
    out += ":\n"
    let width = String(weights.regions.map(\.shots.count).max() ?? 0).count
    for region in weights.regions {
      let at = file.position(of: region.finding.base.span.start)
      let count = String(region.shots.count)
      out += "  " + String(repeating: " ", count: width - count.count) + count + "  "
      out += "\(region.finding.code) \(file.path):\(at.line):\(at.column): \(region.finding.base.message)\n"
      let indent = String(repeating: " ", count: width + 4)
      if let text = region.finding.regionText { out += indent + "region: " + text + "\n" }
      if !region.shots.isEmpty {
        let shown = region.shots.prefix(maxNamed).map { names[$0] }.joined(separator: ", ")
        let more = region.shots.count > maxNamed ? " and \(region.shots.count - maxNamed) more" : ""
        out += indent + "shots: " + shown + more + "\n"
      }
    }
    let elsewhere = weights.total - weights.placed
    if elsewhere > 0 {
      var parts = weights.missing.map { "\($0.count) without \($0.observation)" }
      if weights.outside > 0 { parts.append("\(weights.outside) where the table decides or abstains by design") }
      out += "  in none of them: \(elsewhere) (\(parts.joined(separator: ", ")))\n"
    }
    return out
  }

  /// The JSON member for one rule file.
  package static func json(_ weights: ShotWeights, rules file: SourceFile, names: [ShotName]) -> JSONValue {
    let regions: [JSONValue] = weights.regions.map { region in
      let at = file.position(of: region.finding.base.span.start)
      return [
        "code": .string(region.finding.code), "line": .number(ExactNumber(at.line)),
        "column": .number(ExactNumber(at.column)), "message": .string(region.finding.base.message),
        "region": region.finding.regionText.map { .string($0) } ?? .null,
        "count": .number(ExactNumber(region.shots.count)),
        "shots": .array(region.shots.map { .string(names[$0]) }),
      ]
    }
    let missing: [JSONValue] = weights.missing.map {
      ["observation": .string($0.observation), "count": .number(ExactNumber($0.count))]
    }
    return [
      "total": .number(ExactNumber(weights.total)), "placed": .number(ExactNumber(weights.placed)),
      "regions": .array(regions), "missing": .array(missing), "outside": .number(ExactNumber(weights.outside)),
    ]
  }
}
