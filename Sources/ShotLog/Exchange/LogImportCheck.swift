import DialRules

/// Compares a decoded export document with the database: which rows are new, which are already
/// there, which clash (naming the field that differs), and whether every reference resolves. The
/// shots' decisions are derived again from their records (`LogImportCheck+Shots.swift`).
struct LogImportCheck {
  let store: ShotLogStore
  /// The import file, for the line and column of each issue.
  let file: SourceFile
  /// The rules whose decisions can be checked, by content hash (the built-in rules always).
  let rules: [String: RuleSet]

  init(store: ShotLogStore, file: SourceFile, rules: [RuleSet]) {
    self.store = store
    self.file = file
    var known = [RuleSet.defaultEspresso.contentHash: RuleSet.defaultEspresso]
    for set in rules { known[set.contentHash] = set }
    self.rules = known
  }

  /// What the checks collect; `run` turns it into the plan's preview.
  struct Findings {
    var preview: LogImportPreview
    let file: SourceFile

    func issue(_ path: String, _ message: String, _ span: SourceSpan?) -> LogImportIssue {
      LogImportIssue.Found(path: path, message: message, span: span).issue(in: file)
    }
    mutating func conflict(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.conflicts.append(issue(path, message, span))
    }
    mutating func invalid(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.invalid.append(issue(path, message, span))
    }
    /// Whether the row at `path` repeats a UUID the file already gave a row of its kind (`first`
    /// false); if so it is reported, in the same words for every kind of row.
    mutating func isRepeated(_ uuid: String, first: Bool, _ path: String, at span: SourceSpan) -> Bool {
      if first { return false }
      invalid(path + ".uuid", "the uuid \(uuid) appears twice in the file", at: span)
      return true
    }
    mutating func kept(_ path: String, _ message: String, at span: SourceSpan? = nil) {
      preview.kept.append(issue(path, message, span))
    }
  }

  /// `pulled_at is 2026-03-01T08:15:00Z in the database, 2026-03-01T08:16:00Z in the file`, for
  /// each field that differs (a value the side lacks is `absent`).
  static func differences(_ fields: [(String, String?, String?)]) -> String? {
    let differing = fields.filter { $0.1 != $0.2 }
    guard !differing.isEmpty else { return nil }
    return differing.map { "\($0.0) is \($0.1 ?? "absent") in the database, \($0.2 ?? "absent") in the file" }
      .joined(separator: "; ")
  }

