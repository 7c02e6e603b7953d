import Testing

@testable import DialRules

/// Checker bugs found by fuzzing (`Fixtures/regressions/README.md`), as readable cases.
@Suite struct CheckerRegressionTests {
  func codes(_ condition: String) -> [String] {
    let text = "dialrules 1\nrule r\n  when \(condition)\n  then no change\n  because \"x\"\n"
    return RuleCompiler.compile(SourceFile(path: "t", text: text)).diagnostics.map(\.code)
  }

  /// Found by the evaluator target: equal numbers with different units shared one node, and the
  /// node kept the unit it was first seen with.
  @Test func sameNumberWithTwoUnits() {
    #expect(codes("shot.time > 3 s and shot.dose > 3 g") == [])
    #expect(codes("shot.dose > 3 g and shot.ratio > 3") == [])
    #expect(codes("shot.dose > 3 g and shot.dose > 3") == ["T001"])
    #expect(codes("shot.ratio > 3 and shot.time > 3") == ["T001"])
  }
}
