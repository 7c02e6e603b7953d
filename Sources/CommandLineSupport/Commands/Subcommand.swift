import DialRules

/// What every subcommand of both tools declares: a name, a one-line abstract, its usage lines,
/// the rest of its help, and which program it belongs to. Each tool refines this with its own
/// `run` step and help layout; each subcommand lives in its own file under `Commands/`.
package protocol Subcommand: Sendable {
  /// The word after the program name (`lint`, `log`).
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// The synopsis lines (`dialrules lint [options] RULES…`); the first one is shown with errors.
  static var usage: [String] { get }
  /// Everything after the usage in `--help`: arguments, options, exit codes.
  static var details: String { get }
  /// The program name, for `See 'dialrules lint --help'`.
  static var program: String { get }
  /// The whole `--help` text, in the tool's layout.
  static var helpText: String { get }
}

extension Subcommand {
  /// Reports a usage error in the argument-parser shape and returns exit status 64:
  ///
  ///     Error: unknown option '--frmat'; did you mean '--format'?
  ///     Usage: dialrules lint [--format text|json|sarif] … RULES…
  ///     See 'dialrules lint --help' for more information.
  package static func usageError(_ message: String, io: CommandIO) -> ExitCode {
    usageError(UsageError(message), in: .english, io: io)
  }

  /// Reports `error` in `language` (its words, and the frame's `Fehler:` / `Aufruf:`), exit 64.
  package static func usageError(_ error: UsageError, in language: RuleLanguage, io: CommandIO) -> ExitCode {
    io.err(
      UsageError.report(
        error.message(in: language), usage: usage.first ?? "\(program) \(name)", helpCommand: "\(program) \(name)",
        in: language))
    return .usage
  }

  /// Scans `arguments`. On `--help` prints the help to standard output and fails with `.success`;
  /// on a usage error prints it and fails with `.usage` — in both cases the caller returns the
  /// code at once.
  package static func parse(_ arguments: [String], _ spec: ArgumentSpec, io: CommandIO)
    -> Result<ParsedArguments, ExitCode>
  {
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentScanner.scan(arguments, spec)
    } catch {
      return .failure(usageError(error.message, io: io))
    }
    if parsed.wantsHelp {
      io.out(helpText)
      return .failure(.success)
    }
    return .success(parsed)
  }
}
