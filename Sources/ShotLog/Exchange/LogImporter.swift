import DialRules

/// Imports an export document: first a preview that validates everything and compares it with the
/// database without writing, then an apply that inserts the new rows in one transaction.
///
/// The apply recomputes the preview inside its write transaction and requires the preview's token,
/// which hashes the file bytes together with the database's identity and write revision: if either
/// changed since the preview, nothing is written. Any failure rolls the transaction back, so a
/// failed import leaves the database as it was.
///
/// A replacing import (`replacing: true`) restores a backup exactly: in one transaction it removes
/// everything the database holds and inserts the file's rows in the file's order, so the shots get
/// their numbers back and an export afterwards is the file again. Its preview is checked against an
/// empty log; its token also covers the database as it is, so a change since the preview is
/// refused as for a merge.
struct LogImporter {
  let store: ShotLogStore
  /// Rules besides the built-in ones whose decisions can be derived again and checked.
  var rules: [RuleSet] = []
  /// Whether the import replaces everything instead of merging by UUID.
  var replacing = false
  /// Test hook: fail with an error after inserting this many rows, to prove the rollback.
  var failAfterRows: Int?

  init(store: ShotLogStore, rules: [RuleSet] = [], replacing: Bool = false) {
    self.store = store
    self.rules = rules
    self.replacing = replacing
  }

  /// What importing `bytes` would do. Never writes.
  func preview(_ bytes: [UInt8]) throws(ShotLogError) -> LogImportPreview {
    // The file is hashed once per command (about 15 ms at 100,000 shots).
    let fileHash = ContentHash.fileHex(bytes)
    guard replacing else {
      return try store.read { () throws -> LogImportPreview in
        try plan(bytes, fileHash: fileHash, checkingAgainst: store).preview
      }
    }
    // Checked against an empty log, since that is what the file will be inserted into; the
    // token is made from this database.
    let empty = try ShotLogStore.openInMemory(clock: store.clock, ids: store.ids)
    var preview = try empty.read { () throws -> LogImportPreview in
      try plan(bytes, fileHash: fileHash, checkingAgainst: empty).preview
    }
    preview.token = try store.read { () throws -> String in try token(fileHash: fileHash) }
    preview.removed = try store.read { () throws -> LogImportCounts in try contents() }
    preview.replacing = true
    return preview
  }

  /// Imports `bytes` if `token` is the one its preview gave for the current database.
  /// - Returns: the preview of what was done.
  func apply(_ bytes: [UInt8], token: String) throws(ShotLogError) -> LogImportPreview {
    // A large page cache for the one big transaction: with SQLite's default of 2 MB, dirty index
    // pages spill to the WAL and are written again and again; with room for all of them each page
    // is written once, at commit.
    try store.guarded { try store.connection.execute("PRAGMA cache_size = -131072") }
    defer { try? store.connection.execute("PRAGMA cache_size = -2000") }
    let fileHash = ContentHash.fileHex(bytes)
    return try store.write {
      guard try self.token(fileHash: fileHash) == token else { throw ShotLogError.staleImportToken(token) }
      var removed = LogImportCounts()
      if replacing {
        removed = try contents()
        try removeEverything()
      }
      var plan = try plan(bytes, fileHash: fileHash, checkingAgainst: store)
      guard plan.preview.canApply else {
        throw ShotLogError.importBlocked(invalid: plan.preview.invalid.count, conflicts: plan.preview.conflicts.count)
      }
      try insert(plan)
      plan.preview.token = token
      plan.preview.removed = removed
      plan.preview.replacing = replacing
      return plan.preview
    }
  }

  /// The preview plus what `insert` needs.
  struct Plan {
    var preview = LogImportPreview()
    var document = ImportDocument()
    var newBeans = Set<String>()
    var newGrinders = Set<String>()
    var newBaskets = Set<String>()
    var newBags = Set<String>()
    /// By position in the document: whether the row is new.
    var newSnapshots: [Bool] = []
    var newAttempts: [Bool] = []
    /// By position: whether the attempt's decision names rules this log does not have (it is
    /// imported as the file says, marked unchecked).
    var uncheckedAttempts: [Bool] = []
    /// By position: the UUID of the bag the attempt was pulled from (the file's, or for a version 1
    /// file its bean's first bag).
    var attemptBags: [String] = []
    var newEvents: [Bool] = []
    var newVoids: [Bool] = []
    var newUndos: [Bool] = []
    var newSettings: [(key: String, value: String)] = []
  }

  /// Ties a preview to these bytes, this kind of import and the database as it is now: the file's
  /// hash with the database's identity and write revision (no copy of a large file).
  /// `fileHash` is the file's `ContentHash.fileHex`, computed once per command.
  func token(fileHash: String) throws -> String {
    let fingerprint = try store.revisionFingerprint()
    return ContentHash.hex(Array((fileHash + (replacing ? ":replace:" : ":") + fingerprint).utf8))
  }

