import DialRulesTestSupport
import Testing

@testable import DialRules

/// The fuzz targets' oracles (`FuzzOracles`, run by `Tests/Fuzz/run.sh`) over every input a fuzzer ever
/// broke them with (`Fixtures/regressions/<target>/`) and over the seed corpus, so a fixed bug
/// stays fixed and the oracles themselves run in every `swift test` without a fuzzer build.
@Suite struct FuzzRegressionTests {
  /// `Fixtures/regressions/<target>/<case>`: the target is the folder's name.
  /// A target with no regressions has no folder, but together they must hold some.
  static func regressions() throws -> [String] {
    try Corpus.files(inEach: FuzzOracles.Target.allCases.map { "Fixtures/regressions/\($0.rawValue)" }) {
      !$0.hasSuffix(".md")
    }
  }

  /// The seeds `Tests/Fuzz/run.sh` starts from, with the target they seed.
  static func seeds() throws -> [String] {
    let rules = try ["Fixtures/diagnostics", "Fixtures/fmt", "rules"].flatMap {
      try Corpus.files(in: $0, suffix: ".dialrules")
    }
    let shots = try ["Fixtures/shot-json", "Fixtures/shots"].flatMap {
      try Corpus.files(in: $0, suffix: ".json") + Corpus.files(in: $0, suffix: ".jsonl")
    }
    return rules.flatMap { ["front-end:" + $0, "formatter:" + $0] } + shots.map { "shot-json:" + $0 }
  }

  static func target(ofRegression path: String) -> FuzzOracles.Target? {
    let parts = path.split(separator: "/")
    return parts.count >= 2 ? FuzzOracles.Target(rawValue: String(parts[parts.count - 2])) : nil
  }

  @Test(arguments: try regressions())
  func savedCrashStaysFixed(_ path: String) throws {
    let target = try #require(Self.target(ofRegression: path), "no fuzz target named by the folder of \(path)")
    let failures = target.check(try PackageRoot.bytes(path))
    #expect(failures.isEmpty, "\(path):\n\(failures.joined(separator: "\n"))")
  }

  @Test(arguments: try seeds())
  func oraclesHoldOnTheSeedCorpus(_ entry: String) throws {
    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
    let target = try #require(FuzzOracles.Target(rawValue: parts[0]))
    let failures = target.check(try PackageRoot.bytes(parts[1]))
    #expect(failures.isEmpty, "\(parts[1]):\n\(failures.joined(separator: "\n"))")
  }

  /// The evaluator's oracle over generated tables, from fixed inputs: a short, always-on version
  /// of what the fuzzer explores.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func evaluatorOracleHoldsOnSeededInputs(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<25 {
      let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let failures = FuzzOracles.evaluator(bytes)
      #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
  }
}
