import DialRules
import Foundation

/// Issue 3's figures: the table analysis of generated tables (target: 1,000 rules over 6 axes in
/// under 1 s), how its cost grows with rules and axes, the adversarial `stress` tables, and
/// `dialrules lint` of the default file as a whole process (target: under 50 ms).
enum AnalysisBenchmarks {
  /// A generated table, compiled; the seed depends only on the size, so every run sees the same.
  static func table(rules: Int, axes: Int, stress: Bool) throws -> CompiledRules {
    var generator = TableGenerator(seed: UInt64(rules * 10 + axes), stress: stress)
    let text = generator.table(rules: rules, axes: axes)
    let file = SourceFile(path: "generated-\(rules)x\(axes).dialrules", text: text)
    guard let rules = RuleCompiler.compile(file).rules else { throw CocoaError(.fileReadCorruptFile) }
    return rules
  }

  /// Best-of-3 analysis time of one generated table, with what the analysis found.
  static func measure(rules: Int, axes: Int, stress: Bool, runs: Int = 3) throws -> (Double, Analysis) {
    let table = try table(rules: rules, axes: axes, stress: stress)
    var analysis = Analyzer.analyze(table)
    let t = Timing.best(runs: runs) { analysis = Analyzer.analyze(table) }
    return (t, analysis)
  }

  static func summary(_ a: Analysis) -> String {
    let counts = Dictionary(grouping: a.findings, by: \.code).mapValues(\.count).sorted { $0.key < $1.key }
    return "\(a.cells) cells, " + counts.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
  }

  static func analysis() throws {
    let (t, a) = try measure(rules: 1_000, axes: 6, stress: false)
    Timing.report(
      "analysis, generated 1,000 rules × 6 axes (in process)", String(format: "%.1f ms", t * 1e3), target: "< 1 s")
    Timing.report("  (what it found)", summary(a))
  }

  /// Rules 125…1,000 × axes 2, 4, 6 as a Markdown table, for docs/performance.md.
  static func scaling(stress: Bool) throws {
    print("| rules | axes | \(stress ? "stress" : "structured") ms | cells | complete | findings |")
    print("|---:|---:|---:|---:|---|---|")
    for axes in [2, 4, 6] {
      for rules in [125, 250, 500, 1_000] {
        let (t, a) = try measure(rules: rules, axes: axes, stress: stress, runs: stress && axes == 6 ? 1 : 3)
        let counts = Dictionary(grouping: a.findings, by: \.code).mapValues(\.count).sorted { $0.key < $1.key }
        let found = counts.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        let complete = a.complete ? "yes" : "no (A009)"
        print("| \(rules) | \(axes) | \(String(format: "%.1f", t * 1e3)) | \(a.cells) | \(complete) | \(found) |")
      }
    }
  }

  /// The release `dialrules lint rules/espresso.dialrules` as a process, best of 20, next to
  /// `dialrules --version` started the same way: Foundation's `Process` adds tens of milliseconds
  /// of its own on Linux, so the difference is what lint costs (hyperfine measures the whole
  /// process directly; see docs/performance.md).
  static func lintProcess() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/dialrules"
    func run(_ arguments: [String]) throws -> Double {
      try Timing.best(runs: 20) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
      }
    }
    let lint = try run(["lint", "rules/espresso.dialrules"])
    let version = try run(["--version"])
    Timing.report(
      "dialrules lint, default file (process, via Process)", String(format: "%.1f ms", lint * 1e3),
      target: "< 50 ms")
    Timing.report("  (dialrules --version the same way)", String(format: "%.1f ms", version * 1e3))
    let (_, rules) = try Workload.defaultRules()
    let inProcess = Timing.best(runs: 20) { _ = Analyzer.analyze(rules) }
    Timing.report("  (analysis alone, in process)", String(format: "%.2f ms", inProcess * 1e3))
  }

  /// Prints a generated table (`generated-table RULES AXES [stress]` is not a benchmark; it lets a
  /// reader lint exactly what was measured).
  static func printTable(rules: Int, axes: Int, stress: Bool) {
    var generator = TableGenerator(seed: UInt64(rules * 10 + axes), stress: stress)
    print(generator.table(rules: rules, axes: axes), terminator: "")
  }
}
