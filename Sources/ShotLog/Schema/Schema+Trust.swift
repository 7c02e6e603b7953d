/// The migrations of issue 10 ("a shot log a barista can trust"): what decided each shot is kept
/// with it, corrections are new rows, and beans carry what a barista reads on the bag.
extension Schema {
  /// Appended after the first release's migrations, in this order.
  static let trustMigrations: [Migration] = [
    Migration(
      "003-snapshot-grinder-scale",
      sql: """
        -- A recipe snapshot keeps the grinder scale it was made on, so editing the grinder later
        -- never changes what "one step" meant for it. Existing snapshots get the grinder's scale
        -- as it is now: the best that can be known.
        ALTER TABLE recipe_snapshots ADD COLUMN grinder_step TEXT;
        ALTER TABLE recipe_snapshots ADD COLUMN grinder_min TEXT;
        ALTER TABLE recipe_snapshots ADD COLUMN grinder_max TEXT;
        ALTER TABLE recipe_snapshots ADD COLUMN grinder_finer TEXT CHECK (grinder_finer IN ('lower', 'higher'));
        DROP TRIGGER recipe_snapshots_immutable_update;
        UPDATE recipe_snapshots SET
          grinder_step = (SELECT step FROM grinders g WHERE g.id = recipe_snapshots.grinder_id),
          grinder_min = (SELECT min_setting FROM grinders g WHERE g.id = recipe_snapshots.grinder_id),
          grinder_max = (SELECT max_setting FROM grinders g WHERE g.id = recipe_snapshots.grinder_id),
          grinder_finer = (SELECT finer FROM grinders g WHERE g.id = recipe_snapshots.grinder_id);
        CREATE TRIGGER recipe_snapshots_immutable_update BEFORE UPDATE ON recipe_snapshots
        BEGIN SELECT RAISE(ABORT, 'recipe snapshots are immutable'); END;
        """),
    Migration(
      "004-attempt-context",
      sql: """
        -- The shot JSON the rules saw when the shot was logged (with its previous shot and the
        -- adjustment since), the previous shot it names, the shot it corrects, a rating, and
        -- whether the stored decision was derived here from the record (1) or taken from an
        -- import whose rules this log does not have (0).
        ALTER TABLE shot_attempts ADD COLUMN record TEXT;
        ALTER TABLE shot_attempts ADD COLUMN previous_id INTEGER REFERENCES shot_attempts(id);
        ALTER TABLE shot_attempts ADD COLUMN amends_id INTEGER REFERENCES shot_attempts(id);
        ALTER TABLE shot_attempts ADD COLUMN rating TEXT;
        ALTER TABLE shot_attempts ADD COLUMN decision_checked INTEGER CHECK (decision_checked IN (0, 1));
        -- One correction per shot (a correction can itself be corrected).
        CREATE UNIQUE INDEX shot_attempts_amends ON shot_attempts (amends_id) WHERE amends_id IS NOT NULL;
        CREATE TRIGGER shot_attempts_have_a_record BEFORE INSERT ON shot_attempts
        WHEN NEW.record IS NULL OR (NEW.decision IS NOT NULL AND NEW.decision_checked IS NULL)
        BEGIN SELECT RAISE(ABORT, 'a shot attempt needs its record (and a decided one its check)'); END;
        """,
      backfill: { try LegacyContext.backfill($0) }),
    Migration(
      "005-voids-undos",
      sql: """
        -- Corrections are new rows: a void hides a shot from previous-shot, trends and
        -- suggestions (it stays in history and exports); an undo records the snapshot that put
        -- the recipe back after an accepted suggestion.
        CREATE TABLE attempt_voids (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          attempt_id INTEGER NOT NULL UNIQUE REFERENCES shot_attempts(id),
          reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
          at INTEGER NOT NULL
        );
        CREATE TABLE suggestion_undos (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          event_id INTEGER NOT NULL UNIQUE REFERENCES suggestion_events(id),
          snapshot_id INTEGER NOT NULL REFERENCES recipe_snapshots(id),
          note TEXT,
          at INTEGER NOT NULL
        );
        CREATE TRIGGER attempt_voids_immutable_update BEFORE UPDATE ON attempt_voids
        BEGIN SELECT RAISE(ABORT, 'voids are immutable'); END;
        CREATE TRIGGER attempt_voids_immutable_delete BEFORE DELETE ON attempt_voids
        BEGIN SELECT RAISE(ABORT, 'voids are immutable'); END;
        CREATE TRIGGER suggestion_undos_immutable_update BEFORE UPDATE ON suggestion_undos
        BEGIN SELECT RAISE(ABORT, 'undos are immutable'); END;
        CREATE TRIGGER suggestion_undos_immutable_delete BEFORE DELETE ON suggestion_undos
        BEGIN SELECT RAISE(ABORT, 'undos are immutable'); END;
        """),
    Migration(
      "006-bean-details",
      sql: """
        ALTER TABLE beans ADD COLUMN origin TEXT;
        ALTER TABLE beans ADD COLUMN process TEXT;
        ALTER TABLE beans ADD COLUMN roast_level TEXT
          CHECK (roast_level IN ('light', 'medium-light', 'medium', 'medium-dark', 'dark'));
        """),
  ]

  /// Runs `body` with the immutability triggers dropped, then recreates them exactly as stored
  /// (their SQL is read back from the schema first). Only migrations and a `--replace` import —
  /// which restores a backup in one transaction — may do this, inside their transaction.
  static func suspendingImmutability<T>(_ connection: Connection, _ body: () throws -> T) throws -> T {
    let triggers = try connection.query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_immutable\\_%' ESCAPE '\\'"
    ) { ($0.text(0), $0.text(1)) }
    for (name, _) in triggers { try connection.execute("DROP TRIGGER \"\(name)\"") }
    let result = try body()
    for (_, sql) in triggers { try connection.execute(sql) }
    return result
  }
}
