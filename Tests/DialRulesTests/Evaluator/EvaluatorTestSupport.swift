import Testing

@testable import DialRules

/// Compiles rule text that must be valid, recording the diagnostics when it is not.
func compileValid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledRules {
  let file = SourceFile(path: "test.dialrules", text: text)
  let out = RuleCompiler.compile(file)
  let errors = out.diagnostics.filter(\.isError)
  #expect(errors.isEmpty, "\(DiagnosticRenderer().render(errors, in: file))", sourceLocation: sourceLocation)
  return try #require(out.rules, sourceLocation: sourceLocation)
}

/// `dialrules 1` plus the given body.
func rulesText(_ body: String) -> String { "dialrules 1\nruleset \"t\"\n" + body }

func num(_ s: String) -> ExactNumber {
  if case .success(let v) = ExactNumber.parse(s) { return v }
  return .zero
}

/// A shot with the given measurements (strings are exact decimals) and a recipe of 18 g → 36 g in
/// 28 s unless overridden.
func shot(
  time: String? = "28", yield: String? = "36", dose: String? = "18", taste: [TasteTag]? = nil,
  flow: [FlowTag]? = nil, recipeTime: String? = "28", recipeYield: String? = "36", recipeDose: String? = "18",
  previous: Adjustment? = nil
) -> ShotRecord {
  ShotRecord(
    id: "t",
    recipe: .init(doseG: recipeDose.map(num), yieldG: recipeYield.map(num), timeS: recipeTime.map(num)),
    shot: .init(
      doseG: dose.map(num), yieldG: yield.map(num), timeS: time.map(num), taste: taste.map { TagSet($0) },
      flow: flow.map { TagSet($0) }),
    previous: previous.map { .init(adjustment: $0) })
}
