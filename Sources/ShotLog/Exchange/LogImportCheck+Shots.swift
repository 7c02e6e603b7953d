import DialRules

extension LogImportCheck {
  /// A shot of the file or the database that another row refers to.
  private struct KnownShot {
    var measurements: ShotRecord.Measurements
    var snapshot: String
    var decision: Decision.Outcome?
    /// The grind it was pulled at (its record's), when the record says.
    var grind: GrindSetting?
  }

  /// What the database already holds about shots, looked up once before the file's are checked.
  private struct DatabaseShots {
    /// Every attempt's id by UUID.
    var attemptIDs: [String: Int64]
    /// The shots that a correction amends.
    var corrected: Set<String>
    /// Imported shots' provenance by attempt id.
    var provenances: [Int64: AttemptProvenance]
    /// Which attempt holds each source (one per source id, in the database and the file together).
    var sourceHolder: [String: String] = [:]
  }

  /// Reads `DatabaseShots`.
  private func databaseShots() throws -> DatabaseShots {
    let c = store.connection
    var db = DatabaseShots(
      attemptIDs: Dictionary(
        try c.query("SELECT uuid, id FROM shot_attempts") { ($0.text(0), $0.int64(1)) },
        uniquingKeysWith: { a, _ in a }),
      corrected: Set(
        try c.query("SELECT p.uuid FROM shot_attempts a JOIN shot_attempts p ON p.id = a.amends_id") { $0.text(0) }),
      provenances: try store.provenances())
    for (id, p) in db.provenances {
      if let uuid = try c.first("SELECT uuid FROM shot_attempts WHERE id = ?", [id], { $0.text(0) }) {
        db.sourceHolder[Self.sourceKey(p)] = uuid
      }
    }
    return db
  }

  /// The key of an imported shot's source in `DatabaseShots.sourceHolder`.
  private static func sourceKey(_ p: AttemptProvenance) -> String {
    p.source.idSpace + "\u{0}" + p.source.id
  }

