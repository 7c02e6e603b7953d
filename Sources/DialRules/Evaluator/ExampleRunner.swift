/// Runs the inline `example` blocks of a compiled table: each must get its `expect`ed outcome.
package enum ExampleRunner {
  /// One example's result.
  package struct ExampleResult: Hashable, Sendable {
    package var ruleID: String
    package var example: CompiledExample
    package var decision: Decision
    package var passed: Bool { Self.outcomeMatches(decision.outcome, example.expected) }

    static func outcomeMatches(_ actual: Decision.Outcome, _ expected: Decision.Outcome) -> Bool {
      actual == expected
    }
  }

  /// Every example of every rule, in source order.
  package static func run(_ rules: CompiledRules) -> [ExampleResult] {
    let evaluator = Evaluator(rules)
    var results: [ExampleResult] = []
    for rule in rules.rules {
      for example in rule.examples {
        results.append(ExampleResult(ruleID: rule.id, example: example, decision: evaluator.decide(example.shot)))
      }
    }
    return results
  }
}

extension ExampleRunner {
  /// One E001 error per example that does not get its expected outcome, at its `example`
  /// keyword, in source order: what `lint` reports unless `--no-examples`.
  package static func diagnostics(_ rules: CompiledRules) -> [Diagnostic] {
    run(rules).filter { !$0.passed }.map { result in
      let start = result.example.span.start
      return ExampleMessages.failingExample(
        SourceSpan(start: start, end: start + "example".utf8.count), rule: result.ruleID,
        name: result.example.name, expected: result.example.expected, decision: result.decision)
    }
  }
}

extension Decision.Outcome {
  /// The outcome as an `expect` clause writes it: `grind finer 1 step`, `insufficient conflict`.
  package var expectationText: String {
    switch self {
    case .adjust(let a): a.ruleText
    case .noChange: "no change"
    case .insufficientEvidence(let r): "insufficient \(r.rawValue)"
    }
  }
}
