import DialRules

/// Which shots `ShotLogStore.Shots.history` lists; every condition given must hold.
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
  /// Only shots that count: neither voided nor corrected (what trends and reports show).
  public var countingOnly: Bool

  /// A filter; with no arguments, every shot.
  public init(
    beanID: Int64? = nil, grinderID: Int64? = nil, from: Timestamp? = nil, until: Timestamp? = nil,
    taste: TasteTag? = nil, limit: Int? = nil, countingOnly: Bool = false
  ) {
    self.beanID = beanID
    self.grinderID = grinderID
    self.from = from
    self.until = until
    self.taste = taste
    self.limit = limit
    self.countingOnly = countingOnly
  }
}

/// One line of history: an attempt with the names and targets it is shown with.
///
/// Its `id` is the attempt's, so a list of rows feeds a SwiftUI `List` or `ForEach` directly;
/// `init(attemptID:uuid:pulledAt:beanName:grinderName:grind:)` makes one for a preview.
public struct HistoryRow: Hashable, Sendable, Identifiable {
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
  /// The grind setting the shot was pulled at: the recipe's, unless another was given when it was
  /// logged (`logShot(grind:)`).
  public var grind: String
  /// Which way is finer on the grinder scale the recipe was made on; nil for free-text settings.
  public var grinderFiner: ShotRecord.FinerDirection?
  /// The recipe's basket, when it names one.
  public var basketName: String?
  /// The recipe's temperature.
  public var temperatureC: ExactNumber?
  /// The roast date of the bag the shot was pulled from, for the coffee's age at the shot.
  public var roastDate: CalendarDate?
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
  /// The time to the first drop.
  public var firstDropS: ExactNumber?
  /// The barista's rating, 0 to 5.
  public var rating: ExactNumber?
  /// The taste as stored (`sour,thin`; empty for "none"; nil when not given); parsed on demand so
  /// listing thousands of shots does not pay for it.
  public var tasteText: String?
  /// The flow tags as stored (`channeling`; nil when nothing was noted).
  public var flowText: String?
  /// The taste verdict: nil when none was given, empty for an explicit "none".
  public var taste: TagSet<TasteTag>? { tasteText.flatMap { TagSet<TasteTag>(storedText: $0) } }
  /// The flow problems noted, nil when none.
  public var flow: TagSet<FlowTag>? { flowText.flatMap { TagSet<FlowTag>(storedText: $0) } }
  /// What kind of decision the rules made, or nil when no rules were evaluated.
  public var decisionKind: Decision.Kind?
  /// The decision's text ("Grind finer by 1 step"); for an abstention, the reason in words.
  public var decisionText: String?
  /// For insufficient evidence: `explicit`, `conflict`, `incomplete` or `no_rule`.
  package var decisionReasonText: String?
  /// The stored decision's `missing` array, as JSON text; parsed on demand (`missing`).
  var missingJSON: String?
  /// The stored decision's adjustment object, as JSON text; parsed on demand (`adjustment`).
  var adjustmentJSON: String?
  /// How the suggestion was answered; nil when it was not.
  public var eventAction: SuggestionEvent.Action?
  /// True when an accepted change was undone since.
  public var undone: Bool
  /// Why the shot was voided; nil when it counts.
  public var voidReason: String?
  /// The shot that corrects this one, when it was corrected.
  public var correctedByID: Int64?
  /// The shot this one corrects, when it is a correction.
  public var amendsID: Int64?

  /// The attempt's id (`attemptID`).
  public var id: Int64 { attemptID }

