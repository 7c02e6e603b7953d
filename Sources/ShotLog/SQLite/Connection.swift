#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// One open SQLite database; every SQLite call in ShotLog goes through it or `Statement`.
///
/// Internal to ShotLog. Not `Sendable`: the handle is opened with `SQLITE_OPEN_NOMUTEX`, so a
/// `Connection` (and the store that owns it) belongs to one thread, task or actor at a time, which
/// the compiler enforces. Prepared statements are cached per SQL text, so the hot loops of import
/// and history prepare each statement once.
final class Connection {
  /// How to open the file.
  enum Mode: Sendable {
    /// Read and write; the file is created when missing.
    case readWriteCreate
    /// Read and write; the file must exist.
    case readWrite
    /// Read only; the file must exist. Writes fail with `SQLITE_READONLY`.
    case readOnly
    /// Read only, and SQLite may assume nobody changes the file: no locks and no WAL side files.
    /// The way to read a write-protected database in a directory where `-shm` cannot be created.
    case immutable
  }

  /// What a transaction locks when it begins.
  enum TransactionKind: String, Sendable {
    /// Take the write lock at once, waiting up to the busy timeout. Every write transaction uses
    /// this: a deferred transaction that upgrades from read to write cannot wait for the lock and
    /// fails with `SQLITE_BUSY` immediately when another process writes.
    case immediate = "BEGIN IMMEDIATE"
    /// Take locks as statements need them; used for consistent multi-statement reads.
    case deferred = "BEGIN DEFERRED"
  }

  /// The open database; statements hold it too, so it outlives every one of them.
  let database: DatabaseHandle
  /// The path the connection was opened with.
  let path: String
  private var cache: [String: Statement] = [:]

  /// Opens `path`.
  /// - Parameters:
  ///   - busyTimeoutMilliseconds: how long a statement waits for another process's lock before it
  ///     fails with `SQLITE_BUSY`.
  init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32 = 10_000) throws {
    var db: OpaquePointer?
    let flags: Int32
    switch mode {
    case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readWrite: flags = SQLITE_OPEN_READWRITE
    case .readOnly: flags = SQLITE_OPEN_READONLY
    case .immutable: flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    }
    let name = mode == .immutable ? "file:" + Self.uriEscaped(path) + "?immutable=1" : path
    let rc = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard let db else {
      throw SQLiteError(code: SQLiteResultCode(rawValue: rc), message: "out of memory", sql: "open")
    }
    guard rc == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(db))
      sqlite3_close_v2(db)
      throw SQLiteError(code: SQLiteResultCode(rawValue: rc), message: message, sql: "open")
    }
    sqlite3_extended_result_codes(db, 1)
    sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    self.database = DatabaseHandle(db)
    self.path = path
  }

  /// `path` with the characters that are special in a URI escaped.
  static func uriEscaped(_ path: String) -> String {
    var out = ""
    for character in path {
      switch character {
      case "%": out += "%25"
      case "?": out += "%3f"
      case "#": out += "%23"
      default: out.append(character)
      }
    }
    return out
  }

  /// The `sqlite3 *` of this connection.
  var handle: OpaquePointer { database.pointer }

  /// The error for result code `rc` with SQLite's current message.
  func error(_ rc: Int32, sql: String?) -> SQLiteError { database.error(rc, sql: sql) }

  /// Runs one or more statements that take no parameters and return no rows we need (DDL, pragmas).
  func execute(_ sql: String) throws {
    var errorMessage: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
    if rc != SQLITE_OK {
      let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(errorMessage)
      throw SQLiteError(code: SQLiteResultCode(rawValue: rc), message: message, sql: sql)
    }
  }

  /// A prepared statement for `sql`, reset and with bindings cleared; cached by SQL text.
  func prepare(_ sql: String) throws -> Statement {
    if let cached = cache[sql] {
      cached.reset()
      return cached
    }
    var pointer: OpaquePointer?
    let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
    guard rc == SQLITE_OK, let pointer else { throw error(rc, sql: sql) }
    let statement = Statement(handle: pointer, database: database, sql: sql)
    cache[sql] = statement
    return statement
  }

  /// Runs one statement with `arguments`, ignoring any rows.
  func run(_ sql: String, _ arguments: [any SQLBindable] = []) throws {
    let statement = try prepare(sql)
    try statement.bind(arguments)
    while try statement.step() {}
    statement.reset()
  }

  /// Runs one statement whose parameters `bind` binds one by one (`Statement.bind(_:text:)`,
  /// `bind(_:integer:)`), ignoring any rows: the form for inserts run 100,000 times.
  func run(_ sql: String, binding bind: (Statement) throws -> Void) throws {
    let statement = try prepare(sql)
    try bind(statement)
    while try statement.step() {}
    statement.reset()
  }

  /// Runs one query and maps every row.
  func query<T>(_ sql: String, _ arguments: [any SQLBindable] = [], _ map: (Row) throws -> T) throws -> [T] {
    let statement = try prepare(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    var rows: [T] = []
    while try statement.step() { rows.append(try map(Row(statement: statement))) }
    return rows
  }

  /// The first row of a query, mapped, or nil when there is none.
  func first<T>(_ sql: String, _ arguments: [any SQLBindable] = [], _ map: (Row) throws -> T) throws -> T? {
    let statement = try prepare(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return try map(Row(statement: statement))
  }

  /// The rowid of the last inserted row on this connection.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether a transaction is open.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// A failed COMMIT (for example a disk full) also rolls back, so the database is never left with
  /// half of a transaction.
  func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    try execute(kind.rawValue)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // After some errors (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled back; only roll back
      // when a transaction is still open, and keep the original error.
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
  }
}
