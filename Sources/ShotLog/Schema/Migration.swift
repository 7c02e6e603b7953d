/// One named schema change. Migrations are applied in list order, each in the same transaction as
/// the record of its name, so a database is always at exactly one point of the list.
///
/// A released migration is never edited or reordered: databases in the wild have recorded its name
/// and will not run it again. Change the schema by appending a new one.
package struct Migration: Sendable {
  /// A stable name, recorded in `schema_migrations` (e.g. `001-profiles`).
  var name: String
  /// The SQL to run; may hold several statements.
  var sql: String

  init(_ name: String, sql: String) {
    self.name = name
    self.sql = sql
  }
}

/// What the migrator found in an existing database.
enum SchemaState: Equatable, Sendable {
  /// A file with no tables at all: a new database.
  case empty
  /// A shot log database with `applied` migrations recorded, all known to this build.
  case known(applied: Int)
  /// Recorded migrations this build does not know: written by a newer version.
  case newer(unknown: [String])
  /// An SQLite database that the shot log did not create (no migration table, other tables).
  case foreign(tables: [String])
}

/// Applies `Schema.migrations` and refuses databases it does not understand.
enum Migrator {
  /// Reads what the database holds without writing anything.
  static func inspect(_ connection: Connection, migrations: [Migration]) throws -> SchemaState {
    let tables = try connection.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ) { $0.text(0) }
    if tables.isEmpty { return .empty }
    guard tables.contains("schema_migrations") else { return .foreign(tables: tables) }
    let applied = try connection.query("SELECT name FROM schema_migrations ORDER BY id") { $0.text(0) }
    let known = migrations.map(\.name)
    // Applied migrations must be a prefix of the known list; anything else means a newer (or a
    // diverged) build wrote this file, and touching it could lose that build's data.
    for (offset, name) in applied.enumerated() where offset >= known.count || known[offset] != name {
      return .newer(unknown: Array(applied[offset...]))
    }
    return .known(applied: applied.count)
  }

  /// Applies every pending migration in one write transaction, re-inspecting under the write lock
  /// so two processes opening a new file at once do not both migrate it.
  static func migrate(_ connection: Connection, migrations: [Migration], now: Timestamp) throws -> SchemaState {
    try connection.transaction(.immediate) {
      let state = try inspect(connection, migrations: migrations)
      let start: Int
      switch state {
      case .empty:
        try connection.execute(
          """
          CREATE TABLE schema_migrations (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            applied_at INTEGER NOT NULL
          );
          """)
        start = 0
      case .known(let applied): start = applied
      case .newer, .foreign: return state
      }
      for (offset, migration) in migrations.enumerated() where offset >= start {
        try connection.execute(migration.sql)
        try connection.run(
          "INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)",
          [offset + 1, migration.name, now.millisecondsSinceEpoch])
      }
      // user_version mirrors the count so `sqlite3 file 'PRAGMA user_version'` tells the version;
      // application_id marks the file as ours for tools like `file(1)`.
      try connection.execute(
        "PRAGMA user_version = \(migrations.count); PRAGMA application_id = \(Schema.applicationID);")
      return .known(applied: migrations.count)
    }
  }
}
