#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// SQLite's "copy this buffer now" destructor. The C macro is a cast of -1 and does not import, so
/// it is defined once here (GRDB does the same). Binding with `nil` (`SQLITE_STATIC`) instead would
/// let SQLite read a Swift buffer after it is freed.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// An open `sqlite3` handle, closed when the last object that uses it goes away.
///
/// The `Connection` and every `Statement` prepared on it hold the handle strongly, so a statement
/// kept after its connection (or its store) is gone still has an open database under it: no
/// statement can ever step a closed handle. (Statements used to hold their connection `unowned`,
/// and one kept too long crashed inside libsqlite3; `StatementLifetimeTests` guards this.)
final class DatabaseHandle {
  /// The `sqlite3 *`.
  let pointer: OpaquePointer

  init(_ pointer: OpaquePointer) { self.pointer = pointer }

  /// Every statement holds this handle, so by the time it is released they are all finalized and
  /// the close succeeds; `close_v2` would defer it safely anyway.
  deinit { sqlite3_close_v2(pointer) }

  /// The error for result code `rc` with SQLite's current message for this database.
  func error(_ rc: Int32, sql: String?) -> SQLiteError {
    SQLiteError(code: SQLiteResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(pointer)), sql: sql)
  }
}