  mutating func run(_ plan: inout LogImporter.Plan) throws {
    var found = Findings(preview: plan.preview, file: file)
    let doc = plan.document

    // Settings: absent → added; equal → unchanged; different → the database's value is kept.
    for setting in doc.settings {
      if let existing = try store.setting(LogSetting(rawValue: setting.key)) {
        if existing == setting.value {
          found.preview.unchanged.settings += 1
        } else {
          found.kept("$.settings.\(setting.key)", "differs from the database; the database's value is kept")
        }
      } else {
        plan.newSettings.append(setting)
        found.preview.added.settings += 1
      }
    }

    // Profiles. Same UUID: unchanged or (edited since) kept. New UUID with a taken name: conflict.
    let dbBeans = Dictionary(
      uniqueKeysWithValues: try store.profiles.beans(includeArchived: true).map { ($0.uuid, $0) })
    let dbGrinders = Dictionary(
      uniqueKeysWithValues: try store.profiles.grinders(includeArchived: true).map { ($0.uuid, $0) })
    let dbBaskets = Dictionary(
      uniqueKeysWithValues: try store.profiles.baskets(includeArchived: true).map { ($0.uuid, $0) })
    let beans = Self.profiles(
      doc.beans, kind: "bean", existing: dbBeans, uuid: \.uuid, name: \.name, found: &found,
      fields: { b in
        [
          ("name", b.name), ("roaster", b.roaster), ("roast_date", b.roastDate?.text), ("origin", b.origin),
          ("process", b.process), ("roast_level", b.roastLevel?.rawValue), ("notes", b.notes),
          ("archived_at", b.archivedAt?.iso8601),
        ]
      })
    plan.newBeans = beans.new
    found.preview.added.beans = beans.added
    found.preview.unchanged.beans = beans.unchanged
    let grinders = Self.profiles(
      doc.grinders, kind: "grinder", existing: dbGrinders, uuid: \.uuid, name: \.name, found: &found,
      fields: { g in
        [
          ("name", g.name), ("scale", ShotLogStore.scaleText(g.scale)), ("settings_note", g.settingsNote),
          ("notes", g.notes), ("archived_at", g.archivedAt?.iso8601),
        ]
      })
    plan.newGrinders = grinders.new
    found.preview.added.grinders = grinders.added
    found.preview.unchanged.grinders = grinders.unchanged
    let baskets = Self.profiles(
      doc.baskets, kind: "basket", existing: dbBaskets, uuid: \.uuid, name: \.name, found: &found,
      fields: { b in
        [
          ("name", b.name), ("capacity_g", b.capacityG?.decimalText), ("notes", b.notes),
          ("archived_at", b.archivedAt?.iso8601),
        ]
      })
    plan.newBaskets = baskets.new
    found.preview.added.baskets = baskets.added
    found.preview.unchanged.baskets = baskets.unchanged

    var context = Context()
    context.beanUUIDs = Set(dbBeans.keys).union(doc.beans.map(\.0.uuid))
    context.basketUUIDs = Set(dbBaskets.keys).union(doc.baskets.map(\.0.uuid))
    for grinder in dbGrinders.values {
      context.uuidOfGrinder[grinder.id] = grinder.uuid
      context.grinderScales[grinder.uuid] = .some(grinder.scale)
    }
    // A grinder in the file that is new brings its scale; one already in the database keeps the
    // database's (an edit since the export is kept, as for every profile).
    for (grinder, _) in doc.grinders where dbGrinders[grinder.uuid] == nil {
      context.grinderScales[grinder.uuid] = .some(grinder.scale)
    }
    for bean in dbBeans.values { context.uuidOfBean[bean.id] = bean.uuid }
    for basket in dbBaskets.values { context.uuidOfBasket[basket.id] = basket.uuid }
    try bags(&plan, &found, &context)
    try snapshots(&plan, &found, &context)
    try shots(&plan, &found, &context)
    plan.preview = found.preview
  }

  /// What the later checks need to know about the rows seen so far.
  struct Context {
    var beanUUIDs = Set<String>()
    var basketUUIDs = Set<String>()
    var uuidOfBean: [Int64: String] = [:]
    var uuidOfGrinder: [Int64: String] = [:]
    var uuidOfBasket: [Int64: String] = [:]
    /// Every grinder's scale by UUID (`.some(nil)`: free-text settings).
    var grinderScales: [String: GrinderScale??] = [:]
    var uuidOfSnapshot: [Int64: String] = [:]
    /// Every bag of the database and the file, by UUID: its bean's UUID.
    var beanOfBag: [String: String] = [:]
    /// Every snapshot of the database and the file, by UUID: its bean's UUID.
    var beanOfSnapshot: [String: String] = [:]
    /// Every snapshot of the database and the file, by UUID, with its grinder's UUID.
    var snapshots: [String: (snapshot: RecipeSnapshot, grinder: String)] = [:]
  }

