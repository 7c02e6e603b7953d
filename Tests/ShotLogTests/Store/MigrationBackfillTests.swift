import DialRules
import Foundation
import Testing

@testable import ShotLog

/// A log written by the first release (schema 002) gains what issue 10 keeps with every shot —
/// its record, the previous shot it was compared with, its grinder scale — as the log stood when
/// each shot was logged, and its decisions are checked against it.
@Suite struct MigrationBackfillTests {
  @Test func aFirstReleaseLogGetsTheRecordsItsShotsWereDecidedBy() throws {
    let scratch = Scratch()
    let t0 = Timestamp.parse("2026-03-01T08:00:00Z") ?? Timestamp(millisecondsSinceEpoch: 0)
    func at(_ minutes: Int64) -> Int64 { t0.millisecondsSinceEpoch + minutes * 60_000 }
    var records: [ShotRecord] = []
    do {
      let c = try Connection(path: scratch.database, mode: .readWriteCreate)
      try c.execute("PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL")
      _ = try Migrator.migrate(c, migrations: Schema.firstRelease, now: t0)
      try c.execute(
        """
        INSERT INTO beans (id, uuid, name, created_at) VALUES (1, '00000000-0000-4000-8000-000000000001', 'Guji', 0);
        INSERT INTO grinders (id, uuid, name, step, min_setting, max_setting, finer, created_at)
          VALUES (1, '00000000-0000-4000-8000-000000000002', 'Niche', '0.5', '0', '50', 'lower', 0);
        INSERT INTO recipe_snapshots (id, uuid, bean_id, grinder_id, dose_g, yield_g, time_s, grind, reason, created_at)
          VALUES (1, '00000000-0000-4000-8000-000000000003', 1, 1, '18', '36', '28', '14', 'new', 0);
        """)
      let recipe = ShotRecord.Recipe(doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: "14"))
      let moved = ShotRecord.Recipe(doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: "13.5"))
      let grinder = ShotRecord.Grinder(name: "Niche", step: 0.5, min: 0, max: 50, finer: .lower)
      let first = ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 21, taste: [.sour])
      let second = ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 22, taste: [.bitter])
      let third = ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 30, taste: [.bitter])
      // What release 1 decided: #2 against #1 after the finer move; #3, back-dated between them
      // and logged last, against #1 too (the only shot pulled before it then).
      let finer = ShotRecord.Previous(adjustment: .grind(.finer, steps: 1), shot: first)
      records = [
        ShotRecord(id: "00000000-0000-4000-8000-00000000000b", recipe: recipe, grinder: grinder, shot: first),
        ShotRecord(
          id: "00000000-0000-4000-8000-00000000000c", recipe: moved, grinder: grinder, shot: second, previous: finer),
        ShotRecord(
          id: "00000000-0000-4000-8000-00000000000d", recipe: moved, grinder: grinder, shot: third, previous: finer),
      ]
      let rows: [(Int64, String, Int64, Int64, ShotRecord.Measurements)] = [
        (1, "00000000-0000-4000-8000-00000000000b", 1, at(0), first),
        (2, "00000000-0000-4000-8000-00000000000c", 2, at(10), second),
        (3, "00000000-0000-4000-8000-00000000000d", 2, at(5), third),
      ]
      for (index, row) in rows.enumerated() {
        if index == 1 {
          try c.execute(
            """
            INSERT INTO recipe_snapshots (id, uuid, bean_id, grinder_id, parent_id, dose_g, yield_g, time_s, grind,
              reason, adjustment, created_at)
              VALUES (2, '00000000-0000-4000-8000-000000000004', 1, 1, 1, '18', '36', '28', '13.5', 'accept',
              '{"type":"grind","direction":"finer","steps":1}', \(at(2)));
            INSERT INTO suggestion_events (uuid, attempt_id, action, snapshot_id, at) VALUES ('00000000-0000-4000-8000-000000000005', 1, 'accepted', 2, \(at(2)));
            """)
        }
        let suggestion = RuleSet.defaultEspresso.suggestion(for: records[index]).1
        try c.run(
          """
          INSERT INTO shot_attempts (id, uuid, snapshot_id, bean_id, grinder_id, pulled_at, dose_g, yield_g, time_s,
            taste, decision, decision_kind, ruleset_name, ruleset_hash, created_at)
          VALUES (?, ?, ?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            row.0, row.1, row.2, row.3, row.4.doseG?.decimalText, row.4.yieldG?.decimalText,
            row.4.timeS?.decimalText, row.4.taste?.storedText, suggestion.decisionJSON,
            suggestion.decision.outcome.kind.rawValue, suggestion.rulesetName,
            index == 2 ? "not-the-built-in-rules" : suggestion.rulesetHash, row.3,
          ])
      }
    }
    let store = try scratch.store()
    #expect(try store.appliedMigrations() == Schema.migrations.map(\.name))
    let shots = try (1...3).map { try #require(try store.shots.attempt(id: Int64($0))) }
    #expect(shots.map(\.previousID) == [nil, 1, 1])
    #expect(shots.map(\.record) == records, "the records the shots were decided by, exactly")
    #expect(shots.map { $0.suggestion?.checked } == [true, true, false])
    #expect(try store.profiles.snapshot(id: 1)?.grinderScale == GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
    // Still immutable after the migration.
    #expect(throws: SQLiteError.self) { try store.connection.execute("UPDATE shot_attempts SET notes = 'x'") }
    #expect(throws: SQLiteError.self) { try store.connection.execute("UPDATE recipe_snapshots SET grind = '1'") }
    // The export carries the records; a fresh log re-derives the built-in rules' decisions.
    let fresh = try ShotLogStore.openInMemory()
    let preview = try fresh.exchange.previewLogImport(try store.exchange.exportJSON())
    #expect(preview.invalid.isEmpty, "\(preview.invalid)")
    #expect(preview.checkedDecisions == 2)
    #expect(preview.decidedElsewhere.map(\.shots) == [1])
  }
}
