import DialRules

/// What the browser playground (`docs/playground/`) asks of the engine, text in, text out: each
/// function prints what the matching `dialrules` command prints, through the same code
/// (`LintJSON`, `ExplanationTextRenderer`, `ShotLinesEvaluation`), so the page and the command
/// line never disagree. `WasmExports.swift` hands these to JavaScript when the module is built
/// with Embedded Swift for WebAssembly; natively they are what the playground's tests compare
/// with the command line.
///
/// The texts have no file behind them; each gets the name a file would have (`rules.dialrules`,
/// `shot.json`, `shots.jsonl`), which lint's JSON shows as `path`.
package enum Playground {
  /// The name the rules are shown under.
  package static let rulesPath = "rules.dialrules"
  /// The name a shot is shown under.
  package static let shotPath = "shot.json"
  /// The name a JSON Lines text of shots is shown under.
  package static let shotsPath = "shots.jsonl"

  /// `dialrules lint --format json --no-analysis RULES`: the lexer's, parser's and checker's
  /// diagnostics and the failing inline examples, without the (slower) analysis. For every
  /// keystroke.
  package static func check(_ rules: String, path: String = rulesPath) -> String {
    LintJSON.render([LintReport(checking: SourceFile(path: path, text: rules), analyse: false, examples: true)])
  }

  /// `{"lint": …, "map": …}`: `lint` is what `dialrules lint --format json RULES` prints (every
  /// diagnostic, the analysis' findings included, and the analysis summary); `map` is the
  /// decision map of the table (`DecisionMap.jsonValue`), or null when the rules do not check.
  package static func analyse(_ rules: String, path: String = rulesPath) -> String {
    analysis(rules, path: path).text
  }

  /// `analyse`'s text and the chart drawer of the decision map it holds (nil when the rules do not
  /// check): `charts` draws with it, and `place` puts shots on its `map` without analysing again.
  /// `cache` carries what one analysis found to the next of the same session (`AnalysisCache`):
  /// the text is the same with or without it.
  package static func analysis(
    _ rules: String, path: String = rulesPath, cache: AnalysisCache? = nil
  ) -> (text: String, chart: DecisionMapChart?) {
    let report = LintReport(
      checking: SourceFile(path: path, text: rules), analyse: true, examples: true, recordingCells: true,
      cache: cache)
    var lint = LintJSON.render([report])
    if lint.hasSuffix("\n") { lint.removeLast() }
    var w = JSONWriter(reservingCapacity: 1 << 16)
    w.beginObject()
    w.key("lint")
    w.raw(lint)
    w.key("map")
    var chart: DecisionMapChart?
    if let table = report.output.rules {
      let built = DecisionMap(tables: [table], analysis: report.analysis)
      w.value(built.jsonValue(tables: [table]))
      chart = DecisionMapChart(map: built, tables: [table])
    } else {
      w.null()
    }
    w.endObject()
    return (w.text, chart)
  }

  /// `["<svg …", …]`: the chart of every situation of the analysed map in `slice`, in order, as
  /// `dialrules report` draws it (`DecisionMapChart`, without points: the page marks its shot
  /// itself, where `place` says); `[]` without a map or for a slice it does not have.
  package static func charts(_ slice: Int, on chart: DecisionMapChart?) -> String {
    var w = JSONWriter(reservingCapacity: 1 << 16)
    w.beginArray()
    if let chart, chart.map.slices.indices.contains(slice) {
      for s in chart.map.situations.indices {
        w.string(chart.svg(situation: s, slice: slice, points: []))
      }
    }
    w.endArray()
    return w.text
  }

  /// Where `shot` (shot JSON) falls on `map` (`DecisionMap.placeOnChart`: as the report places
  /// shots, and a shot without a slice axis's value, such as its first drop, in its situation
  /// with `slice` null): `{"placed": true, "situation": 0, "slice": 0, "unknown_slice_axes": [],
  /// "x": {"value": -7, "text": "-7 s", "side": 0}, "y": …}` (`x`, `y` null without that axis;
  /// `side` -1 or 1 when the value lies below or above the drawn range, where the chart shows it
  /// at its edge), `"pixel": {"x": 91.4, "y": 129}` the point in the chart's coordinates
  /// (`DecisionMap.ChartLayout`, as the report draws its points), or `{"placed": false,
  /// "reason": …}`.
  package static func place(_ shot: String, on map: DecisionMap?, shotPath: String = shotPath) -> String {
    var w = JSONWriter(reservingCapacity: 256)
    w.beginObject()
    func notPlaced(_ reason: String) {
      w.key("placed")
      w.bool(false)
      w.key("reason")
      w.string(reason)
    }
    if let map {
      switch ShotJSONReader.read(SourceFile(path: shotPath, text: shot)) {
      case .success(let record):
        switch map.placeOnChart(record) {
        case .placed(let situation, let slice, let unknown, let x, let y):
          w.key("placed")
          w.bool(true)
          w.key("situation")
          w.value(.number(ExactNumber(situation)))
          w.key("slice")
          if let slice { w.value(.number(ExactNumber(slice))) } else { w.null() }
          w.key("unknown_slice_axes")
          w.strings(unknown)
          for (name, value, axis) in [("x", x, map.x), ("y", y, map.y)] {
            w.key(name)
            guard let value, let axis else {
              w.null()
              continue
            }
            let side = PointMarks.side(value, axis.low, axis.high)
            w.value(
              .object([
                .init("value", .number(value)), .init("text", .string(map.quantity(value, on: axis))),
                .init("side", .number(ExactNumber(side))),
              ]))
          }
          let layout = DecisionMap.ChartLayout(map: map)
          w.key("pixel")
          w.beginObject()
          w.key("x")
          w.raw(HTMLText.number(layout.xs.pointPixel(x)))
          w.key("y")
          w.raw(HTMLText.number(layout.ys.pointPixel(y)))
          w.endObject()
        case .notPlaced(let reason):
          notPlaced(reason)
        }
      case .failure:
        notPlaced("the shot JSON is not a valid shot")
      }
    } else {
      notPlaced("the table is not analysed")
    }
    w.endObject()
    return w.text
  }

  /// `{"check": …, "explain": …}`: `check(rules)` and `explain(rules, shot, language)` at once,
  /// compiling the rules once, for a keystroke.
  package static func update(
    _ rules: String, shot: String, language: String, rulesPath: String = rulesPath, shotPath: String = shotPath
  ) -> String {
    let file = SourceFile(path: rulesPath, text: rules)
    let report = LintReport(checking: file, analyse: false, examples: true)
    var check = LintJSON.render([report])
    if check.hasSuffix("\n") { check.removeLast() }
    var w = JSONWriter(reservingCapacity: 8192)
    w.beginObject()
    w.key("check")
    w.raw(check)
    w.key("explain")
    w.raw(explain(file, output: report.output, shot: shot, language: language, shotPath: shotPath))
    w.endObject()
    return w.text
  }

  /// `{"css": …, "patterns": …}`: the page's styles as the HTML report writes them, in its order
  /// (`PageStyle.base`, then `DecisionMap.css`: the outcomes' fills in the light and dark scheme
  /// and in print, and the charts' own styles), and the outcomes' SVG patterns
  /// (`OutcomeStyle.patterns`): the one definition, which the page has no copy of.
  package static func styles() -> String {
    var w = JSONWriter(reservingCapacity: 16384)
    w.beginObject()
    w.key("css")
    w.string(PageStyle.base + DecisionMap.css)
    w.key("patterns")
    w.string(OutcomeStyle.patterns)
    w.endObject()
    return w.text
  }

  /// `{"decision": …, "text": …, "diagnostics": […]}` for one shot: `decision` is the decision JSON
  /// (as `dialrules eval` prints it for the shot), `text` what `dialrules explain --lang LANG RULES
  /// SHOT` prints. When the rules do not check, the shot is not valid shot JSON or `language` is
  /// not a language code, both are null and `diagnostics` says why (each as in lint's JSON, or
  /// just a `message`).
  /// `style` is how the map shows the decision's outcome (`OutcomeStyle`: `family`, `key`,
  /// `label`, `words`), null without a decision.
  package static func explain(
    _ rules: String, shot: String, language: String, rulesPath: String = rulesPath, shotPath: String = shotPath
  ) -> String {
    let rulesFile = SourceFile(path: rulesPath, text: rules)
    return explain(
      rulesFile, output: RuleCompiler.compile(rulesFile), shot: shot, language: language, shotPath: shotPath)
  }

  /// `explain` of rules compiled already.
  static func explain(
    _ rulesFile: SourceFile, output: RuleCompiler.Output, shot: String, language: String, shotPath: String
  ) -> String {
    let rulesPath = rulesFile.path
    var diagnostics: [JSONValue] = []
    var decision: String?
    var text: String?
    var style: OutcomeStyle?
    let shotFile = SourceFile(path: shotPath, text: shot)
    let chosen = RuleLanguage.allCases.first { $0.code == language }
    if chosen == nil {
      let codes = RuleLanguage.allCases.map { "'\($0.code)'" }.joined(separator: ", ")
      diagnostics.append(.object([.init("message", .string("unknown language '\(language)': use one of \(codes)"))]))
    }
    if output.rules == nil {
      for d in output.diagnostics { diagnostics.append(DiagnosticJSON.value(d, in: rulesFile)) }
      diagnostics.append(
        .object([.init("message", .string("\(rulesPath): error: the rules do not check; see their diagnostics"))]))
    }
    switch ShotJSONReader.read(shotFile) {
    case .success(let record):
      if let rules = output.rules, let language = chosen {
        let explanation = Evaluator(rules).explain(record)
        decision = explanation.decision.jsonText
        style = OutcomeStyle(explanation.decision.outcome)
        text = ExplanationTextRenderer(rulesFile: rulesFile, language: language).render(explanation)
      }
    case .failure(let list):
      for d in list { diagnostics.append(DiagnosticJSON.value(d, in: shotFile)) }
    }
    var w = JSONWriter(reservingCapacity: 4096)
    w.beginObject()
    w.key("decision")
    if let decision { w.raw(decision) } else { w.null() }
    w.key("text")
    w.string(orNull: text)
    w.key("diagnostics")
    w.value(.array(diagnostics))
    w.key("style")
    if let style {
      w.value(
        .object([
          .init("family", .string(style.family)), .init("key", .string(style.key)),
          .init("label", .string(style.label)), .init("words", .string(style.words)),
        ]))
    } else {
      w.null()
    }
    w.endObject()
    return w.text
  }

  /// What `dialrules eval RULES SHOTS` prints on standard output: one decision JSON per non-blank
  /// line of `shots`, an error record for a line that is not a valid shot; nothing when the rules
  /// do not check (the command prints their errors on standard error and stops).
  package static func evaluate(_ rules: String, shots: String, rulesPath: String = rulesPath) -> String {
    guard let table = RuleCompiler.compile(SourceFile(path: rulesPath, text: rules)).rules else { return "" }
    var w = JSONWriter(reservingCapacity: 1 << 12)
    _ = ShotLinesEvaluation.write(table, shots: SourceFile(path: shotsPath, text: shots), to: &w)
    return w.text
  }

  /// The shipped default table (`rules/espresso.dialrules`), as text.
  package static func defaultRules() -> String { DefaultRules.source }
}