  /// Validates and compares against `target`; runs inside the caller's transaction. `fileHash` is
  /// `ContentHash.fileHex(bytes)`, computed once by the caller.
  func plan(_ bytes: [UInt8], fileHash: String, checkingAgainst target: ShotLogStore) throws -> Plan {
    var plan = Plan()
    plan.preview.token = try token(fileHash: fileHash)
    var decoder = LogImportDecoder(file: SourceFile(path: "", bytes: bytes))
    plan.document = decoder.decode()
    plan.preview.invalid = decoder.issues
    guard plan.preview.invalid.isEmpty else { return plan }
    var check = LogImportCheck(store: target, file: decoder.reader.file, rules: rules)
    try check.run(&plan)
    return plan
  }

  /// How many rows of each kind the database holds (what a replacing import removes).
  private func contents() throws -> LogImportCounts {
    let c = store.connection
    func count(_ table: String, _ condition: String = "") throws -> Int {
      try c.first("SELECT count(*) FROM \(table) \(condition)") { $0.int(0) } ?? 0
    }
    var counts = LogImportCounts()
    counts.settings = try count(
      "settings", "WHERE key IN (\(LogSetting.exported.map { "'\($0.rawValue)'" }.joined(separator: ", ")))")
    counts.beans = try count("beans")
    counts.bags = try count("bags")
    counts.grinders = try count("grinders")
    counts.baskets = try count("baskets")
    counts.snapshots = try count("recipe_snapshots")
    counts.attempts = try count("shot_attempts")
    counts.events = try count("suggestion_events")
    counts.voids = try count("attempt_voids")
    counts.undos = try count("suggestion_undos")
    return counts
  }

  /// Deletes every row a backup restores (inside the apply's transaction, with the immutability
  /// triggers suspended and recreated as they were). Children first, for the foreign keys.
  private func removeEverything() throws {
    let c = store.connection
    try Schema.suspendingImmutability(c) {
      for table in [
        "attempt_curves", "attempt_sources", "suggestion_undos", "attempt_voids", "suggestion_events", "shot_attempts",
        "recipe_snapshots", "bags", "baskets",
        "grinders", "beans",
      ] {
        try c.run("DELETE FROM \(table)")
      }
      for key in LogSetting.exported { try c.run("DELETE FROM settings WHERE key = ?", [key.rawValue]) }
    }
  }

  /// The row id of every row the import inserted or looked up, by UUID, per table.
  private struct RowIDs {
    var beans: [String: Int64] = [:]
    var grinders: [String: Int64] = [:]
    var baskets: [String: Int64] = [:]
    var bags: [String: Int64] = [:]
    var snapshots: [String: Int64]
    var attempts: [String: Int64]
    var events: [String: Int64] = [:]
    /// Each snapshot's bean and grinder, which its shots are stored with.
    var snapshotOwners: [String: (bean: Int64, grinder: Int64)] = [:]
  }

  /// Inserts the plan's new rows in file order, resolving UUID references to row ids.
  private func insert(_ plan: Plan) throws {
    var inserted = 0
    func tick() throws {
      inserted += 1
      if let failAfterRows, inserted >= failAfterRows {
        throw ShotLogError.internalError(detail: "injected failure after \(inserted) rows")
      }
    }
    for setting in plan.newSettings {
      try store.connection.run("INSERT INTO settings (key, value) VALUES (?, ?)", [setting.key, setting.value])
      try tick()
    }
    // Sized for the file, so that 100,000 UUIDs are not rehashed as the tables grow.
    var ids = RowIDs(
      snapshots: Dictionary(minimumCapacity: plan.document.snapshots.count),
      attempts: Dictionary(minimumCapacity: plan.document.attempts.count))
    try insertProfiles(plan, &ids, tick: tick)
    try insertSnapshots(plan, &ids, tick: tick)
    try insertAttempts(plan, &ids, tick: tick)
    try insertAnswers(plan, &ids, tick: tick)
  }

  /// The id of the row of `table` with `uuid`: from `cache`, else read (and kept in `cache`).
  private func lookup(_ table: String, _ uuid: String, _ cache: inout [String: Int64]) throws -> Int64 {
    if let id = cache[uuid] { return id }
    guard let id = try store.connection.first("SELECT id FROM \(table) WHERE uuid = ?", [uuid], { $0.int64(0) })
    else {
      throw ShotLogError.internalError(detail: "\(table) \(uuid) vanished during the import")
    }
    cache[uuid] = id
    return id
  }

