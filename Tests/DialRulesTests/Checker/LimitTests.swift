import Testing

@testable import DialRules

/// Limits whose inputs are too large to commit as fixtures are generated here.
@Suite struct LimitTests {
  func codes(_ text: String) -> [String] {
    RuleCompiler.compile(SourceFile(path: "t", text: text)).diagnostics.map(\.code)
  }

  @Test func tooManyRulesIsReportedOnce() {
    var text = "dialrules 1\n"
    for i in 0...Checker.maxRules { text += "rule r\(i)\n when sour\n then no change\n because \"x\"\n" }
    let found = codes(text)
    #expect(found.filter { $0 == "C014" }.count == 1)
    #expect(found.allSatisfy { $0 == "C014" })
  }

  @Test func tooManyLetsIsReportedOnce() {
    var text = "dialrules 1\n"
    for i in 0...Checker.maxLets { text += "let v\(i) = sour\n" }
    #expect(codes(text).filter { $0 == "C014" }.count == 1)
  }

  @Test func hundredThousandDeepParenthesesGiveAnErrorNotACrash() {
    let deep = String(repeating: "(", count: 100_000) + "sour" + String(repeating: ")", count: 100_000)
    let found = codes("dialrules 1\nrule r\n when " + deep + "\n then no change\n because \"x\"\n")
    #expect(found.contains("P007"))
  }

  @Test func hundredThousandNotsGiveAnErrorNotACrash() {
    let nots = String(repeating: "not ", count: 100_000)
    #expect(codes("dialrules 1\nrule r\n when " + nots + "sour\n then no change\n because \"x\"\n").contains("P007"))
  }

  @Test func hugeLiteralsAreRejectedNotComputed() {
    let found = codes(
      "dialrules 1\nrule r\n when shot.time < \(String(repeating: "9", count: 200)) s\n then no change\n because \"x\"\n"
    )
    #expect(found.contains("L005"))
  }

  @Test func exponentialLetExpansionStaysLinear() throws {
    // Each let doubles the size of its expansion; sharing keeps the program linear.
    var text = "dialrules 1\nlet v0 = sour\n"
    for i in 1...40 { text += "let v\(i) = v\(i - 1) and v\(i - 1)\n" }
    text += "rule r\n when v40\n then no change\n because \"x\"\n"
    let out = RuleCompiler.compile(SourceFile(path: "t", text: text))
    let rules = try #require(out.rules)
    #expect(rules.program.formulas.count == 41)
    #expect(Evaluator(rules).decide(ShotRecord(shot: .init(taste: TagSet([.sour])))).outcome == .noChange)
  }

  @Test func aMegabyteOfStrayBytesCostsTwoHundredDiagnostics() {
    let found = codes("dialrules 1\n" + String(repeating: "@", count: 1 << 20))
    #expect(found.count == Lexer.maxDiagnostics + 1)
    #expect(found.filter { $0 == "P009" }.count == 1)
    #expect(found.filter { $0 == "L001" }.count == Lexer.maxDiagnostics - 1)  // and one L008
  }

  @Test func aFloodOfBidiControlsIsCappedToo() {
    let comment = "# " + String(repeating: "\u{202E}", count: 100_000) + "\n"
    let found = codes("dialrules 1\n" + comment)
    #expect(found.count == Lexer.maxDiagnostics + 1)
    #expect(found.last == "P009" || found.contains("P009"))
  }

  /// Suggestions compare a name with every candidate; thousands of unknown names against
  /// thousands of lets were quadratic. The first ones still get their suggestion, and the
  /// comparisons stay within the budget however large the file: twice the names and lets cost
  /// at most twice the comparisons (without the budget, four times). (Timing: `dialrules-bench
  /// scaling`, "n rules each naming an unknown value".)
  @Test func suggestionsStopOnceTheirBudgetIsSpent() throws {
    try #require(WorkMeter.isCounting, "work counters exist in debug builds only")
    func source(_ n: Int) -> SourceFile {
      var text = "dialrules 1\n"
      for i in 0..<n { text += "let value\(i) = shot.time > \(i) s\n" }
      for i in 0..<n { text += "rule r\(i)\n when value\(i) and valeu\(i)\n then no change\n because \"x\"\n" }
      return SourceFile(path: "t", text: text)
    }
    let (file, twice) = (source(600), source(1_200))
    var diagnostics: [Diagnostic] = []
    let work = WorkMeter.units(.suggestionCandidates) { diagnostics = RuleCompiler.compile(file).diagnostics }
    let workTwice = WorkMeter.units(.suggestionCandidates) { _ = RuleCompiler.compile(twice) }
    let unknown = diagnostics.filter { $0.code == "C002" }
    #expect(unknown.count == 600)
    #expect(unknown.first?.help == "did you mean 'value0'?")
    #expect(unknown.last?.help == nil)
    #expect(work > 0)
    #expect(workTwice <= Checker.maxSuggestionWork)
    #expect(workTwice <= 2 * work, "600 → 1,200 names: \(work) → \(workTwice) candidates compared")
  }

  /// A chain of overrides closed by a back edge from its last rule to every other rule: thousands
  /// of cycles, each thousands of rules long. Only the first hundred are named (all at the last
  /// rule, so one diagnostic remains after deduplication), and a long cycle is shown by its ends.
  @Test func thousandsOfLongOverrideCyclesAreReportedBriefly() {
    let n = 2_000
    var text = "dialrules 1\n"
    for i in 0..<n {
      text += "rule r\(i)\n when sour\n then no change\n because \"x\"\n overrides "
      text += i + 1 < n ? "r\(i + 1)\n" : (0..<(n - 1)).map { "r\($0)" }.joined(separator: ", ") + "\n"
    }
    let cycles = RuleCompiler.compile(SourceFile(path: "t", text: text)).diagnostics.filter { $0.code == "C013" }
    #expect(cycles.count == 1)
    #expect(cycles.allSatisfy { $0.message.count < 200 })
    #expect(cycles.first?.message.contains("more → ") == true)
  }
}

@Suite struct ActionLimitTests {
  @Test func otherwiseIsHeldToTheLimitsToo() {
    let text = "dialrules 1\nruleset \"t\"\n  otherwise grind coarser 3 steps\n  limit grind 2 steps\n"
    let out = RuleCompiler.compile(SourceFile(path: "t", text: text))
    #expect(out.diagnostics.map(\.code) == ["C009"])
  }

  @Test func actionsAtTheLimitAreAllowed() {
    let text = "dialrules 1\nruleset \"t\"\n  limit yield 4 g\nrule r\n when thin\n then yield +4 g\n because \"x\"\n"
    #expect(RuleCompiler.compile(SourceFile(path: "t", text: text)).diagnostics.isEmpty)
  }
}
