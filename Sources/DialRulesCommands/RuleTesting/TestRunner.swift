import CommandLineSupport
import DialRules
import Dispatch

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

  /// Runs one fixture (`check`, then `finish`).
  func run(fixture path: String) throws(InputProblem) -> TestResult {
    try finish(check(fixture: path).get())
  }

  /// Runs every fixture of `paths`, in order, with the same results, output and files written as
  /// running them one by one: the reading, explaining, rendering and comparing (`check`, which
  /// changes nothing) is spread over the machine's cores; then, in order, each result is
  /// finished (goldens written under `--update`) until the first fixture that could not be run,
  /// which is thrown as one run would have thrown it. The results do not depend on how many
  /// workers ran.
  func run(fixtures paths: [String]) throws(InputProblem) -> [TestResult] {
    // In order: standard input can be read once, by one reader; and under `--update` a fixture
    // given by path may be a golden an earlier one writes.
    let inOrder = update || paths.contains("-")
    let workers = inOrder ? 1 : min(paths.count / Self.fixturesPerWorker, Self.maxWorkers)
    var checked: [Result<CheckedFixture, InputProblem>]
    if workers > 1 {
      let slots = CheckSlots(count: paths.count)
      let runner = UncheckedSendable(self)
      DispatchQueue.concurrentPerform(iterations: workers) { w in
        for i in stride(from: w, to: paths.count, by: workers) { slots.set(i, runner.value.check(fixture: paths[i])) }
      }
      checked = slots.results()
    } else {
      checked = []
      checked.reserveCapacity(paths.count)
      for path in paths {
        let result = check(fixture: path)
        checked.append(result)
        if case .failure = result { break }
      }
    }
    var results: [TestResult] = []
    results.reserveCapacity(checked.count)
    for result in checked { results.append(try finish(result.get())) }
    return results
  }

  /// A worker is worth starting for this many fixtures.
  static let fixturesPerWorker = 64
  static let maxWorkers = max(1, min(8, ProcessEnvironment.activeProcessorCount))

  /// A fixture read, explained and compared with its goldens; nothing written yet.
  struct CheckedFixture {
    var result: TestResult
    /// The goldens that differ from (or are missing beside) the fixture, with their new contents
    /// and what they hold now (nil when missing).
    var differing: [(golden: String, actual: [UInt8], expected: [UInt8]?)]
  }

  /// Reads `path`, explains it and compares the rendered goldens with the files' bytes (no
  /// `String` unless one differs). Writes nothing, so fixtures can be checked side by side.
  func check(fixture path: String) -> Result<CheckedFixture, InputProblem> {
    let file: SourceFile
    do {
      file = try InputFiles.sourceFile(path, io: io)
    } catch {
      return .failure(InputProblem(message: error.message))
    }
    let shot: ShotRecord
    switch ShotJSONReader.read(file) {
    case .success(let s): shot = s
    case .failure(let diagnostics):
      return .failure(InputProblem(message: DiagnosticRenderer().render(diagnostics, in: file)))
    }
    let explanation = evaluator.explain(shot)
    var decisionJSON = JSONWriter(reservingCapacity: 256)
    explanation.decision.writeJSON(to: &decisionJSON)
    decisionJSON.newline()
    var explainText: [UInt8] = []
    renderer.write(explanation, into: &explainText)
    var differing: [(golden: String, actual: [UInt8], expected: [UInt8]?)] = []
    for (golden, actual) in [(path + ".decision", decisionJSON.bytes), (path + ".explain", explainText)] {
      let expected = try? InputFiles.bytes(golden, io: io, limit: InputFiles.batchFileLimit)
      if expected != actual { differing.append((golden, actual, expected)) }
    }
    let testCase = TestCase(kind: .fixture, name: path, shot: shot, fixturePath: path, expected: nil)
    return .success(
      CheckedFixture(
        result: TestResult(testCase: testCase, explanation: explanation, failures: [], written: []),
        differing: differing))
  }

  /// Writes the differing goldens under `--update`, else records how they differ.
  func finish(_ checked: CheckedFixture) throws(InputProblem) -> TestResult {
    var result = checked.result
    for (golden, actual, expected) in checked.differing {
      if update {
        do {
          try AtomicFile.write(actual, to: golden, io: io)
          result.written.append(golden)
        } catch {
          throw InputProblem(message: error.message)
        }
      } else if let expected {
        result.failures.append(
          "\(golden) differs:\n"
            + LineDiff.report(
              expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self)))
      } else {
        result.failures.append("\(golden) is missing; run with --update to write it, then review it")
      }
    }
    return result
  }

  /// Every `property` of the file as a case, passed when `lint`'s proof proves it: the same proof
  /// (`PropertyProof`, the properties' sweep only), so `test` and `lint` never disagree.
  func runProperties() -> [TestResult] {
    guard !rules.properties.isEmpty else { return [] }
    let proof = PropertyProof(rules)
    return proof.verdicts.map { verdict in
      let property = rules.properties[verdict.index]
      let p = rulesFile.position(of: property.idSpan.start)
      let name = "\(rulesFile.path):\(p.line):\(p.column) property \(property.id)"
      return TestResult(
        testCase: TestCase(
          kind: .property, name: name, shot: verdict.witness ?? ShotRecord(id: property.id), fixturePath: nil,
          expected: nil),
        verdict: verdict)
    }
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
            explanation: explanation, failures: failures, written: []))
      }
    }
    return results
  }
}

/// The checked fixtures of a parallel run, one slot per fixture, each written by one worker
/// (`TestRunner.run(fixtures:)`) and read after all of them have finished.
private final class CheckSlots: @unchecked Sendable {
  typealias Slot = Result<TestRunner.CheckedFixture, TestRunner.InputProblem>?
  // @unchecked: the slots are allocated once and never move; worker w writes only the slots
  // i ≡ w (mod workers), each through the pointer (no shared array is modified, so no copy-on-
  // write check races), and `results()` is called after `concurrentPerform` has returned, which
  // orders every write before it.
  private let slots: UnsafeMutableBufferPointer<Slot>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func set(_ i: Int, _ value: Result<TestRunner.CheckedFixture, TestRunner.InputProblem>) { slots[i] = value }

  /// Every slot, in order, up to and including the first fixture that could not be run.
  func results() -> [Result<TestRunner.CheckedFixture, TestRunner.InputProblem>] {
    var out: [Result<TestRunner.CheckedFixture, TestRunner.InputProblem>] = []
    out.reserveCapacity(slots.count)
    for case let slot? in slots {
      out.append(slot)
      if case .failure = slot { break }
    }
    return out
  }
}

/// A value handed to `check`'s workers: the runner, whose `CommandIO` they only use to resolve
/// and read files (never to write output).
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
