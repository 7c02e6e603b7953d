import DialRules

/// Migration 004's Swift part: gives every shot logged before records were stored the record it
/// was decided by, as far as it can be known.
///
/// The previous shot at logging time is reconstructed exactly: a shot could only be compared with
/// shots logged before it (smaller row id), and among those it took the newest pulled at or
/// before its own pull time. The grinder scale is the one migration 003 gave the snapshots (the
/// grinder as it is now), so a grinder edited in between gives an approximation. A stored
/// decision counts as checked only when its rules are the built-in ones and evaluating the
/// reconstructed record with them gives it again; every other decision is kept as it is, marked
/// unchecked.
enum LegacyContext {
  static func backfill(_ connection: Connection) throws {
    let snapshots = Dictionary(
      uniqueKeysWithValues: try connection.query(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots", [], ShotLogStore.snapshot
      ).map { ($0.id, $0) })
    let grinders = Dictionary(
      uniqueKeysWithValues: try connection.query("SELECT id, name FROM grinders") { ($0.int64(0), $0.text(1)) })
    let attempts = try connection.query(
      "SELECT \(ShotLogStore.attemptColumnsBeforeBags), NULL FROM shot_attempts a ORDER BY a.id"
    ) { row in
      var attempt = try ShotLogStore.attempt(row, decoding: false)
      // Decisions only: the record column is what is being filled in.
      if let text = row.optionalText(13), case .success(let json) = JSONNode.parseStored(text) {
        attempt.suggestion = try? StoredSuggestion(
          decisionJSON: json, rulesetName: row.text(14), rulesetHash: row.text(15), id: attempt.uuid)
      }
      return attempt
    }
    guard !attempts.isEmpty else { return }
    let rules = RuleSet.defaultEspresso
    try Schema.suspendingImmutability(connection) {
      // Per bean and grinder: the shots logged so far, sorted by pull time then row id.
      var logged: [String: [(pulledAt: Int64, index: Int)]] = [:]
      for (index, attempt) in attempts.enumerated() {
        let key = "\(attempt.beanID):\(attempt.grinderID)"
        var earlier = logged[key] ?? []
        let time = attempt.pulledAt.millisecondsSinceEpoch
        // The last one pulled at or before this shot (all of them were logged before it).
        var low = 0
        var high = earlier.count
        while low < high {
          let mid = (low + high) / 2
          if earlier[mid].pulledAt <= time { low = mid + 1 } else { high = mid }
        }
        let previous = low > 0 ? attempts[earlier[low - 1].index] : nil
        earlier.insert((time, index), at: low)
        logged[key] = earlier
        guard let snapshot = snapshots[attempt.snapshotID] else { continue }
        var previousRecord: ShotRecord.Previous?
        if let previous {
          var adjustment: Adjustment?
          if previous.snapshotID != snapshot.id, let before = snapshots[previous.snapshotID] {
            adjustment = snapshot.adjustment(from: before, scale: snapshot.grinderScale)
          }
          previousRecord = ShotRecord.Previous(adjustment: adjustment, shot: previous.measurements)
        }
        let record = ShotRecord(
          id: attempt.uuid, recipe: snapshot.shotRecipe,
          grinder: snapshot.shotGrinder(named: grinders[attempt.grinderID] ?? "?"), shot: attempt.measurements,
          previous: previousRecord)
        var checked: Int?
        if let stored = attempt.suggestion {
          checked = stored.rulesetHash == rules.contentHash && rules.suggestion(for: record).1 == stored ? 1 : 0
        }
        try connection.run(
          "UPDATE shot_attempts SET record = ?, previous_id = ?, decision_checked = ? WHERE id = ?",
          [record.jsonText, previous?.id, checked, attempt.id])
      }
    }
  }
}
