import CommandLineSupport
import DialRules

/// `dialrules table`: the compiled decision table as people read it — one row per rule (a rule
/// whose condition is an "or" of several boxes takes one row per box), one column per value or tag
/// the rules test, then the action, the overrides and the rationale. Markdown by default, for
/// review comments and docs; CSV for spreadsheets; JSON for tools.
enum TableCommand: Subcommand {
  static let name = "table"
  static let abstract = "Show the compiled decision table: one row per rule, one column per axis"
  static let usage = [
    "dialrules table [--format markdown|csv|json] [--color auto|always|never] RULES"
  ]
  static let details = """
    ARGUMENTS:
      RULES             A .dialrules file ('-' reads standard input).

    OPTIONS:
      --format FORMAT   'markdown' (default), 'csv' or 'json'.
      --color WHEN      Colour diagnostics: auto (default), always, never.
      -h, --help        Show this help.

    EXIT CODES:
      0 the table was printed; 2 the rules could not be read or do not check; 64 usage error.

    """

  static func run(_ arguments: [String], io: CommandIO) -> ExitCode {
    let scanner: ParsedArguments
    switch scan(arguments, valued: ["--format", "--color"], flags: [], io: io) {
    case .success(let s): scanner = s
    case .failure(let code): return code
    }
    let format: String
    let colors: Bool
    do {
      format = try scanner.choice("--format", ["markdown", "csv", "json"], default: "markdown")
      colors = try ColorChoice.resolve(scanner, io: io)
    } catch {
      return usageError(error.message, io: io)
    }
    guard scanner.positionals.count == 1 else {
      return usageError("expected one rule file, found \(scanner.positionals.count) arguments", io: io)
    }
    let rules: CompiledRules
    switch RuleLoading.load(scanner.positionals[0], io: io, colors: colors) {
    case .success(let loaded): rules = loaded.1
    case .failure(let code): return code
    }
    let view = DecisionTableView(rules, analysis: Analyzer.analyze(rules))
    switch format {
    case "csv": io.out(TableRenderers.csv(view))
    case "json": io.out(TableRenderers.json(view))
    default: io.out(TableRenderers.markdown(view))
    }
    return .success
  }
}
