import DialRules

/// One case of `dialrules test`: a fixture shot with its golden siblings, or an inline example.
struct TestCase {
  enum Kind: String {
    case fixture, example
  }

  var kind: Kind
  /// The fixture path, or `RULES:line:col (rule id)` for an example.
  var name: String
  var shot: ShotRecord
  /// For fixtures: the golden paths. For examples: the expected outcome.
  var fixturePath: String?
  var expected: Decision.Outcome?
}

/// The result of one case.
struct TestResult {
  var testCase: TestCase
  var decision: Decision
  /// The rules that matched (`RuleStatus.matched`), by index, for `--coverage`.
  var matchedRules: [Int]
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
    self.failures = failures
    self.written = written
  }
}
