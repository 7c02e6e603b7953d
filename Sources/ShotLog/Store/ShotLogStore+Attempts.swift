import DialRules

/// Shot attempts and suggestion events: inserted once, never changed.
extension ShotLogStore {
  static let attemptColumns = attemptColumnsBeforeBags + ", a.bag_id"

  /// The columns of a shot before migration 008 gave it a bag: what migration 004's backfill reads
  /// (with `NULL` for the bag).
  static let attemptColumnsBeforeBags = """
    a.id, a.uuid, a.snapshot_id, a.bean_id, a.grinder_id, a.pulled_at, a.dose_g, a.yield_g, a.time_s, a.first_drop_s,
    a.taste, a.flow, a.notes, a.decision, a.ruleset_name, a.ruleset_hash, a.created_at, a.record, a.previous_id,
    a.amends_id, a.rating, a.decision_checked
    """

  /// The column of `attemptColumns` holding the stored record (the export copies it as it is).
  static let recordColumn: Int32 = 17

  /// Maps a row of `attemptColumns` (starting at column `base`). Without `decoding` the stored
  /// decision and record are left out (the export copies their text instead of parsing it; the
  /// attempt's `record` then holds only its measurements).
  static func attempt(_ row: Row, base: Int32 = 0, decoding: Bool = true) throws -> ShotAttempt {
    func number(_ i: Int32) -> ExactNumber? { row.optionalNumber(base + i) }
    let uuid = row.text(base + 1)
    var suggestion: StoredSuggestion?
    var record: ShotRecord?
    if decoding, let text = row.optionalText(base + 13) {
      switch JSONNode.parseStored(text) {
      case .success(let json):
        do {
          suggestion = try StoredSuggestion(
            decisionJSON: json, rulesetName: row.text(base + 14), rulesetHash: row.text(base + 15), id: uuid)
          suggestion?.checked = row.optionalInt64(base + 21) != 0
        } catch {
          throw ShotLogError.unreadableDecision(attempt: uuid, detail: "\(error.path): \(error.message)")
        }
      case .failure(let diagnostics):
        throw ShotLogError.unreadableDecision(attempt: uuid, detail: diagnostics.first?.message ?? "not JSON")
      }
    }
    if decoding, let text = row.optionalText(base + recordColumn) {
      switch ShotJSONReader.read(SourceFile(path: "record of shot \(uuid)", text: text)) {
      case .success(let read): record = read
      case .failure(let diagnostics):
        throw ShotLogError.unreadableDecision(
          attempt: uuid, detail: "its record: " + (diagnostics.first?.message ?? "not shot JSON"))
      }
    }
    let measurements = ShotRecord.Measurements(
      doseG: number(6), yieldG: number(7), timeS: number(8), firstDropS: number(9),
      taste: row.optionalText(base + 10).flatMap { TagSet<TasteTag>(storedText: $0) },
      flow: row.optionalText(base + 11).flatMap { TagSet<FlowTag>(storedText: $0) })
    return ShotAttempt(
      id: row.int64(base), uuid: uuid, snapshotID: row.int64(base + 2), beanID: row.int64(base + 3),
      grinderID: row.int64(base + 4), pulledAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 5)),
      measurements: measurements, record: record, previousID: row.optionalInt64(base + 18),
      amendsID: row.optionalInt64(base + 19), rating: number(20), notes: row.optionalText(base + 12),
      suggestion: suggestion, createdAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 16)),
      bagID: row.optionalInt64(base + 22) ?? 0)
  }

  /// Inserts an attempt (inside the caller's write transaction); returns it with its id. The
  /// record is stored as DialRules writes shot JSON, the form the export copies.
  func insert(_ attempt: ShotAttempt) throws -> ShotAttempt {
    let m = attempt.measurements
    // The record's JSON is bound from the writer's bytes: no `String` made (and checked) of it.
    var record = JSONWriter(reservingCapacity: 1_024)
    attempt.record.writeJSON(to: &record)
    try connection.run(
      """
      INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, dose_g, yield_g, time_s,
        first_drop_s, taste, flow, notes, decision, decision_kind, ruleset_name, ruleset_hash, created_at, record,
        previous_id, amends_id, rating, decision_checked, bag_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    ) { s in
      // Bound one by one (an import inserts 100,000 of these): no array of boxed values per row.
      try s.bind(1, text: attempt.uuid)
      try s.bind(2, integer: attempt.snapshotID)
      try s.bind(3, integer: attempt.beanID)
      try s.bind(4, integer: attempt.grinderID)
      try s.bind(5, integer: attempt.pulledAt.millisecondsSinceEpoch)
      try s.bind(6, text: m.doseG?.decimalText)
      try s.bind(7, text: m.yieldG?.decimalText)
      try s.bind(8, text: m.timeS?.decimalText)
      try s.bind(9, text: m.firstDropS?.decimalText)
      try s.bind(10, text: m.taste?.storedText)
      try s.bind(11, text: m.flow?.storedText)
      try s.bind(12, text: attempt.notes)
      if let decision = attempt.suggestion?.decisionJSONBytes { try s.bind(13, utf8: decision) }
      try s.bind(14, text: attempt.suggestion?.decision.outcome.kind.rawValue)
      try s.bind(15, text: attempt.suggestion?.rulesetName)
      try s.bind(16, text: attempt.suggestion?.rulesetHash)
      try s.bind(17, integer: attempt.createdAt.millisecondsSinceEpoch)
      try s.bind(18, utf8: record.bytes)
      try s.bind(19, integer: attempt.previousID)
      try s.bind(20, integer: attempt.amendsID)
      try s.bind(21, text: attempt.rating?.decimalText)
      try s.bind(22, integer: attempt.suggestion.map { $0.checked ? 1 : 0 })
      try s.bind(23, integer: attempt.bagID)
    }
    var stored = attempt
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// The shot number in `reference` (`12` or `#12`, as history shows), if it is one.
  package static func shotNumber(in reference: String) -> Int64? {
    let digits = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    guard let number = Int64(digits), number > 0, !digits.contains("-"), digits.count < 10 else { return nil }
    return number
  }

  /// The newest attempt of the bean and grinder pulled at or before `pulledAt` that still counts
  /// (neither voided nor corrected): the previous shot of a shot logged now. Ties go to the one
  /// logged last.
  func currentPrevious(beanID: Int64, grinderID: Int64, pulledAt: Timestamp) throws -> ShotAttempt? {
    try connection.first(
      """
      SELECT \(Self.attemptColumns) FROM shot_attempts a
      WHERE a.bean_id = ? AND a.grinder_id = ? AND a.pulled_at <= ?
        AND NOT EXISTS (SELECT 1 FROM attempt_voids v WHERE v.attempt_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM shot_attempts c WHERE c.amends_id = a.id)
      ORDER BY a.pulled_at DESC, a.id DESC LIMIT 1
      """,
      [beanID, grinderID, pulledAt.millisecondsSinceEpoch]
    ) { try Self.attempt($0) }
  }

  /// The bean's newest shot by pull time that still counts (neither voided nor corrected; ties go
  /// to the one logged last): the only shot whose suggestion may change the bean's recipe now.
  func newestCountingAttempt(beanID: Int64) throws -> ShotAttempt? {
    try connection.first(
      """
      SELECT \(Self.attemptColumns) FROM shot_attempts a
      WHERE a.bean_id = ?
        AND NOT EXISTS (SELECT 1 FROM attempt_voids v WHERE v.attempt_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM shot_attempts c WHERE c.amends_id = a.id)
      ORDER BY a.pulled_at DESC, a.id DESC LIMIT 1
      """,
      [beanID]
    ) { try Self.attempt($0) }
  }

  static let eventColumns = "id, uuid, attempt_id, action, snapshot_id, note, at"

  static func event(_ row: Row) -> SuggestionEvent {
    SuggestionEvent(
      id: row.int64(0), uuid: row.text(1), attemptID: row.int64(2),
      action: SuggestionEvent.Action(rawValue: row.text(3)) ?? .rejected, snapshotID: row.optionalInt64(4),
      note: row.optionalText(5), at: Timestamp(millisecondsSinceEpoch: row.int64(6)))
  }

  static let voidColumns = "id, uuid, attempt_id, reason, at"

  static func void(_ row: Row) -> AttemptVoid {
    AttemptVoid(
      id: row.int64(0), uuid: row.text(1), attemptID: row.int64(2), reason: row.text(3),
      at: Timestamp(millisecondsSinceEpoch: row.int64(4)))
  }

  func insert(_ void: AttemptVoid) throws -> AttemptVoid {
    try connection.run(
      "INSERT INTO attempt_voids (uuid, attempt_id, reason, at) VALUES (?, ?, ?, ?)",
      [void.uuid, void.attemptID, void.reason, void.at.millisecondsSinceEpoch])
    var stored = void
    stored.id = connection.lastInsertRowID
    return stored
  }

  static let undoColumns = "id, uuid, event_id, snapshot_id, note, at"

  static func undo(_ row: Row) -> SuggestionUndo {
    SuggestionUndo(
      id: row.int64(0), uuid: row.text(1), eventID: row.int64(2), snapshotID: row.int64(3),
      note: row.optionalText(4), at: Timestamp(millisecondsSinceEpoch: row.int64(5)))
  }

  func insert(_ undo: SuggestionUndo) throws -> SuggestionUndo {
    try connection.run(
      "INSERT INTO suggestion_undos (uuid, event_id, snapshot_id, note, at) VALUES (?, ?, ?, ?, ?)",
      [undo.uuid, undo.eventID, undo.snapshotID, undo.note, undo.at.millisecondsSinceEpoch])
    var stored = undo
    stored.id = connection.lastInsertRowID
    return stored
  }

  func insert(_ event: SuggestionEvent) throws -> SuggestionEvent {
    try connection.run(
      "INSERT INTO suggestion_events (uuid, attempt_id, action, snapshot_id, note, at) VALUES (?, ?, ?, ?, ?, ?)",
      [
        event.uuid, event.attemptID, event.action.rawValue, event.snapshotID, event.note,
        event.at.millisecondsSinceEpoch,
      ])
    var stored = event
    stored.id = connection.lastInsertRowID
    return stored
  }
}

/// Shots by number, reference or UUID, and what was recorded for each: the answer, a void, a
/// correction, an undo.
extension ShotLogStore.Shots {
  /// The shot with row id (shot number) `id`, or nil when there is none.
  public func attempt(id: Int64) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      try connection.first("SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a WHERE a.id = ?", [id]) {
        try ShotLogStore.attempt($0)
      }
    }
  }

  /// The shot logged last (the newest row, whatever its pull time: a back-dated shot just logged
  /// is the latest), optionally of one bean; nil when there is none.
  public func latestAttempt(beanID: Int64? = nil) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      if let beanID {
        return try connection.first(
          "SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a WHERE a.bean_id = ? ORDER BY a.id DESC LIMIT 1",
          [beanID]
        ) { try ShotLogStore.attempt($0) }
      }
      return try connection.first(
        "SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a ORDER BY a.id DESC LIMIT 1"
      ) {
        try ShotLogStore.attempt($0)
      }
    }
  }

  /// Finds a shot by `latest`, its number (`12` or `#12`, as history shows) or the start of its
  /// UUID (at least four characters).
  public func findAttempt(_ reference: String) throws(ShotLogError) -> ShotAttempt {
    if reference == "latest" || reference == "last" {
      guard let latest = try latestAttempt() else { throw .noShotsYet }
      return latest
    }
    if let number = ShotLogStore.shotNumber(in: reference) {
      guard let attempt = try attempt(id: number) else { throw .shotNotFound(reference: reference) }
      return attempt
    }
    if reference.count >= 4, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
      let matches = try guarded {
        try connection.query(
          "SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a WHERE a.uuid LIKE ? || '%' LIMIT 2",
          [reference.lowercased()]
        ) { try ShotLogStore.attempt($0) }
      }
      if matches.count == 1, let only = matches.first { return only }
      if matches.count > 1 { throw .ambiguousShot(reference: reference) }
    }
    throw .shotNotFound(reference: reference)
  }

  /// The shot `attempt` was compared with when it was logged (docs/design.md §9): fixed then, and kept
  /// with it, so shots logged later never change it.
  public func previousAttempt(before attempt: ShotAttempt) throws(ShotLogError) -> ShotAttempt? {
    guard let id = attempt.previousID else { return nil }
    return try self.attempt(id: id)
  }

  /// How many shots are stored.
  public func attemptCount() throws(ShotLogError) -> Int {
    try guarded { try connection.first("SELECT count(*) FROM shot_attempts") { $0.int(0) } ?? 0 }
  }

  /// The accept or reject recorded for a shot, if any.
  public func event(attemptID: Int64) throws(ShotLogError) -> SuggestionEvent? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.eventColumns) FROM suggestion_events WHERE attempt_id = ?", [attemptID],
        ShotLogStore.event)
    }
  }

  /// The void recorded for a shot, if any: a read, which changes nothing. To void a shot, call
  /// `void(_:reason:)`.
  public func recordedVoid(attemptID: Int64) throws(ShotLogError) -> AttemptVoid? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.voidColumns) FROM attempt_voids WHERE attempt_id = ?", [attemptID], ShotLogStore.void)
    }
  }

  /// The shot that corrects `attemptID` (`amend`), if any.
  public func correction(of attemptID: Int64) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a WHERE a.amends_id = ?", [attemptID]
      ) {
        try ShotLogStore.attempt($0)
      }
    }
  }

  /// The undo recorded for an accept, if any: a read, which changes nothing. To undo an accepted
  /// suggestion, call `undo(_:note:)`.
  public func recordedUndo(eventID: Int64) throws(ShotLogError) -> SuggestionUndo? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.undoColumns) FROM suggestion_undos WHERE event_id = ?", [eventID], ShotLogStore.undo)
    }
  }
}
