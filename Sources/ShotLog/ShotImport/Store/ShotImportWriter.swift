import DialRules

/// Writes a plan of `ShotImportPlanner` inside the caller's write transaction: the new beans and
/// grinders, then every new shot in the order it was pulled — each against a recipe snapshot made
/// from what its source says (docs/importing.md, "The recipe of an imported shot"), decided by the
/// rules as logging it would, with its source and curves.
struct ShotImportWriter {
  let store: ShotLogStore
  let options: ShotImportOptions

  /// The recipe dose when a source records none (machine logs): the default table's reference.
  static let fallbackDoseG = ExactNumber(18)
  /// The recipe yield when a source records neither a target nor a yield.
  static let fallbackYieldG = ExactNumber(36)
  /// The grind text when a source records none.
  static let unrecordedGrind = "not recorded"

  /// Inserts the plan; returns the new attempts' ids in the order inserted.
  func write(_ plan: ShotImportPlanner.Plan) throws -> [Int64] {
    let now = store.now
    var beans = plan.beans
    var grinders = plan.grinders
    var beansWithRecipe = Set<Int64>()
    for name in plan.preview.newBeans {
      let key = NameKey.key(name)
      let details = plan.newBeanDetails[key] ?? ImportedBean(name: name)
      let bean = Bean(
        uuid: store.newUUID(), name: name, roaster: details.roaster, roastDate: details.roastDate,
        roastLevel: Self.roastLevel(details), notes: Self.beanNotes(details), createdAt: now)
      let stored = try store.insert(bean)
      try store.insertFirstBag(of: stored)
      beans[key] = stored
    }
    for name in plan.preview.newGrinders {
      let key = NameKey.key(name)
      let app = plan.newGrinderFormats[key]?.appName ?? "another app"
      let grinder = Grinder(
        uuid: store.newUUID(), name: name, settingsNote: "settings as written in \(app)", createdAt: now)
      grinders[key] = try store.insert(grinder)
    }
    for bean in beans.values where try store.profiles.activeSnapshot(beanID: bean.id) != nil {
      beansWithRecipe.insert(bean.id)
    }

    // Oldest first, so each shot's previous shot is already there when it is decided.
    let order = plan.preview.entries.indices.filter { plan.preview.entries[$0].status == .new }
      .sorted { a, b in
        let x = plan.preview.entries[a].shot.pulledAt ?? now
        let y = plan.preview.entries[b].shot.pulledAt ?? now
        return (x, a) < (y, b)
      }
    var heads: [String: RecipeSnapshot] = [:]
    var inserted: [Int64] = []
    inserted.reserveCapacity(order.count)
    for index in order {
      let entry = plan.preview.entries[index]
      guard let bean = beans[NameKey.key(entry.bean)], let grinder = grinders[NameKey.key(entry.grinder)]
      else {
        throw ShotLogError.internalError(detail: "a profile of an imported shot vanished during the import")
      }
      let shot = entry.shot
      let pulledAt = shot.pulledAt ?? now
      let headKey = "\(bean.id)/\(grinder.id)"
      let snapshot = try snapshot(
        for: shot, bean: bean, grinder: grinder, at: pulledAt, head: heads[headKey],
        first: !beansWithRecipe.contains(bean.id))
      heads[headKey] = snapshot
      beansWithRecipe.insert(bean.id)

      let measurements = ShotRecord.Measurements(
        doseG: shot.doseG, yieldG: shot.yieldG, timeS: shot.timeS, firstDropS: shot.firstDropS,
        taste: entry.tasteFromNotes)
      try Validation.check(measurements)
      // Logged as `logShot` logs a shot: against its own snapshot, compared with the previous
      // shot of the bean and grinder that counts at its pull time, and decided by the rules; the
      // record and decision are stored with it and never derived again. Shots already in the log
      // keep theirs, even when an imported shot is pulled before them.
      let (stored, _) = try store.insertAttempt(
        measurements, beanID: bean.id, pulledAt: pulledAt, notes: shot.notes, rating: shot.rating?.outOfFive,
        snapshotID: snapshot.id, rules: options.rules, createdAt: now)
      var source = shot.source
      source.file = String(source.file.split(separator: "/").last ?? "")
      let provenance = AttemptProvenance(
        source: source, rating: shot.rating?.outOfFive, importedAt: now, curves: shot.curves)
      try store.insert(provenance, attemptID: stored.id)
      inserted.append(stored.id)
    }
    return inserted
  }

  /// The snapshot the shot was pulled from: the chain's head when nothing the source says
  /// differs from it, else a new one after it.
  private func snapshot(
    for shot: ImportedShot, bean: Bean, grinder: Grinder, at time: Timestamp, head: RecipeSnapshot?, first: Bool
  ) throws -> RecipeSnapshot {
    let grindText = shot.grind ?? head?.grind.text ?? Self.unrecordedGrind
    let grind = GrindSetting(text: grindText)
    // The snapshot keeps the grinder's scale, as every snapshot does — unless the source's setting
    // does not fit it (another app's way of writing it): then it is text, and no step is inferred.
    let scale = Validation.problem(withGrind: grindText, on: grinder.scale) == nil ? grinder.scale : nil
    var next = RecipeSnapshot(
      uuid: store.newUUID(), beanID: bean.id, grinderID: grinder.id, grinderScale: scale, parentID: head?.id,
      doseG: shot.doseG ?? head?.doseG ?? Self.fallbackDoseG,
      yieldG: shot.targetYieldG ?? shot.yieldG ?? head?.yieldG ?? Self.fallbackYieldG, timeS: options.recipeTimeS,
      temperatureC: shot.temperatureC ?? head?.temperatureC, grind: grind, reason: first ? .new : .set,
      reasonDetail: "imported from \(shot.source.format.appName) (\(shot.source.file))", createdAt: time)
    if let head, head.doseG == next.doseG, head.yieldG == next.yieldG, head.timeS == next.timeS,
      head.temperatureC == next.temperatureC, head.grind.text == next.grind.text
    {
      return head
    }
    if let head { next.adjustment = next.adjustment(from: head, scale: scale) }
    return try store.insert(next)
  }

  /// The source's roast level as the log's, when it is one of its words (`Medium`, `medium light`).
  static func roastLevel(_ bean: ImportedBean) -> RoastLevel? {
    guard let text = bean.roastLevel else { return nil }
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
    return RoastLevel(rawValue: words.joined(separator: "-"))
  }

  /// A new bean's notes: the source's notes, then what the shot log has no field for (a roast
  /// level that is not one of the log's words, a roast date that could not be read as one).
  static func beanNotes(_ bean: ImportedBean) -> String? {
    var lines: [String] = []
    if let notes = bean.notes { lines.append(notes) }
    if let level = bean.roastLevel, roastLevel(bean) == nil { lines.append("roast level: \(level)") }
    if bean.roastDate == nil, let text = bean.roastDateText { lines.append("roast date as written: \(text)") }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
