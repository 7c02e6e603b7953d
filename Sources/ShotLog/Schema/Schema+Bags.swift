/// The migration of issue 22 (bags): a bean has bags, and each shot records the bag it was pulled
/// from, so a new bag (or a corrected one) never changes what an older shot's review says.
extension Schema {
  /// Appended after every earlier migration.
  static let bagMigrations: [Migration] = [
    Migration(
      "008-bags",
      sql: """
        -- One row per bag of a bean: the roast facts printed on it, its weight when full and the
        -- day it was opened. A bean's current bag is its newest; bags are edited in place (a
        -- typo on the roast date is corrected, not versioned) and never deleted.
        CREATE TABLE bags (
          id INTEGER PRIMARY KEY,
          uuid TEXT NOT NULL UNIQUE,
          bean_id INTEGER NOT NULL REFERENCES beans(id),
          roaster TEXT,
          roast_date TEXT CHECK (roast_date IS NULL OR roast_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          weight_g TEXT,
          opened_on TEXT CHECK (opened_on IS NULL OR opened_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          created_at INTEGER NOT NULL
        );
        CREATE INDEX bags_by_bean ON bags (bean_id, created_at);
        CREATE TRIGGER bags_immutable_delete BEFORE DELETE ON bags
        BEGIN SELECT RAISE(ABORT, 'bags are kept with the shots pulled from them'); END;
        -- The bag a shot was pulled from, fixed when it is logged. Existing shots get their
        -- bean's one bag (the backfill); every new shot must name a bag of its bean.
        ALTER TABLE shot_attempts ADD COLUMN bag_id INTEGER REFERENCES bags(id);
        CREATE INDEX shot_attempts_by_bag ON shot_attempts (bag_id);
        CREATE TRIGGER shot_attempts_have_a_bag BEFORE INSERT ON shot_attempts
        WHEN NEW.bag_id IS NULL OR NEW.bean_id IS NOT (SELECT bean_id FROM bags WHERE id = NEW.bag_id)
        BEGIN SELECT RAISE(ABORT, 'a shot attempt needs a bag of its bean'); END;
        """,
      backfill: { try firstBags($0) })
  ]

  /// Migration 008's Swift part: every bean gets one bag made from its roast facts as they are now
  /// (the best that can be known), with the UUID made from the bean's (`Bag.firstUUID`), and every
  /// shot points to its bean's bag.
  static func firstBags(_ connection: Connection) throws {
    let beans = try connection.query("SELECT id, uuid, roaster, roast_date, created_at FROM beans ORDER BY id") {
      ($0.int64(0), $0.text(1), $0.optionalText(2), $0.optionalText(3), $0.int64(4))
    }
    for (id, uuid, roaster, roastDate, createdAt) in beans {
      try connection.run(
        "INSERT INTO bags (uuid, bean_id, roaster, roast_date, created_at) VALUES (?, ?, ?, ?, ?)",
        [Bag.firstUUID(ofBean: uuid), id, roaster, roastDate, createdAt])
    }
    try suspendingImmutability(connection) {
      try connection.run(
        "UPDATE shot_attempts SET bag_id = (SELECT b.id FROM bags b WHERE b.bean_id = shot_attempts.bean_id)")
    }
  }
}
