import DialRules

/// Which shots `ShotLogStore.history` lists; every condition given must hold.
public struct HistoryFilter: Sendable {
  /// Only shots of this bean.
  public var beanID: Int64?
  /// Only shots on this grinder.
  public var grinderID: Int64?
  /// Pulled at or after.
  public var from: Timestamp?
  /// Pulled before.
  public var until: Timestamp?
  /// Only shots whose taste verdict includes this tag.
  public var taste: TasteTag?
  /// At most this many, newest first; nil for all.
  public var limit: Int?

  /// A filter; with no arguments, every shot.
  public init(
    beanID: Int64? = nil, grinderID: Int64? = nil, from: Timestamp? = nil, until: Timestamp? = nil,
    taste: TasteTag? = nil, limit: Int? = nil
  ) {
    self.beanID = beanID
    self.grinderID = grinderID
    self.from = from
    self.until = until
    self.taste = taste
    self.limit = limit
  }
}

/// One line of history: an attempt with the names and targets it is shown with.
public struct HistoryRow: Sendable {
  /// The shot's number (row id).
  public var attemptID: Int64
  /// The shot's UUID.
  public var uuid: String
  /// When it was pulled.
  public var pulledAt: Timestamp
  /// Its bean's name.
  public var beanName: String
  /// Its grinder's name.
  public var grinderName: String
  /// The recipe's grind setting.
  public var grind: String
  /// The recipe's dose.
  public var targetDoseG: ExactNumber?
  /// The recipe's yield.
  public var targetYieldG: ExactNumber?
  /// The recipe's time.
  public var targetTimeS: ExactNumber?
  /// The measured dose.
  public var doseG: ExactNumber?
  /// The measured yield.
  public var yieldG: ExactNumber?
  /// The measured time.
  public var timeS: ExactNumber?
  /// The taste as stored (`sour,thin`; empty for "none"; nil when not given); parsed on demand so
  /// listing thousands of shots does not pay for it.
  public var tasteText: String?
  /// The flow tags as stored (`channeling`; nil when nothing was noted).
  public var flowText: String?
  /// The taste verdict: nil when none was given, empty for an explicit "none".
  public var taste: TagSet<TasteTag>? { tasteText.flatMap { TagSet<TasteTag>(storedText: $0) } }
  /// The flow problems noted, nil when none.
  public var flow: TagSet<FlowTag>? { flowText.flatMap { TagSet<FlowTag>(storedText: $0) } }
  /// `adjust`, `no_change`, `insufficient_evidence`, or nil when no rules were evaluated.
  public var decisionKind: String?
  /// The decision's text ("Grind finer by 1 step").
  public var decisionText: String?
  /// `accepted`, `rejected` or nil.
  public var eventAction: String?
}

extension ShotLogStore {
  /// Attempts matching `filter`, newest first.
  ///
  /// One indexed query (by bean and time when a bean is given); the decision text is read with
  /// SQLite's `json_extract` so listing thousands of shots never parses their stored decisions.
  public func history(_ filter: HistoryFilter = HistoryFilter()) throws(ShotLogError) -> [HistoryRow] {
    var conditions: [String] = []
    var arguments: [any SQLBindable] = []
    if let beanID = filter.beanID {
      conditions.append("a.bean_id = ?")
      arguments.append(beanID)
    }
    if let grinderID = filter.grinderID {
      conditions.append("a.grinder_id = ?")
      arguments.append(grinderID)
    }
    if let from = filter.from {
      conditions.append("a.pulled_at >= ?")
      arguments.append(from.millisecondsSinceEpoch)
    }
    if let until = filter.until {
      conditions.append("a.pulled_at < ?")
      arguments.append(until.millisecondsSinceEpoch)
    }
    if let taste = filter.taste {
      // Tags are stored comma-separated; framing with commas makes the match exact.
      conditions.append("(',' || a.taste || ',') LIKE ?")
      arguments.append("%," + taste.rawValue + ",%")
    }
    let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    let limitClause = filter.limit.map { "LIMIT \($0)" } ?? ""
    let sql = """
      SELECT a.id, a.uuid, a.pulled_at, b.name, g.name, s.grind, s.dose_g, s.yield_g, s.time_s,
        a.dose_g, a.yield_g, a.time_s, a.taste, a.flow, a.decision_kind, json_extract(a.decision, '$.text'), e.action
      FROM shot_attempts a
      JOIN beans b ON b.id = a.bean_id
      JOIN grinders g ON g.id = a.grinder_id
      JOIN recipe_snapshots s ON s.id = a.snapshot_id
      LEFT JOIN suggestion_events e ON e.attempt_id = a.id
      \(whereClause)
      ORDER BY a.pulled_at DESC, a.id DESC
      \(limitClause)
      """
    return try read {
      try connection.query(sql, arguments) { row in
        func number(_ i: Int32) -> ExactNumber? { row.optionalNumber(i) }
        return HistoryRow(
          attemptID: row.int64(0), uuid: row.text(1), pulledAt: Timestamp(millisecondsSinceEpoch: row.int64(2)),
          beanName: row.text(3), grinderName: row.text(4), grind: row.text(5), targetDoseG: number(6),
          targetYieldG: number(7), targetTimeS: number(8), doseG: number(9), yieldG: number(10), timeS: number(11),
          tasteText: row.optionalText(12), flowText: row.optionalText(13), decisionKind: row.optionalText(14),
          decisionText: row.optionalText(15), eventAction: row.optionalText(16))
      }
    }
  }
}