  /// A row as given, for previews and tests; `ShotLogStore.Shots.history(_:)` reads the real ones.
  /// The decision's details (`decisionReason`, `missing`, `adjustment`) are kept as the log keeps
  /// them, so the row reads them back as a stored one does.
  public init(
    attemptID: Int64, uuid: String, pulledAt: Timestamp, beanName: String, grinderName: String, grind: String,
    grinderFiner: ShotRecord.FinerDirection? = nil, basketName: String? = nil, temperatureC: ExactNumber? = nil,
    roastDate: CalendarDate? = nil, targetDoseG: ExactNumber? = nil, targetYieldG: ExactNumber? = nil,
    targetTimeS: ExactNumber? = nil, doseG: ExactNumber? = nil, yieldG: ExactNumber? = nil, timeS: ExactNumber? = nil,
    firstDropS: ExactNumber? = nil, rating: ExactNumber? = nil, taste: TagSet<TasteTag>? = nil,
    flow: TagSet<FlowTag>? = nil, decision: Decision? = nil, eventAction: SuggestionEvent.Action? = nil,
    undone: Bool = false, voidReason: String? = nil, correctedByID: Int64? = nil, amendsID: Int64? = nil
  ) {
    self.init(
      attemptID: attemptID, uuid: uuid, pulledAt: pulledAt, beanName: beanName, grinderName: grinderName, grind: grind,
      grinderFiner: grinderFiner, basketName: basketName, temperatureC: temperatureC, roastDate: roastDate,
      targetDoseG: targetDoseG, targetYieldG: targetYieldG, targetTimeS: targetTimeS, doseG: doseG, yieldG: yieldG,
      timeS: timeS, firstDropS: firstDropS, rating: rating, tasteText: taste?.storedText,
      flowText: flow.flatMap { $0.isEmpty ? nil : $0.storedText }, decisionKind: decision?.outcome.kind,
      decisionText: decision?.text, decisionReasonText: nil, missingJSON: nil, adjustmentJSON: nil,
      eventAction: eventAction, undone: undone, voidReason: voidReason, correctedByID: correctedByID,
      amendsID: amendsID)
    guard let decision else { return }
    var w = JSONWriter(reservingCapacity: 64)
    w.strings(decision.missing)
    missingJSON = w.text
    switch decision.outcome {
    case .adjust(let adjustment):
      var a = JSONWriter(reservingCapacity: 64)
      adjustment.writeJSON(to: &a)
      adjustmentJSON = a.text
    case .insufficientEvidence(let reason): decisionReasonText = reason.rawValue
    case .noChange: break
    }
  }

  /// Every stored field, as the history query reads them.
  init(
    attemptID: Int64, uuid: String, pulledAt: Timestamp, beanName: String, grinderName: String, grind: String,
    grinderFiner: ShotRecord.FinerDirection?, basketName: String?, temperatureC: ExactNumber?,
    roastDate: CalendarDate?, targetDoseG: ExactNumber?, targetYieldG: ExactNumber?, targetTimeS: ExactNumber?,
    doseG: ExactNumber?, yieldG: ExactNumber?, timeS: ExactNumber?, firstDropS: ExactNumber?, rating: ExactNumber?,
    tasteText: String?, flowText: String?, decisionKind: Decision.Kind?, decisionText: String?,
    decisionReasonText: String?, missingJSON: String?, adjustmentJSON: String?, eventAction: SuggestionEvent.Action?,
    undone: Bool, voidReason: String?, correctedByID: Int64?, amendsID: Int64?
  ) {
    self.attemptID = attemptID
    self.uuid = uuid
    self.pulledAt = pulledAt
    self.beanName = beanName
    self.grinderName = grinderName
    self.grind = grind
    self.grinderFiner = grinderFiner
    self.basketName = basketName
    self.temperatureC = temperatureC
    self.roastDate = roastDate
    self.targetDoseG = targetDoseG
    self.targetYieldG = targetYieldG
    self.targetTimeS = targetTimeS
    self.doseG = doseG
    self.yieldG = yieldG
    self.timeS = timeS
    self.firstDropS = firstDropS
    self.rating = rating
    self.tasteText = tasteText
    self.flowText = flowText
    self.decisionKind = decisionKind
    self.decisionText = decisionText
    self.decisionReasonText = decisionReasonText
    self.missingJSON = missingJSON
    self.adjustmentJSON = adjustmentJSON
    self.eventAction = eventAction
    self.undone = undone
    self.voidReason = voidReason
    self.correctedByID = correctedByID
    self.amendsID = amendsID
  }

  /// The suggested adjustment, for a decision that adjusts.
  public var adjustment: Adjustment? {
    guard let adjustmentJSON, case .success(let json) = JSONNode.parseStored(adjustmentJSON) else { return nil }
    return try? Adjustment(json: json)
  }

