import DialRules

/// A shot log: beans, grinders and baskets, recipes, pulled shots with the rules' decision for
/// each, and the barista's answers — all in one SQLite file. The one entry point of `ShotLog`.
///
/// The store opens the file and owns its one connection, its transactions and the log's
/// settings; the rest is reached by concern through its parts: `profiles` (beans, grinders,
/// baskets, bags, recipes), `shots` (the dial-in loop and the history), `exchange` (the log's own
/// export and import), `shotImport` (other apps' files) and `replay` (history under other rules).
///
/// ```swift
/// let log = try ShotLogStore.open(at: path)
/// let bean = try log.profiles.addBean(name: "Guji Natural")
/// let grinder = try log.profiles.addGrinder(
///   name: "Niche Zero", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
/// var recipe = RecipeChange()
/// recipe.grinderID = grinder.id
/// recipe.doseG = 18
/// recipe.yieldG = 36
/// recipe.timeS = 28
/// recipe.grind = "14"
/// try log.profiles.setRecipe(for: bean, recipe)
/// let shot = try log.shots.logShot(
///   ShotRecord.Measurements(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
/// print(shot.decision.text)            // Grind finer by 1 step
/// try log.shots.accept(shot.attempt)   // the next recipe: grind 13.5
/// ```
///
/// **Errors.** Every throwing method throws `ShotLogError` only (the shot import's preview and
/// apply: `ShotImportError`), and a failed call changes nothing. Each error case belongs to one
/// `ShotLogError.Family`, which lists the families each part may throw.
///
/// **History is never rewritten.** Recipe snapshots, shots and answers are immutable (SQLite
/// triggers refuse to change them, whoever connects); editing a recipe adds a snapshot.
///
/// **Opening is safe.** A file that is not SQLite, a damaged one, another program's database or
/// one written by a newer version of the log is refused before anything is written, and left byte
/// for byte as it was. A write-protected file opens read-only.
///
/// **Concurrency.** A store is not `Sendable`: it owns one SQLite connection (opened without
/// SQLite's own mutex) and its statement cache, so it belongs to one thread, task or actor at a
/// time — the compiler enforces this. To use the log from several isolation domains, open one
/// store per domain on the same file (for example one inside an `actor` that the rest of the app
/// awaits): every write is one short `BEGIN IMMEDIATE` transaction in WAL mode with a busy
/// timeout, so separate connections — even separate processes — never see half of each other's
/// changes. The values a store returns (`Bean`, `ShotAttempt`, `LoggedShot`, …) are `Sendable`.
public final class ShotLogStore {
  /// Whether a store may write.
  public enum Access: Sendable {
    /// Create the file if needed, migrate it, allow writes.
    case readWrite
    /// Never write; the file must exist and be fully migrated.
    case readOnly
  }

  /// The file path the store was opened with.
  public let path: String
  /// True when the file could only be opened for reading; writes throw `ShotLogError.readOnly`.
  public let isReadOnly: Bool
  /// The connection; internal to ShotLog (tests query it directly).
  let connection: Connection
  let ids: any IdentifierSource
  let clock: @Sendable () -> Timestamp

  /// SQLite's file header, the first 16 bytes of every database.
  private static let header = Array("SQLite format 3\0".utf8)

  private init(
    path: String, isReadOnly: Bool, connection: Connection, ids: any IdentifierSource,
    clock: @escaping @Sendable () -> Timestamp
  ) {
    self.path = path
    self.isReadOnly = isReadOnly
    self.connection = connection
    self.ids = ids
    self.clock = clock
  }

