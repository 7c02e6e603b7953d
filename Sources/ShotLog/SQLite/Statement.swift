import DialRules

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A prepared SQLite statement, cached by its `Connection`.
///
/// It holds its database strongly and finalizes itself when released, so it can never outlive the
/// database it was prepared on: keeping one after its connection is gone keeps the database open
/// until the statement goes too.
final class Statement {
  let handle: OpaquePointer
  /// The database the statement was prepared on.
  let database: DatabaseHandle
  /// The SQL text, carried into every error.
  let sql: String

  init(handle: OpaquePointer, database: DatabaseHandle, sql: String) {
    self.handle = handle
    self.database = database
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// Resets the statement for another run and clears its bindings.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds `arguments` to parameters 1…n.
  func bind(_ arguments: [any SQLBindable]) throws {
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard arguments.count == expected else {
      // A programming error in ShotLog, but reported as an error rather than a crash.
      throw SQLiteError(
        code: .error, message: "expected \(expected) arguments, got \(arguments.count)", sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let rc: Int32
      switch argument.sqlValue {
      case .null: rc = sqlite3_bind_null(handle, index)
      case .integer(let value): rc = sqlite3_bind_int64(handle, index, value)
      case .real(let value): rc = sqlite3_bind_double(handle, index, value)
      case .text(let value): rc = sqlite3_bind_text(handle, index, value, -1, sqliteTransient)
      case .blob(let bytes):
        rc = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), sqliteTransient)
        }
      }
      guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }
  }

  /// Binds text, or NULL for nil, to parameter `index` (from 1), as `bind(_:)` binds a `String`:
  /// for the hot insert loops, without an array of boxed values per row.
  func bind(_ index: Int32, text value: String?) throws {
    let rc =
      if let value { sqlite3_bind_text(handle, index, value, -1, sqliteTransient) } else {
        sqlite3_bind_null(handle, index)
      }
    guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
  }

  /// Binds UTF-8 text written straight into bytes (a JSON writer's buffer) to parameter `index`,
  /// without making a `String` of it first; SQLite copies it.
  func bind(_ index: Int32, utf8 bytes: [UInt8]) throws {
    guard !bytes.isEmpty else { return try bind(index, text: "") }
    let rc = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        sqlite3_bind_text(handle, index, $0.baseAddress, Int32(buffer.count), sqliteTransient)
      }
    }
    guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
  }

  /// Binds an integer, or NULL for nil, to parameter `index` (from 1).
  func bind(_ index: Int32, integer value: Int64?) throws {
    let rc = if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
  }

  /// Advances to the next row: true when a row is available, false when the statement is done.
  func step() throws -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.error(rc, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }
}

/// The current row of a stepping statement; valid only until the next `step`.
///
/// Rows are handed to the mapping closures of `Connection.query` and `first` and never kept: the
/// closures read the columns they need and return values.
struct Row {
  let statement: Statement

  /// Whether column `index` is NULL.
  func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(statement.handle, index) == SQLITE_NULL
  }

  /// Column `index` as an integer (0 when NULL).
  func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(statement.handle, index) }

  /// Column `index` as an `Int` (0 when NULL).
  func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement.handle, index)) }

  /// Column `index` as an integer, or nil when NULL.
  func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

  /// Column `index` as text (empty when NULL).
  func text(_ index: Int32) -> String { optionalText(index) ?? "" }

  /// Column `index` as text, or nil when NULL.
  func optionalText(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(statement.handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(statement.handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index` as an exact number (stored as decimal text), or nil when NULL or unreadable.
  func optionalNumber(_ index: Int32) -> ExactNumber? { optionalText(index).flatMap { ExactNumber($0) } }

  /// Column `index` as a value of whatever type SQLite stored.
  func value(_ index: Int32) -> SQLValue {
    switch sqlite3_column_type(statement.handle, index) {
    case SQLITE_INTEGER: return .integer(int64(index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement.handle, index))
    case SQLITE_TEXT: return .text(text(index))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement.handle, index))
      guard let pointer = sqlite3_column_blob(statement.handle, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
    default: return .null
    }
  }
}
