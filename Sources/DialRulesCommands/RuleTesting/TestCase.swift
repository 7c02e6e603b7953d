import DialRules

/// One case of `dialrules test`: a fixture shot with its golden siblings, or an inline example.
struct TestCase {
  enum Kind: String {
    case fixture, example, property
  }

  var kind: Kind
  /// The fixture path, `RULES:line:col example of ID` for an example, or
  /// `RULES:line:col property ID` for a property.
  var name: String
  /// For a property: its witness when it fails, else an empty record.
  var shot: ShotRecord
  /// For fixtures: the golden paths. For examples: the expected outcome.
  var fixturePath: String?
  var expected: Decision.Outcome?
}

/// The result of one case.
struct TestResult {
  var testCase: TestCase
  /// The decision of the case's shot; for a property, its witness's (nil when it has none).
  var decision: Decision?
  /// The rules that matched (`RuleStatus.matched`), by index, for `--coverage`.
  var matchedRules: [Int]
  /// The truth of every rule's top-level conditions (`RuleExplanation.conditions`), rule after
  /// rule in table order, for `--coverage`; empty when the shot was not evaluated (an invalid
  /// shot, a property).
  var conditionTruths: [Truth]
  /// Empty when the case passed; otherwise what differed, each with a readable diff.
  var failures: [String]
  /// Golden files written in `--update` mode.
  var written: [String]

  var passed: Bool { failures.isEmpty }

  /// The result of a case explained as `explanation`: its decision and matched rules, not the
  /// whole explanation (ten thousand of those would be kept until the report).
  init(testCase: TestCase, explanation: Explanation, failures: [String], written: [String]) {
    self.testCase = testCase
    decision = explanation.decision
    matchedRules = explanation.rules.indices.filter { explanation.rules[$0].status == .matched }
    conditionTruths = explanation.rules.flatMap { $0.conditions.map(\.truth) }
    self.failures = failures
    self.written = written
  }

  /// The result of a property case: passed when `lint` proves it (`PropertyVerdict`).
  init(testCase: TestCase, verdict: PropertyVerdict) {
    self.testCase = testCase
    decision = verdict.witnessDecision
    matchedRules = []
    conditionTruths = []
    switch verdict.status {
    case .proved: failures = []
    case .fails:
      failures = [
        "fails: witness \(verdict.witness?.jsonText ?? "") gets "
          + "\(verdict.witnessDecision?.outcome.expectationText ?? "no decision")"
      ]
    case .undecided: failures = ["not proved: \(verdict.reason ?? "")"]
    }
    written = []
  }
}