  /// Opens the shot log at `path`, creating and migrating the file when `access` allows.
  ///
  /// - Parameters:
  ///   - path: the database file; with `.readWrite` it is created when missing (its directory
  ///     must exist). `":memory:"` opens a new log in memory (see `openInMemory(clock:ids:)`).
  ///   - access: `.readOnly` never creates, migrates or writes the file.
  ///   - clock: "now" for the times the log records; the system clock unless a test fixes it.
  ///   - ids: the UUIDs of new rows; random unless a test wants a predictable sequence.
  ///   - busyTimeoutMilliseconds: how long a write waits for another connection's lock before it
  ///     fails with `ShotLogError.busy`.
  public static func open(
    at path: String, access: Access = .readWrite, clock: @escaping @Sendable () -> Timestamp = { Timestamp.now() },
    ids: any IdentifierSource = RandomIdentifiers(), busyTimeoutMilliseconds: Int = 10_000
  ) throws(ShotLogError) -> ShotLogStore {
    let exists = Platform.exists(path)
    if exists {
      try checkHeader(path)
    } else if access == .readOnly {
      throw .noSuchFile(path: path)
    } else if !Platform.exists(directory(of: path)) {
      throw .noSuchDirectory(path: path, directory: directory(of: path))
    }
    // A file we may not write (or whose directory we may not write, which WAL needs for its side
    // files) is opened read-only, so reading still works.
    let writable =
      access == .readWrite && (!exists || Platform.isWritable(path)) && Platform.isWritable(directory(of: path))
    if access == .readWrite && !writable && !exists { throw .readOnly(path: path) }
    let timeout = Int32(clamping: busyTimeoutMilliseconds)
    var connection: Connection
    var state: SchemaState
    do {
      connection = try Connection(
        path: path, mode: writable ? .readWriteCreate : .readOnly, busyTimeoutMilliseconds: timeout)
      do {
        // Reading the schema is the first access to the file's pages: a damaged or foreign file
        // fails here, before anything is written.
        state = try Migrator.inspect(connection, migrations: Schema.migrations)
      } catch let error as SQLiteError
        where !writable && (error.code.primary == .readOnly || error.code.primary == .cantOpen)
      {
        // A write-protected WAL database in a directory where its -shm file cannot be created:
        // read it as immutable (no locks, no side files) — nobody can be writing it from here.
        connection = try Connection(path: path, mode: .immutable, busyTimeoutMilliseconds: timeout)
        state = try Migrator.inspect(connection, migrations: Schema.migrations)
      }
    } catch let error as SQLiteError {
      let classified = ShotLogError(error, path: path)
      throw classified.isAboutTheFile ? classified : .cannotOpen(path: path, detail: error.message)
    } catch {
      throw .internalError(detail: "\(error)")
    }
    do {
      try connection.execute("PRAGMA foreign_keys = ON")
      switch state {
      case .newer(let unknown): throw ShotLogError.newerSchema(path: path, unknownMigrations: unknown)
      case .foreign(let tables): throw ShotLogError.foreignDatabase(path: path, tables: tables)
      case .known(let applied) where applied == Schema.migrations.count:
        break
      case .empty, .known:
        guard writable else { throw ShotLogError.readOnly(path: path) }
        // WAL lets readers and one writer work at once; it is a property of the file, set once.
        try connection.execute("PRAGMA journal_mode = WAL")
        let after = try Migrator.migrate(connection, migrations: Schema.migrations, now: clock())
        if case .newer(let unknown) = after {
          throw ShotLogError.newerSchema(path: path, unknownMigrations: unknown)
        }
        if case .foreign(let tables) = after { throw ShotLogError.foreignDatabase(path: path, tables: tables) }
      }
      // FULL: a commit that returned is on disk, even after a power cut (NORMAL would only
      // survive a crashed process). Shots are small; the fsync is cheap next to pulling one.
      try connection.execute("PRAGMA synchronous = FULL")
    } catch {
      throw classify(error, path: path)
    }
    return ShotLogStore(path: path, isReadOnly: !writable, connection: connection, ids: ids, clock: clock)
  }

  /// An empty, migrated log that lives in memory only, for SwiftUI previews and tests: each call
  /// opens a new, independent log (two calls never share data), nothing touches the file system,
  /// and the log is gone when the store is released. Everything else works as on a file (`path`
  /// is `":memory:"`); `open(at: ":memory:")` opens the same kind of log.
  ///
  /// ```swift
  /// let log = try ShotLogStore.openInMemory()
  /// let bean = try log.profiles.addBean(name: "Guji Natural")
  /// ```
  ///
  /// - Parameters:
  ///   - clock: "now" for the times the log records; the system clock unless a test fixes it.
  ///   - ids: the UUIDs of new rows; random unless a test wants a predictable sequence.
  public static func openInMemory(
    clock: @escaping @Sendable () -> Timestamp = { Timestamp.now() }, ids: any IdentifierSource = RandomIdentifiers()
  ) throws(ShotLogError) -> ShotLogStore {
    do {
      let connection = try Connection(path: ":memory:", mode: .readWriteCreate)
      try connection.execute("PRAGMA foreign_keys = ON")
      _ = try Migrator.migrate(connection, migrations: Schema.migrations, now: clock())
      return ShotLogStore(path: ":memory:", isReadOnly: false, connection: connection, ids: ids, clock: clock)
    } catch {
      throw classify(error, path: ":memory:")
    }
  }

