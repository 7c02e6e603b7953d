import Foundation

// dialrules-bench: the speed figures of docs/performance.md. Run from the package root on a
// release build: `swift build -c release && .build/release/dialrules-bench [name…]`.
let all: [(String, () throws -> Void)] = [
  ("compile", LanguageBenchmarks.compile),
  ("decide", LanguageBenchmarks.decide),
  ("explain", LanguageBenchmarks.explain),
  ("eval-process", LanguageBenchmarks.evalProcess),
  ("test-process", ReviewBenchmarks.testProcess),
  ("diff-process", ReviewBenchmarks.diffProcess),
]
// Not in the default run: for instruction counting under callgrind (see docs/performance.md).
let counting: [(String, () throws -> Void)] = [
  ("decide-count", { try LanguageBenchmarks.decideCount(evaluate: true) }),
  ("setup-count", { try LanguageBenchmarks.decideCount(evaluate: false) }),
]
let wanted = Set(CommandLine.arguments.dropFirst())
for (name, run) in all + counting where wanted.isEmpty ? all.contains(where: { $0.0 == name }) : wanted.contains(name) {
  do {
    try run()
  } catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(1)
  }
}
