/// The schema-directed half of the shot JSON reader: walks one document with a `JSONScanner`,
/// reading each known key straight into its `ShotRecord` field.
///
/// Mistakes in values (unknown keys, wrong types, out-of-range numbers) are reported and reading
/// goes on, so one run shows all of them; syntax errors stop the document (`JSONStop`). The
/// schema itself nests at most four containers deep (`previous.shot.taste`), so only the
/// iterative `skipValue` ever sees deep input.
struct ShotJSONParser {
  typealias Schema = ShotJSONSchema

  var scanner: JSONScanner
  /// The span of the value read last, for diagnostics that point at a value after reading it.
  var valueSpan = SourceSpan.at(0)

  init(bytes: UnsafeBufferPointer<UInt8>) {
    scanner = JSONScanner(bytes: bytes)
  }

  /// Reads the document in `start..<end` of the buffer, which holds the bytes of `file`.
  mutating func readDocument(
    start: Int, end: Int, lineMode: Bool, in file: SourceFile
  ) -> Result<ShotRecord, DiagnosticList> {
    scanner.reset(start: start, end: end, lineMode: lineMode)
    // The scanner only moves forward, so how far it got is the bytes it read.
    defer { WorkMeter.count(.jsonBytes, scanner.index - start) }
    guard end - start <= Schema.maxDocumentBytes else {
      scanner.report(
        ShotJSONMessages.documentTooLarge(
          SourceSpan(start: start, end: start + 1), size: end - start, limit: Schema.maxDocumentBytes,
          lineMode: lineMode))
      return failure(in: file)
    }
    do throws(JSONStop) {
      scanner.skipWhitespace()
      guard let kind = scanner.valueKind else {
        if scanner.index >= end {
          scanner.report(ShotJSONMessages.emptyDocument(SourceSpan.at(start)))
          throw JSONStop()
        }
        throw scanner.syntaxError(expected: "a shot object starting with '{'")
      }
      guard kind == .object else {
        // Not worth skipping: whatever it is, it is not a shot.
        let span = SourceSpan(start: scanner.index, end: scanner.index + 1)
        scanner.report(ShotJSONMessages.wrongType(span, expected: "a shot object", found: kind, path: nil))
        throw JSONStop()
      }
      let record = try readTop()
      scanner.skipWhitespace()
      if scanner.index < end {
        scanner.report(
          ShotJSONMessages.trailingContent(SourceSpan(start: scanner.index, end: end), lineMode: lineMode))
      }
      if scanner.diagnostics.isEmpty { return .success(record) }
    } catch {
      // The diagnostic that stopped the document is already recorded.
    }
    return failure(in: file)
  }

  /// The diagnostics reported so far as a failure; a document only fails after reporting why.
  private func failure(in file: SourceFile) -> Result<ShotRecord, DiagnosticList> {
    guard let problems = DiagnosticList(scanner.diagnostics.normalized(), in: file) else {
      preconditionFailure("a shot JSON document failed without a diagnostic; please report this bug")
    }
    return .failure(problems)
  }

  // MARK: - Objects