  /// Refuses a file that is empty or does not start with SQLite's header, without opening it
  /// through SQLite (which might create side files next to it).
  private static func checkHeader(_ path: String) throws(ShotLogError) {
    switch Platform.firstBytes(of: path, count: header.count) {
    case .failure(let error):
      throw .cannotOpen(path: path, detail: error.message)
    case .success(let bytes):
      // SQLite would treat an empty file as a new database; an empty file where a log was
      // expected is more likely a mistake (a truncated copy, a `touch`), so it is refused.
      if bytes.isEmpty { throw .emptyFile(path: path) }
      guard bytes == header else { throw .notADatabase(path: path) }
    }
  }

  /// The directory holding `path` (`.` for a bare file name).
  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The current time from the injected clock.
  var now: Timestamp { clock() }

  /// A new UUID from the injected source.
  func newUUID() -> String { ids.next() }

  /// Runs `body`, turning whatever it throws into a `ShotLogError`: the one place where the
  /// internal layers' errors (SQLite's, the readers') meet the public API.
  func guarded<T>(_ body: () throws -> T) throws(ShotLogError) -> T {
    do {
      return try body()
    } catch {
      throw Self.classify(error, path: path)
    }
  }

  /// `error` as a `ShotLogError`: itself, an SQLite failure classified, anything else internal.
  private static func classify(_ error: any Error, path: String) -> ShotLogError {
    switch error {
    case let error as ShotLogError: error
    case let error as SQLiteError: ShotLogError(error, path: path)
    default: .internalError(detail: "\(error)")
    }
  }

  /// Runs `body` in an immediate write transaction and bumps the store revision, so an import
  /// preview can tell that the database changed since.
  ///
  /// Nested calls join the outer transaction, so store methods compose into one atomic change.
  func write<T>(_ body: () throws -> T) throws(ShotLogError) -> T {
    guard !isReadOnly else { throw .readOnly(path: path) }
    if connection.isInTransaction { return try guarded(body) }
    return try guarded {
      try connection.transaction(.immediate) {
        let result = try body()
        try connection.run("UPDATE store_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision'")
        return result
      }
    }
  }

  /// Runs `body` in a read transaction, so several queries see one consistent state.
  /// Inside a write transaction, `body` simply runs in it.
  func read<T>(_ body: () throws -> T) throws(ShotLogError) -> T {
    if connection.isInTransaction { return try guarded(body) }
    return try guarded { try connection.transaction(.deferred, body) }
  }

  /// A fingerprint of the database's content version: its identity and write revision. A log
  /// that was never written (revision 0) is `new`, whichever file or memory holds it: they are all
  /// the same empty log, so a preview against a log that does not exist yet applies to the file
  /// the apply creates.
  func revisionFingerprint() throws(ShotLogError) -> String {
    try read {
      let id = try connection.first("SELECT value FROM store_meta WHERE key = 'store_id'") { $0.text(0) } ?? ""
      let revision = try connection.first("SELECT value FROM store_meta WHERE key = 'revision'") { $0.text(0) } ?? ""
      return revision == "0" ? "new" : id + ":" + revision
    }
  }

  /// Runs SQLite's full integrity check; the empty array means the file is consistent.
  public func integrityProblems() throws(ShotLogError) -> [String] {
    try guarded {
      let rows = try connection.query("PRAGMA integrity_check") { $0.text(0) }
      return rows == ["ok"] ? [] : rows
    }
  }

  /// The names of the schema migrations applied to the file, oldest first.
  public func appliedMigrations() throws(ShotLogError) -> [String] {
    try guarded { try connection.query("SELECT name FROM schema_migrations ORDER BY id") { $0.text(0) } }
  }
}

/// A store belongs to one isolation domain at a time (see the type's documentation); this makes
/// the intent explicit, so nobody marks it `@unchecked Sendable` by accident.
@available(*, unavailable)
extension ShotLogStore: Sendable {}