  /// Shots, answers, voids and undos. A shot's record must agree with its snapshot and with the
  /// previous shot it names; its decision is derived again from the record with the rules it
  /// names (by content hash) and must be the one the file states, or, when this log does not have
  /// those rules, it is kept as "decided by other rules" and marked unchecked.
  func shots(_ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: inout Context) throws {
    let doc = plan.document
    let db = try databaseShots()
    let dbAttemptIDs = db.attemptIDs
    var corrected = db.corrected
    var sourceHolder = db.sourceHolder
    var uuidOfAttempt: [Int64: String] = [:]
    // 100,000 shots: positions rather than more sets of UUID strings, which are costly to hash.
    var fileIndex: [String: Int] = Dictionary(minimumCapacity: doc.attempts.count)
    var elsewhere: [String: LogImportPreview.OtherRules] = [:]
    func known(_ uuid: String) throws -> KnownShot? {
      if let index = fileIndex[uuid] {
        let entry = doc.attempts[index]
        return KnownShot(
          measurements: entry.attempt.measurements, snapshot: entry.snapshot,
          decision: entry.attempt.suggestion?.decision.outcome, grind: entry.attempt.grind)
      }
      guard let id = dbAttemptIDs[uuid], let shot = try store.shots.attempt(id: id) else { return nil }
      return KnownShot(
        measurements: shot.measurements, snapshot: context.uuidOfSnapshot[shot.snapshotID] ?? "",
        decision: shot.suggestion?.decision.outcome, grind: shot.grind)
    }
    plan.newAttempts = [Bool](repeating: false, count: doc.attempts.count)
    plan.uncheckedAttempts = [Bool](repeating: false, count: doc.attempts.count)
    plan.attemptBags = [String](repeating: "", count: doc.attempts.count)
    // A version 1 file's shots are their bean's first bag's: made once per bean, not per shot.
    var firstBags: [String: String] = [:]
    for (index, entry) in doc.attempts.enumerated() {
      let a = entry.attempt
      let path = entry.place.path
      let span = entry.place.span
      guard !found.isRepeated(a.uuid, first: fileIndex[a.uuid] == nil, path, at: span) else { continue }
      defer { fileIndex[a.uuid] = index }
      guard let (snapshot, _) = context.snapshots[entry.snapshot] else {
        found.invalid(path + ".snapshot", "no recipe snapshot \(entry.snapshot) in the file or the database", at: span)
        continue
      }
      guard let bag = Self.bag(of: entry, context, firstBags: &firstBags, &found) else { continue }
      plan.attemptBags[index] = bag
      guard Self.recordFitsSnapshot(entry, snapshot, &found),
        try Self.recordFitsPrevious(entry, snapshot, context, &found, known: known),
        try Self.amendsFits(entry, dbAttemptIDs, corrected: &corrected, &found, known: known)
      else { continue }
      if let stored = a.suggestion {
        if let rules = rules[stored.rulesetHash] {
          guard Self.suggestionFits(entry, stored, rules, &found) else { continue }
          found.preview.checkedDecisions += 1
        } else {
          // Marked here, applied by the insert: changing the document while `doc` shares it would
          // copy all of its attempts.
          plan.uncheckedAttempts[index] = true
          elsewhere[stored.rulesetHash, default: .init(name: stored.rulesetName, hash: stored.rulesetHash)].shots += 1
        }
      }
      if let p = entry.provenance {
        let key = Self.sourceKey(p)
        if let holder = sourceHolder[key], holder != a.uuid {
          let message = "\(p.described) is already shot \(holder)"
          if fileIndex[holder] != nil {
            found.invalid(path + ".source", message + " in the file", at: span)
          } else {
            found.conflict(path + ".source", message + " in the database", at: span)
          }
          continue
        }
        sourceHolder[key] = a.uuid
      }
      if let id = dbAttemptIDs[a.uuid] {
        uuidOfAttempt[id] = a.uuid
        guard let current = try store.shots.attempt(id: id) else { continue }
        try compareWithDatabase(entry, bag: bag, current, db.provenances[id], context, &found)
      } else {
        plan.newAttempts[index] = true
        found.preview.added.attempts += 1
      }
    }
    found.preview.decidedElsewhere = elsewhere.values.sorted { ($0.name, $0.hash) < ($1.name, $1.hash) }
    try answers(&plan, &found, context, uuidOfAttempt: uuidOfAttempt, fileIndex: fileIndex, known: known)
  }

  /// The shot's bag: the file's (version 2), or the bean's first (version 1, before bags); nil,
  /// after recording why, when the bag is unknown or of another bean than the snapshot's.
  private static func bag(
    of entry: ImportDocument.AttemptEntry, _ context: Context, firstBags: inout [String: String],
    _ found: inout Findings
  ) -> String? {
    let path = entry.place.path
    let span = entry.place.span
    let bean = context.beanOfSnapshot[entry.snapshot] ?? ""
    let bag: String
    if let stated = entry.bag {
      bag = stated
    } else if let first = firstBags[bean] {
      bag = first
    } else {
      bag = Bag.firstUUID(ofBean: bean)
      firstBags[bean] = bag
    }
    guard let bagBean = context.beanOfBag[bag] else {
      found.invalid(path + ".bag", "no bag \(bag) in the file or the database", at: span)
      return nil
    }
    guard bagBean == bean else {
      found.invalid(
        path + ".bag", "bag \(bag) is not a bag of the bean of recipe snapshot \(entry.snapshot)", at: span)
      return nil
    }
    return bag
  }

