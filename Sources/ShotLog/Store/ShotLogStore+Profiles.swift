import DialRules

/// Beans, grinders and baskets: the editable profiles, looked up by name (case-insensitive) or by a
/// UUID prefix.
extension ShotLogStore {
  static let beanColumns =
    "id, uuid, name, roaster, roast_date, notes, created_at, archived_at, origin, process, roast_level"
  static let grinderColumns =
    "id, uuid, name, step, min_setting, max_setting, finer, settings_note, notes, created_at, archived_at"
  static let basketColumns = "id, uuid, name, capacity_g, notes, created_at, archived_at"

  static func bean(_ row: Row) -> Bean {
    Bean(
      id: row.int64(0), uuid: row.text(1), name: row.text(2), roaster: row.optionalText(3),
      roastDate: row.optionalText(4).flatMap(CalendarDate.parse), origin: row.optionalText(8),
      process: row.optionalText(9), roastLevel: row.optionalText(10).flatMap(RoastLevel.init(rawValue:)),
      notes: row.optionalText(5), createdAt: Timestamp(millisecondsSinceEpoch: row.int64(6)),
      archivedAt: row.optionalInt64(7).map(Timestamp.init(millisecondsSinceEpoch:)))
  }

  static func grinder(_ row: Row) -> Grinder {
    var scale: GrinderScale?
    if let step = row.optionalNumber(3),
      let min = row.optionalNumber(4),
      let max = row.optionalNumber(5),
      let finer = row.optionalText(6).flatMap(ShotRecord.FinerDirection.init(rawValue:))
    {
      scale = GrinderScale(step: step, min: min, max: max, finer: finer)
    }
    return Grinder(
      id: row.int64(0), uuid: row.text(1), name: row.text(2), scale: scale, settingsNote: row.optionalText(7),
      notes: row.optionalText(8), createdAt: Timestamp(millisecondsSinceEpoch: row.int64(9)),
      archivedAt: row.optionalInt64(10).map(Timestamp.init(millisecondsSinceEpoch:)))
  }

  static func basket(_ row: Row) -> Basket {
    Basket(
      id: row.int64(0), uuid: row.text(1), name: row.text(2),
      capacityG: row.optionalNumber(3),
      notes: row.optionalText(4), createdAt: Timestamp(millisecondsSinceEpoch: row.int64(5)),
      archivedAt: row.optionalInt64(6).map(Timestamp.init(millisecondsSinceEpoch:)))
  }

  /// The one profile `reference` names without accents: the name itself, else a unique start of
  /// the name, else a unique start of one of its words. Several fitting is ambiguous.
  fileprivate static func looseMatch(_ kind: ProfileKind, _ reference: String, among all: [(Int64, String)]) throws
    -> Int64?
  {
    let key = NameKey.loose(reference)
    guard !key.isEmpty else { return nil }
    let loose = all.map { ($0.0, $0.1, NameKey.loose($0.1)) }
    if let exact = loose.first(where: { $0.2 == key }) { return exact.0 }
    for fits in [
      { (name: String) in name.hasPrefix(key) },
      { (name: String) in NameKey.wordStarts(name).contains { $0.hasPrefix(key) } },
    ] {
      let matches = loose.filter { fits($0.2) }
      if matches.count == 1 { return matches[0].0 }
      if matches.count > 1 { throw ShotLogError.ambiguousName(kind, reference: reference, matches: matches.map(\.1)) }
    }
    return nil
  }

  /// The known name closest to `reference`, for "did you mean": compared without case or accents,
  /// with the whole name or with a word's start as long as the reference (`brasil` is one letter
  /// from "Brazil" in "Fazenda Brazil"). Uses the one suggestion helper (`closest`).
  static func closestName(_ reference: String, among known: [String]) -> String? {
    let key = NameKey.loose(reference)
    var candidates: [String] = []
    var names: [String: String] = [:]
    for name in known {
      let loose = NameKey.loose(name)
      for start in [Substring(loose)] + NameKey.wordStarts(loose) {
        // A word's start only for references of four letters or more: shorter ones are a letter
        // or two from every name.
        let cut = key.count >= 4 ? [String(start.prefix(key.count))] : []
        for candidate in [String(start)] + cut where names[candidate] == nil {
          candidates.append(candidate)
          names[candidate] = name
        }
      }
    }
    return closest(key, among: candidates).flatMap { names[$0] }
  }

