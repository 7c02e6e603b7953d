import DialRules
import Foundation

/// Entry point of the `dialrules` executable: dispatches to one subcommand.
public enum DialRulesCLI {
  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Subcommand.Type] = [
    LintCommand.self, ExplainCommand.self, EvalCommand.self, TestCommand.self, FmtCommand.self, TableCommand.self,
    DiffCommand.self, LspCommand.self,
  ]

  public static let version = "0.1.0"

  /// Runs `dialrules` with `arguments` (without the program name) and returns the exit status.
  public static func main(arguments: [String], io: CommandIO = .process()) -> Int32 {
    defer { io.flush() }
    guard let first = arguments.first else {
      io.err(overview)
      return ExitCode.usage.rawValue
    }
    if first == "--help" || first == "-h" || first == "help" {
      if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        io.out(command.helpText)
      } else {
        io.out(overview)
      }
      return ExitCode.success.rawValue
    }
    if first == "--version" {
      io.out("dialrules \(version) (language 1)\n")
      return ExitCode.success.rawValue
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let names = commands.map { $0.name }
      // A typo, or a longer word that starts with a command name (`evaluate` → `eval`).
      let guess =
        Suggestion.closest(to: first, among: names) ?? names.first { first.hasPrefix($0) || $0.hasPrefix(first) }
      let hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
      io.err("Error: unknown command '\(first)'\(hint)\nSee 'dialrules --help' for the list of commands.\n")
      return ExitCode.usage.rawValue
    }
    return command.run(Array(arguments.dropFirst()), io: io).rawValue
  }

  static var overview: String {
    var s = "OVERVIEW: dialrules — an exact, explainable rule language for espresso dial-in\n\n"
    s += "USAGE: dialrules <command> [options]\n\nCOMMANDS:\n"
    for c in commands {
      s += "  " + c.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.abstract + "\n"
    }
    s += "\nSee 'dialrules <command> --help' for a command's options.\n"
    s += "Exit codes: 0 success, 1 problems found, 2 input could not be processed, 64 usage error, 70 internal error.\n"
    return s
  }
}