  /// The new beans, bags, grinders and baskets.
  private func insertProfiles(_ plan: Plan, _ ids: inout RowIDs, tick: () throws -> Void) throws {
    for (bean, _) in plan.document.beans where plan.newBeans.contains(bean.uuid) {
      ids.beans[bean.uuid] = try store.insert(bean).id
      try tick()
    }
    for entry in plan.document.bags where plan.newBags.contains(entry.bag.uuid) {
      var bag = entry.bag
      bag.beanID = try lookup("beans", entry.bean, &ids.beans)
      ids.bags[bag.uuid] = try store.insert(bag).id
      try tick()
    }
    for (grinder, _) in plan.document.grinders where plan.newGrinders.contains(grinder.uuid) {
      ids.grinders[grinder.uuid] = try store.insert(grinder).id
      try tick()
    }
    for (basket, _) in plan.document.baskets where plan.newBaskets.contains(basket.uuid) {
      ids.baskets[basket.uuid] = try store.insert(basket).id
      try tick()
    }
  }

  /// The new recipe snapshots, each after the parent it names.
  private func insertSnapshots(_ plan: Plan, _ ids: inout RowIDs, tick: () throws -> Void) throws {
    for (index, entry) in plan.document.snapshots.enumerated() where plan.newSnapshots[index] {
      var snapshot = entry.snapshot
      snapshot.beanID = try lookup("beans", entry.bean, &ids.beans)
      snapshot.grinderID = try lookup("grinders", entry.grinder, &ids.grinders)
      snapshot.basketID = try entry.basket.map { try lookup("baskets", $0, &ids.baskets) }
      snapshot.parentID = try entry.parent.map { try lookup("recipe_snapshots", $0, &ids.snapshots) }
      ids.snapshots[snapshot.uuid] = try store.insert(snapshot).id
      ids.snapshotOwners[snapshot.uuid] = (snapshot.beanID, snapshot.grinderID)
      try tick()
    }
  }

  /// The new shots, with their provenance; a shot's bean and grinder are its snapshot's.
  private func insertAttempts(_ plan: Plan, _ ids: inout RowIDs, tick: () throws -> Void) throws {
    for (index, entry) in plan.document.attempts.enumerated() where plan.newAttempts[index] {
      var attempt = entry.attempt
      if plan.uncheckedAttempts[index] { attempt.suggestion?.checked = false }
      attempt.snapshotID = try lookup("recipe_snapshots", entry.snapshot, &ids.snapshots)
      attempt.bagID = try lookup("bags", plan.attemptBags[index], &ids.bags)
      attempt.previousID = try entry.previous.map { try lookup("shot_attempts", $0, &ids.attempts) }
      attempt.amendsID = try entry.amends.map { try lookup("shot_attempts", $0, &ids.attempts) }
      if let owner = ids.snapshotOwners[entry.snapshot] {
        (attempt.beanID, attempt.grinderID) = owner
      } else {
        guard
          let owner = try store.connection.first(
            "SELECT bean_id, grinder_id FROM recipe_snapshots WHERE id = ?", [attempt.snapshotID],
            { ($0.int64(0), $0.int64(1)) })
        else {
          throw ShotLogError.internalError(detail: "recipe snapshot \(entry.snapshot) vanished during the import")
        }
        ids.snapshotOwners[entry.snapshot] = owner
        (attempt.beanID, attempt.grinderID) = owner
      }
      let id = try store.insert(attempt).id
      ids.attempts[attempt.uuid] = id
      if let provenance = entry.provenance { try store.insert(provenance, attemptID: id) }
      try tick()
    }
  }

  /// The new accept/reject events, voids and undos.
  private func insertAnswers(_ plan: Plan, _ ids: inout RowIDs, tick: () throws -> Void) throws {
    for (index, entry) in plan.document.events.enumerated() where plan.newEvents[index] {
      var event = entry.event
      event.attemptID = try lookup("shot_attempts", entry.attempt, &ids.attempts)
      event.snapshotID = try entry.snapshot.map { try lookup("recipe_snapshots", $0, &ids.snapshots) }
      ids.events[event.uuid] = try store.insert(event).id
      try tick()
    }
    for (index, entry) in plan.document.voids.enumerated() where plan.newVoids[index] {
      var void = entry.void
      void.attemptID = try lookup("shot_attempts", entry.attempt, &ids.attempts)
      _ = try store.insert(void)
      try tick()
    }
    for (index, entry) in plan.document.undos.enumerated() where plan.newUndos[index] {
      var undo = entry.undo
      undo.eventID = try lookup("suggestion_events", entry.event, &ids.events)
      undo.snapshotID = try lookup("recipe_snapshots", entry.snapshot, &ids.snapshots)
      _ = try store.insert(undo)
      try tick()
    }
  }
}