  /// Sorts one kind of profile into new, unchanged and kept; returns the new UUIDs and counts.
  static func profiles<P>(
    _ entries: [(P, place: ImportDocument.Place)], kind: String, existing: [String: P], uuid: (P) -> String,
    name: (P) -> String, found: inout Findings, fields: (P) -> [(String, String?)]
  ) -> (new: Set<String>, added: Int, unchanged: Int) {
    var result: (new: Set<String>, added: Int, unchanged: Int) = ([], 0, 0)
    let takenNames = Dictionary(
      existing.values.map { (NameKey.key(name($0)), uuid($0)) }, uniquingKeysWith: { a, _ in a })
    var seenUUIDs = Set<String>()
    var seenNames: [String: String] = [:]
    for (entry, place) in entries {
      let path = place.path
      let span = place.span
      let id = uuid(entry)
      guard !found.isRepeated(id, first: seenUUIDs.insert(id).inserted, path, at: span) else { continue }
      let folded = NameKey.key(name(entry))
      if let first = seenNames[folded] {
        found.invalid(path + ".name", "the \(kind) name '\(name(entry))' is also used by \(first)", at: span)
        continue
      }
      seenNames[folded] = path
      if let current = existing[id] {
        let before = fields(current)
        let after = fields(entry)
        let pairs = zip(before, after).map { ($0.0, $0.1, $1.1) }
        if let differing = differences(pairs) {
          found.kept(
            path,
            "\(kind) '\(name(current))' was edited in the database since; the database's values are kept (\(differing))",
            at: span)
        } else {
          result.unchanged += 1
        }
      } else if let other = takenNames[folded] {
        found.conflict(
          path + ".name", "a different \(kind) named '\(name(entry))' already exists in the database (\(other))",
          at: span)
      } else {
        result.new.insert(id)
        result.added += 1
      }
    }
    return result
  }

  /// Bags: a bag of a bean in the file or the database. One already in the database (same UUID)
  /// must be of the same bean; if it was edited since, the database's values are kept, as for a
  /// profile.
  private func bags(_ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: inout Context) throws {
    var dbBags: [String: Bag] = [:]
    for bag in try store.connection.query("SELECT \(ShotLogStore.bagColumns) FROM bags", [], ShotLogStore.bag) {
      dbBags[bag.uuid] = bag
      context.beanOfBag[bag.uuid] = context.uuidOfBean[bag.beanID] ?? ""
    }
    var seen = Set<String>()
    for entry in plan.document.bags {
      let b = entry.bag
      let path = entry.place.path
      let span = entry.place.span
      // A bag made for a version 1 bean is repeated only with its bean, which says so already.
      if entry.madeForVersion1, !seen.insert(b.uuid).inserted { continue }
      guard entry.madeForVersion1 || !found.isRepeated(b.uuid, first: seen.insert(b.uuid).inserted, path, at: span)
      else { continue }
      guard context.beanUUIDs.contains(entry.bean) else {
        found.invalid(path + ".bean", "no bean \(entry.bean) in the file or the database", at: span)
        continue
      }
      if let current = dbBags[b.uuid] {
        let owner = context.uuidOfBean[current.beanID] ?? ""
        guard owner == entry.bean else {
          found.conflict(path + ".bean", "bag \(b.uuid) is a bag of bean \(owner) in the database", at: span)
          continue
        }
        let differing = Self.differences([
          ("roaster", current.roaster, b.roaster), ("roast_date", current.roastDate?.text, b.roastDate?.text),
          ("weight_g", current.weightG?.decimalText, b.weightG?.decimalText),
          ("opened_on", current.openedOn?.text, b.openedOn?.text),
          ("created_at", current.createdAt.iso8601, b.createdAt.iso8601),
        ])
        if let differing {
          found.kept(
            path, "bag \(b.uuid) was edited in the database since; the database's values are kept (\(differing))",
            at: span)
        } else {
          found.preview.unchanged.bags += 1
        }
      } else {
        plan.newBags.insert(b.uuid)
        found.preview.added.bags += 1
      }
      context.beanOfBag[b.uuid] = entry.bean
    }
  }

