import DialRules

/// An export document read into model values, with references still as UUIDs.
struct ImportDocument {
  /// Where an entry is: its JSON path and its span in the file.
  struct Place: Hashable, Sendable {
    var path: String
    var span: SourceSpan
  }
  struct SnapshotEntry {
    var snapshot: RecipeSnapshot
    var bean: String
    var grinder: String
    var basket: String?
    var parent: String?
    var place: Place
  }
  struct AttemptEntry {
    var attempt: ShotAttempt
    var snapshot: String
    var recipe: ShotRecord.Recipe?
    var place: Place
  }
  struct EventEntry {
    var event: SuggestionEvent
    var attempt: String
    var snapshot: String?
    var place: Place
  }

  var settings: [(key: String, value: String)] = []
  var beans: [(Bean, place: Place)] = []
  var grinders: [(Grinder, place: Place)] = []
  var baskets: [(Basket, place: Place)] = []
  var snapshots: [SnapshotEntry] = []
  var attempts: [AttemptEntry] = []
  var events: [EventEntry] = []
}

/// Reads an export document, collecting every problem rather than stopping at the first.
struct ImportDecoder {
  var reader: FieldReader

  init(file: SourceFile) { reader = FieldReader(file: file) }

  /// The problems found, with their lines and columns.
  var issues: [ImportIssue] { reader.issues.map { $0.issue(in: reader.file) } }

  mutating func issue(_ path: String, _ message: String, at span: SourceSpan? = nil) {
    reader.issue(path, message, at: span)
  }

  /// Decodes the file; the result is meaningful only when `issues` is empty.
  mutating func decode() -> ImportDocument {
    var document = ImportDocument()
    // The long arrays are decoded element by element while parsing, so the file's whole tree is
    // never in memory at once.
    let parsed = JSONScanner.readTree(
      reader.file, streaming: ["recipe_snapshots", "attempts", "suggestion_events"]
    ) { key, i, value in
      switch key {
      case "recipe_snapshots":
        if let entry = snapshot(value, "$.recipe_snapshots[\(i)]") { document.snapshots.append(entry) }
      case "attempts":
        if let entry = attempt(value, "$.attempts[\(i)]") { document.attempts.append(entry) }
      default:
        if let entry = event(value, "$.suggestion_events[\(i)]") { document.events.append(entry) }
      }
    }
    let root: JSONNode
    switch parsed {
    case .success(let node):
      root = node
    case .failure(let diagnostics):
      let stop = diagnostics.last
      reader.issues = [
        ImportIssue.Found(
          path: "(file)",
          message: "not valid JSON: "
            + (stop.map { "error[\($0.code)]: \($0.message)" + ($0.help.map { " (\($0))" } ?? "") } ?? "unreadable"),
          span: stop?.span)
      ]
      return ImportDocument()
    }
    let streamedIssues = reader.issues
    reader.issues = []
    reader.fallbackSpan = root.span
    guard let top = reader.object(root, "$", allowed: ExportDocument.topKeys) else { return document }
    func field(_ key: String) -> JSONNode? { top.first { $0.key == key }?.value }
    // Not a shot log export, or a version this build does not read: say only that, not what the
    // elements would mean under this version.
    guard field("format")?.string == ExportDocument.format else {
      reader.issues = [
        ImportIssue.Found(
          kind: .notAnExport, path: "$.format",
          message: "expected \"\(ExportDocument.format)\"; this is not a shot log export",
          span: field("format")?.span ?? root.span)
      ]
      return ImportDocument()
    }
    guard let versionText = field("version")?.numberText, let version = Int(versionText) else {
      reader.issues = [
        ImportIssue.Found(path: "$.version", message: "expected a whole number", span: field("version")?.span)
      ]
      return ImportDocument()
    }
    guard version == ExportDocument.version else {
      reader.issues = [
        ImportIssue.Found(
          kind: .unsupportedVersion(version), path: "$.version",
          message: "export version \(version) is not supported; this version reads version \(ExportDocument.version)",
          span: field("version")?.span)
      ]
      return ImportDocument()
    }
    let topIssues = reader.issues
    reader.issues = []
    if let settings = field("settings"),
      let members = reader.object(settings, "$.settings", allowed: ["machine_note", "rules_file"])
    {
      for member in members {
        if let value = reader.string(member.value, "$.settings.\(member.key)") {
          document.settings.append((member.key, value))
        }
      }
    }
    for (i, value) in array(field("beans"), "$.beans").enumerated() {
      let place = ImportDocument.Place(path: "$.beans[\(i)]", span: value.span)
      if let bean = bean(value, place.path) { document.beans.append((bean, place)) }
    }
    for (i, value) in array(field("grinders"), "$.grinders").enumerated() {
      let place = ImportDocument.Place(path: "$.grinders[\(i)]", span: value.span)
      if let grinder = grinder(value, place.path) { document.grinders.append((grinder, place)) }
    }
    for (i, value) in array(field("baskets"), "$.baskets").enumerated() {
      let place = ImportDocument.Place(path: "$.baskets[\(i)]", span: value.span)
      if let basket = basket(value, place.path) { document.baskets.append((basket, place)) }
    }
    // Members that were not arrays were not streamed; these report their type.
    _ = array(field("recipe_snapshots"), "$.recipe_snapshots")
    _ = array(field("attempts"), "$.attempts")
    _ = array(field("suggestion_events"), "$.suggestion_events")
    // File order: top-level problems, profiles, then the streamed rows.
    reader.issues = topIssues + reader.issues + streamedIssues
    return document
  }

