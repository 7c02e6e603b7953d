import DialRules
import Foundation

/// Issue 6's growth measurements: each stage on adversarial inputs of doubling size, with the
/// ratio between consecutive sizes. A ratio near 2 is linear, a little above 2 is n log n, near 4
/// is quadratic — which `docs/robustness.md` counts as a bug. Inputs are built before timing.
enum ScalingBenchmarks {
  /// One adversarial family: a name, the sizes to try, and how to build and run an input of size n.
  struct Family {
    var name: String
    var sizes: [Int]
    var unit: String
    /// Builds the input for size n and returns the work to time.
    var make: (Int) -> () -> Void
  }

  /// Runs every family, or those whose name contains `DIALRULES_BENCH_FILTER`.
  static func run() throws {
    let filter = ProcessInfo.processInfo.environment["DIALRULES_BENCH_FILTER"] ?? ""
    for family in families where filter.isEmpty || family.name.contains(filter) {
      say(family.name)
      var previous: Double?
      for n in family.sizes {
        let work = family.make(n)
        let t = Timing.best(runs: 3, work)
        let ratio = previous.map { String(format: "×%.2f", t / $0) } ?? ""
        say(
          "  " + "\(n) \(family.unit)".padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(format: "%10.2f ms", t * 1e3) + "  " + ratio)
        previous = t
      }
    }
  }

  /// Prints a line at once (stdout to a file is block-buffered, and a slow family should show
  /// progress).
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  // MARK: - Inputs

  static func compile(_ text: String) -> () -> Void {
    let file = SourceFile(path: "bench.dialrules", text: text)
    return { _ = RuleCompiler.compile(file) }
  }

  /// n valid rules, each over a shared `let` and its own threshold.
  static func rules(_ n: Int, action: (Int) -> String = { _ in "grind finer 1 step" }) -> String {
    var text = "dialrules 1\nlet dt = shot.time - recipe.time\n"
    for i in 0..<n {
      text += "rule r\(i)\n  when sour and dt < -\(i % 50).\(i % 7) s\n  then \(action(i))\n  because \"r\(i)\"\n"
    }
    return text
  }

