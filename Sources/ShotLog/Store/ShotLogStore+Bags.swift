import DialRules

/// Bags: the lots of a bean, each with its own roast facts; a shot records the bag it was pulled
/// from. A bean's current bag is its newest, and the bean's `roaster` and `roastDate` are that
/// bag's.
extension ShotLogStore {
  static let bagColumns = "id, uuid, bean_id, roaster, roast_date, weight_g, opened_on, created_at"

  static func bag(_ row: Row) -> Bag {
    Bag(
      id: row.int64(0), uuid: row.text(1), beanID: row.int64(2), roaster: row.optionalText(3),
      roastDate: row.optionalText(4).flatMap(CalendarDate.parse), weightG: row.optionalNumber(5),
      openedOn: row.optionalText(6).flatMap(CalendarDate.parse),
      createdAt: Timestamp(millisecondsSinceEpoch: row.int64(7)))
  }

  func newestBag(beanID: Int64) throws -> Bag? {
    try connection.first(
      "SELECT \(Self.bagColumns) FROM bags WHERE bean_id = ? ORDER BY created_at DESC, id DESC LIMIT 1", [beanID],
      Self.bag)
  }

  /// The bag a shot pulled at `time` came from: the newest added at or before then, or, for a
  /// time before every bag, the first (as `snapshot(beanID:inForceAt:)` finds the recipe).
  func bag(beanID: Int64, inUseAt time: Timestamp) throws -> Bag? {
    if let bag = try connection.first(
      """
      SELECT \(Self.bagColumns) FROM bags WHERE bean_id = ? AND created_at <= ?
      ORDER BY created_at DESC, id DESC LIMIT 1
      """, [beanID, time.millisecondsSinceEpoch], Self.bag)
    {
      return bag
    }
    return try connection.first(
      "SELECT \(Self.bagColumns) FROM bags WHERE bean_id = ? ORDER BY created_at, id LIMIT 1", [beanID], Self.bag)
  }

  /// Inserts a bag as given (inside the caller's write transaction; also used by import).
  func insert(_ bag: Bag) throws -> Bag {
    try connection.run(
      "INSERT INTO bags (uuid, bean_id, roaster, roast_date, weight_g, opened_on, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        bag.uuid, bag.beanID, bag.roaster, bag.roastDate?.text, bag.weightG?.decimalText, bag.openedOn?.text,
        bag.createdAt.millisecondsSinceEpoch,
      ])
    var stored = bag
    stored.id = connection.lastInsertRowID
    return stored
  }

  /// The first bag of a bean just inserted: its roast facts, its creation time, and the UUID made
  /// from the bean's (`Bag.firstUUID`).
  func insertFirstBag(of bean: Bean) throws {
    _ = try insert(
      Bag(
        uuid: Bag.firstUUID(ofBean: bean.uuid), beanID: bean.id, roaster: bean.roaster, roastDate: bean.roastDate,
        createdAt: bean.createdAt))
  }

  /// Makes the bean's roaster and roast date the current bag's.
  fileprivate func mirror(_ bag: Bag) throws {
    try connection.run(
      "UPDATE beans SET roaster = ?, roast_date = ? WHERE id = ?", [bag.roaster, bag.roastDate?.text, bag.beanID])
  }

  /// Whether any shot was pulled from the bag.
  func hasShots(bagID: Int64) throws -> Bool {
    try connection.first("SELECT 1 FROM shot_attempts WHERE bag_id = ? LIMIT 1", [bagID]) { $0.int(0) } != nil
  }
}

/// The bags of a bean: lists, lookups, opening one, correcting one.
extension ShotLogStore.Profiles {
  // MARK: Reads

  /// The bean's bags, oldest first (the order of their numbers: bag 1 is the first).
  public func bags(beanID: Int64) throws(ShotLogError) -> [Bag] {
    try guarded {
      try connection.query(
        "SELECT \(ShotLogStore.bagColumns) FROM bags WHERE bean_id = ? ORDER BY created_at, id", [beanID],
        ShotLogStore.bag)
    }
  }

  /// The bag with row id `id`, or nil.
  public func bag(id: Int64) throws(ShotLogError) -> Bag? {
    try guarded {
      try connection.first("SELECT \(ShotLogStore.bagColumns) FROM bags WHERE id = ?", [id], ShotLogStore.bag)
    }
  }

  /// The bean's current bag: its newest; nil only for a bean stored without one (none is).
  public func currentBag(beanID: Int64) throws(ShotLogError) -> Bag? {
    try guarded { try store.newestBag(beanID: beanID) }
  }