  // MARK: Field helpers

  private mutating func array(_ value: JSONNode?, _ path: @autoclosure () -> String) -> [JSONNode] {
    guard let value else { return [] }
    guard let items = value.elements else {
      issue(path(), "expected an array, found \(value.kind.described)", at: value.span)
      return []
    }
    return items
  }

  private mutating func required<T>(_ value: T?, _ raw: JSONNode?, _ path: @autoclosure () -> String) -> T? {
    if raw == nil { issue(path(), "missing required field") }
    return value
  }

  private mutating func uuid(_ value: JSONNode?, _ path: @autoclosure () -> String, required: Bool = true) -> String? {
    guard let value else {
      if required { issue(path(), "missing required field") }
      return nil
    }
    guard let text = reader.string(value, path()) else { return nil }
    guard isUUID(text) else {
      issue(path(), "expected a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found '\(text)'", at: value.span)
      return nil
    }
    return text.lowercased()
  }

  private mutating func time(_ value: JSONNode?, _ path: @autoclosure () -> String, required: Bool = true)
    -> Timestamp?
  {
    guard let value else {
      if required { issue(path(), "missing required field") }
      return nil
    }
    guard let text = reader.string(value, path()) else { return nil }
    guard let time = Timestamp.parse(text) else {
      issue(path(), "expected an ISO 8601 date-time such as 2026-03-01T08:15:00Z, found '\(text)'", at: value.span)
      return nil
    }
    return time
  }

  private mutating func name(_ value: JSONNode?, _ path: @autoclosure () -> String) -> String? {
    guard let text = required(reader.string(value, path()), value, path()) else { return nil }
    guard !text.trimmingSpaces.isEmpty else {
      issue(path(), "must not be empty", at: value?.span)
      return nil
    }
    return text
  }

  // MARK: Entities

