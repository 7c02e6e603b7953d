import DialRules

/// Writes the whole shot log as an export document (JSON) or as a flat shot log (CSV); what
/// `ShotLogStore.Exchange.exportJSON()` and `exportCSV()` run.
struct Exporter {
  let store: ShotLogStore

  /// Everything needed to write either format, read in one transaction so the export is a
  /// consistent picture even while another process logs a shot.
  struct Contents {
    var settings: [(key: String, value: String)]
    var beans: [Bean]
    var bags: [Bag]
    var grinders: [Grinder]
    var baskets: [Basket]
    var snapshots: [RecipeSnapshot]
    var attempts: [ShotAttempt]
    var events: [SuggestionEvent]
    var voids: [AttemptVoid]
    var undos: [SuggestionUndo]
    /// For each attempt (same index), its stored decision as JSON text with the ruleset's name and
    /// hash; the text is what `StoredSuggestion.decisionJSON` wrote, so it is copied as is.
    var decisions: [(json: String, name: String, hash: String)?]
    /// For each attempt (same index), its stored record as the shot JSON text it was stored as.
    var records: [String]
    /// Where each shot imported from another app came from, with its curves, by attempt id.
    var provenances: [Int64: AttemptProvenance]
  }

  /// The settings an export carries: the user's, not the command line's own state (the current
  /// bean and grinder).
  /// Reads everything; `decodingSuggestions` parses each stored decision and record (the CSV
  /// needs their parts). Without `includingAttempts` the attempts, decisions and records are left
  /// empty: the JSON export streams them from their rows instead of holding 100,000 of them.
  func load(decodingSuggestions: Bool, includingAttempts: Bool = true) throws -> Contents {
    try store.read { () throws -> Contents in
      let connection = store.connection
      let snapshots = try connection.query(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots ORDER BY id", [], ShotLogStore.snapshot)
      var decisions: [(json: String, name: String, hash: String)?] = []
      var records: [String] = []
      var attempts: [ShotAttempt] = []
      if includingAttempts {
        attempts = try connection.query("SELECT \(ShotLogStore.attemptColumns) FROM shot_attempts a ORDER BY a.id") {
          row in
          decisions.append(row.optionalText(13).map { ($0, row.text(14), row.text(15)) })
          records.append(row.optionalText(ShotLogStore.recordColumn) ?? "")
          return try ShotLogStore.attempt(row, decoding: decodingSuggestions)
        }
      }
      let events = try connection.query(
        "SELECT \(ShotLogStore.eventColumns) FROM suggestion_events ORDER BY id", [], ShotLogStore.event)
      return Contents(
        settings: try store.storedSettings().filter { LogSetting(rawValue: $0.key).isExported },
        beans: try connection.query("SELECT \(ShotLogStore.beanColumns) FROM beans ORDER BY id", [], ShotLogStore.bean),
        bags: try connection.query("SELECT \(ShotLogStore.bagColumns) FROM bags ORDER BY id", [], ShotLogStore.bag),
        grinders: try connection.query(
          "SELECT \(ShotLogStore.grinderColumns) FROM grinders ORDER BY id", [], ShotLogStore.grinder),
        baskets: try connection.query(
          "SELECT \(ShotLogStore.basketColumns) FROM baskets ORDER BY id", [], ShotLogStore.basket),
        snapshots: snapshots, attempts: attempts, events: events,
        voids: try connection.query(
          "SELECT \(ShotLogStore.voidColumns) FROM attempt_voids ORDER BY id", [], ShotLogStore.void),
        undos: try connection.query(
          "SELECT \(ShotLogStore.undoColumns) FROM suggestion_undos ORDER BY id", [], ShotLogStore.undo),
        decisions: decisions, records: records, provenances: try store.provenances())
    }
  }

  /// The export document as UTF-8 JSON text, ending in a newline; read in one transaction.
  func json() throws -> [UInt8] {
    try store.read { () throws -> [UInt8] in try writeJSON() }
  }

  /// The columns the export writes of each shot, in this order.
  private static let exportedAttemptColumns = """
    id, uuid, snapshot_id, pulled_at, created_at, previous_id, amends_id, rating, notes, record, decision,
    ruleset_name, ruleset_hash, bag_id
    """

  /// The UUID (or the row) of every referenced row by its id: the file refers by UUID.
  private struct References {
    var beanUUID: [Int64: String] = [:]
    var grinderByID: [Int64: Grinder] = [:]
    var basketUUID: [Int64: String] = [:]
    var bagUUID: [Int64: String] = [:]
    var snapshotByID: [Int64: RecipeSnapshot] = [:]
    var attemptUUID: [Int64: String]
    var eventUUID: [Int64: String] = [:]

    init(_ contents: Contents, _ connection: Connection) throws {
      // Sized at once: 100,000 shots are not rehashed as the table grows.
      attemptUUID = Dictionary(
        minimumCapacity: try connection.first("SELECT count(*) FROM shot_attempts") { $0.int(0) } ?? 0)
      for bean in contents.beans { beanUUID[bean.id] = bean.uuid }
      for grinder in contents.grinders { grinderByID[grinder.id] = grinder }
      for basket in contents.baskets { basketUUID[basket.id] = basket.uuid }
      for bag in contents.bags { bagUUID[bag.id] = bag.uuid }
      for snapshot in contents.snapshots { snapshotByID[snapshot.id] = snapshot }
      for (id, uuid) in try connection.query("SELECT id, uuid FROM shot_attempts", [], { ($0.int64(0), $0.text(1)) }) {
        attemptUUID[id] = uuid
      }
      for event in contents.events { eventUUID[event.id] = event.uuid }
    }
  }

  private func writeJSON() throws -> [UInt8] {
    let contents = try load(decodingSuggestions: false, includingAttempts: false)
    let refs = try References(contents, store.connection)
    // About 1,100 bytes a shot (record and decision included): reserve more, so the buffer is never
    // copied into a larger one (pages never written are never touched).
    var w = JSONWriter(
      lineDepth: 2, hexEscapesForBackspaceAndFormFeed: true,
      reservingCapacity: 64_000 + contents.snapshots.count * 600 + refs.attemptUUID.count * 1_400)
    w.beginObject()
    w.member("format", ExportDocument.format)
    w.key("version")
    w.integer(ExportDocument.version)
    w.key("settings")
    w.beginObject()
    for setting in contents.settings { w.member(setting.key, setting.value) }
    w.endObject()
    Self.writeProfiles(&w, contents, refs)
    Self.writeSnapshots(&w, contents, refs)
    try writeAttempts(&w, contents, refs)
    Self.writeAnswers(&w, contents, refs)
    w.endObject()
    // The final line feed is appended in place: appending to a copy of `bytes` while the writer
    // still holds them would copy the whole file once more.
    w.newline()
    return w.bytes
  }

  /// The beans, bags, grinders and baskets.
  private static func writeProfiles(_ w: inout JSONWriter, _ contents: Contents, _ refs: References) {
    w.array("beans", contents.beans) { w, bean in
      w.member("uuid", bean.uuid)
      w.member("name", bean.name)
      w.member("roaster", bean.roaster)
      w.member("roast_date", bean.roastDate?.text)
      w.member("origin", bean.origin)
      w.member("process", bean.process)
      w.member("roast_level", bean.roastLevel?.rawValue)
      w.member("notes", bean.notes)
      w.member("created_at", time: bean.createdAt)
      w.member("archived_at", time: bean.archivedAt)
    }

    w.array("bags", contents.bags) { w, bag in
      w.member("uuid", bag.uuid)
      w.member("bean", refs.beanUUID[bag.beanID])
      w.member("roaster", bag.roaster)
      w.member("roast_date", bag.roastDate?.text)
      w.member("weight_g", number: bag.weightG?.decimalText)
      w.member("opened_on", bag.openedOn?.text)
      w.member("created_at", time: bag.createdAt)
    }

    w.array("grinders", contents.grinders) { w, grinder in
      w.member("uuid", grinder.uuid)
      w.member("name", grinder.name)
      w.member("scale", grinder.scale)
      w.member("settings_note", grinder.settingsNote)
      w.member("notes", grinder.notes)
      w.member("created_at", time: grinder.createdAt)
      w.member("archived_at", time: grinder.archivedAt)
    }

    w.array("baskets", contents.baskets) { w, basket in
      w.member("uuid", basket.uuid)
      w.member("name", basket.name)
      w.member("capacity_g", number: basket.capacityG?.decimalText)
      w.member("notes", basket.notes)
      w.member("created_at", time: basket.createdAt)
      w.member("archived_at", time: basket.archivedAt)
    }
  }

  /// The recipe snapshots.
  private static func writeSnapshots(_ w: inout JSONWriter, _ contents: Contents, _ refs: References) {
    w.array("recipe_snapshots", contents.snapshots) { w, s in
      w.member("uuid", s.uuid)
      w.member("bean", refs.beanUUID[s.beanID])
      w.member("grinder", refs.grinderByID[s.grinderID]?.uuid)
      w.member("grinder_scale", s.grinderScale)
      w.member("basket", s.basketID.flatMap { refs.basketUUID[$0] })
      w.member("parent", s.parentID.flatMap { refs.snapshotByID[$0]?.uuid })
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
    }
  }

  /// The shots, row by row, straight from the query: each record's text is copied into the output
  /// and released, so the 100,000 records are never all in memory.
  private func writeAttempts(_ w: inout JSONWriter, _ contents: Contents, _ refs: References) throws {
    w.key("attempts")
    w.beginArray()
    _ = try store.connection.query("SELECT \(Self.exportedAttemptColumns) FROM shot_attempts ORDER BY id") { row in
      let id = row.int64(0)
      // The snapshot's UUID only, not a copy of the snapshot per shot.
      guard let snapshot = refs.snapshotByID[row.int64(2)]?.uuid, let record = row.optionalText(9), !record.isEmpty,
        let bag = refs.bagUUID[row.int64(13)]
      else {
        throw ShotLogError.danglingReference(shot: id)
      }
      w.beginObject()
      w.member("uuid", row.text(1))
      w.member("snapshot", snapshot)
      w.member("bag", bag)
      w.member("pulled_at", time: Timestamp(millisecondsSinceEpoch: row.int64(3)))
      w.member("created_at", time: Timestamp(millisecondsSinceEpoch: row.int64(4)))
      w.member("previous", row.optionalInt64(5).flatMap { refs.attemptUUID[$0] })
      w.member("amends", row.optionalInt64(6).flatMap { refs.attemptUUID[$0] })
      w.member("rating", number: row.optionalNumber(7)?.decimalText)
      w.member("notes", row.optionalText(8))
      w.key("record")
      w.raw(record)
      if let decision = row.optionalText(10) {
        w.key("suggestion")
        w.beginObject()
        w.key("ruleset")
        w.beginObject()
        w.member("name", row.text(11))
        w.member("hash", row.text(12))
        w.endObject()
        w.key("decision")
        w.raw(decision)
        w.endObject()
      }
      w.member(provenance: contents.provenances[id])
      w.endObject()
    }
    w.endArray()
  }

  /// The accept/reject events, voids and undos.
  private static func writeAnswers(_ w: inout JSONWriter, _ contents: Contents, _ refs: References) {
    w.array("suggestion_events", contents.events) { w, event in
      w.member("uuid", event.uuid)
      w.member("attempt", refs.attemptUUID[event.attemptID])
      w.member("action", event.action.rawValue)
      w.member("snapshot", event.snapshotID.flatMap { refs.snapshotByID[$0]?.uuid })
      w.member("note", event.note)
      w.member("at", time: event.at)
    }

    w.array("voids", contents.voids) { w, void in
      w.member("uuid", void.uuid)
      w.member("attempt", refs.attemptUUID[void.attemptID])
      w.member("reason", void.reason)
      w.member("at", time: void.at)
    }

    w.array("undos", contents.undos) { w, undo in
      w.member("uuid", undo.uuid)
      w.member("event", refs.eventUUID[undo.eventID])
      w.member("snapshot", refs.snapshotByID[undo.snapshotID]?.uuid)
      w.member("note", undo.note)
      w.member("at", time: undo.at)
    }
  }
}

// Members that are left out when absent, so an absent value stays absent in the file.
extension JSONWriter {
  /// `"name": [{…}, …]`, one object per row, whose members `members` writes: the shape of every
  /// top-level array of the export but the streamed shots.
  mutating func array<Row>(_ name: String, _ rows: [Row], _ members: (inout JSONWriter, Row) -> Void) {
    key(name)
    beginArray()
    for row in rows {
      beginObject()
      members(&self, row)
      endObject()
    }
    endArray()
  }

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

  /// A grinder scale object (`{"step":0.5,"min":0,"max":50,"finer":"lower"}`).
  mutating func member(_ name: String, _ scale: GrinderScale?) {
    guard let scale else { return }
    key(name)
    beginObject()
    member("step", number: scale.step.decimalText)
    member("min", number: scale.min.decimalText)
    member("max", number: scale.max.decimalText)
    member("finer", scale.finer.rawValue)
    endObject()
  }

  /// A time as ISO 8601 text, written digit by digit without building a `String`.
  mutating func member(_ name: String, time: Timestamp?) {
    guard let time else { return }
    key(name)
    string(appendingContent: { time.appendISO8601(to: &$0) })
  }
}
