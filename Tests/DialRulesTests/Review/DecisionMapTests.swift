import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

@Suite struct DecisionMapTests {
  static func compile(_ text: String) throws -> CompiledRules {
    let out = RuleCompiler.compile(SourceFile(path: "t.dialrules", text: text))
    return try #require(out.rules, "\(out.diagnostics)")
  }

  static func defaultRules() throws -> CompiledRules {
    try compile(try PackageRoot.read("rules/espresso.dialrules"))
  }

  @Test func printDefault() throws {
    let map = DecisionMap(tables: [try Self.defaultRules()])
    print("x", map.x?.label ?? "-", map.x?.low.decimalText ?? "", map.x?.high.decimalText ?? "")
    print("y", map.y?.label ?? "-", map.y?.low.decimalText ?? "", map.y?.high.decimalText ?? "")
    print("slices", map.slices.map(\.text))
    print("situations", map.situations.count, "answers", map.answers.count, "cells", map.sweptCells, map.incomplete ?? "")
    for s in map.situations { print(s.id, "|", s.title, "|", s.detail, "|", s.cells.map(\.count)) }
  }
}