  /// The top-level object; `index` is at its `{`.
  ///
  /// The parts are kept in separate locals and the record is built once at the end: a record is
  /// nearly 1 KiB, and assigning parts into a record variable across throwing calls made the
  /// optimizer copy the whole record several times per document.
  private mutating func readTop() throws(JSONStop) -> ShotRecord {
    let open = SourceSpan(start: scanner.index, end: scanner.index + 1)
    scanner.index += 1
    var id: String?
    var recipe: ShotRecord.Recipe?
    var grinder: ShotRecord.Grinder?
    var shot: ShotRecord.Measurements?
    var previous: ShotRecord.Previous?
    var seen = SeenKeys()
    var first = true
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Schema.TopKey.table, in: .top, seen: &seen, depth: 1) else { continue }
      switch k {
      case .format: try readFormat()
      case .version: try readVersion()
      case .id: id = try readText(.top, k.rawValue, depth: 1)
      case .recipe: recipe = try readRecipe()
      case .grinder: grinder = try readGrinder()
      case .shot: shot = try readMeasurements(.shot, depth: 1)
      case .previous: previous = try readPrevious()
      }
    }
    let hasFormat = seen.contains(Schema.TopKey.table.position(of: .format))
    let hasVersion = seen.contains(Schema.TopKey.table.position(of: .version))
    if !hasFormat || !hasVersion {
      let missing = (hasFormat ? [] : [Schema.TopKey.format]) + (hasVersion ? [] : [.version])
      let header = missing.map { $0 == .format ? "\"format\": \"\(Schema.format)\"" : "\"version\": \(Schema.version)" }
      scanner.report(
        ShotJSONMessages.missingKeys(
          open, keys: missing.map(\.rawValue), scope: .top,
          help: "add " + header.joined(separator: ", ") + " to mark the file as a dialrules shot"))
    }
    return ShotRecord(id: id, recipe: recipe, grinder: grinder, shot: shot, previous: previous)
  }

  /// `recipe`, or nil when it is `null` or not an object (reported).
  private mutating func readRecipe() throws(JSONStop) -> ShotRecord.Recipe? {
    guard try beginObject(.top, "recipe", depth: 1) else { return nil }
    var recipe = ShotRecord.Recipe()
    var seen = SeenKeys()
    var first = true
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Schema.RecipeKey.table, in: .recipe, seen: &seen, depth: 2) else { continue }
      let name = k.rawValue
      switch k {
      case .doseG: recipe.doseG = try readNumber(.recipe, name, .dose, depth: 2)
      case .yieldG: recipe.yieldG = try readNumber(.recipe, name, .yield, depth: 2)
      case .timeS: recipe.timeS = try readNumber(.recipe, name, .time, depth: 2)
      case .temperatureC: recipe.temperatureC = try readNumber(.recipe, name, .temperature, depth: 2)
      case .grind: recipe.grind = try readGrind(depth: 2)
      }
    }
    return recipe
  }

  /// `grinder`, checking `min < max` once both are known (they may come in any order).
  private mutating func readGrinder() throws(JSONStop) -> ShotRecord.Grinder? {
    guard try beginObject(.top, "grinder", depth: 1) else { return nil }
    var grinder = ShotRecord.Grinder()
    var seen = SeenKeys()
    var first = true
    var minSpan = SourceSpan.at(0)
    var maxSpan = SourceSpan.at(0)
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Schema.GrinderKey.table, in: .grinder, seen: &seen, depth: 2) else { continue }
      let name = k.rawValue
      switch k {
      case .name: grinder.name = try readText(.grinder, name, depth: 2)
      case .step: grinder.step = try readNumber(.grinder, name, .grinderStep, depth: 2)
      case .min:
        grinder.min = try readNumber(.grinder, name, .grinderBound, depth: 2)
        minSpan = valueSpan
      case .max:
        grinder.max = try readNumber(.grinder, name, .grinderBound, depth: 2)
        maxSpan = valueSpan
      case .finer:
        grinder.finer = try readWord(Schema.finerDirections, .grinder, name, depth: 2)
      }
    }
    if let low = grinder.min, let high = grinder.max, low >= high {
      scanner.report(
        ShotJSONMessages.grinderRangeInverted(minSpan, maxSpan: maxSpan, min: low.decimalText, max: high.decimalText))
    }
    return grinder
  }

  /// `shot` or `previous.shot`, whose value sits inside `depth` containers.
  private mutating func readMeasurements(_ scope: Schema.Scope, depth: Int) throws(JSONStop)
    -> ShotRecord.Measurements?
  {
    let (parent, name) = scope == .shot ? (Schema.Scope.top, "shot") : (.previous, "shot")
    guard try beginObject(parent, name, depth: depth) else { return nil }
    let inner = depth + 1
    var shot = ShotRecord.Measurements()
    var seen = SeenKeys()
    var first = true
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Schema.MeasurementKey.table, in: scope, seen: &seen, depth: inner) else {
        continue
      }
      let name = k.rawValue
      switch k {
      case .doseG: shot.doseG = try readNumber(scope, name, .dose, depth: inner)
      case .yieldG: shot.yieldG = try readNumber(scope, name, .yield, depth: inner)
      case .timeS: shot.timeS = try readNumber(scope, name, .time, depth: inner)
      case .firstDropS: shot.firstDropS = try readNumber(scope, name, .firstDrop, depth: inner)
      case .taste: shot.taste = try readTags(Schema.tasteTags, scope, name, depth: inner)
      case .flow: shot.flow = try readTags(Schema.flowTags, scope, name, depth: inner)
      }
    }
    return shot
  }

  /// `previous`: the adjustment applied since, and the previous shot's measurements.
  private mutating func readPrevious() throws(JSONStop) -> ShotRecord.Previous? {
    guard try beginObject(.top, "previous", depth: 1) else { return nil }
    var previous = ShotRecord.Previous()
    var seen = SeenKeys()
    var first = true
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Schema.PreviousKey.table, in: .previous, seen: &seen, depth: 2) else {
        continue
      }
      switch k {
      case .adjustment: previous.adjustment = try readAdjustment()
      case .shot: previous.shot = try readMeasurements(.previousShot, depth: 2)
      }
    }
    return previous
  }

  /// `previous.adjustment`: keys may come in any order, so the object is read first and checked
  /// against its `type` afterwards. `null` or an absent key mean no adjustment.
  private mutating func readAdjustment() throws(JSONStop) -> Adjustment? {
    let open = SourceSpan(start: scanner.index, end: scanner.index + 1)
    guard try beginObject(.previous, "adjustment", depth: 2) else { return nil }
    typealias Key = Schema.AdjustmentKey
    let errorsBefore = scanner.diagnostics.count
    var seen = SeenKeys()
    var present = SeenKeys()  // keys with a non-null value
    var type: Schema.AdjustmentType?
    var direction: GrindDirection?
    var steps: ExactNumber?
    var deltaG: ExactNumber?
    var deltaC: ExactNumber?
    var first = true
    while let key = try nextMember(&first) {
      guard let k = try knownKey(key, Key.table, in: .adjustment, seen: &seen, depth: 3) else { continue }
      if scanner.valueKind != .null { present.insert(Key.table.position(of: k), span: key.span) }
      let name = k.rawValue
      switch k {
      case .type: type = try readWord(Schema.AdjustmentType.table, .adjustment, name, depth: 3)
      case .direction: direction = try readWord(Schema.grindDirections, .adjustment, name, depth: 3)
      case .steps: steps = try readNumber(.adjustment, name, .steps, depth: 3)
      case .deltaG: deltaG = try readNumber(.adjustment, name, .deltaGrams, depth: 3)
      case .deltaC: deltaC = try readNumber(.adjustment, name, .deltaCelsius, depth: 3)
      }
    }
    func isPresent(_ k: Key) -> Bool { present.contains(Key.table.position(of: k)) }
    guard isPresent(.type) else {
      scanner.report(
        ShotJSONMessages.missingKeys(
          open, keys: ["type"], scope: .adjustment,
          help: "add \"type\": one of " + ShotJSONMessages.list(Schema.AdjustmentType.table.names)))
      return nil
    }
    guard let type else { return nil }  // an unknown type is already reported
    let required = type.requiredKeys
    for k in Key.table.words where k != .type && isPresent(k) && !required.contains(k) {
      scanner.report(
        ShotJSONMessages.keyNotAllowed(
          present.span(Key.table.position(of: k)), key: k.rawValue, type: type.rawValue,
          allowed: required.map(\.rawValue)))
    }
    let missing = required.filter { !isPresent($0) }
    if !missing.isEmpty {
      scanner.report(
        ShotJSONMessages.missingKeys(
          open, keys: missing.map(\.rawValue), scope: .adjustment,
          help: "a '\(type.rawValue)' adjustment has " + ShotJSONMessages.list(required.map(\.rawValue), and: true)))
    }
    guard scanner.diagnostics.count == errorsBefore else { return nil }
    switch type {
    case .grind:
      guard let direction, let count = steps?.intValue else { return nil }
      return .grind(direction, steps: count)
    case .yield:
      return deltaG.map { .yield(deltaGrams: $0) }
    case .temperature:
      return deltaC.map { .temperature(deltaCelsius: $0) }
    case .noChange:
      return .noChange
    }
  }

  // MARK: - Members

  /// The next member's key, or nil at `}`; stops the document once it has too many errors, so a
  /// megabyte of unknown keys costs a hundred diagnostics, not a hundred thousand.
  mutating func nextMember(_ first: inout Bool) throws(JSONStop) -> JSONStringToken? {
    try checkErrorLimit()
    return try scanner.nextMember(first: &first)
  }

  mutating func checkErrorLimit() throws(JSONStop) {
    guard scanner.diagnostics.count >= Schema.maxErrors else { return }
    scanner.report(ShotJSONMessages.tooManyErrors(SourceSpan.at(scanner.index), limit: Schema.maxErrors))
    throw JSONStop()
  }

  /// The known key `key` names, or nil after reporting an unknown or duplicate key and skipping
  /// its value. `depth` is the number of containers around the value.
  private mutating func knownKey<Key>(
    _ key: JSONStringToken, _ table: JSONWordTable<Key>, in scope: Schema.Scope, seen: inout SeenKeys, depth: Int
  ) throws(JSONStop) -> Key? where Key: RawRepresentable, Key.RawValue == String {
    guard let i = scanner.packedContent(key).flatMap({ table.index(of: $0) }) else {
      let name = scanner.content(key)
      scanner.report(
        ShotJSONMessages.unknownKey(
          key.span, key: name, scope: scope, suggestion: Suggestion.closest(to: name, among: table.names),
          known: table.names))
      _ = try scanner.skipValue(depth: depth)
      return nil
    }
    if seen.contains(i) {
      scanner.report(
        ShotJSONMessages.duplicateKey(key.span, key: table.names[i], scope: scope, first: seen.span(i)))
      _ = try scanner.skipValue(depth: depth)
      return nil
    }
    seen.insert(i, span: key.span)
    return table.words[i]
  }

  /// Enters an object value: true after its `{`; false for `null` (absent) or after reporting a
  /// value of another type.
  private mutating func beginObject(_ scope: Schema.Scope, _ key: String, depth: Int) throws(JSONStop) -> Bool {
    switch scanner.valueKind {
    case .object:
      scanner.index += 1
      return true
    case .null:
      _ = try scanner.scanLiteral()
      return false
    default:
      try wrongType(expected: "an object", scope, key, depth: depth)
      return false
    }
  }
}

/// Which keys of one object were seen, and where: a bit mask for the duplicate check (one AND per
/// key) and the first spelling's span for the duplicate's note. No heap allocation.
struct SeenKeys {
  private var bits: UInt32 = 0
  private var spans = InlineArray<8, SourceSpan>(repeating: SourceSpan.at(0))

  /// Whether the key at position `i` of its word table was seen.
  func contains(_ i: Int) -> Bool { i >= 0 && i < 32 && bits & (1 << UInt32(i)) != 0 }

  mutating func insert(_ i: Int, span: SourceSpan) {
    guard i >= 0, i < 32 else { return }
    bits |= 1 << UInt32(i)
    if i < spans.count { spans[i] = span }
  }

  /// Where the key at position `i` was first seen.
  func span(_ i: Int) -> SourceSpan { i >= 0 && i < spans.count ? spans[i] : SourceSpan.at(0) }
}
