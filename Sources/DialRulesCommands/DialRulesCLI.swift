import CommandLineSupport
import DialRules

/// Entry point of the `dialrules` executable: dispatches to one subcommand.
public enum DialRulesCLI {
  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Subcommand.Type] = [
    LintCommand.self, ExplainCommand.self, EvalCommand.self, TestCommand.self, FmtCommand.self, TableCommand.self,
    DiffCommand.self, ReportCommand.self, LspCommand.self,
  ]

  public static let version = "0.1.0"

  static var program: CommandLineProgram<any Subcommand.Type> {
    CommandLineProgram(
      name: "dialrules", versionLine: "dialrules \(version) (language 1)", overview: overview, commands: commands,
      describe: { $0 })
  }

  /// Runs `dialrules` with `arguments` (without the program name) and returns the exit status.
  package static func main(arguments: [String], io: CommandIO = .process()) -> Int32 {
    defer { io.flush() }
    switch program.route(arguments, io: io) {
    case .exit(let code): return code.rawValue
    case .run(let command, let rest): return command.run(rest, io: io).rawValue
    }
  }

  static var overview: String {
    var s = "OVERVIEW: dialrules — an exact, explainable rule language for espresso dial-in\n\n"
    s += "USAGE: dialrules <command> [options]\n\nCOMMANDS:\n"
    for c in commands {
      s += "  " + c.name.padded(to: 10) + c.abstract + "\n"
    }
    s += "\nSee 'dialrules <command> --help' for a command's options.\n"
    s += "Exit codes: 0 success, 1 problems found, 2 input could not be processed, 64 usage error, 70 internal error.\n"
    return s
  }
}
