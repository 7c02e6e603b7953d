/// One `dialrules` subcommand: a name, a one-line abstract, a usage line, a help text and a run
/// step that returns the exit status. Each lives in its own file under `Commands/`.
protocol Subcommand: Sendable {
  static var name: String { get }
  static var abstract: String { get }
  /// `dialrules lint [options] RULES…`
  static var usage: String { get }
  /// Everything after the usage line in `--help`: arguments, options, exit codes.
  static var details: String { get }
  static func run(_ arguments: [String], io: CommandIO) -> ExitCode
}

extension Subcommand {
  static var helpText: String {
    "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(details)"
  }

  /// Reports a usage error in the argument-parser shape and returns exit status 64.
  static func usageError(_ message: String, io: CommandIO, program: String = "dialrules") -> ExitCode {
    io.err("Error: \(message)\nUsage: \(usage)\nSee '\(program) \(name) --help' for more information.\n")
    return .usage
  }

  /// Scans `arguments`; on `--help` prints help and returns `.success`, on a usage error returns
  /// `.usage` — in both cases the caller returns the code at once.
  static func scan(_ arguments: [String], valued: Set<String>, flags: Set<String>, io: CommandIO)
    -> Result<ArgumentScanner, ExitCode>
  {
    var scanner = ArgumentScanner(valued: valued, flags: flags)
    do {
      try scanner.scan(arguments)
    } catch {
      return .failure(usageError(error.message, io: io))
    }
    if scanner.wantsHelp {
      io.out(helpText)
      return .failure(.success)
    }
    return .success(scanner)
  }
}

/// How diagnostics are coloured: `--color auto|always|never`.
enum ColorChoice {
  static func resolve(_ scanner: ArgumentScanner, io: CommandIO) throws(ArgumentScanner.UsageError) -> Bool {
    switch try scanner.choice("--color", ["auto", "always", "never"], default: "auto") {
    case "always": return true
    case "never": return false
    default: return io.stderrIsTerminal
    }
  }
}
