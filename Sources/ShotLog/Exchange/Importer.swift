import DialRules

/// Imports an export document: first a preview that validates everything and compares it with the
/// database without writing, then an apply that inserts the new rows in one transaction.
///
/// The apply recomputes the preview inside its write transaction and requires the preview's token,
/// which hashes the file bytes together with the database's identity and write revision: if either
/// changed since the preview, nothing is written. Any failure rolls the transaction back, so a
/// failed import leaves the database as it was.
struct Importer {
  let store: ShotLogStore
  /// Test hook: fail with an error after inserting this many rows, to prove the rollback.
  var failAfterRows: Int?

  init(store: ShotLogStore) { self.store = store }

  /// What importing `bytes` would do. Never writes.
  func preview(_ bytes: [UInt8]) throws(ShotLogError) -> ImportPreview {
    try store.read { try plan(bytes).preview }
  }

  /// Imports `bytes` if `token` is the one its preview gave for the current database.
  /// - Returns: the preview of what was done.
  func apply(_ bytes: [UInt8], token: String) throws(ShotLogError) -> ImportPreview {
    // A large page cache for the one big transaction: with SQLite's default of 2 MB, dirty index
    // pages spill to the WAL and are written again and again; with room for all of them each page
    // is written once, at commit.
    try store.guarded { try store.connection.execute("PRAGMA cache_size = -131072") }
    defer { try? store.connection.execute("PRAGMA cache_size = -2000") }
    return try store.write {
      let plan = try plan(bytes)
      guard plan.preview.token == token else { throw ShotLogError.staleImportToken(token) }
      guard plan.preview.canApply else {
        throw ShotLogError.importBlocked(invalid: plan.preview.invalid.count, conflicts: plan.preview.conflicts.count)
      }
      try insert(plan)
      return plan.preview
    }
  }

  /// The preview plus what `insert` needs.
  struct Plan {
    var preview = ImportPreview()
    var document = ImportDocument()
    var newBeans = Set<String>()
    var newGrinders = Set<String>()
    var newBaskets = Set<String>()
    /// By position in the document: whether the row is new.
    var newSnapshots: [Bool] = []
    var newAttempts: [Bool] = []
    var newEvents: [Bool] = []
    var newSettings: [(key: String, value: String)] = []
  }

  /// Validates and compares; runs inside the caller's transaction.
  func plan(_ bytes: [UInt8]) throws -> Plan {
    var plan = Plan()
    let fingerprint = try store.revisionFingerprint()
    // Hash the file, then the file's hash with the database state (no copy of a large file).
    plan.preview.token = ContentHash.hex(Array((ContentHash.hex(bytes) + ":" + fingerprint).utf8))
    var decoder = ImportDecoder(file: SourceFile(path: "", bytes: bytes))
    plan.document = decoder.decode()
    plan.preview.invalid = decoder.issues
    guard plan.preview.invalid.isEmpty else { return plan }
    var check = ImportCheck(store: store, file: decoder.reader.file)
    try check.run(&plan)
    return plan
  }

  /// Inserts the plan's new rows in file order, resolving UUID references to row ids.
  private func insert(_ plan: Plan) throws {
    let connection = store.connection
    var inserted = 0
    func tick() throws {
      inserted += 1
      if let failAfterRows, inserted >= failAfterRows {
        throw ShotLogError.internalError(detail: "injected failure after \(inserted) rows")
      }
    }
    func lookup(_ table: String, _ uuid: String, _ cache: inout [String: Int64]) throws -> Int64 {
      if let id = cache[uuid] { return id }
      guard let id = try connection.first("SELECT id FROM \(table) WHERE uuid = ?", [uuid], { $0.int64(0) }) else {
        throw ShotLogError.internalError(detail: "\(table) \(uuid) vanished during the import")
      }
      cache[uuid] = id
      return id
    }
    for setting in plan.newSettings {
      try connection.run("INSERT INTO settings (key, value) VALUES (?, ?)", [setting.key, setting.value])
      try tick()
    }
    var beans: [String: Int64] = [:]
    var grinders: [String: Int64] = [:]
    var baskets: [String: Int64] = [:]
    var snapshots: [String: Int64] = [:]
    var attempts: [String: Int64] = [:]
    for (bean, _) in plan.document.beans where plan.newBeans.contains(bean.uuid) {
      beans[bean.uuid] = try store.insert(bean).id
      try tick()
    }
    for (grinder, _) in plan.document.grinders where plan.newGrinders.contains(grinder.uuid) {
      grinders[grinder.uuid] = try store.insert(grinder).id
      try tick()
    }
    for (basket, _) in plan.document.baskets where plan.newBaskets.contains(basket.uuid) {
      baskets[basket.uuid] = try store.insert(basket).id
      try tick()
    }
    var snapshotOwners: [String: (bean: Int64, grinder: Int64)] = [:]
    for (index, entry) in plan.document.snapshots.enumerated() where plan.newSnapshots[index] {
      var snapshot = entry.snapshot
      snapshot.beanID = try lookup("beans", entry.bean, &beans)
      snapshot.grinderID = try lookup("grinders", entry.grinder, &grinders)
      snapshot.basketID = try entry.basket.map { try lookup("baskets", $0, &baskets) }
      snapshot.parentID = try entry.parent.map { try lookup("recipe_snapshots", $0, &snapshots) }
      snapshots[snapshot.uuid] = try store.insert(snapshot).id
      snapshotOwners[snapshot.uuid] = (snapshot.beanID, snapshot.grinderID)
      try tick()
    }
    // Remember row ids only for the shots that events refer to.
    let answered = Set(plan.document.events.map(\.attempt))
    for (index, entry) in plan.document.attempts.enumerated() where plan.newAttempts[index] {
      var attempt = entry.attempt
      attempt.snapshotID = try lookup("recipe_snapshots", entry.snapshot, &snapshots)
      if let owner = snapshotOwners[entry.snapshot] {
        (attempt.beanID, attempt.grinderID) = owner
      } else {
        guard
          let owner = try connection.first(
            "SELECT bean_id, grinder_id FROM recipe_snapshots WHERE id = ?", [attempt.snapshotID],
            { ($0.int64(0), $0.int64(1)) })
        else {
          throw ShotLogError.internalError(detail: "recipe snapshot \(entry.snapshot) vanished during the import")
        }
        snapshotOwners[entry.snapshot] = owner
        (attempt.beanID, attempt.grinderID) = owner
      }
      let id = try store.insert(attempt).id
      if answered.contains(attempt.uuid) { attempts[attempt.uuid] = id }
      try tick()
    }
    for (index, entry) in plan.document.events.enumerated() where plan.newEvents[index] {
      var event = entry.event
      event.attemptID = try lookup("shot_attempts", entry.attempt, &attempts)
      event.snapshotID = try entry.snapshot.map { try lookup("recipe_snapshots", $0, &snapshots) }
      _ = try store.insert(event)
      try tick()
    }
  }
}