  /// Whether the record's recipe and grinder are its snapshot's, but for the grind, which may be
  /// the setting the shot was really pulled at (`log --grind`): one that fits the snapshot's
  /// grinder scale. False after recording why not.
  private static func recordFitsSnapshot(
    _ entry: ImportDocument.AttemptEntry, _ snapshot: RecipeSnapshot, _ found: inout Findings
  ) -> Bool {
    let path = entry.place.path
    let span = entry.place.span
    let record = entry.attempt.record
    if let stated = record.recipe, stated.grind == nil || !Self.sameRecipe(stated, snapshot.shotRecipe, grind: false) {
      found.invalid(
        path + ".record.recipe",
        "does not match recipe snapshot \(entry.snapshot) (the record's recipe is the snapshot's)", at: span)
      return false
    }
    if let grind = record.recipe?.grind, grind.text != snapshot.grind.text,
      Validation.problem(withText: grind.text) != nil
        || Validation.problem(withGrind: grind.text, on: snapshot.grinderScale) != nil
    {
      found.invalid(
        path + ".record.recipe.grind",
        "'\(grind.text)' is not a setting on the grinder scale of recipe snapshot \(entry.snapshot) (\(ShotLogStore.scaleText(snapshot.grinderScale)))",
        at: span)
      return false
    }
    if let g = record.grinder,
      g.step != snapshot.grinderScale?.step || g.min != snapshot.grinderScale?.min
        || g.max != snapshot.grinderScale?.max || g.finer != snapshot.grinderScale?.finer
    {
      found.invalid(
        path + ".record.grinder",
        "does not match the grinder scale of recipe snapshot \(entry.snapshot) (\(ShotLogStore.scaleText(snapshot.grinderScale)))",
        at: span)
      return false
    }
    return true
  }

  /// Whether the shot's previous shot exists and the record's `previous` agrees with it: its
  /// measurements, and the change of recipe since. False after recording why not.
  private static func recordFitsPrevious(
    _ entry: ImportDocument.AttemptEntry, _ snapshot: RecipeSnapshot, _ context: Context, _ found: inout Findings,
    known: (String) throws -> KnownShot?
  ) throws -> Bool {
    guard let previous = entry.previous else { return true }
    let path = entry.place.path
    let span = entry.place.span
    let record = entry.attempt.record
    guard let earlier = try known(previous) else {
      found.invalid(path + ".previous", "no shot \(previous) earlier in the file or in the database", at: span)
      return false
    }
    guard record.previous?.shot == earlier.measurements else {
      found.invalid(
        path + ".record.previous.shot", "does not match the measurements of shot \(previous), its previous shot",
        at: span)
      return false
    }
    var expected: Adjustment?
    // From the recipe the previous shot was pulled with to this one's, grinds as pulled.
    if var before = context.snapshots[earlier.snapshot]?.snapshot {
      var pulled = snapshot
      if let grind = record.recipe?.grind { pulled.grind = grind }
      if let grind = earlier.grind { before.grind = grind }
      if earlier.snapshot != entry.snapshot || before.grind.text != pulled.grind.text {
        expected = pulled.adjustment(from: before, scale: snapshot.grinderScale)
      }
    }
    guard record.previous?.adjustment == expected else {
      found.invalid(
        path + ".record.previous.adjustment",
        "says '\(record.previous?.adjustment?.ruleText ?? "none")', but the recipe changed by '\(expected?.ruleText ?? "none")' since shot \(previous)",
        at: span)
      return false
    }
    return true
  }

  /// Whether the shot a correction amends exists and is corrected once: a correction already in
  /// the database is there once; a new one must be the first. False after recording why not.
  private static func amendsFits(
    _ entry: ImportDocument.AttemptEntry, _ dbAttemptIDs: [String: Int64], corrected: inout Set<String>,
    _ found: inout Findings, known: (String) throws -> KnownShot?
  ) throws -> Bool {
    guard let target = entry.amends else { return true }
    let path = entry.place.path
    let span = entry.place.span
    guard try known(target) != nil else {
      found.invalid(path + ".amends", "no shot \(target) earlier in the file or in the database", at: span)
      return false
    }
    guard dbAttemptIDs[entry.attempt.uuid] != nil || corrected.insert(target).inserted else {
      found.invalid(path + ".amends", "shot \(target) is corrected twice", at: span)
      return false
    }
    return true
  }

