import DialRules
import Foundation

/// `dialrules-bench`: timings for docs/performance.md (a benchmark, not a test; build with
/// `-c release`).
///
///     dialrules-bench analysis [RULES] [AXES] [REPEAT]   one generated table, median of REPEAT runs
///     dialrules-bench scaling [REPEAT]                   rules 125…1000 × axes 2, 4, 6
///
/// Add the word `stress` to any of these for the adversarial generator (see `TableGenerator`).
///     dialrules-bench file PATH [REPEAT]                 compile + analyse one rule file
///     dialrules-bench table [RULES] [AXES]               print the generated table
let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "scaling"
let numbers = arguments.dropFirst().compactMap { Int($0) }

/// Median wall time in milliseconds of `repeat` runs of `body`, and its last result.
func measure<T>(_ repeatCount: Int, _ body: () -> T) -> (Double, T?) {
  var times: [Double] = []
  var last: T?
  let clock = ContinuousClock()
  for _ in 0..<max(1, repeatCount) {
    let start = clock.now
    last = body()
    let elapsed = clock.now - start
    times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
  }
  times.sort()
  return (times[times.count / 2], last)
}

func compile(_ text: String, path: String) -> CompiledRules? {
  let out = RuleCompiler.compile(SourceFile(path: path, text: text))
  if out.rules == nil {
    print(
      "generated table does not check:\n"
        + DiagnosticRenderer().render(out.diagnostics, in: SourceFile(path: path, text: text)))
  }
  return out.rules
}

let stress = arguments.contains("stress")

func row(rules: Int, axes: Int, repeatCount: Int) {
  var generator = TableGenerator(seed: UInt64(rules * 10 + axes), stress: stress)
  let text = generator.table(rules: rules, axes: axes)
  guard let table = compile(text, path: "bench-\(rules)x\(axes).dialrules") else { return }
  let (ms, analysis) = measure(repeatCount) { Analyzer.analyze(table) }
  guard let analysis else { return }
  let counts = Dictionary(grouping: analysis.findings, by: \.code).mapValues(\.count).sorted { $0.key < $1.key }
    .map { "\($0.key)×\($0.value)" }.joined(separator: " ")
  print(
    "| \(rules) | \(axes) | \(format3(ms)) | \(analysis.cells) | \(analysis.complete ? "yes" : "no") | \(counts) |")
}

func format3(_ x: Double) -> String {
  let scaled = (x * 10).rounded() / 10
  return String(scaled)
}

switch command {
case "analysis":
  let rules = numbers.first ?? 1000
  let axes = numbers.dropFirst().first ?? 6
  print("| rules | axes | median ms | cells | complete | findings |\n|---|---|---|---|---|---|")
  row(rules: rules, axes: axes, repeatCount: numbers.dropFirst(2).first ?? 5)
case "table":
  var generator = TableGenerator(
    seed: UInt64((numbers.first ?? 1000) * 10 + (numbers.dropFirst().first ?? 6)), stress: stress)
  print(generator.table(rules: numbers.first ?? 1000, axes: numbers.dropFirst().first ?? 6), terminator: "")
case "file":
  guard arguments.count > 1 else {
    print("usage: dialrules-bench file PATH [REPEAT]")
    break
  }
  let path = arguments[1]
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    print("cannot read \(path)")
    break
  }
  let repeatCount = numbers.first ?? 20
  let (compileMs, table) = measure(repeatCount) { compile(text, path: path) }
  guard let table = table ?? nil else { break }
  let (analysisMs, _) = measure(repeatCount) { Analyzer.analyze(table) }
  print("\(path): compile \(format3(compileMs)) ms, analysis \(format3(analysisMs)) ms (median of \(repeatCount))")
default:
  let repeatCount = numbers.first ?? 3
  print("| rules | axes | median ms | cells | complete | findings |\n|---|---|---|---|---|---|")
  for axes in [2, 4, 6] {
    for rules in [125, 250, 500, 1000] { row(rules: rules, axes: axes, repeatCount: repeatCount) }
  }
}
