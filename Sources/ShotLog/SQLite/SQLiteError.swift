import CSQLite

/// A SQLite result code, primary or extended (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
///
/// Kept as a value over the raw C integer, as GRDB's `ResultCode` does, so callers can match on the
/// primary code without caring which extended variant SQLite reported.
public struct SQLiteResultCode: Hashable, Sendable, CustomStringConvertible {
  /// The raw code, possibly extended (the low byte is the primary code).
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code: the low eight bits of an extended code.
  public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

  public static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
  public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
  public static let permission = SQLiteResultCode(rawValue: SQLITE_PERM)
  public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
  public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
  public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
  public static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
  public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
  public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
  public static let cantOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
  public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
  public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
  public static let row = SQLiteResultCode(rawValue: SQLITE_ROW)
  public static let done = SQLiteResultCode(rawValue: SQLITE_DONE)

  /// SQLite's own short English name for the code ("database is locked").
  public var description: String {
    guard let text = sqlite3_errstr(rawValue) else { return "result code \(rawValue)" }
    return String(cString: text)
  }
}

/// A failed SQLite call: the result code, SQLite's message, and the SQL that was running.
///
/// Bound argument values are deliberately not kept: they are user data (notes, bean names), and an
/// error message may end up in a bug report.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The (possibly extended) result code.
  public var code: SQLiteResultCode
  /// SQLite's message for the failure, e.g. "UNIQUE constraint failed: beans.name".
  public var message: String
  /// The statement text, or the name of the call when no SQL was involved ("open", "bind").
  public var sql: String?

  public init(code: SQLiteResultCode, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  public var description: String {
    var text = "SQLite error \(code.rawValue) (\(code.primary)): \(message)"
    if let sql { text += " — while running: \(sql)" }
    return text
  }
}
