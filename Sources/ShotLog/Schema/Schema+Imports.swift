/// The migrations of issue 11 (imports from other apps): where an imported shot came from, and
/// the machine curves recorded with it.
extension Schema {
  /// Appended after every earlier migration.
  static let importMigrations: [Migration] = [
    Migration(
      "007-imported-shots",
      sql: """
        -- One row per imported attempt: the source app's id space and its own id for the shot
        -- (unique, so re-importing a file adds nothing), the file (and zip entry) it came from,
        -- and the source's rating on the shot log's 0-5 scale.
        CREATE TABLE attempt_sources (
          attempt_id INTEGER PRIMARY KEY REFERENCES shot_attempts(id),
          id_space TEXT NOT NULL CHECK (length(id_space) > 0),
          source_id TEXT NOT NULL CHECK (length(source_id) > 0),
          format TEXT NOT NULL,
          file TEXT NOT NULL,
          entry TEXT,
          rating TEXT,
          imported_at INTEGER NOT NULL,
          UNIQUE (id_space, source_id)
        );
        -- Machine curves, one row per attempt and kind: `samples` pairs of (milliseconds,
        -- hundredths of the unit), stored as zig-zag varint deltas (ShotCurveCoding).
        CREATE TABLE attempt_curves (
          attempt_id INTEGER NOT NULL REFERENCES shot_attempts(id),
          kind TEXT NOT NULL CHECK (kind IN ('weight', 'pressure', 'flow', 'weight_flow', 'temperature')),
          samples INTEGER NOT NULL CHECK (samples > 0),
          data BLOB NOT NULL,
          PRIMARY KEY (attempt_id, kind)
        );
        CREATE TRIGGER attempt_sources_immutable_update BEFORE UPDATE ON attempt_sources
        BEGIN SELECT RAISE(ABORT, 'attempt sources are immutable'); END;
        CREATE TRIGGER attempt_sources_immutable_delete BEFORE DELETE ON attempt_sources
        BEGIN SELECT RAISE(ABORT, 'attempt sources are immutable'); END;
        CREATE TRIGGER attempt_curves_immutable_update BEFORE UPDATE ON attempt_curves
        BEGIN SELECT RAISE(ABORT, 'attempt curves are immutable'); END;
        CREATE TRIGGER attempt_curves_immutable_delete BEFORE DELETE ON attempt_curves
        BEGIN SELECT RAISE(ABORT, 'attempt curves are immutable'); END;
        """)
  ]
}
