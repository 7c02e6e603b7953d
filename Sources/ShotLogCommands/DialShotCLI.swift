import ShotLog

/// Entry point of the `dialshot` executable: picks the subcommand, scans its arguments, runs it,
/// and turns every error into a message on standard error and a documented exit status.
public enum DialShotCLI {
  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    ProfilesCommand.self, RecipeCommand.self, PullCommand.self, LogCommand.self, SuggestCommand.self,
    AcceptCommand.self, RejectCommand.self, HistoryCommand.self, CompareCommand.self, TrendsCommand.self,
    ExportCommand.self, ImportCommand.self, ConfigCommand.self,
  ]

  /// Runs `dialshot` with `arguments` (without the program name).
  public static func main(arguments: [String], environment: CommandEnvironment) -> Int32 {
    defer {
      environment.stdout.flush()
      environment.stderr.flush()
    }
    guard let first = arguments.first else {
      environment.stderr.write(overview())
      return ExitStatus.usage.rawValue
    }
    if first == "-h" || first == "--help" || first == "help" {
      if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        environment.stdout.write(help(command))
      } else {
        environment.stdout.write(overview())
      }
      return ExitStatus.success.rawValue
    }
    if first == "--version" {
      environment.stdout.write("dialshot 0.1 (database schema \(Schema.migrations.count))\n")
      return ExitStatus.success.rawValue
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let names = commands.map { $0.name }
      let hint = closest(first, among: names).map { " Did you mean '\($0)'?" } ?? ""
      environment.stderr.write(
        "Error: unknown command '\(first)'.\(hint)\nUsage: dialshot <command> [options]\nSee 'dialshot --help' for more information.\n"
      )
      return ExitStatus.usage.rawValue
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("-h") || rest.contains("--help") {
      environment.stdout.write(help(command))
      return ExitStatus.success.rawValue
    }
    return run(command, rest, environment).rawValue
  }

  private static func run(_ command: any Command.Type, _ arguments: [String], _ environment: CommandEnvironment)
    -> ExitStatus
  {
    let err = environment.stderr
    do {
      let parsed = try ArgumentScanner.scan(arguments, command.spec)
      let context = CommandContext(environment: environment, arguments: parsed)
      return try command.run(parsed, context)
    } catch let error as UsageError {
      err.write(
        "Error: \(error.message)\nUsage: \(command.usage.first ?? "dialshot \(command.name)")\nSee 'dialshot \(command.name) --help' for more information.\n"
      )
      return .usage
    } catch let error as CommandError {
      err.write("dialshot: error: \(error.message)\n")
      if let help = error.help { err.write("help: \(help)\n") }
      return error.exitStatus
    } catch let error as ShotLogError where error.exitStatus != .internalError {
      err.write("dialshot: error: \(error.message)\n")
      if let help = error.help { err.write("help: \(help)\n") }
      return error.exitStatus
    } catch let error as ShotLogError {
      err.write(
        "dialshot: internal error: \(error.message)\nThis is a bug in dialshot; please report it with the command you ran. Your data was not changed by the failed step.\n"
      )
      return .internalError
    } catch let error as FileIO.Failure {
      err.write("dialshot: error: \(error)\n")
      return .invalidInput
    } catch {
      err.write(
        "dialshot: internal error: \(error)\nThis is a bug in dialshot; please report it with the command you ran. Your data was not changed by the failed step.\n"
      )
      return .internalError
    }
  }

  static func overview() -> String {
    var text = """
      dialshot — a local espresso shot log that suggests one small, explained next step.

      Usage: dialshot <command> [options]

      Commands:

      """
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      text +=
        "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.abstract + "\n"
    }
    text += """

      Every command takes --db FILE (default: $DIALSHOT_DB, else $XDG_DATA_HOME/dialshot/shots.sqlite,
      else ~/.local/share/dialshot/shots.sqlite) and -h/--help.
      Exit status: 0 ok, 1 the command found a problem (conflict, nothing to accept), 2 bad input or
      database file, 64 usage error, 70 internal error.
      See 'dialshot <command> --help' for details.

      """
    return text
  }

  static func help(_ command: any Command.Type) -> String {
    var text = command.abstract + "\n\nUsage:\n"
    for line in command.usage { text += "  " + line + "\n" }
    text += "\n" + command.details
    if !command.details.hasSuffix("\n") { text += "\n" }
    text += "  --db FILE     the database (see 'dialshot --help')\n  -h, --help    show this help\n"
    return text
  }
}
