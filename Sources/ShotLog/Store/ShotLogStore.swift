import CSQLite
import Glibc

/// The shot log database: one SQLite file, opened safely, migrated, and written only in short
/// immediate transactions so that several `dialshot` processes can share it.
///
/// Opening never modifies a file it does not understand: a non-SQLite file, a damaged one, another
/// program's database, or one written by a newer dialshot is refused before any write.
public final class ShotLogStore {
  /// Whether writes are wanted.
  public enum Access: Sendable {
    /// Create the file if needed, migrate it, allow writes.
    case readWrite
    /// Never write; the file must exist and be fully migrated.
    case readOnly
  }

  /// The file path.
  public let path: String
  /// True when the file could only be opened for reading; writes throw `StoreError.readOnly`.
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

  /// Opens (creating and migrating when `access` allows) the database at `path`.
  /// - Parameters:
  ///   - ids: the UUID source for new rows.
  ///   - clock: "now" for created-at times; injected so tests are reproducible.
  public static func open(
    path: String, access: Access = .readWrite, ids: any IdentifierSource = RandomIdentifiers(),
    clock: @escaping @Sendable () -> Timestamp, busyTimeoutMilliseconds: Int32 = 10_000
  ) throws -> ShotLogStore {
    let exists = Glibc.access(path, F_OK) == 0
    if exists {
      try checkHeader(path)
    } else if access == .readOnly {
      throw StoreError.missing(path: path)
    }
    // A file we may not write (or whose directory we may not write, which WAL needs for its side
    // files) is opened read-only, so reading still works.
    let writable = access == .readWrite && (!exists || Glibc.access(path, W_OK) == 0) && directoryWritable(path)
    if access == .readWrite && !writable && !exists { throw StoreError.readOnly(path: path) }
    var connection: Connection
    var state: SchemaState
    do {
      connection = try Connection(
        path: path, mode: writable ? .readWriteCreate : .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
      do {
        // Reading the schema is the first access to the file's pages: a damaged or foreign file
        // fails here, before anything is written.
        state = try Migrator.inspect(connection, migrations: Schema.migrations)
      } catch let error as SQLiteError
        where !writable && (error.code.primary == .readOnly || error.code.primary == .cantOpen)
      {
        // A write-protected WAL database in a directory where its -shm file cannot be created:
        // read it as immutable (no locks, no side files) — nobody can be writing it from here.
        connection = try Connection(path: path, mode: .immutable, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        state = try Migrator.inspect(connection, migrations: Schema.migrations)
      }
    } catch let error as SQLiteError {
      throw StoreError(error, path: path) ?? StoreError.cannotOpen(path: path, detail: error.message)
    }
    do {
      try connection.execute("PRAGMA foreign_keys = ON")
      switch state {
      case .newer(let unknown): throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
      case .foreign(let tables): throw StoreError.foreignDatabase(path: path, tables: tables)
      case .known(let applied) where applied == Schema.migrations.count:
        break
      case .empty, .known:
        guard writable else { throw StoreError.readOnly(path: path) }
        // WAL lets readers and one writer work at once; it is a property of the file, set once.
        try connection.execute("PRAGMA journal_mode = WAL")
        let after = try Migrator.migrate(connection, migrations: Schema.migrations, now: clock())
        if case .newer(let unknown) = after { throw StoreError.newerSchema(path: path, unknownMigrations: unknown) }
        if case .foreign(let tables) = after { throw StoreError.foreignDatabase(path: path, tables: tables) }
      }
      // FULL: a commit that returned is on disk, even after a power cut (NORMAL would only
      // survive a crashed process). Shots are small; the fsync is cheap next to pulling one.
      try connection.execute("PRAGMA synchronous = FULL")
    } catch let error as SQLiteError {
      throw StoreError(error, path: path) ?? error
    }
    return ShotLogStore(path: path, isReadOnly: !writable, connection: connection, ids: ids, clock: clock)
  }

  /// Refuses a file that is not empty and does not start with SQLite's header, without opening it
  /// through SQLite (which might create side files next to it).
  private static func checkHeader(_ path: String) throws {
    let fd = Glibc.open(path, O_RDONLY)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw StoreError.cannotOpen(path: path, detail: reason)
    }
    defer { Glibc.close(fd) }
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 16) }
    if count == 0 { return }  // An empty file is a new database, as SQLite treats it.
    guard count == 16, buffer == header else { throw StoreError.notADatabase(path: path) }
  }

  private static func directoryWritable(_ path: String) -> Bool {
    let directory: String
    if let slash = path.lastIndex(of: "/") {
      directory = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      directory = "."
    }
    return Glibc.access(directory, W_OK) == 0
  }

  /// The current time from the injected clock.
  public var now: Timestamp { clock() }

  /// A new UUID from the injected source.
  public func newUUID() -> String { ids.next() }

  /// Runs `body` in an immediate write transaction and bumps the store revision, so an import
  /// preview can tell that the database changed since.
  ///
  /// Nested calls join the outer transaction, so store methods compose into one atomic change.
  public func write<T>(_ body: () throws -> T) throws -> T {
    guard !isReadOnly else { throw StoreError.readOnly(path: path) }
    if connection.isInTransaction { return try body() }
    do {
      return try connection.transaction(.immediate) {
        let result = try body()
        try connection.run("UPDATE store_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision'")
        return result
      }
    } catch let error as SQLiteError {
      throw StoreError(error, path: path) ?? error
    }
  }

  /// Runs `body` in a read transaction, so several queries see one consistent state.
  /// Inside a write transaction, `body` simply runs in it.
  public func read<T>(_ body: () throws -> T) throws -> T {
    if connection.isInTransaction { return try body() }
    do {
      return try connection.transaction(.deferred, body)
    } catch let error as SQLiteError {
      throw StoreError(error, path: path) ?? error
    }
  }

  /// A fingerprint of the database's content version: its identity and write revision.
  public func revisionFingerprint() throws -> String {
    try read {
      let id = try connection.first("SELECT value FROM store_meta WHERE key = 'store_id'") { $0.text(0) } ?? ""
      let revision = try connection.first("SELECT value FROM store_meta WHERE key = 'revision'") { $0.text(0) } ?? ""
      return id + ":" + revision
    }
  }

  /// Runs SQLite's full integrity check; the empty array means the file is consistent.
  public func integrityProblems() throws -> [String] {
    let rows = try connection.query("PRAGMA integrity_check") { $0.text(0) }
    return rows == ["ok"] ? [] : rows
  }

  /// The names of the applied migrations, oldest first.
  public func appliedMigrations() throws -> [String] {
    try connection.query("SELECT name FROM schema_migrations ORDER BY id") { $0.text(0) }
  }
}
