import DialRules

/// Beans, grinders and baskets: the editable profiles, looked up by name (case-insensitive) or by a
/// UUID prefix.
extension ShotLogStore {
  static let beanColumns = "id, uuid, name, roaster, roast_date, notes, created_at, archived_at"
  static let grinderColumns =
    "id, uuid, name, step, min_setting, max_setting, finer, settings_note, notes, created_at, archived_at"
  static let basketColumns = "id, uuid, name, capacity_g, notes, created_at, archived_at"

  static func bean(_ row: Row) -> Bean {
    Bean(
      id: row.int64(0), uuid: row.text(1), name: row.text(2), roaster: row.optionalText(3),
      roastDate: row.optionalText(4).flatMap(CalendarDate.parse), notes: row.optionalText(5),
      createdAt: Timestamp(millisecondsSinceEpoch: row.int64(6)),
      archivedAt: row.optionalInt64(7).map(Timestamp.init(millisecondsSinceEpoch:)))
  }

  static func grinder(_ row: Row) -> Grinder {
    var scale: GrinderScale?
    if let step = row.optionalText(3).flatMap(ExactNumber.decimal),
      let min = row.optionalText(4).flatMap(ExactNumber.decimal),
      let max = row.optionalText(5).flatMap(ExactNumber.decimal),
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
      capacityG: row.optionalText(3).flatMap(ExactNumber.decimal),
      notes: row.optionalText(4), createdAt: Timestamp(millisecondsSinceEpoch: row.int64(5)),
      archivedAt: row.optionalInt64(6).map(Timestamp.init(millisecondsSinceEpoch:)))
  }

  // MARK: Lists

  /// Beans by name; archived ones only when asked.
  public func beans(includeArchived: Bool = false) throws -> [Bean] {
    try connection.query(
      "SELECT \(Self.beanColumns) FROM beans \(includeArchived ? "" : "WHERE archived_at IS NULL ") ORDER BY name",
      [], Self.bean)
  }

  public func grinders(includeArchived: Bool = false) throws -> [Grinder] {
    try connection.query(
      "SELECT \(Self.grinderColumns) FROM grinders \(includeArchived ? "" : "WHERE archived_at IS NULL ") ORDER BY name",
      [], Self.grinder)
  }

  public func baskets(includeArchived: Bool = false) throws -> [Basket] {
    try connection.query(
      "SELECT \(Self.basketColumns) FROM baskets \(includeArchived ? "" : "WHERE archived_at IS NULL ") ORDER BY name",
      [], Self.basket)
  }

  // MARK: Lookups

  public func bean(id: Int64) throws -> Bean? {
    try connection.first("SELECT \(Self.beanColumns) FROM beans WHERE id = ?", [id], Self.bean)
  }

  public func grinder(id: Int64) throws -> Grinder? {
    try connection.first("SELECT \(Self.grinderColumns) FROM grinders WHERE id = ?", [id], Self.grinder)
  }

  public func basket(id: Int64) throws -> Basket? {
    try connection.first("SELECT \(Self.basketColumns) FROM baskets WHERE id = ?", [id], Self.basket)
  }

  /// Finds a bean by name or UUID prefix; the error suggests the closest name.
  public func findBean(_ reference: String) throws -> Bean {
    try find(
      .bean, reference, columns: Self.beanColumns, map: Self.bean,
      names: { try self.beans(includeArchived: true).map(\.name) })
  }

  public func findGrinder(_ reference: String) throws -> Grinder {
    try find(
      .grinder, reference, columns: Self.grinderColumns, map: Self.grinder,
      names: { try self.grinders(includeArchived: true).map(\.name) })
  }

  public func findBasket(_ reference: String) throws -> Basket {
    try find(
      .basket, reference, columns: Self.basketColumns, map: Self.basket,
      names: { try self.baskets(includeArchived: true).map(\.name) })
  }

  private func find<T>(
    _ kind: ProfileKind, _ reference: String, columns: String, map: (Row) -> T, names: () throws -> [String]
  ) throws -> T {
    if let byName = try connection.first(
      "SELECT \(columns) FROM \(kind.table) WHERE name = ? COLLATE NOCASE", [reference], map)
    {
      return byName
    }
    // A unique start of a name ("niche" for "Niche Zero"); LIKE is case-insensitive for ASCII.
    let escaped = reference.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
    let byPrefix = try connection.query(
      "SELECT \(columns) FROM \(kind.table) WHERE name LIKE ? || '%' ESCAPE '\\' LIMIT 2", [escaped], map)
    if byPrefix.count == 1, let only = byPrefix.first { return only }
    if reference.count >= 4, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
      let matches = try connection.query(
        "SELECT \(columns) FROM \(kind.table) WHERE uuid LIKE ? || '%' LIMIT 2", [reference.lowercased()], map)
      if matches.count == 1, let only = matches.first { return only }
      if matches.count > 1 {
        throw ShotLogError(.invalid, "'\(reference)' matches more than one \(kind.rawValue); give more of the id")
      }
    }
    let known = try names()
    let help =
      known.isEmpty
      ? "add one with 'dialshot profiles \(kind.rawValue) add NAME'"
      : closest(reference, among: known).map { "did you mean '\($0)'?" }
        ?? "known: \(known.prefix(8).joined(separator: ", "))"
    throw ShotLogError(.notFound, "no \(kind.rawValue) named '\(reference)'", help: help)
  }

  /// Throws a conflict when another profile of `kind` already uses `name` (compared without case).
  private func ensureNameFree(_ kind: ProfileKind, _ name: String, except id: Int64? = nil) throws {
    let trimmed = name.trimmingSpaces
    if let problem = Validation.problem(withText: trimmed, field: "a \(kind.rawValue) name") {
      throw ShotLogError(.invalid, problem)
    }
    if let other = try connection.first(
      "SELECT id, archived_at IS NOT NULL FROM \(kind.table) WHERE name = ? COLLATE NOCASE", [trimmed],
      { ($0.int64(0), $0.int(1) == 1) }), other.0 != id
    {
      throw ShotLogError(
        .conflict, "a \(kind.rawValue) named '\(trimmed)' already exists\(other.1 ? " (archived)" : "")",
        help: "choose another name, or edit the existing \(kind.rawValue)")
    }
  }

  // MARK: Writes

  /// Adds a bean; the name must be new.
  @discardableResult
  public func addBean(name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, notes: String? = nil)
    throws -> Bean
  {
    try write {
      try ensureNameFree(.bean, name)
      let bean = Bean(
        uuid: newUUID(), name: name.trimmingSpaces, roaster: roaster, roastDate: roastDate, notes: notes,
        createdAt: now)
      return try insert(bean)
    }
  }

  /// Inserts a bean as given (also used by import); returns it with its row id.
  func insert(_ bean: Bean) throws -> Bean {
    try connection.run(
      "INSERT INTO beans (uuid, name, roaster, roast_date, notes, created_at, archived_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        bean.uuid, bean.name, bean.roaster, bean.roastDate?.text, bean.notes, bean.createdAt.millisecondsSinceEpoch,
        bean.archivedAt?.millisecondsSinceEpoch,
      ])
    var stored = bean
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// Saves edited fields of a bean (name, roaster, roast date, notes).
  public func updateBean(_ bean: Bean) throws {
    try write {
      try ensureNameFree(.bean, bean.name, except: bean.id)
      try connection.run(
        "UPDATE beans SET name = ?, roaster = ?, roast_date = ?, notes = ? WHERE id = ?",
        [bean.name.trimmingSpaces, bean.roaster, bean.roastDate?.text, bean.notes, bean.id])
    }
  }

  /// Adds a grinder, with a numeric scale or free-text settings.
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    throws -> Grinder
  {
    if let scale { try Validation.check(scale) }
    return try write {
      try ensureNameFree(.grinder, name)
      let grinder = Grinder(
        uuid: newUUID(), name: name.trimmingSpaces, scale: scale, settingsNote: settingsNote, notes: notes,
        createdAt: now)
      return try insert(grinder)
    }
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

  public func updateGrinder(_ grinder: Grinder) throws {
    if let scale = grinder.scale { try Validation.check(scale) }
    try write {
      try ensureNameFree(.grinder, grinder.name, except: grinder.id)
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
    }
  }

  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) throws -> Basket {
    try write {
      try ensureNameFree(.basket, name)
      let basket = Basket(
        uuid: newUUID(), name: name.trimmingSpaces, capacityG: capacityG, notes: notes, createdAt: now)
      return try insert(basket)
    }
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

  public func updateBasket(_ basket: Basket) throws {
    try write {
      try ensureNameFree(.basket, basket.name, except: basket.id)
      try connection.run(
        "UPDATE baskets SET name = ?, capacity_g = ?, notes = ? WHERE id = ?",
        [basket.name.trimmingSpaces, basket.capacityG?.decimalText, basket.notes, basket.id])
    }
  }

  /// Archives (or, with `archived: false`, restores) a profile. History keeps referring to it.
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) throws {
    try write {
      try connection.run(
        "UPDATE \(kind.table) SET archived_at = ? WHERE id = ?",
        [archived ? Optional(now.millisecondsSinceEpoch) : nil, id])
    }
  }

  // MARK: Settings

  /// A user setting (`machine_note`, `rules_file`), or nil when unset.
  public func setting(_ key: String) throws -> String? {
    try connection.first("SELECT value FROM settings WHERE key = ?", [key]) { $0.text(0) }
  }

  /// Sets or (with nil) removes a user setting.
  public func setSetting(_ key: String, _ value: String?) throws {
    try write {
      if let value {
        try connection.run(
          "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          [key, value])
      } else {
        try connection.run("DELETE FROM settings WHERE key = ?", [key])
      }
    }
  }

  /// Every user setting, by key.
  public func settings() throws -> [(key: String, value: String)] {
    try connection.query("SELECT key, value FROM settings ORDER BY key") { ($0.text(0), $0.text(1)) }
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
