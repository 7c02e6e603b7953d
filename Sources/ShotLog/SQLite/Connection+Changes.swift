#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// What a connection can tell about writes: its own, and other connections' (for
/// `AsyncShotLogStore`'s observation).
extension Connection {
  /// The rows this connection has inserted, updated or deleted since it was opened: it grows with
  /// every write statement of this connection, and with nobody else's.
  var totalChanges: Int64 { sqlite3_total_changes64(handle) }

  /// SQLite's `PRAGMA data_version`: a number that differs from the last reading when another
  /// connection (in this process or another one) committed a change to the file in between, and
  /// stays the same for this connection's own commits. Cheap: no lock is taken.
  func dataVersion() throws -> Int64 {
    try first("PRAGMA data_version") { $0.int64(0) } ?? 0
  }
}
