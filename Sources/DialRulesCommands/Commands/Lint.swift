import DialRules

/// `dialrules lint`: parse and check rule files and report every problem found.
///
/// Errors make the run fail (exit 1); warnings only with `--strict`. A file that cannot be read
/// at all is an input error (exit 2). Each file gets a one-line summary, so a clean run still says
/// what was checked.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let abstract = "Check rule files for errors and report every problem"
  static let usage =
    "dialrules lint [--format text|json] [--strict] [--max-errors N] [--color auto|always|never] RULES…"
  static let details = """
    ARGUMENTS:
      RULES             One or more .dialrules files ('-' reads standard input).

    OPTIONS:
      --format FORMAT   'text' (default) or 'json'.
      --strict          Treat warnings as errors (exit 1 when there are any).
      --max-errors N    Show at most N diagnostics per file (default 100).
      --color WHEN      Colour diagnostics: auto (default), always, never.
      -h, --help        Show this help.

    EXIT CODES:
      0 no errors; 1 errors found (or warnings with --strict); 2 a file could not be read;
      64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ArgumentScanner
    switch scan(arguments, valued: ["--format", "--max-errors", "--color"], flags: ["--strict"], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let format: String
    let colors: Bool
    var maxErrors = 100
    do {
      format = try scanner.choice("--format", ["text", "json"], default: "text")
      colors = try ColorChoice.resolve(scanner, io: io)
      if let raw = scanner.value("--max-errors") {
        guard let n = Int(raw), n > 0 else {
          return usageError("'--max-errors' needs a positive whole number, found '\(raw)'", io: io)
        }
        maxErrors = n
      }
    } catch {
      return usageError(error.message, io: io)
    }
    guard !scanner.positionals.isEmpty else { return usageError("missing rule files to lint", io: io) }

    var reports: [LintReport] = []
    var unreadable = false
    for path in scanner.positionals {
      do {
        let file = try InputFiles.read(path, io: io)
        reports.append(LintReport(file: file, output: RuleCompiler.compile(file)))
      } catch {
        io.err(error.message + "\n")
        unreadable = true
      }
    }
    let strict = scanner.flag("--strict")
    if format == "json" {
      io.out(LintJSONRenderer.render(reports))
    } else {
      let renderer = DiagnosticRenderer(colors: colors)
      for report in reports {
        let shown = Array(report.output.diagnostics.prefix(maxErrors))
        io.err(renderer.render(shown, in: report.file))
        if report.output.diagnostics.count > maxErrors {
          io.err(
            "\(report.file.path): note: \(report.output.diagnostics.count - maxErrors) more diagnostics not shown\n")
        }
        io.out(report.summary + "\n")
      }
    }
    if unreadable { return .invalidInput }
    let failed = reports.contains { $0.errors > 0 || (strict && $0.warnings > 0) }
    return failed ? .findings : .success
  }
}

/// What `lint` found in one file.
struct LintReport {
  var file: SourceFile
  var output: RuleCompiler.Output

  var errors: Int { output.diagnostics.filter { $0.severity == .error }.count }
  var warnings: Int { output.diagnostics.filter { $0.severity == .warning }.count }
  var ruleCount: Int? { output.rules?.rules.count }
  var exampleCount: Int? { output.rules?.rules.reduce(0) { $0 + $1.examples.count } }
  var rulesWithoutExample: [String] { output.rules?.rules.filter { $0.examples.isEmpty }.map(\.id) ?? [] }

  /// `rules/espresso.dialrules: 16 rules, 19 examples; 0 errors, 0 warnings`
  var summary: String {
    var s = "\(file.path): "
    if let ruleCount, let exampleCount {
      s += "\(ruleCount) rule\(ruleCount == 1 ? "" : "s"), \(exampleCount) example\(exampleCount == 1 ? "" : "s")"
      let bare = rulesWithoutExample
      if !bare.isEmpty { s += " (no example: \(bare.joined(separator: ", ")))" }
      s += "; "
    }
    s += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    return s
  }
}
