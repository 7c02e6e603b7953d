import DialRules

/// Recipe snapshots: a bean's recipe is its newest snapshot; changing it adds a snapshot.
extension ShotLogStore {
  static let snapshotColumns = """
    id, uuid, bean_id, grinder_id, basket_id, parent_id, dose_g, yield_g, time_s, temperature_c, temperature_note,
    grind, reason, reason_detail, adjustment, created_at, grinder_step, grinder_min, grinder_max, grinder_finer
    """

  static func snapshot(_ row: Row) throws -> RecipeSnapshot {
    func number(_ index: Int32, _ name: String) throws -> ExactNumber {
      guard let value = ExactNumber(row.text(index)) else {
        throw ShotLogError.unreadableRecipeValue(snapshot: row.text(1), field: name, text: row.text(index))
      }
      return value
    }
    var adjustment: Adjustment?
    if let text = row.optionalText(14), case .success(let json) = JSONNode.parseStored(text) {
      adjustment = try? Adjustment(json: json)
    }
    var scale: GrinderScale?
    if let step = row.optionalNumber(16), let min = row.optionalNumber(17), let max = row.optionalNumber(18),
      let finer = row.optionalText(19).flatMap(ShotRecord.FinerDirection.init(rawValue:))
    {
      scale = GrinderScale(step: step, min: min, max: max, finer: finer)
    }
    return RecipeSnapshot(
      id: row.int64(0), uuid: row.text(1), beanID: row.int64(2), grinderID: row.int64(3), grinderScale: scale,
      basketID: row.optionalInt64(4), parentID: row.optionalInt64(5), doseG: try number(6, "dose"),
      yieldG: try number(7, "yield"), timeS: try number(8, "time"),
      temperatureC: row.optionalNumber(9), temperatureNote: row.optionalText(10),
      grind: GrindSetting(text: row.text(11)), reason: RecipeSnapshot.Reason(rawValue: row.text(12)) ?? .set,
      reasonDetail: row.optionalText(13), adjustment: adjustment,
      createdAt: Timestamp(millisecondsSinceEpoch: row.int64(15)))
  }

