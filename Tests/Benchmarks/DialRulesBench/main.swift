import Foundation

// dialrules-bench: the speed figures of docs/performance.md. Run from the package root on a
// release build: `swift build -c release && .build/release/dialrules-bench [name…]`.
let all: [(String, () throws -> Void)] = [
  ("compile", LanguageBenchmarks.compile),
  ("decide", LanguageBenchmarks.decide),
  ("front-door", LanguageBenchmarks.decideFrontDoor),
  ("explain", LanguageBenchmarks.explain),
  ("eval-process", LanguageBenchmarks.evalProcess),
  ("test-process", ReviewBenchmarks.testProcess),
  ("diff-process", ReviewBenchmarks.diffProcess),
  ("analysis", AnalysisBenchmarks.analysis),
  ("properties", PropertyBenchmarks.run),
  ("lint-process", AnalysisBenchmarks.lintProcess),
  ("report-process", ReportBenchmarks.rulesReport),
  ("lsp", LanguageServerBenchmarks.run),
]
// Not in the default run: for instruction counting under callgrind (see docs/performance.md).
let counting: [(String, () throws -> Void)] = [
  ("decide-count", { try LanguageBenchmarks.decideCount(evaluate: true) }),
  ("setup-count", { try LanguageBenchmarks.decideCount(evaluate: false) }),
  ("front-door-count", LanguageBenchmarks.frontDoorCount),
  ("explain-count", { try LanguageBenchmarks.explainCount("explain") }),
  ("explain-render-count", { try LanguageBenchmarks.explainCount("render") }),
  ("explain-setup-count", { try LanguageBenchmarks.explainCount("setup") }),
  // Not in the default run either: the analysis grids take a while (the stress one, minutes).
  ("analysis-scaling", { try AnalysisBenchmarks.scaling(stress: false) }),
  ("analysis-stress", { try AnalysisBenchmarks.scaling(stress: true) }),
  // Nor the growth measurements on adversarial inputs (minutes; see docs/robustness.md).
  ("scaling", ScalingBenchmarks.run),
  // Needs a 10,000-shot log in DIALSHOT_BENCH_DB (see docs/performance.md).
  ("shot-report-process", ReportBenchmarks.shotReport),
]
// `dialrules-bench phase-count none|lines|parse|decide|write FILE`: one phase of eval, for callgrind.
if CommandLine.arguments.dropFirst().first == "phase-count", CommandLine.arguments.count == 4 {
  do {
    try LanguageBenchmarks.phaseCount(CommandLine.arguments[2], CommandLine.arguments[3])
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("phase-count: \(error)\n".utf8))
    exit(1)
  }
}
// `dialrules-bench generated-table RULES AXES [stress] [properties N]` prints a benchmark table
// instead (with `properties N`, followed by the N properties of `dialrules-bench properties`).
if CommandLine.arguments.dropFirst().first == "generated-table" {
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  let numbers = arguments.prefix { $0 != "properties" }.compactMap { Int($0) }
  let axes = numbers.dropFirst().first ?? 6
  AnalysisBenchmarks.printTable(
    rules: numbers.first ?? 1_000, axes: axes, stress: arguments.contains("stress"))
  if let k = arguments.firstIndex(of: "properties"), k + 1 < arguments.count, let count = Int(arguments[k + 1]) {
    print(PropertyBenchmarks.generatedProperties(count: count, axes: axes), terminator: "")
  }
  exit(0)
}
let wanted = Set(CommandLine.arguments.dropFirst())
for (name, run) in all + counting where wanted.isEmpty ? all.contains(where: { $0.0 == name }) : wanted.contains(name) {
  do {
    try run()
  } catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(1)
  }
}