  /// Whether the stored suggestion is what the rules it names derive from the shot's record: the
  /// same decision for the same reasons. False after recording why not.
  private static func suggestionFits(
    _ entry: ImportDocument.AttemptEntry, _ stored: StoredSuggestion, _ rules: RuleSet, _ found: inout Findings
  ) -> Bool {
    let path = entry.place.path
    let span = entry.place.span
    let derived = rules.storedSuggestion(for: entry.attempt.record)
    if derived.decision != stored.decision {
      found.invalid(
        path + ".suggestion.decision",
        "the file says '\(stored.decision.text)', but the rules it names (\(stored.rulesetName), \(stored.rulesetHash)) give '\(derived.decision.text)' for this shot's record",
        at: span)
      return false
    }
    if derived.rationale != stored.rationale {
      found.invalid(
        path + ".suggestion.decision.rationale",
        "the reasons differ from what the rules it names (\(stored.rulesetName), \(stored.rulesetHash)) say",
        at: span)
      return false
    }
    return true
  }

  /// A shot the database has already: unchanged, or a conflict naming the fields that differ.
  private func compareWithDatabase(
    _ entry: ImportDocument.AttemptEntry, bag: String, _ current: ShotAttempt, _ provenance: AttemptProvenance?,
    _ context: Context, _ found: inout Findings
  ) throws {
    let c = store.connection
    let a = entry.attempt
    let differing = Self.differences([
      ("snapshot", context.uuidOfSnapshot[current.snapshotID], entry.snapshot),
      ("bag", try store.profiles.bag(id: current.bagID)?.uuid, bag),
      ("pulled_at", current.pulledAt.iso8601, a.pulledAt.iso8601),
      ("created_at", current.createdAt.iso8601, a.createdAt.iso8601),
      (
        "previous",
        try current.previousID.flatMap {
          try c.first("SELECT uuid FROM shot_attempts WHERE id = ?", [$0]) { $0.text(0) }
        }, entry.previous
      ),
      (
        "amends",
        try current.amendsID.flatMap {
          try c.first("SELECT uuid FROM shot_attempts WHERE id = ?", [$0]) { $0.text(0) }
        }, entry.amends
      ),
      ("rating", current.rating?.decimalText, a.rating?.decimalText), ("notes", current.notes, a.notes),
      ("record", current.record.jsonText, a.record.jsonText),
      ("suggestion", current.suggestion?.decision.text, a.suggestion?.decision.text),
      ("source", provenance.map(Self.sourceText), entry.provenance.map(Self.sourceText)),
      ("curves", provenance.map(Self.curvesText), entry.provenance.map(Self.curvesText)),
    ])
    if let differing {
      found.conflict(
        entry.place.path, "shot \(a.uuid) exists in the database with other values: \(differing)",
        at: entry.place.span)
    } else {
      found.preview.unchanged.attempts += 1
    }
  }

  /// An imported shot's source in a conflict message (`decent-shot a.shot 1634630864 …`).
  static func sourceText(_ p: AttemptProvenance) -> String {
    [
      p.source.format.rawValue, p.source.file, p.source.entry ?? "", p.source.id, p.rating?.decimalText ?? "",
      p.importedAt.iso8601,
    ].joined(separator: " ")
  }

  /// An imported shot's curves, compared whole (`pressure: 280 samples, …`; equal only when every
  /// sample is).
  static func curvesText(_ p: AttemptProvenance) -> String {
    p.curves.map { "\($0.kind.rawValue): \($0.times.count) samples, " + ContentHash.hex(ShotCurveCoding.encode($0)) }
      .joined(separator: "; ")
  }

