import CommandLineSupport
import DialRules
import DialRulesPlayground
import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRulesCommands

/// The playground's engine interface (`Playground`, what `dialrules.wasm` exports) against the
/// real command line on the repository's files, byte for byte: `check` is `lint --format json
/// --no-analysis`, `analyse` holds `lint --format json` and the map `report` draws, `explain`'s
/// text is `explain --lang`, its decision the one `eval` prints, `evaluate` is `eval`'s standard
/// output; bad rules and bad shot JSON included.
@Suite struct PlaygroundFacadeTests {
  static let espresso = "rules/espresso.dialrules"

  /// The rule files to lint: the default table, every diagnostics fixture and the bad inputs that
  /// are valid UTF-8 (the playground's texts come from a browser, always UTF-8).
  static func ruleFiles() throws -> [String] {
    var files = [espresso, "Fixtures/reference/reference-table.dialrules"]
    for dir in ["Fixtures/diagnostics", "Fixtures/bad-inputs"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path() + "/" + dir).sorted()
      files += names.filter { $0.hasSuffix(".dialrules") }.map { dir + "/" + $0 }
    }
    return try files.filter { try isUTF8($0) }
  }

  static func isUTF8(_ path: String) throws -> Bool {
    let bytes = try PackageRoot.bytes(path)
    return Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
  }

  @Test func checkIsLintWithoutAnalysis() throws {
    let files = try Self.ruleFiles()
    #expect(files.count > 40)
    var withErrors = 0
    for path in files {
      let cli = dialrules("lint", "--format", "json", "--no-analysis", path)
      let text = try PackageRoot.read(path)
      #expect(Playground.check(text, path: path) == cli.out, "\(path)")
      if cli.status != 0 { withErrors += 1 }
    }
    // The comparison covers failing files, not only clean ones.
    #expect(withErrors > 30)
  }

  @Test func analyseHoldsLintAndTheReportsMap() throws {
    // The default table first: its analysis is the slow part (about half a minute in a debug build).
    for path in [
      Self.espresso, "Fixtures/reference/reference-table.dialrules", "Fixtures/diagnostics/C002-unknown-name.dialrules",
    ] {
      let cli = dialrules("lint", "--format", "json", path)
      let out = Playground.analyse(try PackageRoot.read(path), path: path)
      let lint = String(cli.out.dropLast())
      #expect(out.hasPrefix("{\"lint\":" + lint + ",\"map\":"), "\(path)")
      let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
      guard path != "Fixtures/diagnostics/C002-unknown-name.dialrules" else {
        #expect(root["map"] is NSNull)
        continue
      }
      // The default table's report takes as long as its analysis again; the reference table's
      // map (every axis drawn) stands for both.
      guard path != Self.espresso else {
        #expect((root["map"] as? [String: Any])?["situations"] is [Any])
        continue
      }
      // The map holds what `dialrules report` draws: the same situations and rectangles.
      let dir = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let r = dialrules("report", path, "-o", dir + "/report.html")
      #expect(r.status == 0, "\(r.err)")
      let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
      let map = try #require(root["map"] as? [String: Any])
      let situations = try #require(map["situations"] as? [[String: Any]])
      #expect(!situations.isEmpty)
      #expect(html.components(separatedBy: "<figure class=\"map\"").count - 1 == situations.count)
      var cells = 0
      for s in situations {
        let title = try #require(s["title"] as? String)
        #expect(html.contains(htmlEscaped(title)), "\(title)")
        for slice in try #require(s["cells"] as? [[Any]]) { cells += slice.count }
      }
      #expect(html.components(separatedBy: "<g class=\"cell ").count - 1 == cells)
      let answers = try #require(map["answers"] as? [[String: Any]])
      for a in answers {
        let sentence = try #require(a["sentence"] as? String)
        #expect(html.contains(htmlEscaped(sentence)), "\(sentence)")
      }
    }
  }

  func htmlEscaped(_ s: String) -> String { HTMLText.escape(s) }

  /// Every fixture shot in three languages: the text is `explain --lang`'s, the decision `eval`'s.
  @Test func explainIsExplainAndEval() throws {
    let rules = try PackageRoot.read(Self.espresso)
    let names = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path() + "/Fixtures/shots").sorted()
      .filter { $0.hasSuffix(".json") }
    #expect(names.count > 50)
    for name in names {
      let path = "Fixtures/shots/" + name
      let shot = try PackageRoot.read(path)
      for lang in ["en", "de", "es"] {
        let cli = dialrules("explain", "--lang", lang, Self.espresso, path)
        let out = Playground.explain(rules, shot: shot, language: lang, rulesPath: Self.espresso, shotPath: path)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        if cli.status == 0 {
          #expect(root["text"] as? String == cli.out, "\(path) \(lang)")
          let line = shot.replacingOccurrences(of: "\n", with: " ")
          let eval = dialrules("eval", Self.espresso, "-", stdin: line)
          #expect(out.hasPrefix("{\"decision\":" + eval.out.dropLast() + ",\"text\":"), "\(path)")
          #expect((root["diagnostics"] as? [Any])?.isEmpty == true)
        } else {
          #expect(root["decision"] is NSNull && root["text"] is NSNull, "\(path)")
          try expectSameDiagnostics(root, cliErrors: cli.err, path)
        }
      }
    }
  }

  /// Bad shot JSON: no decision, and the diagnostics `explain` prints, at the same places.
  @Test func explainReportsBadShots() throws {
    let rules = try PackageRoot.read(Self.espresso)
    var bad = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path() + "/Fixtures/bad-inputs")
      .sorted()
    where name.hasPrefix("shot-") {
      let path = "Fixtures/bad-inputs/" + name
      guard try Self.isUTF8(path) else { continue }
      let cli = dialrules("explain", Self.espresso, path)
      let out = Playground.explain(
        rules, shot: try PackageRoot.read(path), language: "en", rulesPath: Self.espresso, shotPath: path)
      let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
      if cli.status == 0 {
        #expect(root["text"] as? String == cli.out, "\(path)")
      } else {
        bad += 1
        #expect(root["decision"] is NSNull, "\(path)")
        try expectSameDiagnostics(root, cliErrors: cli.err, path)
      }
    }
    #expect(bad >= 3)
    // Rules that do not check, and an unknown language.
    let broken = Playground.explain("dialrules 1\nrule x {\n", shot: "{}", language: "en")
    #expect(broken.hasPrefix("{\"decision\":null,\"text\":null,\"diagnostics\":[{\"code\":\"C007\""), "\(broken)")
    let shot = try PackageRoot.read("Fixtures/shots/sour-fast.json")
    let klingon = Playground.explain(rules, shot: shot, language: "tlh")
    #expect(klingon.contains("unknown language 'tlh'"))
    #expect(klingon.hasPrefix("{\"decision\":null,\"text\":null"))
  }

  /// The `file:line:column: error[CODE]` of every diagnostic `explain` printed, in order, equal to
  /// the facade's (which also names the rules' failure in words, without a code).
  func expectSameDiagnostics(_ root: [String: Any], cliErrors: String, _ path: String) throws {
    let listed = try #require(root["diagnostics"] as? [[String: Any]])
    let coded = listed.compactMap { d -> String? in
      guard let code = d["code"] as? String, let p = d["path"] as? String, let l = d["line"] as? Int,
        let c = d["column"] as? Int, let severity = d["severity"] as? String
      else { return nil }
      return "\(p):\(l):\(c): \(severity)[\(code)]"
    }
    let printed = cliErrors.split(separator: "\n").compactMap { line -> String? in
      guard let end = line.range(of: "]: ") else { return nil }
      return String(line[..<end.lowerBound]) + "]"
    }
    #expect(!coded.isEmpty, "\(path)")
    #expect(coded == printed, "\(path): \(cliErrors)")
  }

  @Test func evaluateIsEvalsOutput() throws {
    let rules = try PackageRoot.read(Self.espresso)
    let batches =
      ["Fixtures/shots/batch.jsonl"]
      + ["blank-lines", "empty", "mixed-line-endings"].map {
        "Fixtures/bad-inputs/batch-\($0).jsonl"
      }
    for path in batches {
      let cli = dialrules("eval", Self.espresso, path)
      #expect(
        Playground.evaluate(rules, shots: try PackageRoot.read(path), rulesPath: Self.espresso) == cli.out, "\(path)")
    }
    // Invalid lines among valid ones: error records in their place, as `eval` writes them.
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let mixed = try PackageRoot.read("Fixtures/shots/batch.jsonl") + "{\"format\":\"dialrules-shot\"\nnot json\n"
    try mixed.write(toFile: dir + "/mixed.jsonl", atomically: true, encoding: .utf8)
    let cli = dialrules("eval", Self.espresso, dir + "/mixed.jsonl")
    #expect(cli.status == 2)
    #expect(cli.out.contains("\"error\":{\"code\":\"J"))
    #expect(Playground.evaluate(rules, shots: mixed) == cli.out)
    // Rules that do not check: `eval` prints nothing on standard output.
    try "dialrules 1\nrule {\n".write(toFile: dir + "/bad.dialrules", atomically: true, encoding: .utf8)
    let broken = dialrules("eval", dir + "/bad.dialrules", "Fixtures/shots/batch.jsonl")
    #expect(broken.status == 2 && broken.out.isEmpty)
    #expect(Playground.evaluate("dialrules 1\nrule {\n", shots: mixed).isEmpty)
  }

  @Test func defaultRulesAreTheShippedTable() throws {
    #expect(Playground.defaultRules() == (try PackageRoot.read(Self.espresso)))
  }

  /// The page draws with the report's own styles, delivered by the engine: `Playground.styles`
  /// is the report's base style, outcome fills and chart styles in the report's order and the
  /// report's patterns; the page puts them before its own sheet, which holds none of those rules,
  /// and has no patterns of its own.
  @Test func pageUsesTheDeliveredStyles() throws {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(Playground.styles().utf8)) as? [String: String])
    #expect(
      root == ["css": PageStyle.base + OutcomeStyle.css + DecisionMap.chartCSS, "patterns": OutcomeStyle.patterns])
    // The report starts its pages the same way.
    let page = HTMLDocument(title: "t", style: DecisionMap.css, body: "").text
    #expect(page.contains("<style>\n" + PageStyle.base + DecisionMap.css + "</style>"))
    // The page's own sheet copies none of the delivered rules (every line with a declaration).
    let css = try PackageRoot.read("docs/playground/playground.css")
    let delivered = (PageStyle.base + DecisionMap.css).split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let copied = delivered.filter { $0.contains(":") && $0.contains(";") && css.contains($0) }
    #expect(copied.isEmpty, "\(copied)")
    let html = try PackageRoot.read("docs/playground/index.html")
    #expect(!html.contains("<pattern"))
    // The page applies what the engine delivers, before its own sheet.
    let js = try PackageRoot.read("docs/playground/playground.js")
    #expect(js.contains("fast.call('styles')"))
    #expect(js.contains("style.textContent = styles.css;"))
    #expect(js.contains("document.head.insertBefore(style, document.querySelector('link[rel=stylesheet]'));"))
    #expect(js.contains("$('outcome-patterns').innerHTML = styles.patterns;"))
  }

  /// `update` is `check` and `explain` in one: the same texts, from one compilation.
  @Test func updateIsCheckAndExplain() throws {
    let rules = try PackageRoot.read(Self.espresso)
    let shots = ["Fixtures/shots/sour-fast.json", "Fixtures/bad-inputs/shot-truncated.json"]
    for (text, shotPath) in [(rules, shots[0]), (rules, shots[1]), ("dialrules 1\nrule x {\n", shots[0])] {
      let shot = (try? PackageRoot.read(shotPath)) ?? "{"
      for lang in ["en", "de"] {
        var check = Playground.check(text)
        check.removeLast()
        let explain = Playground.explain(text, shot: shot, language: lang)
        #expect(
          Playground.update(text, shot: shot, language: lang) == "{\"check\":\(check),\"explain\":\(explain)}",
          "\(shotPath)")
      }
    }
    // The decision's outcome as the map shows it.
    let sour = Playground.explain(rules, shot: try PackageRoot.read(shots[0]), language: "en")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(sour.utf8)) as? [String: Any])
    let style = try #require(root["style"] as? [String: String])
    #expect(style["family"] == "finer" && style["label"] == "finer 1", "\(style)")
  }

  /// `place` puts a shot where `DecisionMap.place` (the report's placement) does, on the map
  /// `analysis` holds, and says in words why a shot is on no chart.
  @Test func placeIsTheReportsPlacement() throws {
    let path = "Fixtures/reference/reference-table.dialrules"
    let analysis = Playground.analysis(try PackageRoot.read(path), path: path)
    let map = try #require(analysis.chart?.map)
    let shot = try PackageRoot.read("Fixtures/shots/sour-fast.json")
    let record = try ShotJSONReader.read(SourceFile(path: "shot.json", text: shot)).get()
    guard case .placed(let situation, let slice, let x, let y) = map.place(record) else {
      Issue.record("the sour, fast shot is on no chart")
      return
    }
    let placed = try #require(
      try JSONSerialization.jsonObject(with: Data(Playground.place(shot, on: map).utf8)) as? [String: Any])
    #expect(placed["placed"] as? Bool == true)
    #expect(placed["situation"] as? Int == situation && placed["slice"] as? Int == slice)
    let px = try #require(placed["x"] as? [String: Any])
    #expect(px["text"] as? String == x.map { map.quantity($0, on: map.x!) })
    #expect((placed["y"] is NSNull) == (y == nil))
    // No taste recorded, not a shot, no map.
    let untasted = shot.replacingOccurrences(of: "\"taste\"", with: "\"untasted\"")
    #expect(Playground.place(untasted, on: map).hasPrefix("{\"placed\":false,\"reason\":"))
    #expect(Playground.place("{", on: map) == "{\"placed\":false,\"reason\":\"the shot JSON is not a valid shot\"}")
    #expect(Playground.place(shot, on: nil) == "{\"placed\":false,\"reason\":\"the table is not analysed\"}")
    // The point in the chart's coordinates, where the report draws a point of that shot.
    let layout = DecisionMap.ChartLayout(map: map)
    let pixel = try #require(placed["pixel"] as? [String: Double])
    #expect(HTMLText.number(pixel["x"] ?? .nan) == HTMLText.number(layout.xs.pixel(x!)))
    let py = y.map { layout.ys.pixel($0) } ?? (layout.ys.from + layout.ys.to) / 2
    #expect(HTMLText.number(pixel["y"] ?? .nan) == HTMLText.number(py))
  }

  /// `charts` are the report's charts of the analysed map, byte for byte: every situation's, in
  /// each slice (the report's charts that carry a finding's witness differ by its mark, the
  /// playground marks only its shot); none without a map or for a slice the map does not have.
  @Test func chartsAreTheReports() throws {
    let path = "Fixtures/reference/reference-table.dialrules"
    let analysis = Playground.analysis(try PackageRoot.read(path), path: path)
    let chart = try #require(analysis.chart)
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = dialrules("report", path, "-o", dir + "/report.html")
    #expect(r.status == 0, "\(r.err)")
    let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
    let opening = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\""
    let reportCharts = html.components(separatedBy: opening).dropFirst()
    let withWitness = reportCharts.filter { $0.components(separatedBy: "</svg>")[0].contains("p-witness") }.count
    #expect(withWitness > 0)
    var drawn = 0
    var notInReport = 0
    for slice in chart.map.slices.indices {
      let text = Playground.charts(slice, on: chart)
      let svgs = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
      #expect(svgs.count == chart.map.situations.count)
      for svg in svgs {
        #expect(svg.hasPrefix(opening) && svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("class=\"point"))
        if !html.contains(svg) { notInReport += 1 }
        drawn += 1
      }
    }
    #expect(drawn == reportCharts.count)
    #expect(notInReport == withWitness)
    #expect(Playground.charts(chart.map.slices.count, on: chart) == "[]")
    #expect(Playground.charts(-1, on: chart) == "[]")
    #expect(Playground.charts(0, on: nil) == "[]")
    // A table that does not check has no map to draw.
    #expect(Playground.analysis("dialrules 1\nrule x {\n").chart == nil)
  }
}
