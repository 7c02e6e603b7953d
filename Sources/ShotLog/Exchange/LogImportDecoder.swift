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
    /// Whether the file gave the scale the snapshot was made on (exports before issue 10 did not;
    /// the grinder's scale stands in for it then).
    var hasScale: Bool
    var place: Place
  }
  struct BagEntry {
    var bag: Bag
    var bean: String
    var place: Place
    /// Made for a bean of a version 1 document, not read from the file.
    var madeForVersion1 = false
  }
  struct AttemptEntry {
    /// The attempt, with the record read from the file as its `record`.
    var attempt: ShotAttempt
    var snapshot: String
    /// The bag's UUID; nil in a version 1 document (the shot is then its bean's first bag's).
    var bag: String?
    var previous: String?
    var amends: String?
    /// For a shot imported from another app: where it came from, and its curves.
    var provenance: AttemptProvenance?
    var place: Place
  }
  struct VoidEntry {
    var void: AttemptVoid
    var attempt: String
    var place: Place
  }
  struct UndoEntry {
    var undo: SuggestionUndo
    var event: String
    var snapshot: String
    var place: Place
  }
  struct EventEntry {
    var event: SuggestionEvent
    var attempt: String
    var snapshot: String?
    var place: Place
  }

  var settings: [(key: String, value: String)] = []
  /// The export version the document was written in.
  var version = ExportDocument.version
  var beans: [(Bean, place: Place)] = []
  /// The bags; for a version 1 document, one per bean made from its roast facts.
  var bags: [BagEntry] = []
  var grinders: [(Grinder, place: Place)] = []
  var baskets: [(Basket, place: Place)] = []
  var snapshots: [SnapshotEntry] = []
  var attempts: [AttemptEntry] = []
  var events: [EventEntry] = []
  var voids: [VoidEntry] = []
  var undos: [UndoEntry] = []
}

/// Reads an export document, collecting every problem rather than stopping at the first.
struct LogImportDecoder {
  var reader: FieldReader

  init(file: SourceFile) { reader = FieldReader(file: file) }

  /// The problems found, with their lines and columns.
  var issues: [LogImportIssue] { reader.issues.map { $0.issue(in: reader.file) } }

  mutating func issue(_ path: String, _ message: String, at span: SourceSpan? = nil) {
    reader.issue(path, message, at: span)
  }

  /// Decodes the file; the result is meaningful only when `issues` is empty.
  mutating func decode() -> ImportDocument {
    var document = ImportDocument()
    guard let root = readStreaming(into: &document) else { return ImportDocument() }
    let streamedIssues = reader.issues
    reader.issues = []
    reader.fallbackSpan = root.span
    guard let top = reader.object(root, "$", allowed: ExportDocument.topKeys) else { return document }
    guard let version = readVersion(top, root) else { return ImportDocument() }
    document.version = version
    let topIssues = reader.issues
    reader.issues = []
    if let settings = top[key: "settings"],
      let members = reader.object(settings, "$.settings", allowed: ["machine_note", "rules_file"])
    {
      for member in members {
        if let value = reader.string(member.value, "$.settings.\(member.key)") {
          document.settings.append((member.key, value))
        }
      }
    }
    readProfiles(top, root, into: &document)
    // Members that were not arrays were not streamed; these report their type.
    _ = array(top[key: "recipe_snapshots"], "$.recipe_snapshots")
    _ = array(top[key: "attempts"], "$.attempts")
    _ = array(top[key: "suggestion_events"], "$.suggestion_events")
    _ = array(top[key: "voids"], "$.voids")
    _ = array(top[key: "undos"], "$.undos")
    // File order: top-level problems, profiles, then the streamed rows.
    reader.issues = topIssues + reader.issues + streamedIssues
    return document
  }