  /// Inserts a snapshot as given (inside the caller's write transaction); returns it with its id.
  func insert(_ snapshot: RecipeSnapshot) throws -> RecipeSnapshot {
    try connection.run(
      """
      INSERT INTO recipe_snapshots (uuid, bean_id, grinder_id, basket_id, parent_id, dose_g, yield_g, time_s,
        temperature_c, temperature_note, grind, reason, reason_detail, adjustment, created_at, grinder_step,
        grinder_min, grinder_max, grinder_finer)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        snapshot.uuid, snapshot.beanID, snapshot.grinderID, snapshot.basketID, snapshot.parentID,
        snapshot.doseG.decimalText, snapshot.yieldG.decimalText, snapshot.timeS.decimalText,
        snapshot.temperatureC?.decimalText, snapshot.temperatureNote, snapshot.grind.text, snapshot.reason.rawValue,
        snapshot.reasonDetail, snapshot.adjustment?.storedJSON, snapshot.createdAt.millisecondsSinceEpoch,
        snapshot.grinderScale?.step.decimalText, snapshot.grinderScale?.min.decimalText,
        snapshot.grinderScale?.max.decimalText, snapshot.grinderScale?.finer.rawValue,
      ])
    var stored = snapshot
    stored.id = connection.lastInsertRowID
    return stored
  }
}

/// Recipes: a bean's recipe is its newest snapshot; changing it adds a snapshot.
extension ShotLogStore.Profiles {
  /// The bean's current recipe: its newest snapshot; nil before its first recipe.
  public func activeSnapshot(beanID: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots WHERE bean_id = ? ORDER BY created_at DESC, id DESC LIMIT 1",
        [beanID], ShotLogStore.snapshot)
    }
  }

  /// The recipe of a bean in force at `time`: its newest snapshot made at or before then (ties go
  /// to the one stored last), so a shot back-dated before a recipe change is pulled with the recipe
  /// it was really pulled with. A time before the bean's first recipe gets that first recipe, the
  /// closest there is; nil when the bean has no recipe.
  public func snapshot(beanID: Int64, inForceAt time: Timestamp) throws(ShotLogError) -> RecipeSnapshot? {
    try guarded {
      if let atTime = try connection.first(
        """
        SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots WHERE bean_id = ? AND created_at <= ?
        ORDER BY created_at DESC, id DESC LIMIT 1
        """, [beanID, time.millisecondsSinceEpoch], ShotLogStore.snapshot)
      {
        return atTime
      }
      return try connection.first(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots WHERE bean_id = ? ORDER BY created_at, id LIMIT 1",
        [beanID], ShotLogStore.snapshot)
    }
  }

  /// The snapshot with row id `id`, or nil.
  public func snapshot(id: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try guarded {
      try connection.first(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots WHERE id = ?", [id], ShotLogStore.snapshot)
    }
  }

  /// All of a bean's snapshots, oldest first: the history of its recipe.
  public func snapshots(beanID: Int64) throws(ShotLogError) -> [RecipeSnapshot] {
    try guarded {
      try connection.query(
        "SELECT \(ShotLogStore.snapshotColumns) FROM recipe_snapshots WHERE bean_id = ? ORDER BY created_at, id",
        [beanID],
        ShotLogStore.snapshot)
    }
  }

  /// Sets the recipe of `bean`: a new snapshot with `change` applied to its active recipe (or,
  /// for the first recipe, from `change` alone, which must then give the grinder, dose, yield,
  /// time and grind). The old snapshot stays, and so do the shots pulled from it.
  @discardableResult
  public func setRecipe(for bean: Bean, _ change: RecipeChange) throws(ShotLogError) -> RecipeSnapshot {
    try change.validate()
    return try write {
      let parent = try activeSnapshot(beanID: bean.id)
      var next: RecipeSnapshot
      if let parent {
        next = parent
        next.parentID = parent.id
        next.reason = change.reason ?? .set
      } else {
        guard let dose = change.doseG, let yield = change.yieldG, let time = change.timeS, let grind = change.grind,
          let grinderID = change.grinderID
        else { throw ShotLogError.firstRecipeIncomplete(bean: bean.name) }
        next = RecipeSnapshot(
          uuid: "", beanID: bean.id, grinderID: grinderID, doseG: dose, yieldG: yield, timeS: time,
          grind: GrindSetting(text: grind), reason: .new, createdAt: now)
      }
      try store.ensureExists(.bean, bean.id)
      if let grinderID = change.grinderID { try store.ensureExists(.grinder, grinderID) }
      if case .some(.some(let basketID)) = change.basketID { try store.ensureExists(.basket, basketID) }
      change.apply(to: &next)
      next.uuid = newUUID()
      next.createdAt = now
      // The new snapshot is made on the grinder as it is now.
      guard let grinder = try grinder(id: next.grinderID) else {
        throw ShotLogError.unknownProfileID(.grinder, id: next.grinderID)
      }
      next.grinderScale = grinder.scale
      if let problem = Validation.problem(withGrind: next.grind.text, on: grinder.scale), let scale = grinder.scale {
        throw ShotLogError.grindDoesNotFit(grind: next.grind.text, grinder: grinder.name, scale: scale, problem)
      }
      if let parent {
        guard next.differs(from: parent) else { throw ShotLogError.recipeUnchanged(bean: bean.name) }
        next.adjustment = next.adjustment(from: parent, scale: next.grinderScale)
      } else {
        next.adjustment = nil
      }
      next.reasonDetail = change.detail
      return try store.insert(next)
    }
  }

  /// Scales the recipe of `bean` to a new dose, keeping the ratio: the yield is rounded to 0.1 g,
  /// what a scale can weigh.
  @discardableResult
  public func scaleRecipe(for bean: Bean, toDose doseG: ExactNumber) throws(ShotLogError) -> RecipeSnapshot {
    try Quantity.dose.check(doseG)
    guard let current = try activeSnapshot(beanID: bean.id) else { throw .noRecipe(bean: bean.name) }
    guard let ratio = current.ratio, let scaled = doseG.multiplied(by: ratio) else {
      throw .internalError(detail: "cannot scale the recipe of '\(bean.name)' to \(doseG.decimalText) g")
    }
    let yield = scaled.rounded(places: 1)
    guard Quantity.yield.accepts(yield) else { throw .scaledYieldOutOfRange(bean: bean.name, yield: yield) }
    var change = RecipeChange()
    change.doseG = doseG
    change.yieldG = yield
    change.reason = .scale
    change.detail = "scaled from \(current.doseG.decimalText) g to \(doseG.decimalText) g, ratio 1:\(ratioText(ratio))"
    return try setRecipe(for: bean, change)
  }

  /// What differs between two recipe snapshots (grind, with the move in steps on one grinder's
  /// scale; grinder, basket, dose, yield, time, temperature), as text for people.
  public func recipeDifferences(from earlier: RecipeSnapshot, to later: RecipeSnapshot) throws(ShotLogError)
    -> [RecipeDifference]
  {
    try read {
      var baskets: [Int64: String] = [:]
      for id in [earlier.basketID, later.basketID].compactMap({ $0 }) { baskets[id] = try basket(id: id)?.name }
      var grinders: [Int64: String] = [:]
      for id in [earlier.grinderID, later.grinderID] { grinders[id] = try grinder(id: id)?.name }
      return RecipeDifference.between(
        earlier, later, baskets: { $0.flatMap { baskets[$0] } }, grinders: { grinders[$0] ?? "?" })
    }
  }
}

/// What to change in a bean's recipe (`ShotLogStore.Profiles.setRecipe`); a nil field stays as it is.
public struct RecipeChange: Sendable {
  /// The grinder the recipe is pulled on.
  public var grinderID: Int64?
  /// The basket; `.some(nil)` removes it.
  public var basketID: Int64??
  /// The target dose, in grams.
  public var doseG: ExactNumber?
  /// The target yield, in grams.
  public var yieldG: ExactNumber?
  /// The target shot time, in seconds.
  public var timeS: ExactNumber?
  /// The brew temperature, in °C; `.some(nil)` removes it.
  public var temperatureC: ExactNumber??
  /// Free text about the temperature; `.some(nil)` removes it.
  public var temperatureNote: String??
  /// The grind setting as written on the grinder (`14`, `2.4`, `3 clicks`).
  public var grind: String?
  /// Why the recipe changed, kept with the snapshot ("new basket").
  public var detail: String?
  /// Set by the store for scaling; a change made by hand is `.set`.
  var reason: RecipeSnapshot.Reason?

  /// A change of nothing; set the fields to change.
  public init() {}

  /// Throws unless every given value is acceptable.
  func validate() throws(ShotLogError) {
    if let doseG { try Quantity.dose.check(doseG) }
    if let yieldG { try Quantity.yield.check(yieldG) }
    if let timeS { try Quantity.time.check(timeS) }
    if case .some(.some(let temperature)) = temperatureC { try Quantity.temperature.check(temperature) }
    if let grind, let problem = Validation.problem(withText: grind) { throw .invalidGrindSetting(problem) }
  }

  func apply(to snapshot: inout RecipeSnapshot) {
    if let grinderID { snapshot.grinderID = grinderID }
    if let basketID { snapshot.basketID = basketID }
    if let doseG { snapshot.doseG = doseG }
    if let yieldG { snapshot.yieldG = yieldG }
    if let timeS { snapshot.timeS = timeS }
    if let temperatureC { snapshot.temperatureC = temperatureC }
    if let temperatureNote { snapshot.temperatureNote = temperatureNote }
    if let grind { snapshot.grind = GrindSetting(text: grind) }
  }
}

extension RecipeSnapshot {
  /// Whether any recipe value differs (ids, times and provenance aside).
  func differs(from other: RecipeSnapshot) -> Bool {
    grinderID != other.grinderID || basketID != other.basketID || doseG != other.doseG || yieldG != other.yieldG
      || timeS != other.timeS || temperatureC != other.temperatureC || temperatureNote != other.temperatureNote
      || grind.text != other.grind.text || grinderScale != other.grinderScale
  }

  /// The change from `earlier` to this snapshot as one adjustment the rules can read (docs/design.md §6
  /// `previous.adjustment`), or nil when there is none or it is not one adjustment.
  ///
  /// A numeric grind move on a grinder with a scale is reported even when other values changed
  /// with it, since the grind is what the rules reason about (`back_off_after_finer`); a move by a
  /// fraction of a step counts as the nearest whole number of steps, at least one. Otherwise a
  /// change of the yield alone or of the temperature alone is reported; a dose, grinder or basket
  /// change, or a free-text grind change, is not one adjustment and gives nil.
  func adjustment(from earlier: RecipeSnapshot, scale: GrinderScale?) -> Adjustment? {
    guard grinderID == earlier.grinderID else { return nil }
    if grind.text != earlier.grind.text {
      guard let scale, let before = earlier.grind.value, let after = grind.value,
        let delta = after.subtracting(before), let steps = delta.magnitude.divided(by: scale.step)
      else { return nil }
      if !delta.isZero {
        let movedLower = after < before
        let direction: GrindDirection = movedLower == (scale.finer == .lower) ? .finer : .coarser
        return .grind(direction, steps: max(1, steps.rounded(places: 0).intValue ?? 1))
      }
    }
    let yieldChanged = yieldG != earlier.yieldG
    let temperatureChanged = temperatureC != earlier.temperatureC
    guard doseG == earlier.doseG, yieldChanged != temperatureChanged else { return nil }
    if yieldChanged, let delta = yieldG.subtracting(earlier.yieldG) { return .yield(deltaGrams: delta) }
    if let after = temperatureC, let before = earlier.temperatureC, let delta = after.subtracting(before) {
      return .temperature(deltaCelsius: delta)
    }
    return nil
  }
}

/// A ratio as `2.0` or `2.15`: one or two decimals, as baristas write it.
package func ratioText(_ ratio: ExactNumber) -> String {
  let two = ratio.rounded(places: 2)
  let one = ratio.rounded(places: 1)
  return one == two ? one.decimalText.contains(".") ? one.decimalText : one.decimalText + ".0" : two.decimalText
}

extension ShotLogStore {
  /// Which shot a snapshot of a bean came from, for recipe history in a barista's words.
  package enum SnapshotOrigin: Hashable, Sendable {
    /// Made by accepting the suggestion of this shot (row id).
    case accepted(shot: Int64)
    /// Made by undoing the accept of this shot's suggestion.
    case undone(shot: Int64)
  }
}

extension ShotLogStore.Profiles {
  /// The snapshots of `beanID` that an accept or an undo made, with the shot each came from —
  /// read from the events themselves, so the words do not depend on the detail text stored when
  /// the snapshot was made (which named the shot by a UUID prefix and the rule by its id).
  package func snapshotOrigins(beanID: Int64) throws(ShotLogError) -> [Int64: ShotLogStore.SnapshotOrigin] {
    try guarded {
      var origins: [Int64: ShotLogStore.SnapshotOrigin] = [:]
      let accepted = try connection.query(
        """
        SELECT e.snapshot_id, e.attempt_id FROM suggestion_events e JOIN shot_attempts a ON a.id = e.attempt_id
        WHERE e.snapshot_id IS NOT NULL AND a.bean_id = ?
        """, [beanID]
      ) { ($0.int64(0), $0.int64(1)) }
      for (snapshot, shot) in accepted { origins[snapshot] = .accepted(shot: shot) }
      let undone = try connection.query(
        """
        SELECT u.snapshot_id, e.attempt_id FROM suggestion_undos u JOIN suggestion_events e ON e.id = u.event_id
        JOIN shot_attempts a ON a.id = e.attempt_id WHERE a.bean_id = ?
        """, [beanID]
      ) { ($0.int64(0), $0.int64(1)) }
      for (snapshot, shot) in undone { origins[snapshot] = .undone(shot: shot) }
      return origins
    }
  }
}
