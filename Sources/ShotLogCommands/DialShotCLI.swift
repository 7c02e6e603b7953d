import CommandLineSupport
import DialRules
import ShotLog

/// Entry point of the `dialshot` executable: picks the subcommand, scans its arguments, runs it,
/// and turns every error into a message on standard error and a documented exit status.
public enum DialShotCLI {
  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    ProfilesCommand.self, RecipeCommand.self, UseCommand.self, PullCommand.self, LogCommand.self,
    SuggestCommand.self, AcceptCommand.self, RejectCommand.self, UndoCommand.self, AmendCommand.self,
    VoidCommand.self, HistoryCommand.self, CompareCommand.self, TrendsCommand.self, ExportCommand.self,
    ImportCommand.self, ReplayCommand.self, GapsCommand.self, ReportCommand.self, ConfigCommand.self,
  ]

  /// The top level, its overview and every command's help in `language`.
  static func program(_ language: RuleLanguage = .english) -> CommandLineProgram<any Command.Type> {
    var program = CommandLineProgram(
      name: "dialshot", versionLine: "dialshot 0.1 (database schema \(Schema.migrations.count))",
      overview: overview(language), commands: commands, describe: { $0 })
    program.help = { $0.helpText(in: language) }
    return program
  }

  /// Runs `dialshot` with `arguments` (without the program name). It speaks the language of
  /// `--lang` (before the command's name or among its options), else of the environment
  /// (`LanguageChoice`).
  package static func main(arguments: [String], environment: CommandEnvironment) -> Int32 {
    defer { environment.io.flush() }
    let (leading, arguments) = LanguageChoice.leading(arguments)
    let language: RuleLanguage
    do {
      language = try LanguageChoice.resolve(leading, variables: environment.variables)
    } catch {
      // The `--lang` given is no language: the environment's words say so.
      let fallback = LanguageChoice.fromEnvironment(environment.variables)
      environment.io.err(
        UsageError.report(
          error.message(in: fallback), usage: "dialshot <command> [options]", helpCommand: "dialshot", in: fallback))
      return ExitCode.usage.rawValue
    }
    var program = program(language)
    program.language = language
    switch program.route(arguments, io: environment.io) {
    case .exit(let code): return code.rawValue
    case .run(let command, let rest): return run(command, rest, environment, leading: (leading, language)).rawValue
    }
  }

  /// Runs `command`; `leading` is the `--lang` given before its name (if any) and the language
  /// it and the environment chose, which words errors until the command's own `--lang` is read.
  private static func run(
    _ command: any Command.Type, _ arguments: [String], _ environment: CommandEnvironment,
    leading: (option: String?, language: RuleLanguage)
  ) -> ExitCode {
    let io = environment.io
    let parsed: ParsedArguments
    let language: RuleLanguage
    do {
      parsed = try ArgumentScanner.scan(
        arguments, command.spec.adding(options: ["--db", "--lang"]).adding(flags: ["--utc"]))
    } catch {
      return command.usageError(error, in: leading.language, io: io)
    }
    do {
      // The command's own `--lang` wins over one before its name, both over the environment.
      language = try LanguageChoice.resolve(parsed.value("--lang") ?? leading.option, variables: environment.variables)
    } catch {
      return command.usageError(error, in: LanguageChoice.fromEnvironment(environment.variables), io: io)
    }
    if parsed.wantsHelp {
      io.out(command.helpText(in: language))
      return .success
    }
    let context = CommandContext(environment: environment, arguments: parsed, language: language)
    // A command that fails leaves no database behind that it created: a typo'd --db, a refused
    // import or a bad value never litters the disk with an empty log.
    let path = try? context.databasePath().path
    let existed = path.map { Platform.exists($0, io: environment.io) } ?? true
    let status = run(command, parsed, context)
    if status != .success, !existed, let path {
      context.close()
      Platform.removeDatabase(path, io: environment.io)
    }
    return status
  }

  private static func run(_ command: any Command.Type, _ parsed: ParsedArguments, _ context: CommandContext)
    -> ExitCode
  {
    let environment = context.environment
    let err = environment.stderr
    do {
      return try command.run(parsed, context)
    } catch let error as UsageError {
      return command.usageError(error, in: context.presentation.language, io: environment.io)
    } catch let error as CommandError {
      let p = context.presentation
      err.write("dialshot: \(p.pick("error", de: "Fehler", es: "error")): \(error.message.text(in: p.language))\n")
      if let help = error.help {
        err.write("\(p.pick("help", de: "Hilfe", es: "ayuda")): \(help.text(in: p.language))\n")
      }
      return error.exitStatus
    } catch let error as ShotLogError where error.exitStatus != .internalError {
      let p = context.presentation
      err.write("dialshot: \(p.pick("error", de: "Fehler", es: "error")): \(error.message(p))\n")
      if let help = error.help(p) { err.write("\(p.pick("help", de: "Hilfe", es: "ayuda")): \(help)\n") }
      return error.exitStatus
    } catch let error as ShotLogError {
      err.write(internalError(error.message, context.presentation))
      return .internalError
    } catch let error as FileError {
      let p = context.presentation
      err.write("dialshot: \(p.pick("error", de: "Fehler", es: "error")): \(error.description(in: p.language))\n")
      return .invalidInput
    } catch {
      err.write(internalError("\(error)", context.presentation))
      return .internalError
    }
  }

  /// The report of a bug: the detail as the code has it (English, for the bug report), then what
  /// it means for the user in their language.
  private static func internalError(_ detail: String, _ p: Presentation) -> String {
    "dialshot: " + p.pick("internal error", de: "interner Fehler", es: "error interno") + ": \(detail)\n"
      + p.pick(
        "This is a bug in dialshot; please report it with the command you ran. Your data was not changed by the failed step.",
        de:
          "Das ist ein Fehler in dialshot; bitte mit dem ausgeführten Befehl melden. Deine Daten hat der fehlgeschlagene Schritt nicht verändert.",
        es: "Es un fallo de dialshot; avísanos con la orden que ejecutaste. El paso que falló no cambió tus datos.")
      + "\n"
  }

  /// The text of `dialshot --help` in `language`.
  static func overview(_ language: RuleLanguage = .english) -> String {
    var (text, tail) =
      CommandWords.overview(language) ?? (
        """
        dialshot — a local espresso shot log that suggests one small, explained next step.

        Usage: dialshot <command> [options]

        Commands:

        """,
        """

        Every command takes --db FILE (default: $DIALSHOT_DB, else $XDG_DATA_HOME/dialshot/shots.sqlite,
        else ~/.local/share/dialshot/shots.sqlite), --utc (times in UTC rather than local time, TZ),
        --lang en|de|es (the language; default: LC_ALL, LC_MESSAGES or LANG, else English) and -h/--help.
        Exit status: 0 ok, 1 the command found a problem (conflict, nothing to accept), 2 bad input or
        database file, 64 usage error, 70 internal error.
        See 'dialshot <command> --help' for details.

        """
      )
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      text +=
        "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
        + CommandWords.abstract(command, in: language) + "\n"
    }
    return text + tail
  }
}