  /// Parses the file, decoding the long arrays element by element while parsing into `document`,
  /// so the file's whole tree is never in memory at once; returns the tree of the rest, or nil
  /// when the file is not valid JSON (`issues` then says why, and only that).
  private mutating func readStreaming(into document: inout ImportDocument) -> JSONNode? {
    let parsed = JSONScanner.readTree(
      reader.file, streaming: ["recipe_snapshots", "attempts", "suggestion_events", "voids", "undos"],
      // Each attempt's record is read once, in place, by the shot JSON reader: no tree of it.
      unbuilt: ["record"]
    ) { key, i, value in
      switch key {
      case "recipe_snapshots":
        if let entry = snapshot(value, "$.recipe_snapshots[\(i)]") { document.snapshots.append(entry) }
      case "attempts":
        if let entry = attempt(value, "$.attempts[\(i)]") { document.attempts.append(entry) }
      case "voids":
        if let entry = void(value, "$.voids[\(i)]") { document.voids.append(entry) }
      case "undos":
        if let entry = undo(value, "$.undos[\(i)]") { document.undos.append(entry) }
      default:
        if let entry = event(value, "$.suggestion_events[\(i)]") { document.events.append(entry) }
      }
    }
    switch parsed {
    case .success(let node):
      return node
    case .failure(let diagnostics):
      let stop = diagnostics.last
      reader.issues = [
        LogImportIssue.Found(
          path: "(file)",
          message: "not valid JSON: "
            + (stop.map { "error[\($0.code)]: \($0.message)" + ($0.help.map { " (\($0))" } ?? "") } ?? "unreadable"),
          span: stop?.span)
      ]
      return nil
    }
  }

  /// The export version of a shot log export this build reads; nil when the file is not a shot
  /// log export, or of a version this build does not read: `issues` then says only that, not
  /// what the elements would mean under this version.
  private mutating func readVersion(_ top: [JSONNode.Member], _ root: JSONNode) -> Int? {
    guard top[key: "format"]?.string == ExportDocument.format else {
      reader.issues = [
        LogImportIssue.Found(
          kind: .notAnExport, path: "$.format",
          message: "expected \"\(ExportDocument.format)\"; this is not a shot log export",
          span: top[key: "format"]?.span ?? root.span)
      ]
      return nil
    }
    guard let versionText = top[key: "version"]?.numberText, let version = Int(versionText) else {
      reader.issues = [
        LogImportIssue.Found(path: "$.version", message: "expected a whole number", span: top[key: "version"]?.span)
      ]
      return nil
    }
    guard ExportDocument.readableVersions.contains(version) else {
      let versions = ExportDocument.readableVersions
      reader.issues = [
        LogImportIssue.Found(
          kind: .unsupportedVersion(version), path: "$.version",
          message:
            "export version \(version) is not supported; this version reads versions \(versions.lowerBound) to \(versions.upperBound)",
          span: top[key: "version"]?.span)
      ]
      return nil
    }
    return version
  }

  /// The beans, bags, grinders and baskets (the profiles read from the tree, after the streamed
  /// arrays).
  private mutating func readProfiles(
    _ top: [JSONNode.Member], _ root: JSONNode, into document: inout ImportDocument
  ) {
    for (i, value) in array(top[key: "beans"], "$.beans").enumerated() {
      let place = ImportDocument.Place(path: "$.beans[\(i)]", span: value.span)
      if let bean = bean(value, place.path) { document.beans.append((bean, place)) }
    }
    readBags(top, root, into: &document)
    for (i, value) in array(top[key: "grinders"], "$.grinders").enumerated() {
      let place = ImportDocument.Place(path: "$.grinders[\(i)]", span: value.span)
      if let grinder = grinder(value, place.path) { document.grinders.append((grinder, place)) }
    }
    for (i, value) in array(top[key: "baskets"], "$.baskets").enumerated() {
      let place = ImportDocument.Place(path: "$.baskets[\(i)]", span: value.span)
      if let basket = basket(value, place.path) { document.baskets.append((basket, place)) }
    }
  }

