import DialRules
import Foundation

/// Issue 2's figures: compile of the default file, in-process decisions and explanations, and the
/// whole `dialrules eval` process over a 100,000-line JSON Lines file.
enum LanguageBenchmarks {
  static func compile() throws {
    let (file, _) = try Workload.defaultRules()
    let n = 2_000
    let t = Timing.best(runs: 5) {
      for _ in 0..<n { _ = RuleCompiler.compile(file) }
    }
    Timing.report("parse + check of the default file (in process)", String(format: "%.1f µs", t / Double(n) * 1e6))
  }

  static func decide() throws {
    let (_, rules) = try Workload.defaultRules()
    let shots = Workload.shots(count: 1_000_000)
    let evaluator = Evaluator(rules)
    var adjustments = 0
    let t = Timing.best(runs: 3) {
      adjustments = 0
      // Through a buffer, so the loop borrows each shot instead of copying it.
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices {
          if case .adjust = evaluator.decide(buffer[i]).outcome { adjustments += 1 }
        }
      }
    }
    Timing.report(
      "decide, 1,000,000 generated shots (in process)", String(format: "%.3f µs/shot", t / 1e6 * 1e6), target: "≤ 1 µs")
    Timing.report("  (adjust decisions among them)", "\(adjustments)")
  }

  /// For instruction counting under callgrind (load-independent): `decide-count` evaluates 100,000
  /// shots; `setup-count` only builds them. The difference divided by 100,000 is the instructions
  /// one decision costs.
  static func decideCount(evaluate: Bool) throws {
    let (_, rules) = try Workload.defaultRules()
    let shots = Workload.shots(count: 100_000)
    let evaluator = Evaluator(rules)
    var adjustments = 0
    if evaluate {
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices {
          if case .adjust = evaluator.decide(buffer[i]).outcome { adjustments += 1 }
        }
      }
    }
    Timing.report(evaluate ? "decide-count (100,000 shots)" : "setup-count (100,000 shots)", "\(adjustments) adjust")
  }

  static func explain() throws {
    let (file, rules) = try Workload.defaultRules()
    let shots = Workload.shots(count: 20_000)
    let evaluator = Evaluator(rules)
    let renderer = ExplanationTextRenderer(rulesFile: file)
    var bytes = 0
    let t = Timing.best(runs: 3) {
      bytes = 0
      for s in shots { bytes += renderer.render(evaluator.explain(s)).utf8.count }
    }
    Timing.report("explain + render text, 20,000 shots (in process)", String(format: "%.1f µs/shot", t / 2e4 * 1e6))
  }

  /// Writes the JSON Lines workload and times the release `dialrules eval` on it as a process.
  static func evalProcess() throws {
    let shots = Workload.shots(count: 100_000, seed: 7)
    let path = NSTemporaryDirectory() + "dialrules-bench-100k.jsonl"
    var text = ""
    text.reserveCapacity(shots.count * 220)
    for s in shots {
      text += s.jsonText
      text += "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/dialrules"
    var lines = 0
    let t = try Timing.best(runs: 5) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["eval", "rules/espresso.dialrules", path]
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      lines = data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }
    Timing.report(
      "dialrules eval, 100,000-line JSON Lines file (whole process)", String(format: "%.3f s", t), target: "≤ 0.5 s")
    Timing.report("  (input size, output lines)", "\(text.utf8.count / 1_000_000) MB, \(lines)")
  }
}
