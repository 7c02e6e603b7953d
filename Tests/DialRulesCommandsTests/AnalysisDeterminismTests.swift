import DialRulesTestSupport
import Foundation
import Testing

/// The same input gives the same output byte for byte, also across processes (Swift seeds its
/// hashing per process, so an iteration over a `Set` or `Dictionary` would show up here).
@Suite struct AnalysisDeterminismTests {
  @Test(arguments: [
    ["lint", "rules/espresso.dialrules"],
    ["lint", "--format", "sarif", "Fixtures/lint/A003-shadowed-by-override.dialrules"],
    ["lint", "--format", "json", "Fixtures/lint/A006-ineffective-override.dialrules"],
    ["table", "--format", "json", "rules/espresso.dialrules"],
  ])
  func twoProcessesPrintTheSame(_ arguments: [String]) throws {
    let a = try BuiltProducts.run("dialrules", arguments)
    let b = try BuiltProducts.run("dialrules", arguments)
    #expect(a.status == b.status)
    #expect(a.stdout == b.stdout)
    #expect(a.stderr == b.stderr)
    #expect(!(a.stdout + a.stderr).isEmpty)
  }
}
