/// The messages of running a table's inline examples (`lint`, unless `--no-examples`).
enum ExampleMessages {
  static func failingExample(
    _ span: SourceSpan, rule: String, name: String?, expected: Decision.Outcome, decision: Decision
  ) -> Diagnostic {
    let which = name.map { "example \"\($0)\" of '\(rule)'" } ?? "example of '\(rule)'"
    let by =
      decision.decidedBy.isEmpty ? "no rule decides it" : "decided by \(decision.decidedBy.joined(separator: ", "))"
    return Diagnostic(
      messageID: "example.failingExample",
      arguments: [
        .init("rule", .init(rule)), .init("name", .init(name)), .init("expected", .text(expected.expectationText)),
        .init("decision", .text(decision.outcome.expectationText)),
      ],
      code: "E001",
      message: "\(which) fails: expected '\(expected.expectationText)', found '\(decision.outcome.expectationText)'",
      span: span, notes: [.init("\(by): \(decision.text)")],
      help: "change the rules or the example's 'expect'; 'dialrules test' shows the explanation")
  }
}
