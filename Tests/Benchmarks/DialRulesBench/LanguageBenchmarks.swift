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
    let t = Timing.median(runs: 5) {
      adjustments = 0
      // Through a buffer, so the loop borrows each shot instead of copying it.
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices {
          if case .adjust = evaluator.decide(buffer[i]).outcome { adjustments += 1 }
        }
      }
    }
    Timing.report(
      "decide, 1,000,000 generated shots (in process, median)", String(format: "%.3f µs/shot", t / 1e6 * 1e6),
      target: "≤ 0.5 µs, issue 25")
    Timing.report("  (adjust decisions among them)", "\(adjustments)")
    let reference = Timing.median(runs: 3) {
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices { _ = evaluator.referenceDecision(buffer[i]) }
      }
    }
    Timing.report("  (the general plan explain uses, for comparison)", String(format: "%.3f µs/shot", reference))
  }

  /// The public front door: `RuleSet.decide`, which checks every record against the bounds of
  /// shot JSON before deciding it.
  static func decideFrontDoor() throws {
    let (file, _) = try Workload.defaultRules()
    guard case .success(let rules) = RuleSet.compile(file) else { throw CocoaError(.fileReadCorruptFile) }
    let shots = Workload.shots(count: 1_000_000)
    var adjustments = 0
    let t = Timing.median(runs: 5) {
      adjustments = 0
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices {
          if case .adjust = rules.decide(buffer[i]).outcome { adjustments += 1 }
        }
      }
    }
    Timing.report("RuleSet.decide (validates, then decides; median)", String(format: "%.3f µs/shot", t))
    let validate = Timing.median(runs: 3) {
      shots.withUnsafeBufferPointer { buffer in
        for i in buffer.indices { _ = buffer[i].validate() }
      }
    }
    Timing.report("  (ShotRecord.validate alone)", String(format: "%.3f µs/shot", validate))
  }

  /// `front-door-count`: 100,000 decisions through `RuleSet.decide` (bounds check included), for
  /// callgrind; minus `setup-count`, the instructions one front-door decision costs.
  static func frontDoorCount() throws {
    let (file, _) = try Workload.defaultRules()
    guard case .success(let rules) = RuleSet.compile(file) else { throw CocoaError(.fileReadCorruptFile) }
    let shots = Workload.shots(count: 100_000)
    var adjustments = 0
    shots.withUnsafeBufferPointer { buffer in
      for i in buffer.indices {
        if case .adjust = rules.decide(buffer[i]).outcome { adjustments += 1 }
      }
    }
    Timing.report("front-door-count (100,000 shots)", "\(adjustments) adjust")
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

  /// The phases of `eval` in process, for callgrind: `phase-count none|lines|parse|decide|write
  /// FILE` reads FILE and the rules only, splits FILE into lines too, parses them too, decides them
  /// too, or does all `eval` does but the output system call. Differences of the totals are the
  /// instructions each phase costs.
  static func phaseCount(_ phase: String, _ path: String) throws {
    let (_, rules) = try Workload.defaultRules()
    let evaluator = Evaluator(rules)
    let file = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    var count = 0
    var writer = JSONWriter(reservingCapacity: 1 << 17)
    switch phase {
    case "none":
      count = file.bytes.count
    case "lines":
      count = ShotJSONReader.lineCount(file)
    case "parse":
      ShotJSONReader.readShots(file) { _, result in if case .success = result { count += 1 } }
    case "decide":
      ShotJSONReader.readShots(file) { _, result in
        if case .success(let shot) = result, case .adjust = evaluator.decisionWithoutID(shot).outcome { count += 1 }
      }
    default:
      ShotJSONReader.readShots(file) { _, result in
        if case .success(let shot) = result { evaluator.writeDecision(shot, to: &writer) }
        writer.newline()
        count += writer.bytes.count
        writer.removeAll()
      }
    }
    Timing.report("phase-count \(phase)", "\(count)")
  }

  /// 2,000 explanations for callgrind: `explain` alone, also rendered as `test` renders a golden
  /// (`render`), or neither (`setup`, the same program without them). An explanation's
  /// instructions, made and freed, are (explain − setup) / 2,000.
  static func explainCount(_ mode: String) throws {
    let (file, rules) = try Workload.defaultRules()
    let evaluator = Evaluator(rules)
    let renderer = ExplanationTextRenderer(rulesFile: file)
    var count = 0
    var text: [UInt8] = []
    for s in Workload.shots(count: 2_000) {
      switch mode {
      case "explain": count += evaluator.explain(s).rules.count
      case "render":
        // As `test` renders a golden: into one reused buffer, compared as bytes.
        text.removeAll(keepingCapacity: true)
        renderer.write(evaluator.explain(s), into: &text)
        count += text.count
      default: count += s.id?.utf8.count ?? 0
      }
    }
    Timing.report("explain-count \(mode) (2,000 shots)", "\(count)")
  }

  static func explain() throws {
    let (file, rules) = try Workload.defaultRules()
    let shots = Workload.shots(count: 20_000)
    let evaluator = Evaluator(rules)
    let renderer = ExplanationTextRenderer(rulesFile: file)
    var bytes = 0
    let alone = Timing.median(runs: 5) {
      for s in shots { bytes += evaluator.explain(s).rules.count }
    }
    Timing.report(
      "explain, 20,000 shots (in process, median)", String(format: "%.1f µs/shot", alone / 2e4 * 1e6),
      target: "≤ 20 µs")
    let t = Timing.median(runs: 5) {
      bytes = 0
      for s in shots { bytes += renderer.render(evaluator.explain(s)).utf8.count }
    }
    Timing.report("  (explain + render text)", String(format: "%.1f µs/shot", t / 2e4 * 1e6))
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
