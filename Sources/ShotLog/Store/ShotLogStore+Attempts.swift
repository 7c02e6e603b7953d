import DialRules

/// Shot attempts and suggestion events: inserted once, never changed.
extension ShotLogStore {
  static let attemptColumns = """
    a.id, a.uuid, a.snapshot_id, a.bean_id, a.grinder_id, a.pulled_at, a.dose_g, a.yield_g, a.time_s, a.first_drop_s,
    a.taste, a.flow, a.notes, a.decision, a.ruleset_name, a.ruleset_hash, a.created_at
    """

  /// Maps a row of `attemptColumns` (starting at column `base`). Without `decodingSuggestion` the
  /// stored decision is left out (the export copies its text instead of parsing it).
  static func attempt(_ row: Row, base: Int32 = 0, decodingSuggestion: Bool = true) throws -> ShotAttempt {
    func number(_ i: Int32) -> ExactNumber? { row.optionalNumber(base + i) }
    let uuid = row.text(base + 1)
    var suggestion: StoredSuggestion?
    if decodingSuggestion, let text = row.optionalText(base + 13) {
      switch JSONNode.parseStored(text) {
      case .success(let json):
        do {
          suggestion = try StoredSuggestion(
            decisionJSON: json, rulesetName: row.text(base + 14), rulesetHash: row.text(base + 15), id: uuid)
        } catch {
          throw ShotLogError.unreadableDecision(attempt: uuid, detail: "\(error.path): \(error.message)")
        }
      case .failure(let diagnostics):
        throw ShotLogError.unreadableDecision(attempt: uuid, detail: diagnostics.first?.message ?? "not JSON")
      }
    }
    let measurements = ShotRecord.Measurements(
      doseG: number(6), yieldG: number(7), timeS: number(8), firstDropS: number(9),
      taste: row.optionalText(base + 10).flatMap { TagSet<TasteTag>(storedText: $0) },
      flow: row.optionalText(base + 11).flatMap { TagSet<FlowTag>(storedText: $0) })
    return ShotAttempt(
      id: row.int64(base), uuid: uuid, snapshotID: row.int64(base + 2), beanID: row.int64(base + 3),
      grinderID: row.int64(base + 4), pulledAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 5)),
      measurements: measurements, notes: row.optionalText(base + 12), suggestion: suggestion,
      createdAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 16)))
  }

  /// Inserts an attempt (inside the caller's write transaction); returns it with its id.
  func insert(_ attempt: ShotAttempt) throws -> ShotAttempt {
    let m = attempt.measurements
    try connection.run(
      """
      INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, dose_g, yield_g, time_s,
        first_drop_s, taste, flow, notes, decision, decision_kind, ruleset_name, ruleset_hash, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        attempt.uuid, attempt.snapshotID, attempt.beanID, attempt.grinderID, attempt.pulledAt.millisecondsSinceEpoch,
        m.doseG?.decimalText, m.yieldG?.decimalText, m.timeS?.decimalText, m.firstDropS?.decimalText,
        m.taste?.storedText, m.flow?.storedText, attempt.notes,
        attempt.suggestion?.decisionJSON, attempt.suggestion?.decision.outcome.kind,
        attempt.suggestion?.rulesetName, attempt.suggestion?.rulesetHash, attempt.createdAt.millisecondsSinceEpoch,
      ])
    var stored = attempt
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// The shot with row id (shot number) `id`, or nil when there is none.
  public func attempt(id: Int64) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      try connection.first("SELECT \(Self.attemptColumns) FROM shot_attempts a WHERE a.id = ?", [id]) {
        try Self.attempt($0)
      }
    }
  }

  /// The newest shot by pull time, optionally of one bean; nil when there is none.
  public func latestAttempt(beanID: Int64? = nil) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      if let beanID {
        return try connection.first(
          "SELECT \(Self.attemptColumns) FROM shot_attempts a WHERE a.bean_id = ? ORDER BY a.pulled_at DESC, a.id DESC LIMIT 1",
          [beanID]
        ) { try Self.attempt($0) }
      }
      return try connection.first(
        "SELECT \(Self.attemptColumns) FROM shot_attempts a ORDER BY a.pulled_at DESC, a.id DESC LIMIT 1"
      ) { try Self.attempt($0) }
    }
  }

  /// The shot number in `reference` (`12` or `#12`, as history shows), if it is one.
  package static func shotNumber(in reference: String) -> Int64? {
    let digits = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    guard let number = Int64(digits), number > 0, !digits.contains("-"), digits.count < 10 else { return nil }
    return number
  }

  /// Finds a shot by `latest`, its number (`12` or `#12`, as history shows) or the start of its
  /// UUID (at least four characters).
  public func findAttempt(_ reference: String) throws(ShotLogError) -> ShotAttempt {
    if reference == "latest" || reference == "last" {
      guard let latest = try latestAttempt() else { throw .noShotsYet }
      return latest
    }
    if let number = Self.shotNumber(in: reference) {
      guard let attempt = try attempt(id: number) else { throw .shotNotFound(reference: reference) }
      return attempt
    }
    if reference.count >= 4, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
      let matches = try guarded {
        try connection.query(
          "SELECT \(Self.attemptColumns) FROM shot_attempts a WHERE a.uuid LIKE ? || '%' LIMIT 2",
          [reference.lowercased()]
        ) { try Self.attempt($0) }
      }
      if matches.count == 1, let only = matches.first { return only }
      if matches.count > 1 { throw .ambiguousShot(reference: reference) }
    }
    throw .shotNotFound(reference: reference)
  }

  /// The shot pulled just before `attempt` with the same bean and grinder (design §9): the one the
  /// rules compare it with.
  public func previousAttempt(before attempt: ShotAttempt) throws(ShotLogError) -> ShotAttempt? {
    try guarded {
      try previousAttempt(
        beanID: attempt.beanID, grinderID: attempt.grinderID, pulledAt: attempt.pulledAt, excludingID: attempt.id)
    }
  }

  /// The newest attempt of the bean and grinder pulled before `pulledAt` (ties broken by insertion
  /// order, so an attempt `excludingID` is never its own predecessor).
  func previousAttempt(beanID: Int64, grinderID: Int64, pulledAt: Timestamp, excludingID: Int64?) throws
    -> ShotAttempt?
  {
    try connection.first(
      """
      SELECT \(Self.attemptColumns) FROM shot_attempts a
      WHERE a.bean_id = ? AND a.grinder_id = ? AND (a.pulled_at < ? OR (a.pulled_at = ? AND a.id < ?))
      ORDER BY a.pulled_at DESC, a.id DESC LIMIT 1
      """,
      [
        beanID, grinderID, pulledAt.millisecondsSinceEpoch, pulledAt.millisecondsSinceEpoch,
        excludingID ?? Int64.max,
      ]
    ) { try Self.attempt($0) }
  }

  /// How many shots are stored.
  public func attemptCount() throws(ShotLogError) -> Int {
    try guarded { try connection.first("SELECT count(*) FROM shot_attempts") { $0.int(0) } ?? 0 }
  }

  // MARK: Events

  static let eventColumns = "id, uuid, attempt_id, action, snapshot_id, note, at"

  static func event(_ row: Row) -> SuggestionEvent {
    SuggestionEvent(
      id: row.int64(0), uuid: row.text(1), attemptID: row.int64(2),
      action: SuggestionEvent.Action(rawValue: row.text(3)) ?? .rejected, snapshotID: row.optionalInt64(4),
      note: row.optionalText(5), at: Timestamp(millisecondsSinceEpoch: row.int64(6)))
  }

  /// The accept or reject recorded for a shot, if any.
  public func event(attemptID: Int64) throws(ShotLogError) -> SuggestionEvent? {
    try guarded {
      try connection.first(
        "SELECT \(Self.eventColumns) FROM suggestion_events WHERE attempt_id = ?", [attemptID], Self.event)
    }
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