  /// Inserts a bean as given (also used by import); returns it with its row id.
  func insert(_ bean: Bean) throws -> Bean {
    try connection.run(
      """
      INSERT INTO beans (uuid, name, roaster, roast_date, notes, created_at, archived_at, origin, process, roast_level)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        bean.uuid, bean.name, bean.roaster, bean.roastDate?.text, bean.notes, bean.createdAt.millisecondsSinceEpoch,
        bean.archivedAt?.millisecondsSinceEpoch, bean.origin, bean.process, bean.roastLevel?.rawValue,
      ])
    var stored = bean
    stored.id = connection.lastInsertRowID
    return stored
  }

  func insert(_ grinder: Grinder) throws -> Grinder {
    try connection.run(
      """
      INSERT INTO grinders (uuid, name, step, min_setting, max_setting, finer, settings_note, notes, created_at,
        archived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        grinder.uuid, grinder.name, grinder.scale?.step.decimalText, grinder.scale?.min.decimalText,
        grinder.scale?.max.decimalText, grinder.scale?.finer.rawValue, grinder.settingsNote, grinder.notes,
        grinder.createdAt.millisecondsSinceEpoch, grinder.archivedAt?.millisecondsSinceEpoch,
      ])
    var stored = grinder
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// `step 1 from 0 to 50, higher is finer`, or `free-text settings`: how a scale is worded
  /// everywhere (messages, the command line).
  package static func scaleText(_ scale: GrinderScale?) -> String {
    guard let scale else { return "free-text settings" }
    return
      "step \(scale.step.decimalText) from \(scale.min.decimalText) to \(scale.max.decimalText), \(scale.finer.rawValue) is finer"
  }

  func insert(_ basket: Basket) throws -> Basket {
    try connection.run(
      "INSERT INTO baskets (uuid, name, capacity_g, notes, created_at, archived_at) VALUES (?, ?, ?, ?, ?, ?)",
      [
        basket.uuid, basket.name, basket.capacityG?.decimalText, basket.notes, basket.createdAt.millisecondsSinceEpoch,
        basket.archivedAt?.millisecondsSinceEpoch,
      ])
    var stored = basket
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// Throws `unknownProfileID` unless a profile of `kind` has row id `id`.
  func ensureExists(_ kind: ProfileKind, _ id: Int64) throws {
    guard try connection.first("SELECT 1 FROM \(kind.table) WHERE id = ?", [id], { $0.int(0) }) != nil else {
      throw ShotLogError.unknownProfileID(kind, id: id)
    }
  }
}

/// Beans, grinders and baskets: lists, lookups by name (compared after NFC and case folding) or
/// UUID prefix, and edits.
extension ShotLogStore.Profiles {
  // MARK: Lists

  /// Beans by name; archived ones only when asked.
  public func beans(includeArchived: Bool = false) throws(ShotLogError) -> [Bean] {
    try list(.bean, columns: ShotLogStore.beanColumns, includeArchived: includeArchived, map: ShotLogStore.bean)
  }

  /// Grinders by name; archived ones only when asked.
  public func grinders(includeArchived: Bool = false) throws(ShotLogError) -> [Grinder] {
    try list(
      .grinder, columns: ShotLogStore.grinderColumns, includeArchived: includeArchived, map: ShotLogStore.grinder)
  }

  /// Baskets by name; archived ones only when asked.
  public func baskets(includeArchived: Bool = false) throws(ShotLogError) -> [Basket] {
    try list(.basket, columns: ShotLogStore.basketColumns, includeArchived: includeArchived, map: ShotLogStore.basket)
  }

  private func list<T>(_ kind: ProfileKind, columns: String, includeArchived: Bool, map: (Row) -> T)
    throws(ShotLogError) -> [T]
  {
    try guarded {
      try connection.query(
        "SELECT \(columns) FROM \(kind.table) \(includeArchived ? "" : "WHERE archived_at IS NULL ") ORDER BY name",
        [], map)
    }
  }

  // MARK: Lookups

  /// The bean with row id `id`, or nil.
  public func bean(id: Int64) throws(ShotLogError) -> Bean? {
    try guarded {
      try connection.first("SELECT \(ShotLogStore.beanColumns) FROM beans WHERE id = ?", [id], ShotLogStore.bean)
    }
  }

  /// The grinder with row id `id`, or nil.
  public func grinder(id: Int64) throws(ShotLogError) -> Grinder? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.grinderColumns) FROM grinders WHERE id = ?", [id], ShotLogStore.grinder)
    }
  }

  /// The basket with row id `id`, or nil.
  public func basket(id: Int64) throws(ShotLogError) -> Basket? {
    try guarded {
      try connection.first("SELECT \(ShotLogStore.basketColumns) FROM baskets WHERE id = ?", [id], ShotLogStore.basket)
    }
  }

  /// Finds a bean by its name (without case), a unique start of its name (`guji` for "Guji
  /// Natural"), or the start of its UUID; archived beans too. Failing those, without accents
  /// (`cafe` for "Café Lumen") and by the start of any word (`lumen`). The error names the closest
  /// name, compared without case and accents, also against the starts of words (`brasil` → "Fazenda
  /// Brazil").
  public func findBean(_ reference: String) throws(ShotLogError) -> Bean {
    try find(
      .bean, reference, columns: ShotLogStore.beanColumns, map: ShotLogStore.bean,
      names: { () throws(ShotLogError) in try self.beans(includeArchived: true).map(\.name) })
  }

  /// Finds a grinder as `findBean` finds a bean.
  public func findGrinder(_ reference: String) throws(ShotLogError) -> Grinder {
    try find(
      .grinder, reference, columns: ShotLogStore.grinderColumns, map: ShotLogStore.grinder,
      names: { () throws(ShotLogError) in try self.grinders(includeArchived: true).map(\.name) })
  }

  /// Finds a basket as `findBean` finds a bean.
  public func findBasket(_ reference: String) throws(ShotLogError) -> Basket {
    try find(
      .basket, reference, columns: ShotLogStore.basketColumns, map: ShotLogStore.basket,
      names: { () throws(ShotLogError) in try self.baskets(includeArchived: true).map(\.name) })
  }

  /// Finds a profile by name, unique start of a name, or UUID prefix. Names compare after NFC and
  /// case folding (`NameKey`), which SQLite's NOCASE cannot do, so the few names of a kind are
  /// compared here.
  private func find<T>(
    _ kind: ProfileKind, _ reference: String, columns: String, map: (Row) -> T,
    names: () throws(ShotLogError) -> [String]
  ) throws(ShotLogError) -> T {
    let found: T? = try guarded {
      let key = NameKey.key(reference)
      let all = try connection.query("SELECT id, name FROM \(kind.table) ORDER BY name") {
        ($0.int64(0), $0.text(1), NameKey.key($0.text(1)))
      }
      var chosen: Int64?
      if !key.isEmpty, let exact = all.first(where: { $0.2 == key }) {
        chosen = exact.0
      } else if !key.isEmpty {
        // A unique start of a name ("niche" for "Niche Zero").
        let starts = all.filter { $0.2.hasPrefix(key) }
        if starts.count == 1 { chosen = starts[0].0 }
        if starts.count > 1 {
          throw ShotLogError.ambiguousName(kind, reference: reference, matches: starts.map(\.1))
        }
      }
      if chosen == nil, !key.isEmpty {
        chosen = try ShotLogStore.looseMatch(kind, reference, among: all.map { ($0.0, $0.1) })
      }
      if let chosen {
        return try connection.first("SELECT \(columns) FROM \(kind.table) WHERE id = ?", [chosen], map)
      }
      if reference.count >= 4, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
        let matches = try connection.query(
          "SELECT \(columns) FROM \(kind.table) WHERE uuid LIKE ? || '%' LIMIT 2", [reference.lowercased()], map)
        if matches.count == 1, let only = matches.first { return only }
        if matches.count > 1 { throw ShotLogError.ambiguousProfile(kind, reference: reference) }
      }
      return nil
    }
    if let found { return found }
    let known = try names()
    throw .profileNotFound(
      kind, reference: reference, closest: ShotLogStore.closestName(reference, among: known), known: known)
  }

  /// Throws unless `name` is a usable name that no other profile of `kind` has (compared after
  /// NFC and case folding).
  private func ensureNameFree(_ kind: ProfileKind, _ name: String, except id: Int64? = nil) throws {
    let trimmed = name.trimmingSpaces
    if let problem = Validation.problem(withText: trimmed) { throw ShotLogError.invalidName(kind, problem) }
    let key = NameKey.key(trimmed)
    let taken = try connection.query("SELECT id, name, archived_at IS NOT NULL FROM \(kind.table)") {
      ($0.int64(0), $0.text(1), $0.int(2) == 1)
    }
    if let other = taken.first(where: { $0.0 != id && NameKey.key($0.1) == key }) {
      throw ShotLogError.duplicateName(kind, name: trimmed, archived: other.2)
    }
  }

  // MARK: Writes

  /// Adds a bean; the name must be new (compared after NFC and case folding) and one line of text
  /// without control characters.
  @discardableResult
  public func addBean(
    name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, origin: String? = nil,
    process: String? = nil, roastLevel: RoastLevel? = nil, notes: String? = nil
  ) throws(ShotLogError) -> Bean {
    return try write {
      try ensureNameFree(.bean, name)
      let bean = Bean(
        uuid: newUUID(), name: name.trimmingSpaces, roaster: roaster, roastDate: roastDate, origin: origin,
        process: process, roastLevel: roastLevel, notes: notes, createdAt: now)
      let stored = try store.insert(bean)
      // Its first bag holds the roast facts given.
      try store.insertFirstBag(of: stored)
      return stored
    }
  }

  /// Saves a bean's edited name, roaster, roast date, origin, process, roast level and notes.
  /// (What is printed on the bag; nothing a stored shot was decided by.)
  ///
  /// The roaster and roast date are the current bag's (`Bag`): a new roaster or roast date for a
  /// bag that shots were already pulled from is a new bag of the bean, so it opens one
  /// (`openBag`, with the recipe kept) rather than changing those shots' age and roast facts; for
  /// a bag without shots yet, it corrects that bag. Correct an older bag with `updateBag`.
  ///
  /// - Returns: the bag opened, when the edit opened one.
  @discardableResult
  public func updateBean(_ bean: Bean) throws(ShotLogError) -> Bag? {
    try write {
      try store.ensureExists(.bean, bean.id)
      try ensureNameFree(.bean, bean.name, except: bean.id)
      var opened: Bag?
      // Only a roaster or roast date the edit changes touches the bags (an edit of the notes
      // never opens one, even where an imported file left the bean and its bag disagreeing).
      let stored = try connection.first(
        "SELECT \(ShotLogStore.beanColumns) FROM beans WHERE id = ?", [bean.id], ShotLogStore.bean)
      if let current = try store.newestBag(beanID: bean.id), let stored,
        stored.roaster != bean.roaster || stored.roastDate != bean.roastDate
      {
        if try store.hasShots(bagID: current.id) {
          var time = now
          if current.createdAt > time { time = current.createdAt }
          opened = try store.insert(
            Bag(uuid: newUUID(), beanID: bean.id, roaster: bean.roaster, roastDate: bean.roastDate, createdAt: time))
        } else {
          try connection.run(
            "UPDATE bags SET roaster = ?, roast_date = ? WHERE id = ?",
            [bean.roaster, bean.roastDate?.text, current.id])
        }
      }
      try connection.run(
        """
        UPDATE beans SET name = ?, roaster = ?, roast_date = ?, notes = ?, origin = ?, process = ?, roast_level = ?
        WHERE id = ?
        """,
        [
          bean.name.trimmingSpaces, bean.roaster, bean.roastDate?.text, bean.notes, bean.origin, bean.process,
          bean.roastLevel?.rawValue, bean.id,
        ])
      return opened
    }
  }

  /// Adds a grinder, with a numeric scale or free-text settings (described by `settingsNote`).
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    throws(ShotLogError) -> Grinder
  {
    if let problem = scale?.problem { throw .invalidGrinderScale(problem) }
    return try write {
      try ensureNameFree(.grinder, name)
      let grinder = Grinder(
        uuid: newUUID(), name: name.trimmingSpaces, scale: scale, settingsNote: settingsNote, notes: notes,
        createdAt: now)
      return try store.insert(grinder)
    }
  }

  /// Saves a grinder's edited name, scale or settings note, and notes.
  ///
  /// A new scale is a new version of every recipe on the grinder: each bean whose current recipe
  /// uses it gets a new snapshot with the new scale (the old snapshots, and the shots pulled from
  /// them, keep the scale they were made on). Refused, changing nothing, when a bean's current
  /// grind does not fit the new scale.
  /// - Returns: the snapshots made for the new scale (empty when the scale did not change).
  @discardableResult
  public func updateGrinder(_ grinder: Grinder) throws(ShotLogError) -> [RecipeSnapshot] {
    if let problem = grinder.scale?.problem { throw .invalidGrinderScale(problem) }
    return try write {
      try store.ensureExists(.grinder, grinder.id)
      try ensureNameFree(.grinder, grinder.name, except: grinder.id)
      let before = try self.grinder(id: grinder.id)
      var versions: [RecipeSnapshot] = []
      if before?.scale != grinder.scale {
        versions = try newScaleVersions(grinder)
      }
      try connection.run(
        """
        UPDATE grinders SET name = ?, step = ?, min_setting = ?, max_setting = ?, finer = ?, settings_note = ?,
          notes = ? WHERE id = ?
        """,
        [
          grinder.name.trimmingSpaces, grinder.scale?.step.decimalText, grinder.scale?.min.decimalText,
          grinder.scale?.max.decimalText, grinder.scale?.finer.rawValue, grinder.settingsNote, grinder.notes,
          grinder.id,
        ])
      return versions
    }
  }

  /// The next snapshot of every bean whose current recipe is on `grinder`, with its new scale
  /// (inside the caller's write transaction); throws before inserting when a grind does not fit.
  private func newScaleVersions(_ grinder: Grinder) throws -> [RecipeSnapshot] {
    let beans = try connection.query("SELECT id, name FROM beans ORDER BY id") { ($0.int64(0), $0.text(1)) }
    var next: [RecipeSnapshot] = []
    for (beanID, beanName) in beans {
      guard let active = try activeSnapshot(beanID: beanID), active.grinderID == grinder.id else { continue }
      if let problem = Validation.problem(withGrind: active.grind.text, on: grinder.scale) {
        throw ShotLogError.scaleDoesNotFitRecipe(
          grinder: grinder.name, bean: beanName, grind: active.grind.text, problem)
      }
      var snapshot = active
      snapshot.uuid = newUUID()
      snapshot.parentID = active.id
      snapshot.grinderScale = grinder.scale
      snapshot.reason = .set
      snapshot.adjustment = nil
      snapshot.reasonDetail = "grinder '\(grinder.name)' has a new scale: " + ShotLogStore.scaleText(grinder.scale)
      snapshot.createdAt = now
      next.append(snapshot)
    }
    return try next.map { try store.insert($0) }
  }

  /// Adds a basket; `capacityG` is the dose it is made for.
  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) throws(ShotLogError)
    -> Basket
  {
    if let capacityG { try Quantity.capacity.check(capacityG) }
    return try write {
      try ensureNameFree(.basket, name)
      let basket = Basket(
        uuid: newUUID(), name: name.trimmingSpaces, capacityG: capacityG, notes: notes, createdAt: now)
      return try store.insert(basket)
    }
  }

  /// Saves a basket's edited name, capacity and notes.
  public func updateBasket(_ basket: Basket) throws(ShotLogError) {
    if let capacity = basket.capacityG { try Quantity.capacity.check(capacity) }
    try write {
      try store.ensureExists(.basket, basket.id)
      try ensureNameFree(.basket, basket.name, except: basket.id)
      try connection.run(
        "UPDATE baskets SET name = ?, capacity_g = ?, notes = ? WHERE id = ?",
        [basket.name.trimmingSpaces, basket.capacityG?.decimalText, basket.notes, basket.id])
    }
  }

  /// Archives (or, with `archived: false`, restores) a profile: hidden from lists, kept for
  /// history, which keeps referring to it.
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) throws(ShotLogError) {
    try write {
      try store.ensureExists(kind, id)
      try connection.run(
        "UPDATE \(kind.table) SET archived_at = ? WHERE id = ?",
        [archived ? Optional(now.millisecondsSinceEpoch) : nil, id])
    }
  }
}

extension String {
  /// The text without leading and trailing spaces, tabs and newlines.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
