import DialRules

/// The real `Decider`: a rule file compiled by `DialRules` and evaluated by its `Evaluator`.
public struct RulesDecider: Decider {
  package let rules: CompiledRules
  private let evaluator: Evaluator

  package init(_ rules: CompiledRules) {
    self.rules = rules
    self.evaluator = Evaluator(rules)
  }

  /// The `ruleset` name, or the file's name when the ruleset declares none.
  public var rulesetName: String {
    if let name = rules.name { return name }
    return rules.path.split(separator: "/").last.map(String.init) ?? rules.path
  }

  /// DialRules' content hash of the rule file's bytes.
  public var rulesetHash: String { rules.contentHash }

  /// The decision, with the `because` of each rule that decided it.
  public func decide(_ shot: ShotRecord) -> DeciderVerdict {
    let explanation = evaluator.explain(shot)
    let rationale = explanation.rules.filter(\.decided).map { RuleRationale(ruleID: $0.id, because: $0.because) }
    return DeciderVerdict(decision: explanation.decision, rationale: rationale)
  }

  /// Compiles a rule file; on failure, the diagnostics (errors and warnings) to show.
  public static func compile(_ file: SourceFile) -> Result<RulesDecider, RulesFailure> {
    let output = RuleCompiler.compile(file)
    guard let rules = output.rules, !output.diagnostics.hasErrors else {
      return .failure(RulesFailure(file: file, diagnostics: output.diagnostics))
    }
    return .success(RulesDecider(rules))
  }

  /// The default espresso rules built into the binary.
  public static func builtIn() -> Result<RulesDecider, RulesFailure> {
    compile(SourceFile(path: DefaultRules.path, text: DefaultRules.source))
  }
}

/// A rule file that does not compile, with its diagnostics.
public struct RulesFailure: Error, Sendable, CustomStringConvertible {
  public var file: SourceFile
  public var diagnostics: [Diagnostic]

  /// The diagnostics rendered as `path:line:col: error[CODE]: message` with source excerpts.
  public var description: String {
    DiagnosticRenderer().render(diagnostics.filter(\.isError), in: file)
  }
}
