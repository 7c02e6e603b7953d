import DialRules

/// The top level both tools share: no arguments, `--help`, `help COMMAND`, `--version`, an
/// unknown command, and handing the rest of the line to the chosen subcommand.
///
/// `Command` is the tool's own subcommand type (its `run` step differs from tool to tool);
/// `describe` views one as a `Subcommand`.
package struct CommandLineProgram<Command> {
  /// `dialrules`, `dialshot`.
  var name: String
  /// The line `--version` prints.
  var versionLine: String
  /// The text of `--help` (and, on standard error, of a bare invocation).
  var overview: String
  /// Every subcommand, in the order the overview lists them.
  var commands: [Command]
  var describe: (Command) -> any Subcommand.Type
  /// A command's `--help` text, when the tool words it itself (in the user's language); else the
  /// command's `helpText`.
  package var help: ((Command) -> String)?
  /// The language of the program's own errors (an unknown command); English unless the tool
  /// speaks the user's.
  package var language: RuleLanguage = .english

  /// What to do with a command line.
  package enum Route {
    /// Run `command` with the arguments after its name.
    case run(Command, [String])
    /// Exit at once with this status (the output is already written).
    case exit(ExitCode)
  }

  package init(
    name: String, versionLine: String, overview: String, commands: [Command],
    describe: @escaping (Command) -> any Subcommand.Type
  ) {
    self.name = name
    self.versionLine = versionLine
    self.overview = overview
    self.commands = commands
    self.describe = describe
  }

  /// Decides what `arguments` (without the program name) ask for, printing help, the version or
  /// a usage error itself.
  ///
  /// - no arguments: the overview on standard error, exit 64;
  /// - `--help`, `-h`, `help`: the overview (or, with a command name after it, that command's
  ///   help) on standard output, exit 0;
  /// - `--version`: the version line, exit 0;
  /// - an unknown command: `Error: unknown command 'x'; did you mean 'y'?`, the usage line and a
  ///   pointer to `--help`, exit 64.
  package func route(_ arguments: [String], io: CommandIO) -> Route {
    guard let first = arguments.first else {
      io.err(overview)
      return .exit(.usage)
    }
    if first == "--help" || first == "-h" || first == "help" {
      if arguments.count > 1, let command = command(named: arguments[1]) {
        io.out(help?(command) ?? describe(command).helpText)
      } else {
        io.out(overview)
      }
      return .exit(.success)
    }
    if first == "--version" {
      io.out(versionLine + "\n")
      return .exit(.success)
    }
    guard let command = command(named: first) else {
      let message = Phrase(
        "unknown command '\(first)'", de: "unbekannter Befehl '\(first)'", es: "orden desconocida '\(first)'"
      ).appending(suggestion(for: first).map(Phrase.didYouMean), separator: "; ").text(in: language)
      io.err(
        UsageError.report(
          message, usage: "\(name) <command> [options]", helpCommand: name, in: language))
      return .exit(.usage)
    }
    return .run(command, Array(arguments.dropFirst()))
  }

  func command(named word: String) -> Command? { commands.first { describe($0).name == word } }

  /// A typo of a command name, or a longer or shorter word that starts like one (`evaluate` →
  /// `eval`).
  func suggestion(for word: String) -> String? {
    let names = commands.map { describe($0).name }
    return Suggestion.closest(to: word, among: names)
      ?? names.first { !word.isEmpty && (word.hasPrefix($0) || $0.hasPrefix(word)) }
  }
}
