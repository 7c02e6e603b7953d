extension ShotLogStore.Shots {
  /// The notes of `beanID`'s shots that have any, by shot number (row id): one query for a
  /// report that lists many shots (history rows do not carry the notes).
  package func shotNotes(beanID: Int64) throws(ShotLogError) -> [Int64: String] {
    try read {
      let rows = try connection.query(
        "SELECT id, notes FROM shot_attempts WHERE bean_id = ? AND notes IS NOT NULL AND notes <> ''", [beanID]
      ) { ($0.int64(0), $0.text(1)) }
      var out: [Int64: String] = [:]
      for (id, text) in rows { out[id] = text }
      return out
    }
  }
}
