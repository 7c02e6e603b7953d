import DialRules
import Foundation

/// Issue 4's figures: `dialrules test` over 10,000 fixtures and `dialrules diff` over a
/// 100,000-shot corpus, each as a whole process of the release binary.
enum ReviewBenchmarks {
  static var binary: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/dialrules"
  }

  /// Runs the release `dialrules` with `arguments`, discarding output; returns the exit status.
  @discardableResult
  static func dialrules(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// 10,000 fixture files with goldens written by `--update` first, then timed plain runs.
  static func testProcess() throws {
    let dir = NSTemporaryDirectory() + "dialrules-bench-fixtures"
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (i, shot) in Workload.shots(count: 10_000, seed: 3).enumerated() {
      try shot.jsonText.write(toFile: dir + "/shot-\(i).json", atomically: false, encoding: .utf8)
    }
    try dialrules(["test", "--update", "rules/espresso.dialrules", dir])
    var status: Int32 = -1
    let t = try Timing.best(runs: 3) { status = try dialrules(["test", "rules/espresso.dialrules", dir]) }
    Timing.report("dialrules test, 10,000 fixtures + goldens (whole process)", String(format: "%.2f s", t))
    Timing.report("  (exit status; 0 = every case passed)", "\(status)")
  }

  /// The default rules against a variant with one window moved, over 100,000 JSON Lines shots.
  static func diffProcess() throws {
    let path = NSTemporaryDirectory() + "dialrules-bench-100k.jsonl"
    if !FileManager.default.fileExists(atPath: path) {
      var text = ""
      for s in Workload.shots(count: 100_000, seed: 7) { text += s.jsonText + "\n" }
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let variant = NSTemporaryDirectory() + "dialrules-bench-variant.dialrules"
    let original = try String(contentsOfFile: "rules/espresso.dialrules", encoding: .utf8)
    try original.replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
      .write(toFile: variant, atomically: true, encoding: .utf8)
    let t = try Timing.best(runs: 3) {
      try dialrules(["diff", "--shots", path, "rules/espresso.dialrules", variant])
    }
    Timing.report("dialrules diff, 100,000-shot corpus (whole process)", String(format: "%.2f s", t))
  }
}
