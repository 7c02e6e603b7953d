import DialRulesTestSupport
import Testing

@testable import ShotLog

/// The `import-*` fuzz targets' oracle (`ImportReaderOracle`) over every import fixture and
/// every input a fuzzer ever broke a reader with (`Fixtures/regressions/import-*/`), so the oracle
/// runs in every `swift test` too.
@Suite struct ImportReaderRegressionTests {
  static func cases() throws -> [String] {
    var out: [String] = []
    let folders =
      ["beanconqueror", "decent", "gaggimate", "gaggiuino", "meticulous", "sep-csv"].map {
        "Fixtures/imports/realdata/" + $0
      }
      + ["Fixtures/imports/synthetic", "Fixtures/imports/bad"]
    let fixtures = try Corpus.files(inEach: folders) { !$0.hasSuffix(".md") }
    for target in ImportReaderOracle.Target.allCases {
      let seeds = fixtures.filter { path in target.seedPatterns.contains { path.contains($0) } }
      let saved = (try? Corpus.files(in: "Fixtures/regressions/" + target.rawValue) { !$0.hasSuffix(".md") }) ?? []
      out += (seeds + saved).map { target.rawValue + " " + $0 }
    }
    return out
  }

  /// Every target has seeds: a target checked over nothing would pass with nothing checked.
  @Test func everyTargetHasSeeds() throws {
    let all = try Self.cases()
    for target in ImportReaderOracle.Target.allCases {
      #expect(all.contains { $0.hasPrefix(target.rawValue + " ") }, "\(target.rawValue) has no seeds")
    }
  }

  @Test(arguments: try cases())
  func oracleHolds(_ testCase: String) throws {
    let parts = testCase.split(separator: " ", maxSplits: 1).map(String.init)
    let target = try #require(ImportReaderOracle.Target(rawValue: parts[0]))
    let failures = target.check(try PackageRoot.bytes(parts[1]))
    #expect(failures.isEmpty, "\(testCase):\n\(failures.joined(separator: "\n"))")
  }
}
