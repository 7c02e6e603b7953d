import DialRules

/// Compares a decoded export document with the database: which rows are new, which are already
/// there, which clash, and whether every reference resolves.
struct ImportCheck {
  let store: ShotLogStore
  /// The import file, for the line and column of each issue.
  let file: SourceFile

  /// Names compare as SQLite's NOCASE does: ASCII letters folded, nothing else.
  static func fold(_ name: String) -> String {
    String(decoding: name.trimmingSpaces.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
  }

  mutating func run(_ plan: inout Importer.Plan) throws {
    let c = store.connection
    let doc = plan.document
    var preview = plan.preview
    let file = self.file
    func issue(_ path: String, _ message: String, _ span: SourceSpan?) -> ImportIssue {
      ImportIssue.Found(path: path, message: message, span: span).issue(in: file)
    }
    func conflict(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.conflicts.append(issue(path, message, span))
    }
    func invalid(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.invalid.append(issue(path, message, span))
    }
    func kept(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.kept.append(issue(path, message, span))
    }

    // Settings: absent → added; equal → unchanged; different → the database's value is kept.
    for setting in doc.settings {
      if let existing = try store.setting(setting.key) {
        if existing == setting.value {
          preview.unchanged.settings += 1
        } else {
          kept("$.settings.\(setting.key)", "differs from the database; the database's value is kept")
        }
      } else {
        plan.newSettings.append(setting)
        preview.added.settings += 1
      }
    }

    // Profiles. Same UUID: unchanged or (edited since) kept. New UUID with a taken name: conflict.
    let dbBeans = Dictionary(uniqueKeysWithValues: try store.beans(includeArchived: true).map { ($0.uuid, $0) })
    let dbGrinders = Dictionary(uniqueKeysWithValues: try store.grinders(includeArchived: true).map { ($0.uuid, $0) })
    let dbBaskets = Dictionary(uniqueKeysWithValues: try store.baskets(includeArchived: true).map { ($0.uuid, $0) })
    /// Sorts one kind of profile into new, unchanged and kept; returns the new UUIDs and counts.
    func profiles<P>(
      _ entries: [(P, place: ImportDocument.Place)], kind: String, existing: [String: P], uuid: (P) -> String,
      name: (P) -> String,
      same: (P, P) -> Bool
    ) -> (new: Set<String>, added: Int, unchanged: Int) {
      var result: (new: Set<String>, added: Int, unchanged: Int) = ([], 0, 0)
      let takenNames = Dictionary(
        existing.values.map { (Self.fold(name($0)), uuid($0)) }, uniquingKeysWith: { a, _ in a })
      var seenUUIDs = Set<String>()
      var seenNames: [String: String] = [:]
      for (entry, place) in entries {
        let path = place.path
        let span = place.span
        let id = uuid(entry)
        guard seenUUIDs.insert(id).inserted else {
          invalid(path + ".uuid", "the uuid \(id) appears twice in the file", at: span)
          continue
        }
        let folded = Self.fold(name(entry))
        if let first = seenNames[folded] {
          invalid(path + ".name", "the \(kind) name '\(name(entry))' is also used by \(first)", at: span)
          continue
        }
        seenNames[folded] = path
        if let current = existing[id] {
          if same(current, entry) {
            result.unchanged += 1
          } else {
            kept(
              path, "\(kind) '\(name(current))' was edited in the database since; the database's values are kept",
              at: span)
          }
        } else if let other = takenNames[folded] {
          conflict(
            path + ".name", "a different \(kind) named '\(name(entry))' already exists in the database (\(other))",
            at: span)
        } else {
          result.new.insert(id)
          result.added += 1
        }
      }
      return result
    }
    let beans = profiles(
      doc.beans, kind: "bean", existing: dbBeans, uuid: \.uuid, name: \.name,
      same: { a, b in
        a.name == b.name && a.roaster == b.roaster && a.roastDate == b.roastDate && a.notes == b.notes
          && a.archivedAt == b.archivedAt
      })
    plan.newBeans = beans.new
    preview.added.beans = beans.added
    preview.unchanged.beans = beans.unchanged
    let grinders = profiles(
      doc.grinders, kind: "grinder", existing: dbGrinders, uuid: \.uuid, name: \.name,
      same: { a, b in
        a.name == b.name && a.scale == b.scale && a.settingsNote == b.settingsNote && a.notes == b.notes
          && a.archivedAt == b.archivedAt
      })
    plan.newGrinders = grinders.new
    preview.added.grinders = grinders.added
    preview.unchanged.grinders = grinders.unchanged
    let baskets = profiles(
      doc.baskets, kind: "basket", existing: dbBaskets, uuid: \.uuid, name: \.name,
      same: { a, b in
        a.name == b.name && a.capacityG == b.capacityG && a.notes == b.notes && a.archivedAt == b.archivedAt
      })
    plan.newBaskets = baskets.new
    preview.added.baskets = baskets.added
    preview.unchanged.baskets = baskets.unchanged

    let beanUUIDs = Set(dbBeans.keys).union(doc.beans.map(\.0.uuid))
    let grinderUUIDs = Set(dbGrinders.keys).union(doc.grinders.map(\.0.uuid))
    let basketUUIDs = Set(dbBaskets.keys).union(doc.baskets.map(\.0.uuid))
    var uuidOfBean: [Int64: String] = [:]
    var uuidOfGrinder: [Int64: String] = [:]
    var uuidOfBasket: [Int64: String] = [:]
    for bean in dbBeans.values { uuidOfBean[bean.id] = bean.uuid }
    for grinder in dbGrinders.values { uuidOfGrinder[grinder.id] = grinder.uuid }
    for basket in dbBaskets.values { uuidOfBasket[basket.id] = basket.uuid }

    // Snapshots: immutable, so an existing UUID must hold exactly the same recipe.
    let dbSnapshots = try c.query(
      "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots", [], ShotLogStore.snapshot)
    var uuidOfSnapshot: [Int64: String] = [:]
    var dbSnapshotByUUID: [String: RecipeSnapshot] = [:]
    for s in dbSnapshots {
      uuidOfSnapshot[s.id] = s.uuid
      dbSnapshotByUUID[s.uuid] = s
    }
    var knownSnapshots = Set(dbSnapshotByUUID.keys)
    var fileSnapshots: [String: ShotRecord.Recipe] = [:]
    plan.newSnapshots = [Bool](repeating: false, count: doc.snapshots.count)
    for (index, entry) in doc.snapshots.enumerated() {
      let s = entry.snapshot
      var ok = true
      if !beanUUIDs.contains(entry.bean) {
        invalid(entry.place.path + ".bean", "no bean \(entry.bean) in the file or the database", at: entry.place.span)
        ok = false
      }
      if !grinderUUIDs.contains(entry.grinder) {
        invalid(
          entry.place.path + ".grinder", "no grinder \(entry.grinder) in the file or the database", at: entry.place.span
        )
        ok = false
      }
      if let basket = entry.basket, !basketUUIDs.contains(basket) {
        invalid(entry.place.path + ".basket", "no basket \(basket) in the file or the database", at: entry.place.span)
        ok = false
      }
      if let parent = entry.parent, !knownSnapshots.contains(parent) {
        invalid(
          entry.place.path + ".parent", "no recipe snapshot \(parent) earlier in the file or in the database",
          at: entry.place.span)
        ok = false
      }
      if fileSnapshots[s.uuid] != nil {
        invalid(entry.place.path + ".uuid", "the uuid \(s.uuid) appears twice in the file", at: entry.place.span)
        continue
      }
      fileSnapshots[s.uuid] = s.shotRecipe
      knownSnapshots.insert(s.uuid)
      guard ok else { continue }
      if let current = dbSnapshotByUUID[s.uuid] {
        let same =
          uuidOfBean[current.beanID] == entry.bean && uuidOfGrinder[current.grinderID] == entry.grinder
          && current.basketID.flatMap { uuidOfBasket[$0] } == entry.basket
          && current.parentID.flatMap { uuidOfSnapshot[$0] } == entry.parent && current.doseG == s.doseG
          && current.yieldG == s.yieldG && current.timeS == s.timeS && current.temperatureC == s.temperatureC
          && current.temperatureNote == s.temperatureNote && current.grind.text == s.grind.text
          && current.reason == s.reason && current.reasonDetail == s.reasonDetail && current.adjustment == s.adjustment
          && current.createdAt == s.createdAt
        if same {
          preview.unchanged.snapshots += 1
        } else {
          conflict(
            entry.place.path, "recipe snapshot \(s.uuid) exists in the database with different values",
            at: entry.place.span)
        }
      } else {
        plan.newSnapshots[index] = true
        preview.added.snapshots += 1
      }
    }

    // Attempts: immutable; the record's recipe must be the snapshot's.
    let dbAttemptIDs = Dictionary(
      try c.query("SELECT uuid, id FROM shot_attempts") { ($0.text(0), $0.int64(1)) }, uniquingKeysWith: { a, _ in a })
    var uuidOfAttempt: [Int64: String] = [:]
    // 100,000 shots: one set of the file's UUIDs, and "is new" flags by position rather than more
    // sets of UUID strings, which are costly to hash.
    var fileAttempts = Set<String>(minimumCapacity: doc.attempts.count)
    plan.newAttempts = [Bool](repeating: false, count: doc.attempts.count)
    for (index, entry) in doc.attempts.enumerated() {
      let a = entry.attempt
      guard fileAttempts.insert(a.uuid).inserted else {
        invalid(entry.place.path + ".uuid", "the uuid \(a.uuid) appears twice in the file", at: entry.place.span)
        continue
      }
      let recipe = fileSnapshots[entry.snapshot] ?? dbSnapshotByUUID[entry.snapshot]?.shotRecipe
      guard let recipe else {
        invalid(
          entry.place.path + ".snapshot", "no recipe snapshot \(entry.snapshot) in the file or the database",
          at: entry.place.span)
        continue
      }
      if let stated = entry.recipe, !Self.sameRecipe(stated, recipe) {
        invalid(
          entry.place.path + ".record.recipe",
          "does not match recipe snapshot \(entry.snapshot) (the record's recipe is derived from the snapshot)",
          at: entry.place.span)
        continue
      }
      if let id = dbAttemptIDs[a.uuid] {
        uuidOfAttempt[id] = a.uuid
        guard let current = try store.attempt(id: id) else { continue }
        let same =
          uuidOfSnapshot[current.snapshotID] == entry.snapshot && current.pulledAt == a.pulledAt
          && current.createdAt == a.createdAt && current.measurements == a.measurements && current.notes == a.notes
          && current.suggestion == a.suggestion
        if same {
          preview.unchanged.attempts += 1
        } else {
          conflict(
            entry.place.path, "shot \(a.uuid) exists in the database with different values", at: entry.place.span)
        }
      } else {
        plan.newAttempts[index] = true
        preview.added.attempts += 1
      }
    }

    // Events: at most one per attempt, in the file and in the database together.
    let dbEvents = try c.query("SELECT \(ShotLogStore.eventColumns) FROM suggestion_events", [], ShotLogStore.event)
    var dbEventByUUID: [String: SuggestionEvent] = [:]
    var answeredAttempts: [String: String] = [:]
    for event in dbEvents {
      dbEventByUUID[event.uuid] = event
      if let attemptUUID = try uuidOfAttempt[event.attemptID]
        ?? c.first("SELECT uuid FROM shot_attempts WHERE id = ?", [event.attemptID], { $0.text(0) })
      {
        answeredAttempts[attemptUUID] = event.uuid
      }
    }
    var fileEvents = Set<String>()
    var fileAnswered: [String: String] = [:]
    plan.newEvents = [Bool](repeating: false, count: doc.events.count)
    for (index, entry) in doc.events.enumerated() {
      let e = entry.event
      guard fileEvents.insert(e.uuid).inserted else {
        invalid(entry.place.path + ".uuid", "the uuid \(e.uuid) appears twice in the file", at: entry.place.span)
        continue
      }
      guard fileAttempts.contains(entry.attempt) || dbAttemptIDs[entry.attempt] != nil else {
        invalid(
          entry.place.path + ".attempt", "no shot \(entry.attempt) in the file or the database", at: entry.place.span)
        continue
      }
      if let snapshot = entry.snapshot, !knownSnapshots.contains(snapshot) {
        invalid(
          entry.place.path + ".snapshot", "no recipe snapshot \(snapshot) in the file or the database",
          at: entry.place.span)
        continue
      }
      if let other = fileAnswered[entry.attempt] {
        invalid(
          entry.place.path + ".attempt", "shot \(entry.attempt) is answered twice in the file (also \(other))",
          at: entry.place.span)
        continue
      }
      fileAnswered[entry.attempt] = entry.place.path
      if let current = dbEventByUUID[e.uuid] {
        let same =
          current.action == e.action && current.note == e.note && current.at == e.at
          && current.snapshotID.flatMap { uuidOfSnapshot[$0] } == entry.snapshot
          && answeredAttempts[entry.attempt] == e.uuid
        if same {
          preview.unchanged.events += 1
        } else {
          conflict(
            entry.place.path, "accept/reject event \(e.uuid) exists in the database with different values",
            at: entry.place.span)
        }
      } else if let other = answeredAttempts[entry.attempt] {
        conflict(
          entry.place.path + ".attempt", "shot \(entry.attempt) was already answered in the database (event \(other))",
          at: entry.place.span)
      } else {
        plan.newEvents[index] = true
        preview.added.events += 1
      }
    }
    plan.preview = preview
  }

  static func sameRecipe(_ a: ShotRecord.Recipe, _ b: ShotRecord.Recipe) -> Bool {
    a.doseG == b.doseG && a.yieldG == b.yieldG && a.timeS == b.timeS && a.temperatureC == b.temperatureC
      && a.grind?.text == b.grind?.text
  }
}
