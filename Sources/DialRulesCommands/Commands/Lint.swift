import CommandLineSupport
import DialRules

/// `dialrules lint`: parse and check rule files, analyse the tables that check, and report every
/// problem and finding.
///
/// The table's inline examples are run as `test` runs them: one that does not get its `expect`ed
/// outcome is an error (E001) at its `example` line, unless `--no-examples`. The analysis
/// (`docs/analysis.md`) reports disagreements, gaps, shadowed, redundant and
/// impossible rules, ineffective overrides and rules sensitive to missing observations, each with
/// a checked witness shot. The run fails (exit 1) when a diagnostic reaches `--fail-level`
/// (default: error; `--strict` means warning). A file that cannot be read is an input error
/// (exit 2). In text mode each file gets a one-line summary, so a clean run still says what was
/// checked.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let abstract = "Check and analyse rule files and report every problem"
  static let usage = [
    "dialrules lint [--format text|json|sarif|github] [--fail-level error|warning|info] [--strict] [--no-analysis] "
      + "[--no-examples] "
      + "[--witness-dir DIR] [--shots FILE.jsonl] [--max-errors N] [--docs-url URL] [--color auto|always|never] RULES…"
  ]
  static let details = """
    ARGUMENTS:
      RULES               One or more .dialrules files ('-' reads standard input), or directories:
                          every *.dialrules below them, in sorted order (hidden entries skipped).

    OPTIONS:
      --format FORMAT     'text' (default), 'json', 'sarif' (SARIF 2.1.0, for code hosts) or
                          'github' (GitHub Actions annotations, one '::error …' line each).
      --fail-level LEVEL  Fail (exit 1) on diagnostics of this severity or worse: 'error'
                          (default), 'warning' or 'info'.
      --strict            Same as '--fail-level warning' (ignored when --fail-level is given).
      --no-analysis       Only parse and check; skip the table analysis.
      --no-examples       Do not run the rules' inline examples (by default each one that does
                          not get its 'expect'ed outcome is an error, E001).
      --witness-dir DIR   Write each finding's witness shot to DIR/<code>-<rules>-<n>.json
                          (with several RULES: DIR/<file name>/…), ready to commit as fixtures.
      --shots FILE        A JSON Lines file of shots (one shot JSON v1 per line, such as
                          'dialshot export --shots' writes): list every disagreement and gap
                          region with how many of these shots fall in it, the most first.
      --max-errors N      Show at most N diagnostics per file in text output (default 100).
      --docs-url URL      Where the dialrules 'docs/' folder is published, for the 'helpUri' of
                          SARIF rules (default 'docs/', relative to the dialrules repository).
      --color WHEN        Colour diagnostics: auto (default), always, never.
      -h, --help          Show this help.

    EXIT CODES:
      0 nothing at or above the fail level; 1 something was; 2 a file could not be read, a
      line of --shots is not a valid shot, or a witness could not be written; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(
      arguments,
      valued: ["--format", "--max-errors", "--color", "--fail-level", "--witness-dir", "--docs-url", "--shots"],
      flags: ["--strict", "--no-analysis", "--no-examples"], io: io)
    {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let options: Options
    switch Options.read(scanner, io: io) {
    case .success(let o): options = o
    case .failure(let code): return code
    }
    guard !scanner.positionals.isEmpty else { return usageError("missing rule files to lint", io: io) }
    if scanner.given("--shots"), scanner.flag("--no-analysis") {
      return usageError("'--shots' weighs the analysis' regions; it cannot go with '--no-analysis'", io: io)
    }
    var weighed: WeighedShots?
    if let path = scanner.value("--shots") {
      switch readShots(path, io: io, colors: options.colors) {
      case .success(let shots): weighed = shots
      case .failure(let code): return code
      }
    }
    let (reports, unreadable) = lintFiles(scanner, io: io)
    write(reports, options, weighed: weighed, docs: scanner.value("--docs-url") ?? "docs/", io: io)
    if let dir = scanner.value("--witness-dir") {
      do {
        try WitnessFiles.write(reports, to: dir, io: io)
      } catch {
        io.err(error.message + "\n")
        return .invalidInput
      }
    }
    if unreadable { return .invalidInput }
    return reports.contains { $0.fails(at: options.failLevel) } ? .findings : .success
  }

  /// How the reports are written and when the run fails, read from the options.
  private struct Options {
    var format: String
    var colors: Bool
    var failLevel: Diagnostic.Severity
    var maxErrors = DiagnosticListing.defaultLimit

    static func read(_ scanner: ParsedArguments, io: CommandIO) -> Result<Options, ExitCode> {
      do {
        // In this order, so the first bad option is the one reported.
        let format = try scanner.choice("--format", ["text", "json", "sarif", "github"], default: "text")
        let colors = try ColorChoice.resolve(scanner, io: io)
        let level = try scanner.choice(
          "--fail-level", ["error", "warning", "info"], default: scanner.flag("--strict") ? "warning" : "error")
        var options = Options(format: format, colors: colors, failLevel: Diagnostic.Severity(rawValue: level) ?? .error)
        if let raw = scanner.value("--max-errors") {
          guard let n = Int(raw), n > 0 else {
            return .failure(usageError("'--max-errors' needs a positive whole number, found '\(raw)'", io: io))
          }
          options.maxErrors = n
        }
        return .success(options)
      } catch {
        return .failure(usageError(error.message, io: io))
      }
    }
  }

  /// The shots of `--shots`, each named by its id and place; a failure once the problem is
  /// reported.
  private static func readShots(_ path: String, io: CommandIO, colors: Bool) -> Result<WeighedShots, ExitCode> {
    do {
      var shots = WeighedShots(source: path)
      let valid = try ShotBatches.read(path, io: io, colors: colors) { place, shot in
        shots.records.append(shot)
        shots.names.append(shot.id.map { "\($0) (\(place))" } ?? place)
      }
      return valid ? .success(shots) : .failure(.invalidInput)
    } catch {
      return .failure(InputFailure.report(error, io: io))
    }
  }

  /// Compiles, analyses and runs the examples of every rule file the positionals name (folders
  /// searched); `unreadable` when a path or a file could not be read (reported on stderr).
  private static func lintFiles(_ scanner: ParsedArguments, io: CommandIO) -> (
    reports: [LintReport], unreadable: Bool
  ) {
    var reports: [LintReport] = []
    var unreadable = false
    var paths: [String] = []
    for path in scanner.positionals {
      do {
        paths += try FileSearch.ruleFiles(path, io: io)
      } catch {
        io.err(error.message + "\n")
        unreadable = true
      }
    }
    for path in paths {
      do {
        let file = try InputFiles.sourceFile(path, io: io)
        let output = RuleCompiler.compile(file)
        let analysis = scanner.flag("--no-analysis") ? nil : output.rules.map { Analyzer.analyze($0) }
        let examples = scanner.flag("--no-examples") ? [] : output.rules.map(ExampleRunner.diagnostics) ?? []
        reports.append(LintReport(file: file, output: output, analysis: analysis, examples: examples))
      } catch {
        io.err(error.message + "\n")
        unreadable = true
      }
    }
    return (reports, unreadable)
  }

  /// The reports in the chosen format: JSON, SARIF or GitHub annotations on stdout, or each file's
  /// diagnostics on stderr and its summary (and the weighed shots) on stdout.
  private static func write(
    _ reports: [LintReport], _ options: Options, weighed: WeighedShots?, docs: String, io: CommandIO
  ) {
    let maxErrors = options.maxErrors
    switch options.format {
    case "json": io.out(LintJSONRenderer.render(reports, shots: weighed))
    case "sarif": io.out(LintSARIFRenderer.render(reports, docs: docs))
    case "github": io.out(GitHubAnnotations.render(reports))
    default:
      let renderer = DiagnosticRenderer(colors: options.colors)
      for report in reports {
        io.err(renderer.render(report.diagnostics.prefix(maxErrors), in: report.file))
        if report.diagnostics.count > maxErrors {
          io.err("\(report.file.path): note: \(report.diagnostics.count - maxErrors) more diagnostics not shown\n")
        }
        io.out(report.summary + "\n")
        if let weighed, let analysis = report.analysis {
          io.out(
            ShotWeightsRenderer.text(
              analysis.weigh(weighed.records), rules: report.file, shotsSource: weighed.source, names: weighed.names))
        }
      }
    }
  }
}

/// The shots of `lint --shots`, with the name each is listed under.
struct WeighedShots {
  /// The file, as given.
  var source: String
  var records: [ShotRecord] = []
  /// Per record: its id and place (`sour-1 (shots.jsonl:3)`), or the place alone.
  var names: [String] = []
}