  /// Accept/reject events, voids and undos: each refers to a shot (or an accept) that exists, at
  /// most one per shot, in the file and the database together.
  private func answers(
    _ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: Context, uuidOfAttempt: [Int64: String],
    fileIndex: [String: Int], known: (String) throws -> KnownShot?
  ) throws {
    let c = store.connection
    func attemptUUID(_ id: Int64) throws -> String? {
      try uuidOfAttempt[id] ?? c.first("SELECT uuid FROM shot_attempts WHERE id = ?", [id], { $0.text(0) })
    }
    let dbEvents = try c.query("SELECT \(ShotLogStore.eventColumns) FROM suggestion_events", [], ShotLogStore.event)
    let events = try checkEvents(&plan, &found, context, dbEvents: dbEvents, attemptUUID: attemptUUID, known: known)
    try checkVoids(&plan, &found, attemptUUID: attemptUUID, known: known)
    try checkUndos(&plan, &found, context, dbEvents: dbEvents, events: events)
  }

  /// The accept/reject events of the file and the database, by UUID.
  private struct KnownEvents {
    var file: [String: ImportDocument.EventEntry] = [:]
    var database: [String: SuggestionEvent] = [:]
  }

  /// Accept/reject events: each answers a shot that has a change or "no change", once.
  private func checkEvents(
    _ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: Context, dbEvents: [SuggestionEvent],
    attemptUUID: (Int64) throws -> String?, known: (String) throws -> KnownShot?
  ) throws -> KnownEvents {
    let doc = plan.document
    var events = KnownEvents()
    var answered: [String: String] = [:]
    for event in dbEvents {
      events.database[event.uuid] = event
      if let attempt = try attemptUUID(event.attemptID) { answered[attempt] = event.uuid }
    }
    var fileAnswered: [String: String] = [:]
    plan.newEvents = [Bool](repeating: false, count: doc.events.count)
    for (index, entry) in doc.events.enumerated() {
      let e = entry.event
      let path = entry.place.path
      let span = entry.place.span
      guard !found.isRepeated(e.uuid, first: events.file[e.uuid] == nil, path, at: span) else { continue }
      events.file[e.uuid] = entry
      guard let shot = try known(entry.attempt) else {
        found.invalid(path + ".attempt", "no shot \(entry.attempt) in the file or the database", at: span)
        continue
      }
      switch shot.decision {
      case .adjust?, .noChange?: break
      default:
        found.invalid(
          path + ".action", "shot \(entry.attempt) has no change or \"no change\" to be \(e.action.rawValue)",
          at: span)
        continue
      }
      if let snapshot = entry.snapshot, context.snapshots[snapshot] == nil {
        found.invalid(path + ".snapshot", "no recipe snapshot \(snapshot) in the file or the database", at: span)
        continue
      }
      if let other = fileAnswered[entry.attempt] {
        found.invalid(
          path + ".attempt", "shot \(entry.attempt) is answered twice in the file (also \(other))", at: span)
        continue
      }
      fileAnswered[entry.attempt] = path
      if let current = events.database[e.uuid] {
        let differing = Self.differences([
          ("attempt", answered.first { $0.value == e.uuid }?.key, entry.attempt),
          ("action", current.action.rawValue, e.action.rawValue), ("note", current.note, e.note),
          ("at", current.at.iso8601, e.at.iso8601),
          ("snapshot", current.snapshotID.flatMap { context.uuidOfSnapshot[$0] }, entry.snapshot),
        ])
        if let differing {
          found.conflict(
            path, "accept/reject event \(e.uuid) exists in the database with other values: \(differing)", at: span)
        } else {
          found.preview.unchanged.events += 1
        }
      } else if let other = answered[entry.attempt] {
        found.conflict(
          path + ".attempt", "shot \(entry.attempt) was already answered in the database (event \(other))", at: span)
      } else {
        plan.newEvents[index] = true
        found.preview.added.events += 1
      }
    }
    return events
  }

