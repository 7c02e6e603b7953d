import CommandLineSupport
import DialRules

/// Runs fixture shots against their golden siblings (`<case>.json.decision`, the decision JSON;
/// `<case>.json.explain`, the rendered explanation) and every inline `example` of the rules.
struct TestRunner {
  var rulesFile: SourceFile
  var rules: CompiledRules
  var update: Bool
  var io: CommandIO
  /// Built once for every case: building the evaluator (and the explanation texts it keeps) per
  /// fixture cost more than explaining the fixture.
  let evaluator: Evaluator
  let renderer: ExplanationTextRenderer

  init(rulesFile: SourceFile, rules: CompiledRules, update: Bool, io: CommandIO) {
    self.rulesFile = rulesFile
    self.rules = rules
    self.update = update
    self.io = io
    evaluator = Evaluator(rules)
    renderer = ExplanationTextRenderer.forGoldens(rulesFile: rulesFile)
  }

  /// Why a fixture could not be run at all (exit 2).
  struct InputProblem: Error {
    var message: String
  }

  /// The fixture files under `paths`: files as given, directories searched for `*.json`
  /// (`FileSearch`), so runs are deterministic.
  static func fixtures(in paths: [String], io: CommandIO) throws(InputProblem) -> [String] {
    do {
      return try FileSearch.fixtureShots(paths, io: io)
    } catch {
      throw InputProblem(message: error.message)
    }
  }

  func run(fixture path: String) throws(InputProblem) -> TestResult {
    let file: SourceFile
    do {
      file = try InputFiles.read(path, io: io)
    } catch {
      throw InputProblem(message: error.message)
    }
    let shot: ShotRecord
    switch ShotJSONReader.read(file) {
    case .success(let s): shot = s
    case .failure(let diagnostics):
      throw InputProblem(message: DiagnosticRenderer().render(diagnostics, in: file))
    }
    let explanation = evaluator.explain(shot)
    let testCase = TestCase(kind: .fixture, name: path, shot: shot, fixturePath: path, expected: nil)
    var failures: [String] = []
    var written: [String] = []
    let goldens = [
      (path + ".decision", explanation.decision.jsonText + "\n"),
      (path + ".explain", renderer.render(explanation)),
    ]
    for (golden, actual) in goldens {
      let expected = (try? InputFiles.bytes(golden, io: io, limit: InputFiles.batchFileLimit)).map {
        String(decoding: $0, as: UTF8.self)
      }
      if expected == actual { continue }
      if update {
        do {
          try AtomicFile.write(actual, to: golden, io: io)
          written.append(golden)
        } catch {
          throw InputProblem(message: error.message)
        }
      } else if let expected {
        failures.append("\(golden) differs:\n" + LineDiff.report(expected: expected, actual: actual))
      } else {
        failures.append("\(golden) is missing; run with --update to write it, then review it")
      }
    }
    return TestResult(
      testCase: testCase, decision: explanation.decision, explanation: explanation, failures: failures,
      written: written)
  }

  /// Every inline example, named by its place in the rule file.
  func runExamples() -> [TestResult] {
    var results: [TestResult] = []
    for rule in rules.rules {
      for example in rule.examples {
        let p = rulesFile.position(of: example.span.start)
        var name = "\(rulesFile.path):\(p.line):\(p.column) example of \(rule.id)"
        if let title = example.name { name += " \"\(title)\"" }
        let explanation = evaluator.explain(example.shot)
        let actual = explanation.decision.outcome
        let failures =
          actual == example.expected
          ? []
          : [
            "expected \(example.expected.expectationText), got \(actual.expectationText): \(explanation.decision.text)"
          ]
        results.append(
          TestResult(
            testCase: TestCase(
              kind: .example, name: name, shot: example.shot, fixturePath: nil, expected: example.expected),
            decision: explanation.decision, explanation: explanation, failures: failures, written: []))
      }
    }
    return results
  }
}