  /// Finds one of the bean's bags: by its number (`2` or `#2`, as `dialshot history` shows), by
  /// `current`, or by the start of its UUID (4 characters or more).
  public func findBag(_ reference: String, of bean: Bean) throws(ShotLogError) -> Bag {
    let all = try bags(beanID: bean.id)
    let text = reference.trimmingSpaces.lowercased()
    if text == "current" || text == "latest", let last = all.last { return last }
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) {
      if number >= 1 && number <= all.count { return all[number - 1] }
    } else if text.count >= 4 {
      let matches = all.filter { $0.uuid.hasPrefix(text) }
      if matches.count == 1 { return matches[0] }
    }
    throw .bagNotFound(bean: bean.name, reference: reference, count: all.count)
  }

  /// Each of the bean's bags, oldest first, with the shots pulled from it and the grams dosed by
  /// those that count (not voided; a corrected shot counted once, by its correction).
  public func bagUsage(beanID: Int64) throws(ShotLogError) -> [BagUsage] {
    let all = try bags(beanID: beanID)
    return try guarded {
      let rows = try connection.query(
        """
        SELECT a.bag_id, a.dose_g,
          EXISTS (SELECT 1 FROM attempt_voids v WHERE v.attempt_id = a.id)
            OR EXISTS (SELECT 1 FROM shot_attempts c WHERE c.amends_id = a.id)
        FROM shot_attempts a WHERE a.bean_id = ?
        """, [beanID]
      ) { ($0.int64(0), $0.optionalNumber(1), $0.int(2) == 1) }
      var dosed: [Int64: ExactNumber] = [:]
      for (bag, dose, excluded) in rows where !excluded {
        if let dose, let sum = dosed[bag, default: .zero].adding(dose) { dosed[bag] = sum }
      }
      // A correction replaces its shot: the pair is one shot pulled.
      var shots: [Int64: Int] = [:]
      let pulled = try connection.query(
        "SELECT a.bag_id, count(*) FROM shot_attempts a WHERE a.bean_id = ? AND a.amends_id IS NULL GROUP BY a.bag_id",
        [beanID]
      ) { ($0.int64(0), $0.int(1)) }
      for (bag, count) in pulled { shots[bag] = count }
      return all.enumerated().map { index, bag in
        BagUsage(bag: bag, number: index + 1, shots: shots[bag.id] ?? 0, dosedG: dosed[bag.id] ?? .zero)
      }
    }
  }

  // MARK: Writes

  /// Opens a new bag of `bean`, which becomes its current bag: shots logged from now on are pulled
  /// from it. The bean's recipe stays as it is (a new bag of the same coffee starts where the last
  /// one ended); the bean's roaster and roast date become the new bag's.
  ///
  /// - Parameters:
  ///   - bean: the bean the bag is of.
  ///   - roaster: who roasted it; the current bag's roaster when nil.
  ///   - roastDate: the roast date on the bag.
  ///   - weightG: how much coffee it holds, in grams (`Quantity.bagWeight`), when known.
  ///   - openedOn: the day it was opened.
  @discardableResult
  public func openBag(
    of bean: Bean, roaster: String? = nil, roastDate: CalendarDate?, weightG: ExactNumber? = nil,
    openedOn: CalendarDate? = nil
  ) throws(ShotLogError) -> Bag {
    if let weightG { try Quantity.bagWeight.check(weightG) }
    if let roaster, let problem = Validation.problem(withText: roaster) { throw .invalidText(problem) }
    return try write {
      try store.ensureExists(.bean, bean.id)
      let current = try store.newestBag(beanID: bean.id)
      // Never before the current bag: "newest" is the order bags were added in.
      var time = now
      if let current, current.createdAt > time { time = current.createdAt }
      let bag = try store.insert(
        Bag(
          uuid: newUUID(), beanID: bean.id, roaster: roaster ?? current?.roaster, roastDate: roastDate,
          weightG: weightG, openedOn: openedOn, createdAt: time))
      try store.mirror(bag)
      return bag
    }
  }

  /// Saves a bag's corrected roaster, roast date, weight and opening day: the shots pulled from
  /// it read the corrected facts; no other bag's shots change. Correcting the current bag
  /// corrects the bean's roaster and roast date too.
  public func updateBag(_ bag: Bag) throws(ShotLogError) {
    if let weightG = bag.weightG { try Quantity.bagWeight.check(weightG) }
    if let roaster = bag.roaster, let problem = Validation.problem(withText: roaster) { throw .invalidText(problem) }
    try write {
      guard let stored = try self.bag(id: bag.id) else { throw ShotLogError.unknownBagID(bag.id) }
      try connection.run(
        "UPDATE bags SET roaster = ?, roast_date = ?, weight_g = ?, opened_on = ? WHERE id = ?",
        [bag.roaster, bag.roastDate?.text, bag.weightG?.decimalText, bag.openedOn?.text, bag.id])
      if try store.newestBag(beanID: stored.beanID)?.id == bag.id {
        var saved = stored
        saved.roaster = bag.roaster
        saved.roastDate = bag.roastDate
        try store.mirror(saved)
      }
    }
  }
}