  /// Why the rules abstained, for insufficient evidence.
  public var decisionReason: Decision.Reason? { decisionReasonText.flatMap(Decision.Reason.init(rawValue:)) }

  /// The observations that would decide an incomplete decision (JSON paths such as `shot.taste`).
  public var missing: [String] {
    guard let missingJSON, case .success(let json) = JSONNode.parseStored(missingJSON) else { return [] }
    return (json.elements ?? []).compactMap(\.string)
  }

  /// Days from the roast date to the (UTC) day of the shot, when the bean has a roast date.
  public var daysSinceRoast: Int64? {
    roastDate.map { pulledAt.date.daysSinceEpoch - $0.daysSinceEpoch }
  }

  /// Whether the shot counts (neither voided nor corrected).
  public var counts: Bool { voidReason == nil && correctedByID == nil }
}

extension ShotLogStore.Shots {
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
    if filter.countingOnly { conditions.append("v.id IS NULL AND c.id IS NULL") }
    let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    let limitClause = filter.limit.map { "LIMIT \($0)" } ?? ""
    let sql = """
      SELECT a.id, a.uuid, a.pulled_at, b.name, g.name,
        COALESCE(json_extract(a.record, '$.recipe.grind'), s.grind), s.dose_g, s.yield_g, s.time_s,
        a.dose_g, a.yield_g, a.time_s, a.taste, a.flow, a.decision_kind, json_extract(a.decision, '$.text'), e.action,
        json_extract(a.decision, '$.reason'), json_extract(a.decision, '$.missing'),
        json_extract(a.decision, '$.adjustment'), a.rating, bg.roast_date, s.grinder_finer, v.reason, c.id,
        a.amends_id, a.first_drop_s, k.name, s.temperature_c, u.id
      FROM shot_attempts a
      JOIN beans b ON b.id = a.bean_id
      JOIN grinders g ON g.id = a.grinder_id
      JOIN recipe_snapshots s ON s.id = a.snapshot_id
      LEFT JOIN suggestion_events e ON e.attempt_id = a.id
      LEFT JOIN suggestion_undos u ON u.event_id = e.id
      LEFT JOIN attempt_voids v ON v.attempt_id = a.id
      LEFT JOIN shot_attempts c ON c.amends_id = a.id
      LEFT JOIN baskets k ON k.id = s.basket_id
      LEFT JOIN bags bg ON bg.id = a.bag_id
      \(whereClause)
      ORDER BY a.pulled_at DESC, a.id DESC
      \(limitClause)
      """
    return try read {
      try connection.query(sql, arguments) { row in
        func number(_ i: Int32) -> ExactNumber? { row.optionalNumber(i) }
        return HistoryRow(
          attemptID: row.int64(0), uuid: row.text(1), pulledAt: Timestamp(millisecondsSinceEpoch: row.int64(2)),
          beanName: row.text(3), grinderName: row.text(4), grind: row.text(5),
          grinderFiner: row.optionalText(22).flatMap(ShotRecord.FinerDirection.init(rawValue:)),
          basketName: row.optionalText(27), temperatureC: number(28),
          roastDate: row.optionalText(21).flatMap(CalendarDate.parse), targetDoseG: number(6),
          targetYieldG: number(7), targetTimeS: number(8), doseG: number(9), yieldG: number(10), timeS: number(11),
          firstDropS: number(26), rating: number(20), tasteText: row.optionalText(12), flowText: row.optionalText(13),
          decisionKind: row.optionalText(14).flatMap(Decision.Kind.init(rawValue:)), decisionText: row.optionalText(15),
          decisionReasonText: row.optionalText(17), missingJSON: row.optionalText(18),
          adjustmentJSON: row.optionalText(19),
          eventAction: row.optionalText(16).flatMap(SuggestionEvent.Action.init(rawValue:)),
          undone: row.optionalInt64(29) != nil,
          voidReason: row.optionalText(23), correctedByID: row.optionalInt64(24), amendsID: row.optionalInt64(25))
      }
    }
  }
}
