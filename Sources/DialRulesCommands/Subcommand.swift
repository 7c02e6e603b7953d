import CommandLineSupport

/// One `dialrules` subcommand: the shared description (name, abstract, usage, details) and a run
/// step that scans its own arguments and returns the exit status. Each lives in its own file
/// under `Commands/`.
protocol Subcommand: CommandLineSupport.Subcommand {
  static func run(_ arguments: [String], io: CommandIO) -> ExitCode
}

extension Subcommand {
  static var program: String { "dialrules" }

  static var helpText: String {
    "OVERVIEW: \(abstract)\n\nUSAGE: \(usage.joined(separator: "\n       "))\n\n\(details)"
  }

  /// Scans `arguments`; on `--help` prints help and returns `.success`, on a usage error returns
  /// `.usage` — in both cases the caller returns the code at once.
  static func scan(
    _ arguments: [String], valued: Set<String>, repeatable: Set<String> = [], flags: Set<String>, io: CommandIO
  ) -> Result<ParsedArguments, ExitCode> {
    parse(
      arguments, ArgumentSpec(options: valued.sorted(), repeatable: repeatable.sorted(), flags: flags.sorted()),
      io: io)
  }
}