  /// The bags: a version 2 file's, which every shot names; in a version 1 file, one per bean
  /// made from its roast facts.
  private mutating func readBags(
    _ top: [JSONNode.Member], _ root: JSONNode, into document: inout ImportDocument
  ) {
    if document.version >= 2 {
      if top[key: "bags"] == nil { issue("$.bags", "missing required field", at: root.span) }
      for (i, value) in array(top[key: "bags"], "$.bags").enumerated() {
        if let entry = bag(value, "$.bags[\(i)]") { document.bags.append(entry) }
      }
      for entry in document.attempts where entry.bag == nil {
        issue(entry.place.path + ".bag", "missing required field", at: entry.place.span)
      }
    } else {
      if let bags = top[key: "bags"] {
        issue("$.bags", "a version 1 export has no bags; bags came with version 2", at: bags.span)
      }
      for entry in document.attempts where entry.bag != nil {
        issue(
          entry.place.path + ".bag", "a version 1 export has no bags; bags came with version 2", at: entry.place.span)
      }
      // Before bags, a bean's roast facts were its one bag's: that bag, with the UUID a bean's
      // first bag always has, so a log migrated to bags and this file agree on it.
      for (bean, place) in document.beans {
        document.bags.append(
          ImportDocument.BagEntry(
            bag: Bag(
              uuid: Bag.firstUUID(ofBean: bean.uuid), beanID: 0, roaster: bean.roaster, roastDate: bean.roastDate,
              createdAt: bean.createdAt),
            bean: bean.uuid, place: place, madeForVersion1: true))
      }
    }
  }

  // MARK: Field helpers

  mutating func array(_ value: JSONNode?, _ path: @autoclosure () -> String) -> [JSONNode] {
    guard let value else { return [] }
    guard let items = value.elements else {
      issue(path(), "expected an array, found \(value.kind.described)", at: value.span)
      return []
    }
    return items
  }

  mutating func required<T>(_ value: T?, _ raw: JSONNode?, _ path: @autoclosure () -> String) -> T? {
    if raw == nil { issue(path(), "missing required field") }
    return value
  }

  mutating func uuid(_ value: JSONNode?, _ path: @autoclosure () -> String, required: Bool = true) -> String? {
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

  mutating func time(_ value: JSONNode?, _ path: @autoclosure () -> String, required: Bool = true)
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

  mutating func name(_ value: JSONNode?, _ path: @autoclosure () -> String) -> String? {
    guard let text = required(reader.string(value, path()), value, path()) else { return nil }
    switch Validation.problem(withText: text) {
    case .empty?:
      issue(path(), "must not be empty", at: value?.span)
      return nil
    case .tooLong(let limit)?:
      issue(path(), "longer than \(limit) bytes", at: value?.span)
      return nil
    case .controlCharacter(let scalar)?:
      issue(path(), "holds the control character U+\(scalarHex(scalar)); names are one line of text", at: value?.span)
      return nil
    case nil:
      return text
    }
  }

  /// A grinder scale object; nil (with an issue) when it is not a usable scale.
  mutating func scale(_ value: JSONNode, _ path: String) -> GrinderScale? {
    guard let sm = reader.object(value, path, allowed: ExportDocument.scaleKeys) else { return nil }
    let step = required(reader.decimal(sm[key: "step"], path + ".step"), sm[key: "step"], path + ".step")
    let min = required(reader.decimal(sm[key: "min"], path + ".min"), sm[key: "min"], path + ".min")
    let max = required(reader.decimal(sm[key: "max"], path + ".max"), sm[key: "max"], path + ".max")
    var finer: ShotRecord.FinerDirection?
    if let text = required(reader.string(sm[key: "finer"], path + ".finer"), sm[key: "finer"], path + ".finer") {
      finer = ShotRecord.FinerDirection(rawValue: text)
      if finer == nil {
        issue(path + ".finer", "expected \"lower\" or \"higher\", found '\(text)'", at: sm[key: "finer"]?.span)
      }
    }
    guard let step, let min, let max, let finer else { return nil }
    let scale = GrinderScale(step: step, min: min, max: max, finer: finer)
    if let problem = Validation.problem(with: scale) {
      issue(path, problem, at: value.span)
      return nil
    }
    return scale
  }
}

/// A code point as four or more hex digits, as in `U+001B`.
package func scalarHex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