  private mutating func bean(_ value: JSONNode, _ path: String) -> Bean? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.beanKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let name = name(f("name"), path + ".name")
    var roastDate: CalendarDate?
    if let text = reader.string(f("roast_date"), path + ".roast_date") {
      roastDate = CalendarDate.parse(text)
      if roastDate == nil {
        issue(path + ".roast_date", "expected a date as YYYY-MM-DD, found '\(text)'", at: f("roast_date")?.span)
      }
    }
    let roaster = reader.string(f("roaster"), path + ".roaster")
    let notes = reader.string(f("notes"), path + ".notes")
    let created = time(f("created_at"), path + ".created_at")
    let archived = time(f("archived_at"), path + ".archived_at", required: false)
    guard let uuid, let name, let created else { return nil }
    return Bean(
      uuid: uuid, name: name, roaster: roaster, roastDate: roastDate, notes: notes, createdAt: created,
      archivedAt: archived)
  }

  private mutating func grinder(_ value: JSONNode, _ path: String) -> Grinder? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.grinderKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let name = name(f("name"), path + ".name")
    var scale: GrinderScale?
    var scaleOK = true
    if let s = f("scale"), let sm = reader.object(s, path + ".scale", allowed: ExportDocument.scaleKeys) {
      func g(_ key: String) -> JSONNode? { sm.first { $0.key == key }?.value }
      let step = required(reader.decimal(g("step"), path + ".scale.step"), g("step"), path + ".scale.step")
      let min = required(reader.decimal(g("min"), path + ".scale.min"), g("min"), path + ".scale.min")
      let max = required(reader.decimal(g("max"), path + ".scale.max"), g("max"), path + ".scale.max")
      var finer: ShotRecord.FinerDirection?
      if let text = required(reader.string(g("finer"), path + ".scale.finer"), g("finer"), path + ".scale.finer") {
        finer = ShotRecord.FinerDirection(rawValue: text)
        if finer == nil {
          issue(path + ".scale.finer", "expected \"lower\" or \"higher\", found '\(text)'", at: g("finer")?.span)
        }
      }
      if let step, let min, let max, let finer {
        scale = GrinderScale(step: step, min: min, max: max, finer: finer)
        if let problem = Validation.problem(with: GrinderScale(step: step, min: min, max: max, finer: finer)) {
          issue(path + ".scale", problem, at: s.span)
          scaleOK = false
        }
      } else {
        scaleOK = false
      }
    }
    let settingsNote = reader.string(f("settings_note"), path + ".settings_note")
    let notes = reader.string(f("notes"), path + ".notes")
    let created = time(f("created_at"), path + ".created_at")
    let archived = time(f("archived_at"), path + ".archived_at", required: false)
    guard let uuid, let name, let created, scaleOK else { return nil }
    return Grinder(
      uuid: uuid, name: name, scale: scale, settingsNote: settingsNote, notes: notes, createdAt: created,
      archivedAt: archived)
  }

  private mutating func basket(_ value: JSONNode, _ path: String) -> Basket? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.basketKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let name = name(f("name"), path + ".name")
    let capacity = reader.quantity(f("capacity_g"), path + ".capacity_g", .capacity)
    let notes = reader.string(f("notes"), path + ".notes")
    let created = time(f("created_at"), path + ".created_at")
    let archived = time(f("archived_at"), path + ".archived_at", required: false)
    guard let uuid, let name, let created else { return nil }
    return Basket(uuid: uuid, name: name, capacityG: capacity, notes: notes, createdAt: created, archivedAt: archived)
  }

  private mutating func snapshot(_ value: JSONNode, _ path: String) -> ImportDocument.SnapshotEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.snapshotKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let bean = self.uuid(f("bean"), path + ".bean")
    let grinder = self.uuid(f("grinder"), path + ".grinder")
    let basket = self.uuid(f("basket"), path + ".basket", required: false)
    let parent = self.uuid(f("parent"), path + ".parent", required: false)
    let dose = required(reader.quantity(f("dose_g"), path + ".dose_g", .dose), f("dose_g"), path + ".dose_g")
    let yield = required(reader.quantity(f("yield_g"), path + ".yield_g", .yield), f("yield_g"), path + ".yield_g")
    let time = required(reader.quantity(f("time_s"), path + ".time_s", .time), f("time_s"), path + ".time_s")
    let temperature = reader.quantity(f("temperature_c"), path + ".temperature_c", .temperature)
    let temperatureNote = reader.string(f("temperature_note"), path + ".temperature_note")
    let grind = name(f("grind"), path + ".grind")
    var reason: RecipeSnapshot.Reason?
    if let text = required(reader.string(f("reason"), path + ".reason"), f("reason"), path + ".reason") {
      reason = RecipeSnapshot.Reason(rawValue: text)
      if reason == nil {
        issue(path + ".reason", "unknown reason '\(text)'; expected new, set, scale or accept", at: f("reason")?.span)
      }
    }
    let detail = reader.string(f("reason_detail"), path + ".reason_detail")
    var adjustment: Adjustment?
    var adjustmentOK = true
    if let a = f("adjustment") {
      do {
        adjustment = try Adjustment(json: a)
      } catch {
        let inner = error.prefixed("adjustment")
        issue(path + "." + inner.path, inner.message, at: inner.span)
        adjustmentOK = false
      }
    }
    let created = self.time(f("created_at"), path + ".created_at")
    guard let uuid, let bean, let grinder, let dose, let yield, let time, let grind, let reason, let created,
      adjustmentOK
    else { return nil }
    let snapshot = RecipeSnapshot(
      uuid: uuid, beanID: 0, grinderID: 0, doseG: dose, yieldG: yield, timeS: time, temperatureC: temperature,
      temperatureNote: temperatureNote, grind: GrindSetting(text: grind), reason: reason, reasonDetail: detail,
      adjustment: adjustment, createdAt: created)
    return ImportDocument.SnapshotEntry(
      snapshot: snapshot, bean: bean, grinder: grinder, basket: basket, parent: parent,
      place: ImportDocument.Place(path: path, span: value.span))
  }

  private mutating func attempt(_ value: JSONNode, _ path: String) -> ImportDocument.AttemptEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.attemptKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let snapshot = self.uuid(f("snapshot"), path + ".snapshot")
    let pulled = time(f("pulled_at"), path + ".pulled_at")
    let created = time(f("created_at"), path + ".created_at")
    let notes = reader.string(f("notes"), path + ".notes")
    var record: ShotRecord?
    if let r = f("record") {
      let before = reader.issues.count
      record = reader.record(r, path + ".record")
      if reader.issues.count > before { record = nil }
      if let id = record?.id, let uuid, id.lowercased() != uuid {
        issue(path + ".record.id", "expected the attempt's uuid '\(uuid)', found '\(id)'", at: r["id"]?.span)
      }
    } else {
      issue(path + ".record", "missing required field")
    }
    var suggestion: StoredSuggestion?
    var suggestionOK = true
    if let s = f("suggestion") {
      suggestionOK = false
      if let sm = reader.object(s, path + ".suggestion", allowed: ExportDocument.suggestionKeys) {
        func g(_ key: String) -> JSONNode? { sm.first { $0.key == key }?.value }
        var rulesetName: String?
        var rulesetHash: String?
        if let r = g("ruleset"),
          let rm = reader.object(r, path + ".suggestion.ruleset", allowed: ExportDocument.rulesetKeys)
        {
          let n = rm.first { $0.key == "name" }?.value
          let h = rm.first { $0.key == "hash" }?.value
          rulesetName = required(
            reader.string(n, path + ".suggestion.ruleset.name"), n, path + ".suggestion.ruleset.name")
          rulesetHash = required(
            reader.string(h, path + ".suggestion.ruleset.hash"), h, path + ".suggestion.ruleset.hash")
        } else if g("ruleset") == nil {
          issue(path + ".suggestion.ruleset", "missing required field")
        }
        if let d = g("decision") {
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
    guard let uuid, let snapshot, let pulled, let created, let record, suggestionOK else { return nil }
    let shot = record.shot
    let attempt = ShotAttempt(
      uuid: uuid, snapshotID: 0, beanID: 0, grinderID: 0, pulledAt: pulled,
      measurements: shot ?? ShotRecord.Measurements(), notes: notes, suggestion: suggestion, createdAt: created)
    return ImportDocument.AttemptEntry(
      attempt: attempt, snapshot: snapshot, recipe: record.recipe,
      place: ImportDocument.Place(path: path, span: value.span))
  }

  private mutating func event(_ value: JSONNode, _ path: String) -> ImportDocument.EventEntry? {
    reader.fallbackSpan = value.span
    guard let m = reader.object(value, path, allowed: ExportDocument.eventKeys) else { return nil }
    func f(_ key: String) -> JSONNode? { m.first { $0.key == key }?.value }
    let uuid = uuid(f("uuid"), path + ".uuid")
    let attempt = self.uuid(f("attempt"), path + ".attempt")
    let snapshot = self.uuid(f("snapshot"), path + ".snapshot", required: false)
    var action: SuggestionEvent.Action?
    if let text = required(reader.string(f("action"), path + ".action"), f("action"), path + ".action") {
      action = SuggestionEvent.Action(rawValue: text)
      if action == nil {
        issue(path + ".action", "expected \"accepted\" or \"rejected\", found '\(text)'", at: f("action")?.span)
      }
    }
    if action == .rejected, snapshot != nil {
      issue(path + ".snapshot", "a rejection creates no snapshot", at: f("snapshot")?.span)
    }
    let note = reader.string(f("note"), path + ".note")
    let at = time(f("at"), path + ".at")
    guard let uuid, let attempt, let action, let at else { return nil }
    return ImportDocument.EventEntry(
      event: SuggestionEvent(uuid: uuid, attemptID: 0, action: action, note: note, at: at), attempt: attempt,
      snapshot: snapshot, place: ImportDocument.Place(path: path, span: value.span))
  }
}
