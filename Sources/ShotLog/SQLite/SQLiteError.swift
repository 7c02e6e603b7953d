#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A SQLite result code, primary or extended (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
///
/// Kept as a value over the raw C integer, as GRDB's `ResultCode` does, so callers can match on the
/// primary code without caring which extended variant SQLite reported.
struct SQLiteResultCode: Hashable, Sendable, CustomStringConvertible {
  /// The raw code, possibly extended (the low byte is the primary code).
  let rawValue: Int32

  init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code: the low eight bits of an extended code.
  var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

  static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
  static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
  static let permission = SQLiteResultCode(rawValue: SQLITE_PERM)
  static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
  static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
  static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
  static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
  static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
  static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
  static let cantOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
  static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
  static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
  static let row = SQLiteResultCode(rawValue: SQLITE_ROW)
  static let done = SQLiteResultCode(rawValue: SQLITE_DONE)

  /// SQLite's own short English name for the code ("database is locked").
  var description: String {
    guard let text = sqlite3_errstr(rawValue) else { return "result code \(rawValue)" }
    return String(cString: text)
  }
}

/// A failed SQLite call: the result code, SQLite's message, and the SQL that was running.
///
/// Bound argument values are deliberately not kept: they are user data (notes, bean names), and an
/// error message may end up in a bug report.
struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The (possibly extended) result code.
  var code: SQLiteResultCode
  /// SQLite's message for the failure, e.g. "UNIQUE constraint failed: beans.name".
  var message: String
  /// The statement text, or the name of the call when no SQL was involved ("open", "bind").
  var sql: String?

  init(code: SQLiteResultCode, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  var description: String {
    var text = "SQLite error \(code.rawValue) (\(code.primary)): \(message)"
    if let sql { text += " — while running: \(sql)" }
    return text
  }
}
