import DialRules
import DialRulesPlayground
import DialRulesTestSupport
import Foundation
import Testing

/// The browser playground's engine (`docs/playground/dialrules.wasm`: the DialRules library
/// compiled with Embedded Swift) against the native `dialrules`: for the same rules and shots,
/// `engine.evaluate` in node must return exactly the bytes `dialrules eval` prints. 10,000
/// generated shots (typical, extreme and a few invalid lines) go through the default table, three
/// fixture tables and four generated ones (one wider than a machine word of rules).
///
/// Skipped when node or the Embedded Swift toolchain is missing, unless
/// `DIALRULES_REQUIRE_PLAYGROUND_TESTS=1` (`.ci/run`), when that fails (`PlaygroundSuite`).
@Suite(.serialized) struct WasmDifferentialTests {
  static let shotCount = 10_000

  /// Shot JSON Lines: generated records (every field may be absent; some at the bounds of shot
  /// JSON), with an invalid line every 997 so the error records are compared too.
  static func shotLines() -> String {
    var rng = SeededGenerator(seed: 26)
    var generator = RuleGenerator(FuzzedBytes((0..<800_000).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    let invalid = [
      "{\"shot\": {\"dose_g\": \"18\"}}", "{\"recipe\": {\"dose_g\": 18", "[1, 2]",
      "{\"shot\": {\"taste\": [\"salty\"]}}",
      "{\"shot\": {\"time_s\": -1}}",
    ]
    var lines: [String] = []
    for n in 0..<shotCount {
      if n % 997 == 500 {
        lines.append(invalid[(n / 997) % invalid.count])
      } else {
        lines.append((n % 3 == 0 ? generator.extremeShot(id: n) : generator.shot(id: n)).jsonText)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// 90 rules over 90 comparisons, overrides across words: the evaluator's general path.
  static let wideTable: String = {
    var text = "dialrules 1\nruleset \"wide\"\n  limit grind 2 steps\n\n"
    let actions = ["grind finer 1 step", "grind coarser 1 step", "yield +2 g", "no change", "insufficient \"x\""]
    for i in 0..<90 {
      text += "rule r\(i)\n  when shot.time > \(15 + Double(i) / 4) s and (sour or shot.yield < \(30 + i % 10) g)\n"
      text += "  then \(actions[i % actions.count])\n  because \"b\"\n"
      if i >= 70 { text += "  overrides r\(i - 67)\n" }
      text += "\n"
    }
    return text
  }()

  /// The tables: name and text. Every one must compile, so no comparison is of two empty outputs.
  static func tables() throws -> [(name: String, text: String)] {
    var tables: [(String, String)] = []
    for file in [
      "rules/espresso.dialrules", "Fixtures/reference/reference-table.dialrules",
      "Fixtures/lint/A001-disagreement.dialrules", "Fixtures/coverage/conditions.dialrules",
    ] {
      tables.append((file, try PackageRoot.read(file)))
    }
    tables.append(("wide", wideTable))
    var rng = SeededGenerator(seed: 2026)
    var found = 0
    while found < 3 {
      var generator = RuleGenerator(FuzzedBytes((0..<600).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      let text = generator.table().text()
      guard case .success = RuleSet.compile(text) else { continue }
      found += 1
      tables.append(("generated \(found)", text))
    }
    return tables
  }

  /// The module, built; a missing tool (when required) or a failed build fails the test.
  static func requireModule() throws {
    try #require(PlaygroundSuite.readiness == .ready, "\(PlaygroundSuite.readiness)")
  }

  @Test(.enabled(if: PlaygroundSuite.enabled, "needs node and Embedded Swift for wasm32 (see .ci/run)"))
  func evalInTheModuleIsByteForByteTheNativeEval() throws {
    try Self.requireModule()
    let dir = TemporaryDirectory(prefix: "wasm-differential")
    try dir.write("shots.jsonl", Self.shotLines())
    for (k, table) in try Self.tables().enumerated() {
      let rules = "rules-\(k).dialrules"
      try dir.write(rules, table.text)
      let native = try BuiltProducts.run("dialrules", ["eval", dir.file(rules), dir.file("shots.jsonl")])
      // 2: the invalid lines (their error records are part of the output compared).
      try #require(native.status == 2, "\(table.name): \(native.stderr.prefix(2_000))")
      let lines = native.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      try #require(lines.count == Self.shotCount + 1, "\(table.name): \(lines.count) lines")
      let wasm = try PlaygroundSuite.run(["eval", dir.file(rules), dir.file("shots.jsonl")])
      try #require(wasm.status == 0, "\(table.name): \(wasm.stderr.prefix(2_000))")
      if Array(wasm.stdout.utf8) != Array(native.stdout.utf8) {
        let wasmLines = wasm.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
          zip(lines, wasmLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(lines.count, wasmLines.count)
        Issue.record(
          """
          \(table.name): the module's eval differs from dialrules eval at line \(first + 1) \
          (\(wasmLines.count) lines against \(lines.count))
          native: \(first < lines.count ? lines[first] : "(none)")
          wasm:   \(first < wasmLines.count ? wasmLines[first] : "(none)")
          """)
      }
    }
  }

  @Test(.enabled(if: PlaygroundSuite.enabled, "needs node and Embedded Swift for wasm32 (see .ci/run)"))
  func theModuleCarriesTheDefaultTable() throws {
    try Self.requireModule()
    let run = try PlaygroundSuite.run(["default-rules"])
    try #require(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == (try PackageRoot.read("rules/espresso.dialrules")))
  }

  /// The module's `update`, `analyse` (the map's data), `place` (with the shot's pixel),
  /// `charts` (the report's SVG of every chart, drawn in the module) and `styles` are the native
  /// facade's, byte for byte.
  @Test(.enabled(if: PlaygroundSuite.enabled, "needs node and Embedded Swift for wasm32 (see .ci/run)"))
  func theModulesUpdatePlaceChartsAndStylesAreTheFacades() throws {
    try Self.requireModule()
    let dir = TemporaryDirectory(prefix: "wasm-facade")
    let rules = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
    try dir.write("rules.dialrules", rules)
    for name in ["sour-fast", "balanced"] {
      let shot = try PackageRoot.read("Fixtures/shots/\(name).json")
      try dir.write("shot.json", shot)
      let update = try PlaygroundSuite.run(["update", dir.file("rules.dialrules"), dir.file("shot.json"), "de"])
      try #require(update.status == 0, "\(update.stderr)")
      #expect(update.stdout == Playground.update(rules, shot: shot, language: "de"), "\(name)")
      let place = try PlaygroundSuite.run(["place", dir.file("rules.dialrules"), dir.file("shot.json")])
      try #require(place.status == 0, "\(place.stderr)")
      let analysis = Playground.analysis(rules)
      #expect(place.stdout == analysis.text + "\n" + Playground.place(shot, on: analysis.chart?.map), "\(name)")
    }
    let charts = try PlaygroundSuite.run(["charts", dir.file("rules.dialrules")])
    try #require(charts.status == 0, "\(charts.stderr)")
    let chart = try #require(Playground.analysis(rules).chart)
    let slices = (0...chart.map.slices.count).map { Playground.charts($0, on: chart) }
    #expect(chart.map.slices.count > 1)
    if charts.stdout != slices.joined(separator: "\n") {
      let lines = charts.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      Issue.record("the module's charts differ: \(lines.count) slices, first \(lines.first?.prefix(300) ?? "")")
    }
    let styles = try PlaygroundSuite.run(["styles"])
    #expect(styles.stdout == Playground.styles())
  }
}
