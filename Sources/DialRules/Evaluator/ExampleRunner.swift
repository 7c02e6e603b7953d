/// Runs the inline `example` blocks of a compiled table: each must get its `expect`ed outcome.
public enum ExampleRunner {
  /// One example's result.
  public struct Result: Hashable, Sendable {
    public var ruleID: String
    public var example: CompiledExample
    public var decision: Decision
    public var passed: Bool { Self.outcomeMatches(decision.outcome, example.expected) }

    static func outcomeMatches(_ actual: Decision.Outcome, _ expected: Decision.Outcome) -> Bool {
      actual == expected
    }
  }

  /// Every example of every rule, in source order.
  public static func run(_ rules: CompiledRules) -> [Result] {
    let evaluator = Evaluator(rules)
    var results: [Result] = []
    for rule in rules.rules {
      for example in rule.examples {
        results.append(Result(ruleID: rule.id, example: example, decision: evaluator.decide(example.shot)))
      }
    }
    return results
  }
}

extension Decision.Outcome {
  /// The outcome as an `expect` clause writes it: `grind finer 1 step`, `insufficient conflict`.
  public var expectationText: String {
    switch self {
    case .adjust(let a): a.ruleText
    case .noChange: "no change"
    case .insufficientEvidence(let r): "insufficient \(r.rawValue)"
    }
  }
}
