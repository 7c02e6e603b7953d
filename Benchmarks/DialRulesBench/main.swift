import Foundation

// dialrules-bench: the speed figures of docs/performance.md. Run from the package root on a
// release build: `swift build -c release && .build/release/dialrules-bench [name…]`.
let all: [(String, () throws -> Void)] = [
  ("compile", LanguageBenchmarks.compile),
  ("decide", LanguageBenchmarks.decide),
  ("explain", LanguageBenchmarks.explain),
  ("eval-process", LanguageBenchmarks.evalProcess),
]
let wanted = Set(CommandLine.arguments.dropFirst())
for (name, run) in all where wanted.isEmpty || wanted.contains(name) {
  do {
    try run()
  } catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(1)
  }
}
