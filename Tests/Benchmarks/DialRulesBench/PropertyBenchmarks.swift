import DialRules
import Foundation

/// Issue 24's targets for proving properties: 20 properties on the default table at most 50 ms
/// over its lint without them, and a 1,000-rule generated table with 50 properties at most 2× its
/// lint without. Each pair is measured alternately (A B A B …) and compared as medians from the
/// one run, so a loaded machine slows both alike.
enum PropertyBenchmarks {
  /// Twelve more promises of the default table's kind, over its `let`s (some hold, some do not:
  /// a failing one costs its witness too).
  static let extraDefault: [String] = [
    "when under and fast\n  never grind coarser", "when over and slow\n  never grind finer",
    "when about_right and on_time and no_strength_word\n  never grind", "when gushing\n  never grind coarser",
    "when choked\n  never grind finer", "when far_fast and under\n  always grind finer or insufficient",
    "when far_slow and over\n  always grind coarser or insufficient", "when weak and on_time\n  never yield -1 g",
    "when intense and on_time\n  never yield +1 g", "when harsh and not sour\n  never grind finer",
    "when sour and bitter\n  never grind",
    "when balanced and not sour and not bitter and not harsh and on_time\n  always decides",
  ]

  /// Fifty properties over the generated table's axes: each a box of thresholds with a promise.
  static func generatedProperties(count: Int, axes: Int) -> String {
    var rng = BenchGenerator(state: 24)
    let used = Array(TableGenerator.axes.prefix(axes))
    let promises = [
      "never grind finer", "never grind coarser", "always decides", "never yield +2 g",
      "always grind or yield or no change or insufficient",
    ]
    var out = ""
    for i in 0..<count {
      let chosen = used.indices.shuffled(using: &rng).prefix(2).sorted()
      let parts = chosen.map { a -> String in
        let axis = used[a]
        let unit = axis.unit.isEmpty ? "" : " \(axis.unit)"
        let t = axis.thresholds[Int.random(in: 0..<axis.thresholds.count, using: &rng)]
        return Bool.random(using: &rng) ? "\(axis.name) < \(t)\(unit)" : "\(axis.name) >= \(t)\(unit)"
      }
      let promise = promises[Int.random(in: 0..<promises.count, using: &rng)]
      out += "\nproperty p\(i)\n  when \(parts.joined(separator: " and "))\n  \(promise)\n"
    }
    return out
  }

  static func compile(_ text: String, _ path: String) throws -> CompiledRules {
    let out = RuleCompiler.compile(SourceFile(path: path, text: text))
    guard let rules = out.rules else {
      let first = out.diagnostics.first.map { "\($0.code) \($0.message)" } ?? "?"
      throw BenchmarkFailure("\(path) does not compile: \(first)")
    }
    return rules
  }

  /// Medians of `a` and `b`, run alternately `pairs` times.
  static func paired(_ pairs: Int, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
    var ta: [Double] = []
    var tb: [Double] = []
    for _ in 0..<pairs {
      ta.append(Timing.best(runs: 1, a))
      tb.append(Timing.best(runs: 1, b))
    }
    func median(_ t: [Double]) -> Double { t.sorted()[t.count / 2] }
    return (median(ta), median(tb))
  }

  static func run() throws {
    let (file, defaults) = try Workload.defaultRules()
    var bare = defaults
    bare.properties = []
    let text = String(decoding: file.bytes, as: UTF8.self)
    let twenty = try compile(
      text + extraDefault.enumerated().map { "\nproperty extra_\($0.offset)\n  \($0.element)\n" }.joined(),
      "espresso+12.dialrules")
    guard twenty.properties.count == 20 else { throw BenchmarkFailure("expected 20 properties") }
    var verdicts: [PropertyVerdict] = []
    let (without, with20) = paired(
      11, { _ = Analyzer.analyze(bare) }, { verdicts = Analyzer.analyze(twenty).properties })
    Timing.report("lint analysis, default table without properties", String(format: "%.1f ms", without * 1e3))
    Timing.report(
      "  with 20 properties (its 8 and 12 more)",
      String(format: "%.1f ms (+%.1f ms)", with20 * 1e3, (with20 - without) * 1e3),
      target: "+ ≤ 50 ms")
    Timing.report("  (verdicts)", counts(verdicts))

    var generator = TableGenerator(seed: 10_006)
    let table = generator.table(rules: 1_000, axes: 6)
    let plain = try compile(table, "generated-1000x6.dialrules")
    let fifty = try compile(table + generatedProperties(count: 50, axes: 6), "generated-1000x6+50.dialrules")
    let (a, b) = paired(5, { _ = Analyzer.analyze(plain) }, { verdicts = Analyzer.analyze(fifty).properties })
    Timing.report("lint analysis, generated 1,000 rules × 6 axes", String(format: "%.1f ms", a * 1e3))
    Timing.report(
      "  with 50 generated properties", String(format: "%.1f ms (%.2f×)", b * 1e3, b / a), target: "≤ 2×")
    Timing.report("  (verdicts)", counts(verdicts))
  }

  static func counts(_ verdicts: [PropertyVerdict]) -> String {
    let byStatus = Dictionary(grouping: verdicts, by: \.status.rawValue).mapValues(\.count)
    return byStatus.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
      + " (\(verdicts.first?.cells ?? 0) cells)"
  }
}
