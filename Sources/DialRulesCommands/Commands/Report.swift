import CommandLineSupport
import DialRules

/// `dialrules report`: the decision map of a rule table as one self-contained HTML page — where
/// the table suggests each change, leaves the recipe alone or abstains, and why — with the
/// analysis' findings, fixture coverage and shots drawn where they fall (`docs/reports.md`).
enum ReportCommand: Subcommand {
  static let name = "report"
  static let abstract = "Draw the decision map of a rule table as a self-contained HTML page"
  static let usage = ["dialrules report [--fixtures PATH…] [--shots FILE.jsonl…] [-o FILE.html] RULES"]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file ('-' reads standard input).

    OPTIONS:
      --fixtures PATH   Fixture shots (*.json) or directories of them: drawn on the map, and each
                        rule's coverage counted as 'dialrules test --coverage' counts it (with the
                        inline examples). Repeatable.
      --shots FILE      A JSON Lines file of shots (one shot JSON v1 per line), drawn on the map.
                        Repeatable.
      -o, --output FILE Write the page to FILE (replaced atomically) instead of standard output.
      --color WHEN      Colour diagnostics: auto (default), always, never.
      -h, --help        Show this help.

    The page needs no network and no other file: inline SVG and CSS, a few lines of script for
    the slice selector and hover. The same input gives the same bytes.

    EXIT CODES:
      0 the page was written; 2 a file could not be read, a shot is invalid or the rules do not
      check; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(
      arguments, valued: ["-o", "--output", "--color"], repeatable: ["--fixtures", "--shots"], flags: [], io: io)
    {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let colors: Bool
    do {
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    guard scanner.positionals.count == 1 else {
      return usageError("expected one rule file, found \(scanner.positionals.count) arguments", io: io)
    }
    if scanner.given("-o") && scanner.given("--output") {
      return usageError("give '-o' or '--output', not both", io: io)
    }
    let output = scanner.value("-o") ?? scanner.value("--output")
    let rulesPath = scanner.positionals[0]
    let (rulesFile, rules): (SourceFile, CompiledRules)
    switch RuleLoading.load(rulesPath, io: io, colors: colors) {
    case .success(let loaded): (rulesFile, rules) = loaded
    case .failure(let code): return code
    }

    var shots: [RuleReportPage.Shot] = []
    var coverage: Coverage?
    var fixtureCount = 0
    var shotCount = 0
    do {
      let fixturePaths = scanner.all("--fixtures")
      if !fixturePaths.isEmpty {
        // The same cases and counting as `dialrules test RULES PATH… --coverage`.
        let runner = TestRunner(rulesFile: rulesFile, rules: rules, update: false, io: io)
        var results = runner.runExamples()
        for path in try TestRunner.fixtures(in: fixturePaths, io: io) {
          let result = try runner.run(fixture: path)
          results.append(result)
          shots.append(.init(kind: .fixture, name: path, record: result.testCase.shot))
          fixtureCount += 1
        }
        coverage = Coverage(runner: runner, results: results)
      }
      for path in scanner.all("--shots") {
        let valid = try ShotBatches.read(path, io: io, colors: colors) { source, shot in
          let name = shot.id.map { "\(source) (\($0))" } ?? source
          shots.append(.init(kind: .shot, name: name, record: shot))
          shotCount += 1
        }
        if !valid { return .invalidInput }
      }
    } catch {
      return InputFailure.report(error, io: io)
    }

    // The map is drawn from the analysis' own cells (one sweep of the table, not two).
    let analysis = Analyzer.analyze(rules, recordingCells: true)
    let page = RuleReportPage(
      rulesPath: rulesPath, rules: rules, analysis: analysis, map: DecisionMap(tables: [rules], analysis: analysis),
      shots: shots, coverage: coverage, fixtureCount: fixtureCount, shotCount: shotCount, source: rulesFile)
    return ReportOutput.write(page.html, to: output, io: io)
  }
}

/// Writing a report: to standard output, or atomically to a file (so a failed run never leaves
/// half a page where the old one was).
enum ReportOutput {
  static func write(_ html: String, to path: String?, io: CommandIO) -> ExitCode {
    guard let path, path != "-" else {
      io.out(html)
      return .success
    }
    do {
      try AtomicFile.write(html, to: path, io: io)
    } catch {
      io.err(error.message + "\n")
      return .invalidInput
    }
    return .success
  }
}
