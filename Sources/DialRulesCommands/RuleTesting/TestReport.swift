import CommandLineSupport
import DialRules

/// Renders `dialrules test` results as text (people), JSON (tools) or JUnit XML (CI systems).
enum TestReport {
  static func summary(_ results: [TestResult]) -> String {
    let failed = results.filter { !$0.passed }.count
    return "\(results.count - failed) passed, \(failed) failed"
  }

  static func text(_ results: [TestResult], verbose: Bool) -> String {
    var out = ""
    for r in results {
      if r.passed {
        if verbose { out += "ok   \(r.testCase.name)\n" }
      } else {
        out += "FAIL \(r.testCase.name)\n"
        for f in r.failures {
          let lines = f.hasSuffix("\n") ? f.dropLast() : Substring(f)
          out += "  " + lines.replacingEvery(scalar: "\n", with: "\n  ") + "\n"
        }
      }
    }
    return out
  }

  static func json(
    _ results: [TestResult], coverage: Coverage?, proposals: [Proposals.Entry]? = nil,
    conditionProposals: [Proposals.ConditionEntry]? = nil
  ) -> String {
    let failed = results.filter { !$0.passed }.count
    var members: [JSONValue.Member] = [
      .init(
        "cases",
        .array(
          results.map {
            [
              "name": .string($0.testCase.name), "kind": .string($0.testCase.kind.rawValue),
              "passed": .bool($0.passed), "failures": .array($0.failures.map { .string($0) }),
              "decision": $0.decision?.jsonObject ?? .null,
            ]
          })),
      .init("passed", .number(ExactNumber(results.count - failed))),
      .init("failed", .number(ExactNumber(failed))),
    ]
    if let coverage { members.append(.init("coverage", coverage.json)) }
    if let proposals { members.append(.init("proposed", Proposals.json(proposals))) }
    if let conditionProposals {
      members.append(.init("proposed_conditions", Proposals.conditionJSON(conditionProposals)))
    }
    return JSONValue.object(members).jsonText + "\n"
  }

  static func junit(_ results: [TestResult]) -> String {
    let failed = results.filter { !$0.passed }.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites tests=\"\(results.count)\" failures=\"\(failed)\">\n"
    out += "  <testsuite name=\"dialrules\" tests=\"\(results.count)\" failures=\"\(failed)\">\n"
    for r in results {
      let name = xml(r.testCase.name)
      out += "    <testcase classname=\"dialrules.\(r.testCase.kind.rawValue)\" name=\"\(name)\""
      if r.passed {
        out += "/>\n"
      } else {
        let message = xml(r.failures.first?.split(separator: "\n").first.map(String.init) ?? "failed")
        out += ">\n      <failure message=\"\(message)\">\(xml(r.failures.joined(separator: "\n")))</failure>\n"
        out += "    </testcase>\n"
      }
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  /// XML text with the five special characters escaped and control characters dropped (XML 1.0
  /// cannot carry them).
  static func xml(_ s: String) -> String { HTMLText.escape(s) }
}
