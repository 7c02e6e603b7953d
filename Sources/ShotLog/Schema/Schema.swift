/// The shot log's schema: the ordered list of migrations (docs/design.md §9).
///
/// Conventions: every row has an integer `id` (local to one file) and a `uuid` (its identity in
/// exports); times are integer milliseconds since the epoch, UTC; quantities are exact decimal text
/// (`"18.5"`) so nothing is rounded through binary floating point; tag sets are comma-separated
/// words in vocabulary order, NULL meaning "not given". Recipe snapshots, shot attempts and
/// suggestion events are immutable: triggers refuse UPDATE and DELETE on them.
package enum Schema {
  /// `PRAGMA application_id` of a shot log database: "DSHT".
  static let applicationID: Int32 = 0x4453_4854

  /// Every migration, oldest first. Append only.
  package static let migrations: [Migration] = firstRelease + trustMigrations + importMigrations + bagMigrations

  /// The schema of the first release: profiles, recipes, attempts and answers.
  static let firstRelease: [Migration] = [
    Migration(
      "001-profiles",
      sql: """
        CREATE TABLE store_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        INSERT INTO store_meta (key, value) VALUES ('revision', '0'), ('store_id', lower(hex(randomblob(16))));
        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        CREATE TABLE beans (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
          roaster TEXT,
          roast_date TEXT CHECK (roast_date IS NULL OR roast_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          notes TEXT,
          created_at INTEGER NOT NULL,
          archived_at INTEGER
        );
        CREATE TABLE grinders (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
          step TEXT,
          min_setting TEXT,
          max_setting TEXT,
          finer TEXT CHECK (finer IN ('lower', 'higher')),
          settings_note TEXT,
          notes TEXT,
          created_at INTEGER NOT NULL,
          archived_at INTEGER,
          -- A numeric scale is all four values or none (free-text settings).
          CHECK ((step IS NULL) = (finer IS NULL) AND (step IS NULL) = (min_setting IS NULL)
                 AND (step IS NULL) = (max_setting IS NULL))
        );
        CREATE TABLE baskets (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
          capacity_g TEXT,
          notes TEXT,
          created_at INTEGER NOT NULL,
          archived_at INTEGER
        );
        """),
    Migration(
      "002-recipes-attempts-events",
      sql: """
        CREATE TABLE recipe_snapshots (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          bean_id INTEGER NOT NULL REFERENCES beans(id),
          grinder_id INTEGER NOT NULL REFERENCES grinders(id),
          basket_id INTEGER REFERENCES baskets(id),
          parent_id INTEGER REFERENCES recipe_snapshots(id),
          dose_g TEXT NOT NULL,
          yield_g TEXT NOT NULL,
          time_s TEXT NOT NULL,
          temperature_c TEXT,
          temperature_note TEXT,
          grind TEXT NOT NULL,
          reason TEXT NOT NULL CHECK (reason IN ('new', 'set', 'scale', 'accept')),
          reason_detail TEXT,
          adjustment TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX recipe_snapshots_by_bean ON recipe_snapshots (bean_id, created_at);

        CREATE TABLE shot_attempts (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          snapshot_id INTEGER NOT NULL REFERENCES recipe_snapshots(id),
          -- Copied from the snapshot (a trigger checks they agree) so that history for one bean,
          -- and the previous attempt for one bean and grinder, are index range scans.
          bean_id INTEGER NOT NULL REFERENCES beans(id),
          grinder_id INTEGER NOT NULL REFERENCES grinders(id),
          pulled_at INTEGER NOT NULL,
          dose_g TEXT,
          yield_g TEXT,
          time_s TEXT,
          first_drop_s TEXT,
          taste TEXT,
          flow TEXT,
          notes TEXT,
          decision TEXT,
          decision_kind TEXT CHECK (decision_kind IN ('adjust', 'no_change', 'insufficient_evidence')),
          ruleset_name TEXT,
          ruleset_hash TEXT,
          created_at INTEGER NOT NULL,
          CHECK ((decision IS NULL) = (decision_kind IS NULL) AND (decision IS NULL) = (ruleset_hash IS NULL))
        );
        CREATE INDEX shot_attempts_by_bean ON shot_attempts (bean_id, pulled_at);
        CREATE INDEX shot_attempts_by_bean_grinder ON shot_attempts (bean_id, grinder_id, pulled_at);
        CREATE INDEX shot_attempts_by_snapshot ON shot_attempts (snapshot_id);

        CREATE TABLE suggestion_events (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          attempt_id INTEGER NOT NULL UNIQUE REFERENCES shot_attempts(id),
          action TEXT NOT NULL CHECK (action IN ('accepted', 'rejected')),
          snapshot_id INTEGER REFERENCES recipe_snapshots(id),
          note TEXT,
          at INTEGER NOT NULL
        );

        CREATE TRIGGER shot_attempts_match_snapshot BEFORE INSERT ON shot_attempts
        WHEN NEW.bean_id IS NOT (SELECT bean_id FROM recipe_snapshots WHERE id = NEW.snapshot_id)
          OR NEW.grinder_id IS NOT (SELECT grinder_id FROM recipe_snapshots WHERE id = NEW.snapshot_id)
        BEGIN SELECT RAISE(ABORT, 'shot attempt bean and grinder must match its recipe snapshot'); END;

        CREATE TRIGGER recipe_snapshots_immutable_update BEFORE UPDATE ON recipe_snapshots
        BEGIN SELECT RAISE(ABORT, 'recipe snapshots are immutable'); END;
        CREATE TRIGGER recipe_snapshots_immutable_delete BEFORE DELETE ON recipe_snapshots
        BEGIN SELECT RAISE(ABORT, 'recipe snapshots are immutable'); END;
        CREATE TRIGGER shot_attempts_immutable_update BEFORE UPDATE ON shot_attempts
        BEGIN SELECT RAISE(ABORT, 'shot attempts are immutable'); END;
        CREATE TRIGGER shot_attempts_immutable_delete BEFORE DELETE ON shot_attempts
        BEGIN SELECT RAISE(ABORT, 'shot attempts are immutable'); END;
        CREATE TRIGGER suggestion_events_immutable_update BEFORE UPDATE ON suggestion_events
        BEGIN SELECT RAISE(ABORT, 'suggestion events are immutable'); END;
        CREATE TRIGGER suggestion_events_immutable_delete BEFORE DELETE ON suggestion_events
        BEGIN SELECT RAISE(ABORT, 'suggestion events are immutable'); END;
        """),
  ]
}
