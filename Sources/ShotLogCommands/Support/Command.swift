import CommandLineSupport
import DialRules
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

  static var helpText: String { helpText(in: .english) }

  /// The `--help` text in `language`: the abstract, the usage, the details (in English for the
  /// commands `CommandWords` does not translate) and the options every command takes.
  static func helpText(in language: RuleLanguage) -> String {
    let words = Wording(language)
    var text = CommandWords.abstract(self, in: language) + "\n\n"
    text += words.pick("Usage:", de: "Aufruf:", es: "Uso:") + "\n"
    for line in usage { text += "  " + line + "\n" }
    let details = CommandWords.details(self, in: language) ?? details
    text += "\n" + details
    if !details.hasSuffix("\n") { text += "\n" }
    text += CommandWords.commonOptions(language)
    return text
  }
}

/// Shared state of one command run: the environment, the database and the rules, opened lazily.
final class CommandContext {
  let environment: CommandEnvironment
  let arguments: ParsedArguments
  private var openStore: ShotLogStore?
  /// How output is laid out: local time or UTC, the terminal's width, verbosity, the language (and
  /// the rules, once loaded, whose translations word decisions).
  var presentation: Presentation

  init(environment: CommandEnvironment, arguments: ParsedArguments, language: RuleLanguage = .english) {
    self.environment = environment
    self.arguments = arguments
    var clock = LocalClock.utc
    if !arguments.flag("--utc") {
      let (zone, problem) = TimeZoneRules.fromEnvironment(
        environment.variables["TZ"], zoneDirectory: environment.variables["TZDIR"], io: environment.io)
      if let problem { environment.stderr.write("dialshot: warning: \(problem)\n") }
      clock = LocalClock(zone: zone, isUTC: false)
    }
    let columns = environment.variables["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    presentation = Presentation(
      clock: clock, width: columns ?? environment.terminalWidth, verbose: arguments.flag("--verbose"),
      language: language)
  }

  /// Closes the database (before a file this run created is removed again).
  func close() { openStore = nil }

  var out: any OutputSink { environment.stdout }
  var err: any OutputSink { environment.stderr }
  /// The streams and working directory, for the file helpers.
  var io: CommandIO { environment.io }

  /// The database path: `--db`, else `$DIALSHOT_DB`, else `$XDG_DATA_HOME/dialshot/shots.sqlite`,
  /// else `~/.local/share/dialshot/shots.sqlite` (the XDG default).
  func databasePath() throws -> (path: String, isDefault: Bool) {
    if let path = arguments.value("--db") {
      guard !path.isEmpty else {
        throw UsageError(
          "'--db' needs a file path", de: "'--db' braucht einen Dateipfad", es: "'--db' necesita la ruta de un archivo")
      }
      return (path, false)
    }
    if let path = environment.variables["DIALSHOT_DB"], !path.isEmpty { return (path, false) }
    if let data = environment.variables["XDG_DATA_HOME"], data.hasPrefix("/") {
      return (data + "/dialshot/shots.sqlite", true)
    }
    if let home = environment.variables["HOME"], !home.isEmpty {
      return (home + "/.local/share/dialshot/shots.sqlite", true)
    }
    throw UsageError(
      "no database location: set HOME or DIALSHOT_DB, or pass --db FILE",
      de: "kein Ort für die Datenbank: HOME oder DIALSHOT_DB setzen oder --db FILE angeben",
      es: "no hay dónde guardar la base de datos: define HOME o DIALSHOT_DB, o usa --db FILE")
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

  /// Resolves an optional BEAN argument: the named bean; else the current one (chosen with
  /// `dialshot use`, or the bean of the last shot logged — also in a log restored from an export,
  /// which does not carry the command line's current bean); else the only active bean.
  func bean(_ reference: String?, in store: ShotLogStore) throws -> Bean {
    if let reference { return try store.profiles.findBean(reference) }
    if let current = try currentProfile(.bean, in: store, find: store.profiles.findBean), current.archivedAt == nil {
      return current
    }
    if try store.setting(.current(.bean)) == nil, let latest = try? store.shots.findAttempt("latest"),
      let last = try store.profiles.bean(id: latest.beanID), last.archivedAt == nil
    {
      return last
    }
    let beans = try store.profiles.beans()
    if beans.count == 1, let only = beans.first { return only }
    if beans.isEmpty {
      throw CommandError(
        .notFound, "no beans yet", de: "noch kein Kaffee angelegt", es: "todavía no hay ningún café",
        help: Phrase(
          "add one with 'dialshot profiles bean add NAME'", de: "einen anlegen mit 'dialshot profiles bean add NAME'",
          es: "añade uno con 'dialshot profiles bean add NAME'"))
    }
    let names = beans.map(\.name).joined(separator: ", ")
    throw UsageError(
      "which bean? there are \(beans.count): \(names) (choose one with 'dialshot use BEAN')",
      de: "welcher Kaffee? Es gibt \(beans.count): \(names) (einen wählen mit 'dialshot use BEAN')",
      es: "¿qué café? Hay \(beans.count): \(names) (elige uno con 'dialshot use BEAN')")
  }

  /// The current grinder: chosen with `dialshot use --grinder`, or the one of the last shot
  /// logged; else the only active grinder; nil when that says nothing.
  func defaultGrinder(in store: ShotLogStore) throws -> Grinder? {
    if let current = try currentProfile(.grinder, in: store, find: store.profiles.findGrinder),
      current.archivedAt == nil
    {
      return current
    }
    let grinders = try store.profiles.grinders()
    return grinders.count == 1 ? grinders.first : nil
  }

  private func currentProfile<P>(
    _ kind: ProfileKind, in store: ShotLogStore, find: (String) throws(ShotLogError) -> P
  ) throws -> P? {
    guard let uuid = try store.setting(.current(kind)), isUUIDText(uuid) else { return nil }
    return try? find(uuid)
  }

  /// Makes `bean` (and `grinder`) the current ones, for commands that leave BEAN out. Writes
  /// only when they change.
  func remember(bean: Bean?, grinder: Grinder? = nil, in store: ShotLogStore) throws {
    for (kind, uuid) in [(ProfileKind.bean, bean?.uuid), (.grinder, grinder?.uuid)] {
      guard let uuid, try store.setting(.current(kind)) != uuid else { continue }
      try store.setSetting(.current(kind), uuid)
    }
  }
}

/// Whether `text` looks like a whole UUID (what the current-profile settings hold).
private func isUUIDText(_ text: String) -> Bool {
  text.utf8.count == 36 && text.allSatisfy { $0.isHexDigit || $0 == "-" }
}
