import Foundation
import Testing

@testable import ShotLog

/// Schema migrations: applied in order and recorded; unknown newer schemas and other programs'
/// databases are refused without a single byte changing.
@Suite struct MigrationTests {
  @Test func aNewDatabaseRecordsEveryMigrationInOrder() throws {
    let scratch = Scratch()
    let store = try scratch.store()
    #expect(try store.appliedMigrations() == Schema.migrations.map(\.name))
    #expect(try store.connection.first("PRAGMA user_version") { $0.int(0) } == Schema.migrations.count)
    #expect(try store.connection.first("PRAGMA application_id") { $0.int(0) } == Int(Schema.applicationID))
    #expect(try store.connection.first("PRAGMA journal_mode") { $0.text(0) } == "wal")
    #expect(try store.connection.first("PRAGMA foreign_keys") { $0.int(0) } == 1)
  }

  /// One linear sequence, numbered from 001 with no gap or repeat, whatever branch added which
  /// (the first release's 001–002, issue 10's 003–006, issue 11's 007).
  @Test func theMigrationsAreOneNumberedSequence() {
    let names = Schema.migrations.map(\.name)
    let numbers: [Int] = names.map { Int($0.prefix(3)) ?? 0 }
    let expected: [Int] = Array(1...names.count)
    #expect(numbers == expected, "\(names)")
    #expect(names.contains("007-imported-shots"))
  }

  @Test func reopeningAnUpToDateDatabaseChangesNothing() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    let before = fileBytes(scratch.database)
    do {
      let store = try scratch.store()
      #expect(try store.appliedMigrations().count == Schema.migrations.count)
      _ = try store.profiles.beans()
    }
    #expect(fileBytes(scratch.database) == before)
  }

  @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    do {
      let c = try Connection(path: scratch.database, mode: .readWrite)
      try c.run("INSERT INTO schema_migrations (id, name, applied_at) VALUES (99, '099-from-the-future', 0)")
    }
    let before = fileBytes(scratch.database)
    #expect(throws: ShotLogError.newerSchema(path: scratch.database, unknownMigrations: ["099-from-the-future"])) {
      try scratch.store()
    }
    let result = scratch.run(["history"])
    #expect(result.status == 2)
    #expect(result.err.contains("written by a newer dialshot"))
    #expect(result.err.contains("099-from-the-future"))
    #expect(fileBytes(scratch.database) == before)
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftUntouched() throws {
    let scratch = Scratch()
    do {
      let c = try Connection(path: scratch.database, mode: .readWriteCreate)
      try c.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
    }
    let before = fileBytes(scratch.database)
    let result = scratch.run(["profiles", "bean", "add", "Guji"])
    #expect(result.status == 2)
    #expect(result.err.contains("did not create (tables: contacts)"))
    #expect(fileBytes(scratch.database) == before)
  }

  @Test func recordedRowsAreImmutable() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    scratch.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let store = try scratch.store()
    for sql in [
      "UPDATE shot_attempts SET time_s = '28'", "DELETE FROM shot_attempts", "UPDATE recipe_snapshots SET grind = '1'",
      "DELETE FROM recipe_snapshots",
    ] {
      let error = #expect(throws: SQLiteError.self) { try store.connection.execute(sql) }
      #expect(error?.code.primary == .constraint)
      #expect(error?.message.contains("immutable") == true)
    }
  }

  @Test func anAttemptMustMatchItsSnapshotsBeanAndGrinder() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    scratch.expect(["profiles", "grinder", "add", "Other", "--settings", "clicks"])
    let store = try scratch.store()
    let error = #expect(throws: SQLiteError.self) {
      try store.connection.run(
        "INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, created_at, record, bag_id) VALUES ('x', 1, 1, 2, 0, 0, '{}', 1)"
      )
    }
    #expect(error?.message.contains("must match its recipe snapshot") == true)
    // And a shot is never stored without the record it was decided by.
    let bare = #expect(throws: SQLiteError.self) {
      try store.connection.run(
        "INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, created_at, bag_id) VALUES ('y', 1, 1, 1, 0, 0, 1)"
      )
    }
    #expect(bare?.message.contains("needs its record") == true)
    // Nor without a bag of its bean (issue 22).
    let bagless = #expect(throws: SQLiteError.self) {
      try store.connection.run(
        "INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, created_at, record) VALUES ('z', 1, 1, 1, 0, 0, '{}')"
      )
    }
    #expect(bagless?.message.contains("needs a bag of its bean") == true)
  }
}