  /// Snapshots: immutable, so an existing UUID must hold exactly the same recipe. A snapshot from
  /// an export that did not record its grinder scale is given its grinder's.
  private func snapshots(_ plan: inout LogImporter.Plan, _ found: inout Findings, _ context: inout Context) throws {
    let doc = plan.document
    let dbSnapshots = try store.connection.query(
      "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots", [], ShotLogStore.snapshot)
    var dbSnapshotByUUID: [String: RecipeSnapshot] = [:]
    for s in dbSnapshots {
      context.uuidOfSnapshot[s.id] = s.uuid
      dbSnapshotByUUID[s.uuid] = s
      context.snapshots[s.uuid] = (s, context.uuidOfGrinder[s.grinderID] ?? "")
      context.beanOfSnapshot[s.uuid] = context.uuidOfBean[s.beanID] ?? ""
    }
    var fileSnapshots = Set<String>()
    plan.newSnapshots = [Bool](repeating: false, count: doc.snapshots.count)
    for (index, entry) in doc.snapshots.enumerated() {
      var s = entry.snapshot
      let path = entry.place.path
      let span = entry.place.span
      var ok = true
      if !context.beanUUIDs.contains(entry.bean) {
        found.invalid(path + ".bean", "no bean \(entry.bean) in the file or the database", at: span)
        ok = false
      }
      if context.grinderScales[entry.grinder] == nil {
        found.invalid(path + ".grinder", "no grinder \(entry.grinder) in the file or the database", at: span)
        ok = false
      }
      if let basket = entry.basket, !context.basketUUIDs.contains(basket) {
        found.invalid(path + ".basket", "no basket \(basket) in the file or the database", at: span)
        ok = false
      }
      if let parent = entry.parent, context.snapshots[parent] == nil {
        found.invalid(path + ".parent", "no recipe snapshot \(parent) earlier in the file or in the database", at: span)
        ok = false
      }
      guard !found.isRepeated(s.uuid, first: fileSnapshots.insert(s.uuid).inserted, path, at: span) else { continue }
      if !entry.hasScale, let scale = context.grinderScales[entry.grinder] { s.grinderScale = scale ?? nil }
      plan.document.snapshots[index].snapshot.grinderScale = s.grinderScale
      if let scale = s.grinderScale, let problem = Validation.problem(withGrind: s.grind.text, on: scale) {
        let words = problem == .notANumber ? "is not a number" : "lies outside"
        found.invalid(
          path + ".grind",
          "the grind '\(s.grind.text)' \(words) the grinder scale (\(ShotLogStore.scaleText(scale)))", at: span)
        ok = false
      }
      context.snapshots[s.uuid] = (s, entry.grinder)
      context.beanOfSnapshot[s.uuid] = entry.bean
      guard ok else { continue }
      if let current = dbSnapshotByUUID[s.uuid] {
        let differing = Self.differences([
          ("bean", context.uuidOfBean[current.beanID], entry.bean),
          ("grinder", context.uuidOfGrinder[current.grinderID], entry.grinder),
          ("grinder_scale", ShotLogStore.scaleText(current.grinderScale), ShotLogStore.scaleText(s.grinderScale)),
          ("basket", current.basketID.flatMap { context.uuidOfBasket[$0] }, entry.basket),
          ("parent", current.parentID.flatMap { context.uuidOfSnapshot[$0] }, entry.parent),
          ("dose_g", current.doseG.decimalText, s.doseG.decimalText),
          ("yield_g", current.yieldG.decimalText, s.yieldG.decimalText),
          ("time_s", current.timeS.decimalText, s.timeS.decimalText),
          ("temperature_c", current.temperatureC?.decimalText, s.temperatureC?.decimalText),
          ("temperature_note", current.temperatureNote, s.temperatureNote), ("grind", current.grind.text, s.grind.text),
          ("reason", current.reason.rawValue, s.reason.rawValue),
          ("reason_detail", current.reasonDetail, s.reasonDetail),
          ("adjustment", current.adjustment?.ruleText, s.adjustment?.ruleText),
          ("created_at", current.createdAt.iso8601, s.createdAt.iso8601),
        ])
        if let differing {
          found.conflict(
            path, "recipe snapshot \(s.uuid) exists in the database with other values: \(differing)", at: span)
        } else {
          found.preview.unchanged.snapshots += 1
        }
      } else {
        plan.newSnapshots[index] = true
        found.preview.added.snapshots += 1
      }
    }
  }

  /// Whether two recipes agree; with `grind: false`, on everything but the grind.
  static func sameRecipe(_ a: ShotRecord.Recipe, _ b: ShotRecord.Recipe, grind: Bool = true) -> Bool {
    a.doseG == b.doseG && a.yieldG == b.yieldG && a.timeS == b.timeS && a.temperatureC == b.temperatureC
      && (!grind || a.grind?.text == b.grind?.text)
  }
}
