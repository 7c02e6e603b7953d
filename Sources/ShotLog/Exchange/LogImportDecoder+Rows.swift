import DialRules

/// The rows of an export document, one decoder each: every field checked, every problem
/// collected with its JSON path.
extension LogImportDecoder {
  // MARK: Entities

  mutating func bean(_ value: JSONNode, _ path: String) -> Bean? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.beanKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let name = name(m[key: "name"], path + ".name")
    var roastDate: CalendarDate?
    if let text = reader.string(m[key: "roast_date"], path + ".roast_date") {
      roastDate = CalendarDate.parse(text)
      if roastDate == nil {
        issue(path + ".roast_date", "expected a date as YYYY-MM-DD, found '\(text)'", at: m[key: "roast_date"]?.span)
      }
    }
    let roaster = reader.string(m[key: "roaster"], path + ".roaster")
    let origin = reader.string(m[key: "origin"], path + ".origin")
    let process = reader.string(m[key: "process"], path + ".process")
    var roastLevel: RoastLevel?
    if let text = reader.string(m[key: "roast_level"], path + ".roast_level") {
      roastLevel = RoastLevel(rawValue: text)
      if roastLevel == nil {
        let levels = RoastLevel.allCases.map(\.rawValue)
        issue(
          path + ".roast_level",
          "unknown roast level '\(text)'; expected \(levels.joined(separator: ", "))"
            + (closest(text, among: levels).map { " (did you mean '\($0)'?)" } ?? ""), at: m[key: "roast_level"]?.span)
      }
    }
    let notes = reader.string(m[key: "notes"], path + ".notes")
    let created = time(m[key: "created_at"], path + ".created_at")
    let archived = time(m[key: "archived_at"], path + ".archived_at", required: false)
    guard let uuid, let name, let created else { return nil }
    return Bean(
      uuid: uuid, name: name, roaster: roaster, roastDate: roastDate, origin: origin, process: process,
      roastLevel: roastLevel, notes: notes, createdAt: created, archivedAt: archived)
  }

  mutating func bag(_ value: JSONNode, _ path: String) -> ImportDocument.BagEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.bagKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let bean = self.uuid(m[key: "bean"], path + ".bean")
    let roaster = reader.string(m[key: "roaster"], path + ".roaster")
    let roastDate = date(m[key: "roast_date"], path + ".roast_date")
    let weight = reader.quantity(m[key: "weight_g"], path + ".weight_g", .bagWeight)
    let opened = date(m[key: "opened_on"], path + ".opened_on")
    let created = time(m[key: "created_at"], path + ".created_at")
    guard let uuid, let bean, let created else { return nil }
    return ImportDocument.BagEntry(
      bag: Bag(
        uuid: uuid, beanID: 0, roaster: roaster, roastDate: roastDate, weightG: weight, openedOn: opened,
        createdAt: created),
      bean: bean, place: ImportDocument.Place(path: path, span: value.span))
  }

  /// A calendar date (`2026-03-01`), when present.
  mutating func date(_ value: JSONNode?, _ path: String) -> CalendarDate? {
    guard let text = reader.string(value, path) else { return nil }
    guard let date = CalendarDate.parse(text) else {
      issue(path, "expected a date as YYYY-MM-DD, found '\(text)'", at: value?.span)
      return nil
    }
    return date
  }

  mutating func grinder(_ value: JSONNode, _ path: String) -> Grinder? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.grinderKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let name = name(m[key: "name"], path + ".name")
    var scale: GrinderScale?
    var scaleOK = true
    if let s = m[key: "scale"] {
      scale = self.scale(s, path + ".scale")
      scaleOK = scale != nil
    }
    let settingsNote = reader.string(m[key: "settings_note"], path + ".settings_note")
    let notes = reader.string(m[key: "notes"], path + ".notes")
    let created = time(m[key: "created_at"], path + ".created_at")
    let archived = time(m[key: "archived_at"], path + ".archived_at", required: false)
    guard let uuid, let name, let created, scaleOK else { return nil }
    return Grinder(
      uuid: uuid, name: name, scale: scale, settingsNote: settingsNote, notes: notes, createdAt: created,
      archivedAt: archived)
  }

  mutating func basket(_ value: JSONNode, _ path: String) -> Basket? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.basketKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let name = name(m[key: "name"], path + ".name")
    let capacity = reader.quantity(m[key: "capacity_g"], path + ".capacity_g", .capacity)
    let notes = reader.string(m[key: "notes"], path + ".notes")
    let created = time(m[key: "created_at"], path + ".created_at")
    let archived = time(m[key: "archived_at"], path + ".archived_at", required: false)
    guard let uuid, let name, let created else { return nil }
    return Basket(uuid: uuid, name: name, capacityG: capacity, notes: notes, createdAt: created, archivedAt: archived)
  }

  mutating func snapshot(_ value: JSONNode, _ path: String) -> ImportDocument.SnapshotEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.snapshotKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let bean = self.uuid(m[key: "bean"], path + ".bean")
    let grinder = self.uuid(m[key: "grinder"], path + ".grinder")
    var grinderScale: GrinderScale?
    var scaleOK = true
    if let s = m[key: "grinder_scale"] {
      grinderScale = scale(s, path + ".grinder_scale")
      scaleOK = grinderScale != nil
    }
    let basket = self.uuid(m[key: "basket"], path + ".basket", required: false)
    let parent = self.uuid(m[key: "parent"], path + ".parent", required: false)
    let dose = required(reader.quantity(m[key: "dose_g"], path + ".dose_g", .dose), m[key: "dose_g"], path + ".dose_g")
    let yield = required(
      reader.quantity(m[key: "yield_g"], path + ".yield_g", .yield), m[key: "yield_g"], path + ".yield_g")
    let time = required(reader.quantity(m[key: "time_s"], path + ".time_s", .time), m[key: "time_s"], path + ".time_s")
    let temperature = reader.quantity(m[key: "temperature_c"], path + ".temperature_c", .temperature)
    let temperatureNote = reader.string(m[key: "temperature_note"], path + ".temperature_note")
    let grind = name(m[key: "grind"], path + ".grind")
    var reason: RecipeSnapshot.Reason?
    if let text = required(reader.string(m[key: "reason"], path + ".reason"), m[key: "reason"], path + ".reason") {
      reason = RecipeSnapshot.Reason(rawValue: text)
      if reason == nil {
        issue(
          path + ".reason", "unknown reason '\(text)'; expected new, set, scale or accept", at: m[key: "reason"]?.span)
      }
    }
    let detail = reader.string(m[key: "reason_detail"], path + ".reason_detail")
    var adjustment: Adjustment?
    var adjustmentOK = true
    if let a = m[key: "adjustment"] {
      do {
        adjustment = try Adjustment(json: a)
      } catch {
        let inner = error.prefixed("adjustment")
        issue(path + "." + inner.path, inner.message, at: inner.span)
        adjustmentOK = false
      }
    }
    let created = self.time(m[key: "created_at"], path + ".created_at")
    guard let uuid, let bean, let grinder, let dose, let yield, let time, let grind, let reason, let created,
      adjustmentOK, scaleOK
    else { return nil }
    let snapshot = RecipeSnapshot(
      uuid: uuid, beanID: 0, grinderID: 0, grinderScale: grinderScale, doseG: dose, yieldG: yield, timeS: time,
      temperatureC: temperature,
      temperatureNote: temperatureNote, grind: GrindSetting(text: grind), reason: reason, reasonDetail: detail,
      adjustment: adjustment, createdAt: created)
    return ImportDocument.SnapshotEntry(
      snapshot: snapshot, bean: bean, grinder: grinder, basket: basket, parent: parent,
      hasScale: m[key: "grinder_scale"] != nil, place: ImportDocument.Place(path: path, span: value.span))
  }

  mutating func attempt(_ value: JSONNode, _ path: String) -> ImportDocument.AttemptEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.attemptKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let snapshot = self.uuid(m[key: "snapshot"], path + ".snapshot")
    // Required from version 2 on: checked when the version is known (the shots are read first).
    let bag = self.uuid(m[key: "bag"], path + ".bag", required: false)
    let pulled = time(m[key: "pulled_at"], path + ".pulled_at")
    let created = time(m[key: "created_at"], path + ".created_at")
    let previous = self.uuid(m[key: "previous"], path + ".previous", required: false)
    let amends = self.uuid(m[key: "amends"], path + ".amends", required: false)
    let (rating, ratingOK) = self.rating(m[key: "rating"], path + ".rating")
    let notes = reader.string(m[key: "notes"], path + ".notes")
    var record: ShotRecord?
    if let r = m[key: "record"] {
      let before = reader.issues.count
      record = reader.record(r, path + ".record")
      if reader.issues.count > before { record = nil }
      if let id = record?.id, let uuid, id.lowercased() != uuid {
        issue(path + ".record.id", "expected the attempt's uuid '\(uuid)', found '\(id)'", at: recordIDSpan(r))
      }
    } else {
      issue(path + ".record", "missing required field")
    }
    var suggestion: StoredSuggestion?
    var suggestionOK = true
    if let s = m[key: "suggestion"] {
      suggestionOK = false
      if let sm = reader.object(s, path + ".suggestion", allowed: ExportDocument.suggestionKeys) {
        var rulesetName: String?
        var rulesetHash: String?
        if let r = sm[key: "ruleset"],
          let rm = reader.object(r, path + ".suggestion.ruleset", allowed: ExportDocument.rulesetKeys)
        {
          let n = rm[key: "name"]
          let h = rm[key: "hash"]
          rulesetName = required(
            reader.string(n, path + ".suggestion.ruleset.name"), n, path + ".suggestion.ruleset.name")
          rulesetHash = required(
            reader.string(h, path + ".suggestion.ruleset.hash"), h, path + ".suggestion.ruleset.hash")
        } else if sm[key: "ruleset"] == nil {
          issue(path + ".suggestion.ruleset", "missing required field")
        }
        if let d = sm[key: "decision"] {
          do {
            let decoded = try StoredSuggestion(
              decisionJSON: d, rulesetName: rulesetName ?? "", rulesetHash: rulesetHash ?? "", id: uuid)
            if rulesetName != nil && rulesetHash != nil {
              suggestion = decoded
              suggestionOK = true
            }
          } catch {
            let inner = error.prefixed("decision")
            issue(path + ".suggestion." + inner.path, inner.message, at: inner.span)
          }
        } else {
          issue(path + ".suggestion.decision", "missing required field")
        }
      }
    }
    let (provenance, provenanceOK) = self.provenance(m[key: "source"], m[key: "curves"], path)
    guard let uuid, let snapshot, let pulled, let created, var record, suggestionOK, ratingOK, provenanceOK else {
      return nil
    }
    record.id = uuid
    let attempt = ShotAttempt(
      uuid: uuid, snapshotID: 0, beanID: 0, grinderID: 0, pulledAt: pulled,
      measurements: record.shot ?? ShotRecord.Measurements(), record: record, rating: rating, notes: notes,
      suggestion: suggestion, createdAt: created)
    return ImportDocument.AttemptEntry(
      attempt: attempt, snapshot: snapshot, bag: bag, previous: previous, amends: amends, provenance: provenance,
      place: ImportDocument.Place(path: path, span: value.span))
  }

  /// Where the `id` of a record is in the file. The decoder does not build a tree of records (the
  /// shot JSON reader reads them in place), so for this rare message the record is read again.
  func recordIDSpan(_ record: JSONNode) -> SourceSpan? {
    let bytes = Array(reader.file.bytes[record.span.start..<record.span.end])
    guard case .success(let tree) = JSONScanner.readTree(SourceFile(path: "", bytes: bytes)),
      let id = tree["id"]?.span
    else { return nil }
    return SourceSpan(start: record.span.start + id.start, end: record.span.start + id.end)
  }

  /// A rating from 0 to 5 in half steps, when present; `ok` false (with an issue) when it is not one.
  mutating func rating(_ node: JSONNode?, _ path: String) -> (ExactNumber?, ok: Bool) {
    guard let node else { return (nil, true) }
    if let text = node.numberText, let value = ExactNumber(text), (try? Validation.checkRating(value)) != nil {
      return (value, true)
    }
    issue(path, "expected a rating from 0 to 5 in half steps", at: node.span)
    return (nil, false)
  }

  /// An attempt's `source` and `curves` (written by `JSONWriter.member(provenance:)`): nil for a
  /// shot logged here; `ok` false when either is there but unusable (with an issue).
  mutating func provenance(_ sourceNode: JSONNode?, _ curvesNode: JSONNode?, _ path: String) -> (
    AttemptProvenance?, ok: Bool
  ) {
    guard let sourceNode else {
      if let curvesNode {
        issue(path + ".curves", "curves belong to an imported shot, which needs its source", at: curvesNode.span)
      }
      return (nil, curvesNode == nil)
    }
    let p = path + ".source"
    guard let m = reader.object(sourceNode, p, allowed: ExportDocument.sourceKeys) else { return (nil, false) }
    var format: ImportFormat?
    if let text = required(reader.string(m[key: "format"], p + ".format"), m[key: "format"], p + ".format") {
      format = ImportFormat(rawValue: text)
      if format == nil {
        let known = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        issue(p + ".format", "unknown app format '\(text)' (known: \(known))", at: m[key: "format"]?.span)
      }
    }
    let file = required(reader.string(m[key: "file"], p + ".file"), m[key: "file"], p + ".file")
    let entry = reader.string(m[key: "entry"], p + ".entry")
    var id = required(reader.string(m[key: "id"], p + ".id"), m[key: "id"], p + ".id")
    if let text = id, text.isEmpty || text.utf8.count > Validation.maxTextBytes {
      issue(p + ".id", "must be 1 to \(Validation.maxTextBytes) bytes", at: m[key: "id"]?.span)
      id = nil
    }
    let (rating, ratingOK) = self.rating(m[key: "rating"], p + ".rating")
    let importedAt = time(m[key: "imported_at"], p + ".imported_at")
    var curves: [ImportedCurve] = []
    var curvesOK = true
    if let curvesNode {
      for (i, node) in array(curvesNode, path + ".curves").enumerated() {
        let before = reader.issues.count
        if let curve = curve(node, path + ".curves[\(i)]") {
          if curves.contains(where: { $0.kind == curve.kind }) {
            issue(path + ".curves[\(i)].kind", "a second \(curve.kind.rawValue) curve", at: node.span)
          } else {
            curves.append(curve)
          }
        }
        if reader.issues.count > before { curvesOK = false }
      }
      if curvesNode.elements == nil { curvesOK = false }
    }
    guard let format, let file, let id, let importedAt, ratingOK, curvesOK else { return (nil, false) }
    let order = ImportedCurve.Kind.allCases
    curves.sort { (order.firstIndex(of: $0.kind) ?? 0) < (order.firstIndex(of: $1.kind) ?? 0) }
    return (
      AttemptProvenance(
        source: ImportSource(format: format, file: file, entry: entry, id: id), rating: rating,
        importedAt: importedAt, curves: curves),
      true
    )
  }

  /// One curve: its kind, and as many whole-number times (ms) as values (hundredths of the unit),
  /// from 1 to `ImportedCurve.maxSamples`.
  mutating func curve(_ node: JSONNode, _ path: String) -> ImportedCurve? {
    guard let m = reader.object(node, path, allowed: ExportDocument.curveKeys) else { return nil }
    var kind: ImportedCurve.Kind?
    if let text = required(reader.string(m[key: "kind"], path + ".kind"), m[key: "kind"], path + ".kind") {
      kind = ImportedCurve.Kind(rawValue: text)
      if kind == nil {
        let known = ImportedCurve.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        issue(path + ".kind", "unknown curve kind '\(text)' (known: \(known))", at: m[key: "kind"]?.span)
      }
    }
    func integers(_ key: String) -> [Int32]? {
      guard let items = required(m[key: key], m[key: key], path + "." + key) else { return nil }
      guard let elements = items.elements else {
        issue(path + "." + key, "expected an array of whole numbers, found \(items.kind.described)", at: items.span)
        return nil
      }
      guard elements.count <= ImportedCurve.maxSamples else {
        issue(path + "." + key, "more than \(ImportedCurve.maxSamples) samples", at: items.span)
        return nil
      }
      var out: [Int32] = []
      out.reserveCapacity(elements.count)
      for (i, e) in elements.enumerated() {
        guard let text = e.numberText, let v = Int32(text) else {
          issue("\(path).\(key)[\(i)]", "expected a whole number from \(Int32.min) to \(Int32.max)", at: e.span)
          return nil
        }
        out.append(v)
      }
      return out
    }
    let times = integers("t_ms")
    let values = integers("values")
    guard let kind, let times, let values else { return nil }
    guard !times.isEmpty, times.count == values.count else {
      issue(
        path, "needs as many values as times, at least one (\(times.count) times, \(values.count) values)",
        at: node.span)
      return nil
    }
    return ImportedCurve(kind: kind, times: times, values: values)
  }

  mutating func event(_ value: JSONNode, _ path: String) -> ImportDocument.EventEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.eventKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let attempt = self.uuid(m[key: "attempt"], path + ".attempt")
    let snapshot = self.uuid(m[key: "snapshot"], path + ".snapshot", required: false)
    var action: SuggestionEvent.Action?
    if let text = required(reader.string(m[key: "action"], path + ".action"), m[key: "action"], path + ".action") {
      action = SuggestionEvent.Action(rawValue: text)
      if action == nil {
        issue(path + ".action", "expected \"accepted\" or \"rejected\", found '\(text)'", at: m[key: "action"]?.span)
      }
    }
    if action == .rejected, snapshot != nil {
      issue(path + ".snapshot", "a rejection creates no snapshot", at: m[key: "snapshot"]?.span)
    }
    let note = reader.string(m[key: "note"], path + ".note")
    let at = time(m[key: "at"], path + ".at")
    guard let uuid, let attempt, let action, let at else { return nil }
    return ImportDocument.EventEntry(
      event: SuggestionEvent(uuid: uuid, attemptID: 0, action: action, note: note, at: at), attempt: attempt,
      snapshot: snapshot, place: ImportDocument.Place(path: path, span: value.span))
  }

  mutating func void(_ value: JSONNode, _ path: String) -> ImportDocument.VoidEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.voidKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let attempt = self.uuid(m[key: "attempt"], path + ".attempt")
    let reason = name(m[key: "reason"], path + ".reason")
    let at = time(m[key: "at"], path + ".at")
    guard let uuid, let attempt, let reason, let at else { return nil }
    return ImportDocument.VoidEntry(
      void: AttemptVoid(uuid: uuid, attemptID: 0, reason: reason, at: at), attempt: attempt,
      place: ImportDocument.Place(path: path, span: value.span))
  }

  mutating func undo(_ value: JSONNode, _ path: String) -> ImportDocument.UndoEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.undoKeys) else { return nil }
    let uuid = uuid(m[key: "uuid"], path + ".uuid")
    let event = self.uuid(m[key: "event"], path + ".event")
    let snapshot = self.uuid(m[key: "snapshot"], path + ".snapshot")
    let note = reader.string(m[key: "note"], path + ".note")
    let at = time(m[key: "at"], path + ".at")
    guard let uuid, let event, let snapshot, let at else { return nil }
    return ImportDocument.UndoEntry(
      undo: SuggestionUndo(uuid: uuid, eventID: 0, snapshotID: 0, note: note, at: at), event: event,
      snapshot: snapshot, place: ImportDocument.Place(path: path, span: value.span))
  }
}
