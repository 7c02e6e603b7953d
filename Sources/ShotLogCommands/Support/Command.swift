import CommandLineSupport
import ShotLog

/// One `dialshot` subcommand: the shared description (name, abstract, usage lines, details), the
/// arguments it accepts and what it does.
///
/// Each lives in its own file under `Commands/`; the type's doc comment and `abstract` are the
/// user-facing description.
protocol Command: Subcommand {
  /// The options and positionals it accepts (`--db` and `-h`/`--help` are added for every command).
  static var spec: ArgumentSpec { get }
  /// Runs with scanned arguments; thrown errors are reported by the dispatcher.
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode
}

extension Command {
  static var program: String { "dialshot" }

  static var helpText: String {
    var text = abstract + "\n\nUsage:\n"
    for line in usage { text += "  " + line + "\n" }
    text += "\n" + details
    if !details.hasSuffix("\n") { text += "\n" }
    text += "  --db FILE     the database (see 'dialshot --help')\n  -h, --help    show this help\n"
    return text
  }
}

/// Shared state of one command run: the environment, the database and the rules, opened lazily.
final class CommandContext {
  let environment: CommandEnvironment
  let arguments: ParsedArguments
  private var openStore: ShotLogStore?

  init(environment: CommandEnvironment, arguments: ParsedArguments) {
    self.environment = environment
    self.arguments = arguments
  }

  var out: any OutputSink { environment.stdout }
  var err: any OutputSink { environment.stderr }
  /// The streams and working directory, for the file helpers.
  var io: CommandIO { environment.io }

  /// The database path: `--db`, else `$DIALSHOT_DB`, else `$XDG_DATA_HOME/dialshot/shots.sqlite`,
  /// else `~/.local/share/dialshot/shots.sqlite` (the XDG default).
  func databasePath() throws -> (path: String, isDefault: Bool) {
    if let path = arguments.value("--db") {
      guard !path.isEmpty else { throw UsageError("'--db' needs a file path") }
      return (path, false)
    }
    if let path = environment.variables["DIALSHOT_DB"], !path.isEmpty { return (path, false) }
    if let data = environment.variables["XDG_DATA_HOME"], data.hasPrefix("/") {
      return (data + "/dialshot/shots.sqlite", true)
    }
    if let home = environment.variables["HOME"], !home.isEmpty {
      return (home + "/.local/share/dialshot/shots.sqlite", true)
    }
    throw UsageError("no database location: set HOME or DIALSHOT_DB, or pass --db FILE")
  }

  /// Opens the database once per run. Read-only access never creates or migrates the file.
  func store(_ access: ShotLogStore.Access = .readWrite) throws -> ShotLogStore {
    if let openStore { return openStore }
    let (path, isDefault) = try databasePath()
    if access == .readWrite, isDefault, let slash = path.lastIndex(of: "/") {
      try Directories.create(String(path[..<slash]), io: io)
    }
    let store = try ShotLogStore.open(
      at: path, access: access, clock: environment.now, ids: environment.ids,
      busyTimeoutMilliseconds: Int(environment.busyTimeoutMilliseconds))
    openStore = store
    return store
  }

  /// Resolves an optional BEAN argument: the named bean, or the only active bean when there is one.
  func bean(_ reference: String?, in store: ShotLogStore) throws -> Bean {
    if let reference { return try store.findBean(reference) }
    let beans = try store.beans()
    if beans.count == 1, let only = beans.first { return only }
    if beans.isEmpty {
      throw CommandError(.notFound, "no beans yet", help: "add one with 'dialshot profiles bean add NAME'")
    }
    throw UsageError("which bean? there are \(beans.count): \(beans.map(\.name).joined(separator: ", "))")
  }
}
