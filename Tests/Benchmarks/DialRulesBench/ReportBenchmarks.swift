import Foundation

/// Issue 12's budgets for the HTML reports, as whole processes of the release binaries:
/// `dialrules report` of the default table with its fixtures (≤ 200 ms) and `dialshot report`
/// over a 10,000-shot log (≤ 1 s, ≤ 5 MB).
enum ReportBenchmarks {
  static var directory: String { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path }

  /// The best wall time of `runs` runs of a built binary.
  static func process(_ name: String, _ arguments: [String], environment: [String: String]? = nil, runs: Int) throws
    -> Double
  {
    try Timing.best(runs: runs) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: directory + "/" + name)
      process.arguments = arguments
      if let environment { process.environment = environment }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw BenchmarkFailure("\(name) exited \(process.terminationStatus)")
      }
    }
  }

  static func rulesReport() throws {
    let out = NSTemporaryDirectory() + "dialrules-bench-report.html"
    let time = try process(
      "dialrules", ["report", "rules/espresso.dialrules", "--fixtures", "Fixtures/shots", "-o", out], runs: 20)
    let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
    Timing.report(
      "dialrules report, default table + fixtures (process)", String(format: "%.1f ms, %d KB", time * 1e3, size / 1024),
      target: "≤ 200 ms")
    let version = try process("dialrules", ["--version"], runs: 20)
    Timing.report("  (dialrules --version the same way)", String(format: "%.1f ms", version * 1e3))
  }

  /// Needs `DIALSHOT_BENCH_DB`: a log with 10,000 shots (docs/performance.md says how to make one).
  static func shotReport() throws {
    guard let db = ProcessInfo.processInfo.environment["DIALSHOT_BENCH_DB"] else {
      throw BenchmarkFailure("set DIALSHOT_BENCH_DB to a 10,000-shot log (see docs/performance.md)")
    }
    let out = NSTemporaryDirectory() + "dialshot-bench-report.html"
    let time = try process("dialshot", ["report", "--db", db, "-o", out], runs: 5)
    let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
    Timing.report(
      "dialshot report, whole log (process)", String(format: "%.0f ms, %.2f MB", time * 1e3, Double(size) / 1e6),
      target: "≤ 1 s, ≤ 5 MB")
  }
}

/// A benchmark that could not run.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
