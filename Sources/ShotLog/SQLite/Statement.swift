import CSQLite

/// A prepared SQLite statement, owned and cached by its `Connection`.
public final class Statement {
  let handle: OpaquePointer
  unowned let connection: Connection
  /// The SQL text, carried into every error.
  public let sql: String

  init(handle: OpaquePointer, connection: Connection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  /// Releases the statement; only the owning connection calls this, once, when it closes.
  func finalize() { sqlite3_finalize(handle) }

  /// Resets the statement for another run and clears its bindings.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds `arguments` to parameters 1…n.
  public func bind(_ arguments: [any SQLBindable]) throws {
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
      guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }
  }

  /// Advances to the next row: true when a row is available, false when the statement is done.
  public func step() throws -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = connection.error(rc, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }
}

/// The current row of a stepping statement; valid only until the next `step`.
public struct Row {
  let statement: Statement

  /// Whether column `index` is NULL.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(statement.handle, index) == SQLITE_NULL
  }

  /// Column `index` as an integer (0 when NULL).
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(statement.handle, index) }

  /// Column `index` as an `Int` (0 when NULL).
  public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement.handle, index)) }

  /// Column `index` as an integer, or nil when NULL.
  public func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

  /// Column `index` as text (empty when NULL).
  public func text(_ index: Int32) -> String { optionalText(index) ?? "" }

  /// Column `index` as text, or nil when NULL.
  public func optionalText(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(statement.handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(statement.handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index` as a value of whatever type SQLite stored.
  public func value(_ index: Int32) -> SQLValue {
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
