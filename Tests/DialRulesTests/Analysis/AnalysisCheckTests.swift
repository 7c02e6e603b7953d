import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// Every check is registered, documented in docs/analysis.md with its own examples, and its
/// examples behave as documented: the triggering one reports the code (with a witness that the
/// evaluator confirms, where the code has one), the other does not.
@Suite struct AnalysisCheckTests {
  @Test func registryIsSortedAndComplete() {
    let codes = AnalysisChecks.all.map { $0.code }
    #expect(codes == ["A001", "A002", "A003", "A004", "A005", "A006", "A007"])
    #expect(AnalysisCatalogue.checks.map(\.code) == codes + ["A008", "A009", "A010", "A011", "A012"])
  }

  static func findings(_ text: String) throws -> (CompiledRules, [AnalysisFinding]) {
    let rules = try compileValid(text)
    return (rules, Analyzer.analyze(rules).findings)
  }

  @Test(arguments: AnalysisChecks.all.map { $0.code })
  func examplesBehaveAsDocumented(_ code: String) throws {
    let check = try #require(AnalysisChecks.all.first { $0.code == code })
    let (rules, hits) = try Self.findings(check.triggeringExample)
    let mine = hits.filter { $0.code == code }
    #expect(mine.count == 1, "\(code): expected one finding, got \(mine.map(\.diagnostic.message))")
    #expect(!hits.contains { $0.code == "A010" })
    for f in mine { WitnessPropertyTests.verifyWitness(f, rules) }
    let (_, quiet) = try Self.findings(check.nonTriggeringExample)
    #expect(!quiet.contains { $0.code == code }, "\(code) reported on its non-triggering example")
  }

  @Test func docsDescribeEveryCode() throws {
    let doc = try PackageRoot.read("docs/analysis.md")
    for entry in AnalysisCatalogue.checks {
      #expect(doc.contains("### \(entry.code) — \(entry.name)"), "docs/analysis.md lacks a section for \(entry.code)")
      for example in [entry.triggeringExample, entry.nonTriggeringExample] where !example.isEmpty {
        #expect(doc.contains(example), "docs/analysis.md does not show the \(entry.code) example verbatim")
      }
    }
  }
}
