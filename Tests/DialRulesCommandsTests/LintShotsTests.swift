import DialRulesTestSupport
import Foundation
import Testing

/// `dialrules lint RULES --shots FILE.jsonl`: the disagreement and gap regions weighed by real
/// shots, the most first.
@Suite struct LintShotsTests {
  static let shots = [
    // In the harsh/strong disagreement.
    #"{"format":"dialrules-shot","version":1,"id":"a","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":["strong","harsh"]}}"#,
    // Strong and fast: no rule covers it (a gap).
    #"{"format":"dialrules-shot","version":1,"id":"b","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":20,"taste":["strong"]}}"#,
    #"{"format":"dialrules-shot","version":1,"id":"b2","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":21,"taste":["strong"]}}"#,
    // No taste: placed nowhere, counted as lacking it.
    #"{"format":"dialrules-shot","version":1,"id":"c","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":28}}"#,
    // Decided by sour_on_time: in no region.
    #"{"format":"dialrules-shot","version":1,"id":"d","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":27,"taste":["sour"]}}"#,
  ]

  static func file(_ lines: [String]) throws -> String {
    let dir = try temporaryDirectory()
    let path = dir + "/shots.jsonl"
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func regionsAreListedByHowManyShotsFallInThem() throws {
    let path = try Self.file(Self.shots)
    let r = dialrules("lint", "Fixtures/reference/reference-table.dialrules", "--shots", path)
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "Fixtures/reference/reference-table.dialrules: 3 of 5 shots from \(path) fall in a disagreement or gap:"))
    let counts = lines.filter { $0.hasPrefix("  ") && $0.contains(" A00") }
    #expect(counts.first?.hasPrefix("  2  A002 Fixtures/reference/reference-table.dialrules:") == true, "\(counts)")
    #expect(counts.dropFirst().first?.contains("1  A001") == true && counts[1].contains("'harsh' and 'strong'"))
    #expect(counts.dropFirst(2).allSatisfy { $0.hasPrefix("  0  ") })
    #expect(r.out.contains("shots: b (\(path):2), b2 (\(path):3)"))
    #expect(r.out.contains("in none of them: 2 (1 without the taste, 1 where the table decides or abstains by design)"))
  }

  @Test func jsonHasTheWeightsPerFile() throws {
    let path = try Self.file(Self.shots)
    let r = dialrules("lint", "--format", "json", "Fixtures/reference/reference-table.dialrules", "--shots", path)
    #expect(r.status == 0, "\(r.err)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let file = try #require((root["files"] as? [[String: Any]])?.first)
    let shots = try #require(file["shots"] as? [String: Any])
    #expect(shots["total"] as? Int == 5 && shots["placed"] as? Int == 3 && shots["outside"] as? Int == 1)
    let regions = try #require(shots["regions"] as? [[String: Any]])
    #expect(regions.map { $0["count"] as? Int }.prefix(2) == [2, 1])
    #expect(regions.first?["code"] as? String == "A002")
    #expect((regions.first?["shots"] as? [String])?.count == 2)
    let missing = try #require(shots["missing"] as? [[String: Any]])
    #expect(missing.first?["observation"] as? String == "the taste" && missing.first?["count"] as? Int == 1)
  }

  @Test func anInvalidShotLineIsAnInputError() throws {
    let path = try Self.file([Self.shots[0], #"{"format":"dialrules-shot","version":1,"shot":{"dose_g":-1}}"#])
    let r = dialrules("lint", "Fixtures/reference/reference-table.dialrules", "--shots", path)
    #expect(r.status == 2)
    #expect(r.err.contains("shots.jsonl:2:"))
  }

  @Test func shotsNeedTheAnalysis() {
    let r = dialrules("lint", "--no-analysis", "Fixtures/reference/reference-table.dialrules", "--shots", "x.jsonl")
    #expect(r.status == 64)
    #expect(r.err.contains("'--shots'"))
  }
}
