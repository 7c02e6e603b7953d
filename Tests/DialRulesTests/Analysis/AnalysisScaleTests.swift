import Testing

@testable import DialRules

/// A table of many overlapping rules: per-rule findings are capped at
/// `AnalysisLimits.maxFindingsPerKind` (the rest counted in a note) and no diagnostic names more
/// than `AnalysisMessages.maxNamedRules` other rules. Before, every rule got a finding naming every
/// rule it overlapped: quadratic time, and 700 MB of `lint --format json` for a 3,000-rule file.
@Suite struct AnalysisScaleTests {
  @Test func manyRedundantRulesGiveBoundedFindings() throws {
    let n = 400
    var text = "dialrules 1\nruleset \"t\"\n  otherwise no change\n"
    for i in 0..<n {
      text += "rule r\(i)\n  when shot.time > \(i / 10).\(i % 10) s\n  then grind finer\n  because \"x\"\n"
    }
    let rules = try #require(RuleCompiler.compile(SourceFile(path: "t", text: text)).rules)
    let analysis = Analyzer.analyze(rules)
    let redundant = analysis.findings.filter { $0.code == "A004" }
    #expect(redundant.count == AnalysisLimits.maxFindingsPerKind)
    #expect(analysis.truncated.contains("A004"))
    let last = try #require(redundant.map(\.diagnostic).max { $0.notes.count < $1.notes.count })
    // Ten rules, "and N more", the region, the witness, its decision, and the count of the rest.
    #expect(last.notes.count <= AnalysisMessages.maxNamedRules + 5)
    let counted = analysis.diagnostics.flatMap(\.notes).map(\.message).filter { $0.contains("not reported") }
    #expect(
      counted == [
        "\(n - 1 - AnalysisLimits.maxFindingsPerKind) more rules like this are not reported (limit 200 findings of one kind)"
      ])
    for d in analysis.diagnostics {
      #expect(d.notes.allSatisfy { $0.message.count < 1_000 }, "\(d.code) has a note over 1,000 characters")
    }
  }
}
