import DialRules

/// Writes the whole shot log as an export document (JSON) or as a flat shot log (CSV); what
/// `ShotLogStore.exportJSON()` and `exportCSV()` run.
struct Exporter {
  let store: ShotLogStore

  /// Everything needed to write either format, read in one transaction so the export is a
  /// consistent picture even while another process logs a shot.
  struct Contents {
    var settings: [(key: String, value: String)]
    var beans: [Bean]
    var grinders: [Grinder]
    var baskets: [Basket]
    var snapshots: [RecipeSnapshot]
    var attempts: [ShotAttempt]
    var events: [SuggestionEvent]
    /// For each attempt (same index), its stored decision as JSON text with the ruleset's name and
    /// hash; the text is what `StoredSuggestion.decisionJSON` wrote, so it is copied as is.
    var decisions: [(json: String, name: String, hash: String)?]
    /// For each attempt (same index), the index of its previous attempt with the same bean and
    /// grinder, if any.
    var previousIndex: [Int?]
  }

  /// Reads everything; `decodingSuggestions` parses each stored decision (the CSV needs its parts,
  /// the JSON export copies the text).
  func load(decodingSuggestions: Bool) throws -> Contents {
    try store.read { () throws -> Contents in
      let connection = store.connection
      let snapshots = try connection.query(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots ORDER BY id", [], ShotLogStore.snapshot)
      var decisions: [(json: String, name: String, hash: String)?] = []
      let attempts = try connection.query("SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a ORDER BY a.id") {
        row in
        decisions.append(row.optionalText(13).map { ($0, row.text(14), row.text(15)) })
        return try ShotLogStore.attempt(row, decodingSuggestion: decodingSuggestions)
      }
      let events = try connection.query(
        "SELECT \(ShotLogStore.eventColumns) FROM suggestion_events ORDER BY id", [], ShotLogStore.event)
      // Previous attempt per bean and grinder, by pull time, ties by insertion order — the same
      // order `ShotLogStore.previousAttempt` uses.
      let order = attempts.indices.sorted {
        let a = attempts[$0]
        let b = attempts[$1]
        return (a.beanID, a.grinderID, a.pulledAt.millisecondsSinceEpoch, a.id)
          < (b.beanID, b.grinderID, b.pulledAt.millisecondsSinceEpoch, b.id)
      }
      var previousIndex = [Int?](repeating: nil, count: attempts.count)
      for k in order.indices.dropFirst() {
        let a = attempts[order[k]]
        let p = attempts[order[k - 1]]
        if a.beanID == p.beanID && a.grinderID == p.grinderID { previousIndex[order[k]] = order[k - 1] }
      }
      return Contents(
        settings: try store.settings(),
        beans: try connection.query("SELECT \(ShotLogStore.beanColumns) FROM beans ORDER BY id", [], ShotLogStore.bean),
        grinders: try connection.query(
          "SELECT \(ShotLogStore.grinderColumns) FROM grinders ORDER BY id", [], ShotLogStore.grinder),
        baskets: try connection.query(
          "SELECT \(ShotLogStore.basketColumns) FROM baskets ORDER BY id", [], ShotLogStore.basket),
        snapshots: snapshots, attempts: attempts, events: events, decisions: decisions, previousIndex: previousIndex)
    }
  }

  /// The export document as UTF-8 JSON text, ending in a newline.
  func json() throws -> [UInt8] {
    let contents = try load(decodingSuggestions: false)
    var beanUUID: [Int64: String] = [:]
    var grinderByID: [Int64: Grinder] = [:]
    var basketUUID: [Int64: String] = [:]
    var snapshotByID: [Int64: RecipeSnapshot] = [:]
    var attemptUUID: [Int64: String] = [:]
    for bean in contents.beans { beanUUID[bean.id] = bean.uuid }
    for grinder in contents.grinders { grinderByID[grinder.id] = grinder }
    for basket in contents.baskets { basketUUID[basket.id] = basket.uuid }
    for snapshot in contents.snapshots { snapshotByID[snapshot.id] = snapshot }
    for attempt in contents.attempts { attemptUUID[attempt.id] = attempt.uuid }

    var w = JSONWriter(
      lineDepth: 2, hexEscapesForBackspaceAndFormFeed: true, reservingCapacity: 1_000 + contents.attempts.count * 900)
    w.beginObject()
    w.member("format", ExportDocument.format)
    w.key("version")
    w.integer(ExportDocument.version)
    w.key("settings")
    w.beginObject()
    for setting in contents.settings { w.member(setting.key, setting.value) }
    w.endObject()

    w.key("beans")
    w.beginArray()
    for bean in contents.beans {
      w.beginObject()
      w.member("uuid", bean.uuid)
      w.member("name", bean.name)
      w.member("roaster", bean.roaster)
      w.member("roast_date", bean.roastDate?.text)
      w.member("notes", bean.notes)
      w.member("created_at", time: bean.createdAt)
      w.member("archived_at", time: bean.archivedAt)
      w.endObject()
    }
    w.endArray()

    w.key("grinders")
    w.beginArray()
    for grinder in contents.grinders {
      w.beginObject()
      w.member("uuid", grinder.uuid)
      w.member("name", grinder.name)
      if let scale = grinder.scale {
        w.key("scale")
        w.beginObject()
        w.member("step", number: scale.step.decimalText)
        w.member("min", number: scale.min.decimalText)
        w.member("max", number: scale.max.decimalText)
        w.member("finer", scale.finer.rawValue)
        w.endObject()
      }
      w.member("settings_note", grinder.settingsNote)
      w.member("notes", grinder.notes)
      w.member("created_at", time: grinder.createdAt)
      w.member("archived_at", time: grinder.archivedAt)
      w.endObject()
    }
    w.endArray()

    w.key("baskets")
    w.beginArray()
    for basket in contents.baskets {
      w.beginObject()
      w.member("uuid", basket.uuid)
      w.member("name", basket.name)
      w.member("capacity_g", number: basket.capacityG?.decimalText)
      w.member("notes", basket.notes)
      w.member("created_at", time: basket.createdAt)
      w.member("archived_at", time: basket.archivedAt)
      w.endObject()
    }
    w.endArray()

    w.key("recipe_snapshots")
    w.beginArray()
    for s in contents.snapshots {
      w.beginObject()
      w.member("uuid", s.uuid)
      w.member("bean", beanUUID[s.beanID])
      w.member("grinder", grinderByID[s.grinderID]?.uuid)
      w.member("basket", s.basketID.flatMap { basketUUID[$0] })
      w.member("parent", s.parentID.flatMap { snapshotByID[$0]?.uuid })
      w.member("dose_g", number: s.doseG.decimalText)
      w.member("yield_g", number: s.yieldG.decimalText)
      w.member("time_s", number: s.timeS.decimalText)
      w.member("temperature_c", number: s.temperatureC?.decimalText)
      w.member("temperature_note", s.temperatureNote)
      w.member("grind", s.grind.text)
      w.member("reason", s.reason.rawValue)
      w.member("reason_detail", s.reasonDetail)
      if let adjustment = s.adjustment {
        w.key("adjustment")
        adjustment.writeJSON(to: &w)
      }
      w.member("created_at", time: s.createdAt)
      w.endObject()
    }
    w.endArray()

    w.key("attempts")
    w.beginArray()
    for (index, attempt) in contents.attempts.enumerated() {
      guard let snapshot = snapshotByID[attempt.snapshotID] else {
        throw ShotLogError.danglingReference(shot: attempt.id)
      }
      let record = try contents.record(at: index, snapshots: snapshotByID, grinders: grinderByID)
      w.beginObject()
      w.member("uuid", attempt.uuid)
      w.member("snapshot", snapshot.uuid)
      w.member("pulled_at", time: attempt.pulledAt)
      w.member("created_at", time: attempt.createdAt)
      w.member("notes", attempt.notes)
      w.key("record")
      w.raw(record.jsonText)
      if let decision = contents.decisions[index] {
        w.key("suggestion")
        w.beginObject()
        w.key("ruleset")
        w.beginObject()
        w.member("name", decision.name)
        w.member("hash", decision.hash)
        w.endObject()
        w.key("decision")
        w.raw(decision.json)
        w.endObject()
      }
      w.endObject()
    }
    w.endArray()

    w.key("suggestion_events")
    w.beginArray()
    for event in contents.events {
      w.beginObject()
      w.member("uuid", event.uuid)
      w.member("attempt", attemptUUID[event.attemptID])
      w.member("action", event.action.rawValue)
      w.member("snapshot", event.snapshotID.flatMap { snapshotByID[$0]?.uuid })
      w.member("note", event.note)
      w.member("at", time: event.at)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    var bytes = w.bytes
    bytes.append(0x0A)
    return bytes
  }
}

// Members that are left out when absent, so an absent value stays absent in the file.
extension JSONWriter {
  mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  mutating func member(_ name: String, number value: String?) {
    guard let value else { return }
    key(name)
    number(text: value)
  }

  /// A time as ISO 8601 text, written digit by digit without building a `String`.
  mutating func member(_ name: String, time: Timestamp?) {
    guard let time else { return }
    key(name)
    string(appendingContent: { time.appendISO8601(to: &$0) })
  }
}