  static var families: [Family] {
    [
      Family(name: "parse + check, n valid rules", sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules") {
        compile(rules($0))
      },
      Family(
        name: "parse + check, n rules each naming an unknown value (C002 + suggestion)",
        sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules"
      ) { n in
        var text = "dialrules 1\n"
        for i in 0..<n { text += "let v\(i) = shot.time > \(i) s\n" }
        for i in 0..<n {
          text += "rule r\(i)\n  when v\(i) and shot.tme\(i) > 1 s\n  then no change\n  because \"x\"\n"
        }
        return compile(text)
      },
      Family(
        name: "parse + check, n rules overriding unknown ids (C006 + suggestion)",
        sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules"
      ) { n in
        var text = "dialrules 1\n"
        for i in 0..<n { text += "rule r\(i)\n  when sour\n  then no change\n  because \"x\"\n  overrides q\(i)\n" }
        return compile(text)
      },
      Family(name: "parse + check, one rule overriding n rules", sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules") {
        n in
        var text = "dialrules 1\n"
        for i in 0..<n { text += "rule r\(i)\n  when sour\n  then no change\n  because \"x\"\n" }
        text += "rule top\n  when bitter\n  then no change\n  because \"x\"\n  overrides "
        text += (0..<n).map { "r\($0)" }.joined(separator: ", ") + "\n"
        return compile(text)
      },
      Family(
        name: "parse + check, n-rule override chain closed by n cycles (C013)",
        sizes: [500, 1_000, 2_000, 4_000], unit: "rules"
      ) { n in
        var text = "dialrules 1\n"
        for i in 0..<n {
          text += "rule r\(i)\n  when sour\n  then no change\n  because \"x\"\n  overrides "
          text += i + 1 < n ? "r\(i + 1)\n" : (0..<(n - 1)).map { "r\($0)" }.joined(separator: ", ") + "\n"
        }
        return compile(text)
      },
      Family(name: "parse + check, n lets in chains of 50", sizes: [1_000, 2_000, 4_000, 8_000], unit: "lets") { n in
        var text = "dialrules 1\n"
        for i in 0..<n { text += i % 50 == 0 ? "let v\(i) = shot.time\n" : "let v\(i) = v\(i - 1) + 1 s\n" }
        text += "rule r\n  when " + stride(from: 49, to: n, by: 50).map { "v\($0) > 30 s" }.joined(separator: " or ")
        text += "\n  then no change\n  because \"x\"\n"
        return compile(text)
      },
      Family(
        name: "parse + check, one line of n bytes (L008, then parsed)",
        sizes: [65_536, 131_072, 262_144, 524_288, 1_048_000], unit: "bytes"
      ) { n in
        var line = "dialrules 1 rule r when sour"
        while line.utf8.count < n - 40 { line += " and sour" }
        return compile(line + " then no change because \"x\"\n")
      },
      Family(
        name: "lint, one line of n bad bytes, rendering every diagnostic",
        sizes: [2_048, 4_096, 8_192, 16_384], unit: "bytes"
      ) { n in
        let file = SourceFile(path: "bench.dialrules", text: "dialrules 1\n" + String(repeating: "@", count: n))
        return {
          let out = RuleCompiler.compile(file)
          _ = DiagnosticRenderer().render(out.diagnostics, in: file)
        }
      },
      Family(
        name: "parse + check, 100 rules of n comparisons joined by 'and' (4n nodes ≤ 2,000)",
        sizes: [62, 125, 250, 499], unit: "comparisons"
      ) { n in
        let condition = (0..<n).map { "shot.time > \($0) s" }.joined(separator: " and ")
        var text = "dialrules 1\n"
        for i in 0..<100 { text += "rule r\(i)\n  when \(condition)\n  then no change\n  because \"x\"\n" }
        return compile(text)
      },
      Family(
        name: "analysis (lint), n rules, each a threshold on one axis", sizes: [250, 500, 1_000, 2_000], unit: "rules"
      ) { n in
        var text = "dialrules 1\nruleset \"t\"\n  otherwise no change\n"
        for i in 0..<n {
          text += "rule r\(i)\n  when shot.time > \(i / 10).\(i % 10) s\n  then grind finer\n  because \"x\"\n"
        }
        let compiled = RuleCompiler.compile(SourceFile(path: "bench.dialrules", text: text)).rules
        return { if let compiled { _ = Analyzer.analyze(compiled) } }
      },
      Family(
        name: "analysis (lint), n rules over two axes: n² cells, capped by AnalysisLimits",
        sizes: [125, 250, 500, 1_000], unit: "rules"
      ) { n in
        var text = "dialrules 1\nruleset \"t\"\n  otherwise no change\n"
        for i in 0..<n {
          text += "rule r\(i)\n  when shot.time > \(i / 10).\(i % 10) s and shot.yield > \(i / 10).\(i % 10) g\n"
          text += "  then \(i % 2 == 0 ? "grind finer" : "grind coarser")\n  because \"x\"\n"
        }
        let compiled = RuleCompiler.compile(SourceFile(path: "bench.dialrules", text: text)).rules
        return { if let compiled { _ = Analyzer.analyze(compiled) } }
      },
      Family(name: "format, n rules", sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules") { n in
        let file = SourceFile(path: "bench.dialrules", text: rules(n))
        return { _ = FormatRunner.format(file) }
      },
      Family(
        name: "evaluator set-up, n rules with n different actions",
        sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules"
      ) { n in
        let compiled = RuleCompiler.compile(
          SourceFile(path: "bench.dialrules", text: rules(n) { "insufficient \"reason \($0)\"" })
        ).rules
        return { if let compiled { _ = Evaluator(compiled) } }
      },
      Family(name: "decide + explain one shot, n rules", sizes: [1_000, 2_000, 4_000, 8_000], unit: "rules") { n in
        let compiled = RuleCompiler.compile(SourceFile(path: "bench.dialrules", text: rules(n))).rules
        let shot = Workload.shots(count: 1)[0]
        let evaluator = compiled.map(Evaluator.init)
        return {
          _ = evaluator?.decide(shot)
          _ = evaluator?.explain(shot)
        }
      },
      Family(name: "shot JSON Lines, n lines", sizes: [25_000, 50_000, 100_000, 200_000], unit: "lines") { n in
        var text = ""
        for s in Workload.shots(count: n) { text += s.jsonText + "\n" }
        let file = SourceFile(path: "bench.jsonl", text: text)
        return { ShotJSONReader.readLines(file) { _, _ in } }
      },
      Family(
        name: "shot JSON, one document with an n-byte string",
        sizes: [131_072, 262_144, 524_288, 1_048_000], unit: "bytes"
      ) { n in
        let text = #"{"format":"dialrules-shot","version":1,"id":""# + String(repeating: "é", count: n / 2 - 30) + "\"}"
        let file = SourceFile(path: "bench.json", text: text)
        return { _ = ShotJSONReader.read(file) }
      },
      // The timings behind the work-counting tests `LongLineTests.excerptsOnAMegabyteLineAreWindowed`
      // and `ShotJSONRobustnessTests.unknownKeysAreCappedAndTheRestIsNotRead` (tests never time).
      Family(
        name: "render 200 diagnostics with 100 KB spans on one n-byte line",
        sizes: [131_072, 262_144, 524_288, 1_048_576],
        unit: "bytes"
      ) { n in
        let pieces = ["a", " ", "é", "☕", "😀", "\t", "sour"]
        var line = ""
        var i = 0
        while line.utf8.count < n {
          line += pieces[i % pieces.count]
          i += 1
        }
        let file = SourceFile(path: "bench.dialrules", text: line)
        let diagnostics = (0..<200).map { k in
          let start = k * file.bytes.count / 200
          return Diagnostic(
            code: "L001", message: "m", span: SourceSpan(start: start, end: min(file.bytes.count, start + 100_000)))
        }
        return { _ = DiagnosticRenderer().render(diagnostics, in: file) }
      },
      Family(
        name: "shot JSON, one document of n unknown keys (stops at 100 errors)",
        sizes: [8_750, 17_500, 35_000, 70_000], unit: "keys"
      ) { n in
        let members = (0..<n).map { #""k\#($0)":[1]"# }.joined(separator: ",")
        let file = SourceFile(path: "bench.json", text: #"{"format":"dialrules-shot","version":1,"# + members + "}")
        return { _ = ShotJSONReader.read(file) }
      },
      Family(
        name: "shot JSON Lines, n-byte lines of unknown keys, rendering every diagnostic",
        sizes: [131_072, 262_144, 524_288, 1_048_000], unit: "bytes"
      ) { n in
        var line = #"{"format":"dialrules-shot","version":1"#
        var k = 0
        while line.utf8.count < n - 20 {
          line += #","k\#(k)":1"#
          k += 1
        }
        let file = SourceFile(path: "bench.jsonl", text: line + "}\n")
        return {
          ShotJSONReader.readLines(file) { _, result in
            if case .failure(let d) = result { _ = DiagnosticRenderer().render(d, in: file) }
          }
        }
      },
    ]
  }
}
