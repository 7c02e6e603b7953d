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
    func number(_ i: Int32) -> ExactNumber? { row.optionalText(base + i).flatMap(ExactNumber.decimal) }
    let uuid = row.text(base + 1)
    var suggestion: StoredSuggestion?
    if decodingSuggestion, let text = row.optionalText(base + 13) {
      switch JSONNode.parseStored(text) {
      case .success(let json):
        do {
          suggestion = try StoredSuggestion(
            decisionJSON: json, rulesetName: row.text(base + 14), rulesetHash: row.text(base + 15), id: uuid)
        } catch {
          throw ShotLogError(
            .invalid, "stored attempt \(uuid) has an unreadable decision: \(error.path): \(error.message)")
        }
      case .failure(let diagnostics):
        throw ShotLogError(
          .invalid, "stored attempt \(uuid) has an unreadable decision: \(diagnostics.first?.message ?? "not JSON")")
      }
    }
    return ShotAttempt(
      id: row.int64(base), uuid: uuid, snapshotID: row.int64(base + 2), beanID: row.int64(base + 3),
      grinderID: row.int64(base + 4), pulledAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 5)),
      doseG: number(6), yieldG: number(7), timeS: number(8), firstDropS: number(9),
      taste: row.optionalText(base + 10).flatMap { TagSet<TasteTag>(storedText: $0) },
      flow: row.optionalText(base + 11).flatMap { TagSet<FlowTag>(storedText: $0) }, notes: row.optionalText(base + 12),
      suggestion: suggestion, createdAt: Timestamp(millisecondsSinceEpoch: row.int64(base + 16)))
  }

  /// Inserts an attempt (inside the caller's write transaction); returns it with its id.
  func insert(_ attempt: ShotAttempt) throws -> ShotAttempt {
    try connection.run(
      """
      INSERT INTO shot_attempts (uuid, snapshot_id, bean_id, grinder_id, pulled_at, dose_g, yield_g, time_s,
        first_drop_s, taste, flow, notes, decision, decision_kind, ruleset_name, ruleset_hash, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        attempt.uuid, attempt.snapshotID, attempt.beanID, attempt.grinderID, attempt.pulledAt.millisecondsSinceEpoch,
        attempt.doseG?.decimalText, attempt.yieldG?.decimalText, attempt.timeS?.decimalText,
        attempt.firstDropS?.decimalText, attempt.taste?.storedText, attempt.flow?.storedText, attempt.notes,
        attempt.suggestion?.decisionJSON, attempt.suggestion?.decision.outcome.kind,
        attempt.suggestion?.rulesetName, attempt.suggestion?.rulesetHash, attempt.createdAt.millisecondsSinceEpoch,
      ])
    var stored = attempt
    stored.id = connection.lastInsertRowID
    return stored
  }

  public func attempt(id: Int64) throws -> ShotAttempt? {
    try connection.first("SELECT \(Self.attemptColumns) FROM shot_attempts a WHERE a.id = ?", [id]) {
      try Self.attempt($0)
    }
  }

  /// The newest attempt, optionally of one bean.
  public func latestAttempt(beanID: Int64? = nil) throws -> ShotAttempt? {
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

  /// Finds an attempt by `latest`, its number (`12` or `#12`, as history shows) or a UUID prefix.
  public func findAttempt(_ reference: String) throws -> ShotAttempt {
    if reference == "latest" || reference == "last" {
      guard let latest = try latestAttempt() else { throw ShotLogError(.notFound, "no shots logged yet") }
      return latest
    }
    let digits = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    if let number = Int64(digits), number > 0, !digits.contains("-"), digits.count < 10 {
      guard let attempt = try attempt(id: number) else { throw ShotLogError(.notFound, "no shot #\(number)") }
      return attempt
    }
    if reference.count >= 4, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
      let matches = try connection.query(
        "SELECT \(Self.attemptColumns) FROM shot_attempts a WHERE a.uuid LIKE ? || '%' LIMIT 2",
        [reference.lowercased()]
      ) { try Self.attempt($0) }
      if matches.count == 1, let only = matches.first { return only }
      if matches.count > 1 {
        throw ShotLogError(.invalid, "'\(reference)' matches more than one shot; give more of the id")
      }
    }
    throw ShotLogError(.notFound, "no shot '\(reference)'", help: "use a number from 'dialshot history', or 'latest'")
  }

  /// The attempt pulled just before `attempt` with the same bean and grinder (design §9).
  public func previousAttempt(before attempt: ShotAttempt) throws -> ShotAttempt? {
    try previousAttempt(
      beanID: attempt.beanID, grinderID: attempt.grinderID, pulledAt: attempt.pulledAt, excludingID: attempt.id)
  }

  /// The newest attempt of the bean and grinder pulled before `pulledAt` (ties broken by insertion
  /// order, so an attempt `excludingID` is never its own predecessor).
  public func previousAttempt(beanID: Int64, grinderID: Int64, pulledAt: Timestamp, excludingID: Int64?) throws
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

  /// How many attempts are stored.
  public func attemptCount() throws -> Int {
    try connection.first("SELECT count(*) FROM shot_attempts") { $0.int(0) } ?? 0
  }

  // MARK: Events

  static let eventColumns = "id, uuid, attempt_id, action, snapshot_id, note, at"

  static func event(_ row: Row) -> SuggestionEvent {
    SuggestionEvent(
      id: row.int64(0), uuid: row.text(1), attemptID: row.int64(2),
      action: SuggestionEvent.Action(rawValue: row.text(3)) ?? .rejected, snapshotID: row.optionalInt64(4),
      note: row.optionalText(5), at: Timestamp(millisecondsSinceEpoch: row.int64(6)))
  }

  /// The accept or reject recorded for an attempt, if any.
  public func event(attemptID: Int64) throws -> SuggestionEvent? {
    try connection.first(
      "SELECT \(Self.eventColumns) FROM suggestion_events WHERE attempt_id = ?", [attemptID], Self.event)
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