  /// Voids: each of a shot that exists, at most one per shot.
  private func checkVoids(
    _ plan: inout LogImporter.Plan, _ found: inout Findings, attemptUUID: (Int64) throws -> String?,
    known: (String) throws -> KnownShot?
  ) throws {
    let doc = plan.document
    let dbVoids = try store.connection.query(
      "SELECT \(ShotLogStore.voidColumns) FROM attempt_voids", [], ShotLogStore.void)
    var voided: [String: AttemptVoid] = [:]
    var dbVoidByUUID: [String: AttemptVoid] = [:]
    for void in dbVoids {
      dbVoidByUUID[void.uuid] = void
      if let attempt = try attemptUUID(void.attemptID) { voided[attempt] = void }
    }
    var fileVoids = Set<String>()
    plan.newVoids = [Bool](repeating: false, count: doc.voids.count)
    for (index, entry) in doc.voids.enumerated() {
      let path = entry.place.path
      let span = entry.place.span
      let uuid = entry.void.uuid
      guard !found.isRepeated(uuid, first: fileVoids.insert(uuid).inserted, path, at: span) else { continue }
      guard try known(entry.attempt) != nil else {
        found.invalid(path + ".attempt", "no shot \(entry.attempt) in the file or the database", at: span)
        continue
      }
      if let current = dbVoidByUUID[entry.void.uuid] {
        let differing = Self.differences([
          ("attempt", try attemptUUID(current.attemptID), entry.attempt), ("reason", current.reason, entry.void.reason),
          ("at", current.at.iso8601, entry.void.at.iso8601),
        ])
        if let differing {
          found.conflict(
            path, "void \(entry.void.uuid) exists in the database with other values: \(differing)", at: span)
        } else {
          found.preview.unchanged.voids += 1
        }
      } else if voided[entry.attempt] != nil {
        found.conflict(path + ".attempt", "shot \(entry.attempt) is voided already", at: span)
      } else {
        voided[entry.attempt] = entry.void
        plan.newVoids[index] = true
        found.preview.added.voids += 1
      }
    }
  }

  /// Undos: each of an accept that exists, at most one per accept.
  private func checkUndos(
    _ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: Context, dbEvents: [SuggestionEvent],
    events: KnownEvents
  ) throws {
    let doc = plan.document
    let dbUndos = try store.connection.query(
      "SELECT \(ShotLogStore.undoColumns) FROM suggestion_undos", [], ShotLogStore.undo)
    var undone = Set<String>()
    var dbUndoByUUID: [String: SuggestionUndo] = [:]
    var eventUUID: [Int64: String] = [:]
    for event in dbEvents { eventUUID[event.id] = event.uuid }
    for undo in dbUndos {
      dbUndoByUUID[undo.uuid] = undo
      if let event = eventUUID[undo.eventID] { undone.insert(event) }
    }
    var fileUndos = Set<String>()
    plan.newUndos = [Bool](repeating: false, count: doc.undos.count)
    for (index, entry) in doc.undos.enumerated() {
      let path = entry.place.path
      let span = entry.place.span
      let uuid = entry.undo.uuid
      guard !found.isRepeated(uuid, first: fileUndos.insert(uuid).inserted, path, at: span) else { continue }
      let action = events.file[entry.event]?.event.action ?? events.database[entry.event]?.action
      guard action == .accepted else {
        found.invalid(path + ".event", "no accept \(entry.event) in the file or the database", at: span)
        continue
      }
      guard context.snapshots[entry.snapshot] != nil else {
        found.invalid(path + ".snapshot", "no recipe snapshot \(entry.snapshot) in the file or the database", at: span)
        continue
      }
      if let current = dbUndoByUUID[entry.undo.uuid] {
        let differing = Self.differences([
          ("event", eventUUID[current.eventID], entry.event),
          ("snapshot", context.uuidOfSnapshot[current.snapshotID], entry.snapshot),
          ("note", current.note, entry.undo.note), ("at", current.at.iso8601, entry.undo.at.iso8601),
        ])
        if let differing {
          found.conflict(
            path, "undo \(entry.undo.uuid) exists in the database with other values: \(differing)", at: span)
        } else {
          found.preview.unchanged.undos += 1
        }
      } else if !undone.insert(entry.event).inserted {
        found.conflict(path + ".event", "the accept \(entry.event) is undone already", at: span)
      } else {
        plan.newUndos[index] = true
        found.preview.added.undos += 1
      }
    }
  }
}
