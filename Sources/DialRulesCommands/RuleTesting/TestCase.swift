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
  var explanation: Explanation
  /// Empty when the case passed; otherwise what differed, each with a readable diff.
  var failures: [String]
  /// Golden files written in `--update` mode.
  var written: [String]

  var passed: Bool { failures.isEmpty }
}
