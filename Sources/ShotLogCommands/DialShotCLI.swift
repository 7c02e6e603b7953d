import CommandLineSupport
import ShotLog

/// Entry point of the `dialshot` executable: picks the subcommand, scans its arguments, runs it,
/// and turns every error into a message on standard error and a documented exit status.
public enum DialShotCLI {
  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    ProfilesCommand.self, RecipeCommand.self, PullCommand.self, LogCommand.self, SuggestCommand.self,
    AcceptCommand.self, RejectCommand.self, HistoryCommand.self, CompareCommand.self, TrendsCommand.self,
    ExportCommand.self, ImportCommand.self, ReplayCommand.self, GapsCommand.self, ReportCommand.self,
    ConfigCommand.self,
  ]

  static var program: CommandLineProgram<any Command.Type> {
    CommandLineProgram(
      name: "dialshot", versionLine: "dialshot 0.1 (database schema \(Schema.migrations.count))",
      overview: overview(), commands: commands, describe: { $0 })
  }

  /// Runs `dialshot` with `arguments` (without the program name).
  package static func main(arguments: [String], environment: CommandEnvironment) -> Int32 {
    defer { environment.io.flush() }
    switch program.route(arguments, io: environment.io) {
    case .exit(let code): return code.rawValue
    case .run(let command, let rest): return run(command, rest, environment).rawValue
    }
  }

  private static func run(_ command: any Command.Type, _ arguments: [String], _ environment: CommandEnvironment)
    -> ExitCode
  {
    let parsed: ParsedArguments
    switch command.parse(arguments, command.spec.adding(options: ["--db"]), io: environment.io) {
    case .success(let p): parsed = p
    case .failure(let code): return code
    }
    let err = environment.stderr
    do {
      let context = CommandContext(environment: environment, arguments: parsed)
      return try command.run(parsed, context)
    } catch let error as UsageError {
      return command.usageError(error.message, io: environment.io)
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
    } catch let error as FileError {
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
}
