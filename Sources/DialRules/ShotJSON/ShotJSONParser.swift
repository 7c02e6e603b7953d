/// The schema-directed half of the shot JSON reader: walks one document with a `JSONScanner`,
/// reading each known key straight into its place in `parts` (numbers as fixed-point integers,
/// tags as bits, texts as places in the input), from which a `ShotRecord` is built on demand.
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
  /// What the current document held so far.
  var parts = ShotParts()
  /// The content of every escaped text of the current document (`ShotParts.TextRef.decoded`).
  var texts: [UInt8] = []
  /// Whether the shortcuts for usual input are taken (the header, the expected key, the common
  /// number form, the plain tag list). Each gives what the general path gives for the same bytes;
  /// tests read with them off to check that.
  let takesUsualPaths: Bool

  init(bytes: UnsafeBufferPointer<UInt8>, usualPaths: Bool = true) {
    scanner = JSONScanner(bytes: bytes)
    takesUsualPaths = usualPaths
  }

  /// Reads the document in `start..<end` of the buffer, which holds the bytes of `file`, as a record.
  mutating func readDocument(
    start: Int, end: Int, lineMode: Bool, in file: SourceFile
  ) -> Result<ShotRecord, DiagnosticList> {
    guard readParts(start: start, end: end, lineMode: lineMode) else { return .failure(problems(in: file)) }
    return .success(texts.withUnsafeBufferPointer { parts.record(bytes: scanner.bytes, decoded: $0) })
  }

  /// Lends the parts and the decoded texts of the document read last to `body`, without copying
  /// either (both stay valid only inside `body`).
  mutating func lend<R>(_ body: (UnsafePointer<ShotParts>, UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUnsafeMutablePointer(to: &self) { me in
      me.pointee.texts.withUnsafeBufferPointer { texts in withUnsafePointer(to: &me.pointee.parts) { body($0, texts) } }
    }
  }

  /// Reads the document in `start..<end` into `parts`; true when it is a valid shot, false after
  /// recording every problem in `scanner.diagnostics` (see `problems(in:)`).
  mutating func readParts(start: Int, end: Int, lineMode: Bool) -> Bool {
    scanner.reset(start: start, end: end, lineMode: lineMode)
    parts = ShotParts()
    texts.removeAll(keepingCapacity: true)
    // The scanner only moves forward, so how far it got is the bytes it read.
    defer { WorkMeter.count(.jsonBytes, scanner.index - start) }
    guard end - start <= Schema.maxDocumentBytes else {
      scanner.report(
        ShotJSONMessages.documentTooLarge(
          SourceSpan(start: start, end: start + 1), size: end - start, limit: Schema.maxDocumentBytes,
          lineMode: lineMode))
      return false
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
        // Whatever it is, it is not a shot; but a word that is not a JSON literal (`nul`, `tru`,
        // `not json`) or a malformed number is a syntax error, with the code it gets inside an
        // object, not a value "found".
        let start = scanner.index
        switch kind {
        case .boolean, .null:
          guard ["true", "false", "null"].contains(where: { scanner.matches($0, at: start) }) else {
            throw scanner.syntaxError(expected: "a shot object starting with '{'")
          }
          _ = try scanner.scanLiteral()
        case .number: _ = try scanner.scanNumber()
        default: scanner.index += 1  // an array or a string: not worth skipping
        }
        let span = SourceSpan(start: start, end: scanner.index)
        scanner.report(ShotJSONMessages.wrongType(span, expected: "a shot object", found: kind, path: nil))
        throw JSONStop()
      }
      try readTop()
      scanner.skipWhitespace()
      if scanner.index < end {
        scanner.report(
          ShotJSONMessages.trailingContent(SourceSpan(start: scanner.index, end: end), lineMode: lineMode))
      }
      return scanner.diagnostics.isEmpty
    } catch {
      // The diagnostic that stopped the document is already recorded.
    }
    return false
  }

  /// The diagnostics of the document that failed last; a document only fails after reporting why.
  func problems(in file: SourceFile) -> DiagnosticList {
    guard let problems = DiagnosticList(scanner.diagnostics.normalized(), in: file) else {
      preconditionFailure("a shot JSON document failed without a diagnostic; please report this bug")
    }
    return problems
  }

  // MARK: - Objects

  /// The top-level object; `index` is at its `{`.
  ///
  /// Every part goes straight into `parts`, in place: a `ShotRecord` is nearly 1 KiB, and building
  /// one across throwing calls made the optimizer copy it several times per document.
  private mutating func readTop() throws(JSONStop) {
    let open = SourceSpan(start: scanner.index, end: scanner.index + 1)
    scanner.index += 1
    var seen = SeenKeys()
    var first = !(takesUsualPaths && readUsualHeader(&seen))
    let table = Schema.TopKey.table  // once per object, not per key (each read of a `static let` is a call)
    while let k = try nextKnownKey(table, in: .top, seen: &seen, first: &first, depth: 1) {
      switch k {
      case .format: try readFormat()
      case .version: try readVersion()
      case .id: parts.id = try readText(.top, k.rawValue, depth: 1)
      case .recipe: try readRecipe()
      case .grinder: try readGrinder()
      case .shot: try readMeasurements(.shot, depth: 1)
      case .previous: try readPrevious()
      }
    }
    let hasFormat = seen.contains(Schema.TopKey.table.position(of: .format))
    let hasVersion = seen.contains(Schema.TopKey.table.position(of: .version))
    if !hasFormat || !hasVersion {
      let missing = (hasFormat ? [] : [Schema.TopKey.format]) + (hasVersion ? [] : [.version])
      let header = missing.map { $0 == .format ? "\"format\": \"\(Schema.format)\"" : "\"version\": \(Schema.version)" }
      scanner.report(
        ShotJSONMessages.missingKeys(
          open, keys: missing.map { $0.rawValue }, scope: .top,
          help: "add " + header.joined(separator: ", ") + " to mark the file as a dialrules shot"))
    }
  }

  /// The header almost every document starts with — `"format": "dialrules-shot", "version": 1`,
  /// spelled as Python's `json.dumps` or as `JSONWriter` writes it — matched byte for byte just
  /// after the top-level `{`; true, with both keys marked seen (at the spans the general path
  /// records) and `index` just after the `1`, when it is there. Nothing else changes: the general
  /// path reads those two members with no diagnostic and the same result, and any other spelling
  /// (other white space, `1.0`, another order) is left to it. The `1` must end the number (the
  /// next byte is `,`, `}` or white space), so `10` or `1.5` is not taken.
  private mutating func readUsualHeader(_ seen: inout SeenKeys) -> Bool {
    let i = scanner.index
    let length: Int
    if scanner.matches(Self.spacedHeader, at: i) {
      length = Self.spacedHeader.utf8CodeUnitCount
    } else if scanner.matches(Self.compactHeader, at: i) {
      length = Self.compactHeader.utf8CodeUnitCount
    } else {
      return false
    }
    let after = i + length
    guard after < scanner.end else { return false }
    switch scanner.bytes[after] {
    case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: break
    default: return false
    }
    let spaced = length == Self.spacedHeader.utf8CodeUnitCount
    // `"format"` at `i`; `"version"` after `"format": "dialrules-shot", ` (or without spaces).
    let versionKey = i + (spaced ? 28 : 26)
    seen.insert(Schema.TopKey.formatPosition, span: SourceSpan(start: i, end: i + 8))
    seen.insert(Schema.TopKey.versionPosition, span: SourceSpan(start: versionKey, end: versionKey + 9))
    valueSpan = SourceSpan(start: after - 1, end: after)
    scanner.index = after
    return true
  }

  // Static strings, not arrays: no lazy initialisation to check per document.
  static let spacedHeader: StaticString = #""format": "dialrules-shot", "version": 1"#
  static let compactHeader: StaticString = #""format":"dialrules-shot","version":1"#

  /// `recipe`; nothing when it is `null` or not an object (reported).
  private mutating func readRecipe() throws(JSONStop) {
    guard try beginObject(.top, "recipe", depth: 1) else { return }
    parts.has.insert(.recipe)
    let table = Schema.RecipeKey.table
    var seen = SeenKeys()
    var first = true
    while let k = try nextKnownKey(table, in: .recipe, seen: &seen, first: &first, depth: 2) {
      let name = k.rawValue
      switch k {
      case .doseG: try readField(.recipeDose, .recipe, name, .dose, depth: 2)
      case .yieldG: try readField(.recipeYield, .recipe, name, .yield, depth: 2)
      case .timeS: try readField(.recipeTime, .recipe, name, .time, depth: 2)
      case .temperatureC: try readField(.recipeTemperature, .recipe, name, .temperature, depth: 2)
      case .grind: try readGrind(depth: 2)
      }
    }
  }

  /// `grinder`, checking `min < max` once both are known (they may come in any order).
  private mutating func readGrinder() throws(JSONStop) {
    guard try beginObject(.top, "grinder", depth: 1) else { return }
    parts.has.insert(.grinder)
    let table = Schema.GrinderKey.table
    var seen = SeenKeys()
    var first = true
    var minSpan = SourceSpan.at(0)
    var maxSpan = SourceSpan.at(0)
    while let k = try nextKnownKey(table, in: .grinder, seen: &seen, first: &first, depth: 2) {
      let name = k.rawValue
      switch k {
      case .name: parts.grinderName = try readText(.grinder, name, depth: 2)
      case .step:
        if let v = try readNumber(.grinder, name, .grinderStep, depth: 2) {
          parts.grinderStep = v
          parts.has.insert(.grinderStep)
        }
      case .min:
        if let v = try readNumber(.grinder, name, .grinderBound, depth: 2) {
          parts.grinderMin = v
          parts.has.insert(.grinderMin)
        }
        minSpan = valueSpan
      case .max:
        if let v = try readNumber(.grinder, name, .grinderBound, depth: 2) {
          parts.grinderMax = v
          parts.has.insert(.grinderMax)
        }
        maxSpan = valueSpan
      case .finer:
        parts.finer = try readWord(Schema.finerDirections, .grinder, name, depth: 2)
      }
    }
    if parts.has.contains([.grinderMin, .grinderMax]), parts.grinderMin >= parts.grinderMax {
      scanner.report(
        ShotJSONMessages.grinderRangeInverted(
          minSpan, maxSpan: maxSpan, min: ExactNumber(scaled: parts.grinderMin).decimalText,
          max: ExactNumber(scaled: parts.grinderMax).decimalText))
    }
  }

  /// `shot` or `previous.shot`, whose value sits inside `depth` containers.
  private mutating func readMeasurements(_ scope: Schema.Scope, depth: Int) throws(JSONStop) {
    let isShot = scope == .shot
    let (parent, name) = isShot ? (Schema.Scope.top, "shot") : (.previous, "shot")
    guard try beginObject(parent, name, depth: depth) else { return }
    parts.has.insert(isShot ? .shot : .previousShot)
    let inner = depth + 1
    let table = Schema.MeasurementKey.table
    var seen = SeenKeys()
    var first = true
    while let k = try nextKnownKey(table, in: scope, seen: &seen, first: &first, depth: inner) {
      let name = k.rawValue
      switch k {
      case .doseG: try readField(isShot ? .shotDose : .previousShotDose, scope, name, .dose, depth: inner)
      case .yieldG: try readField(isShot ? .shotYield : .previousShotYield, scope, name, .yield, depth: inner)
      case .timeS: try readField(isShot ? .shotTime : .previousShotTime, scope, name, .time, depth: inner)
      case .firstDropS:
        if isShot {
          try readField(.shotFirstDrop, scope, name, .firstDrop, depth: inner)
        } else if let v = try readNumber(scope, name, .firstDrop, depth: inner) {
          parts.previousFirstDrop = v
          parts.has.insert(.previousFirstDrop)
          parts.compact.set(.previousShotFirstDrop, scaled: v)
        }
      case .taste:
        if let tags = try readTags(Schema.tasteTags, scope, name, depth: inner) {
          if isShot { parts.compact.taste = tags.bits } else { parts.compact.previousTaste = tags.bits }
          parts.compact.present |= (isShot ? ObservedPath.shotTaste : .previousShotTaste).bit
        }
      case .flow:
        if let tags = try readTags(Schema.flowTags, scope, name, depth: inner) {
          if isShot { parts.compact.flow = tags.bits } else { parts.previousFlow = tags.bits }
          if !isShot { parts.compact.previousFlow = tags.bits }
          parts.has.insert(isShot ? .shotFlow : .previousFlow)
        }
      }
    }
  }

  /// `previous`: the adjustment applied since, and the previous shot's measurements.
  private mutating func readPrevious() throws(JSONStop) {
    guard try beginObject(.top, "previous", depth: 1) else { return }
    parts.has.insert(.previous)
    let table = Schema.PreviousKey.table
    var seen = SeenKeys()
    var first = true
    while let k = try nextKnownKey(table, in: .previous, seen: &seen, first: &first, depth: 2) {
      switch k {
      case .adjustment: parts.compact.adjustment = try readAdjustment()
      case .shot: try readMeasurements(.previousShot, depth: 2)
      }
    }
  }

  /// A number a rule can read, stored into `parts.compact` when it is acceptable.
  @inline(__always)
  private mutating func readField(
    _ field: NumericField, _ scope: Schema.Scope, _ key: String, _ bounds: Schema.NumberField, depth: Int
  ) throws(JSONStop) {
    if let v = try readNumber(scope, key, bounds, depth: depth) { parts.compact.set(field, scaled: v) }
  }

  /// `previous.adjustment`: keys may come in any order, so the object is read first and checked
  /// against its `type` afterwards. `null` or an absent key mean no adjustment.
  private mutating func readAdjustment() throws(JSONStop) -> CompactAdjustment {
    let open = SourceSpan(start: scanner.index, end: scanner.index + 1)
    guard try beginObject(.previous, "adjustment", depth: 2) else { return .none }
    typealias Key = Schema.AdjustmentKey
    let errorsBefore = scanner.diagnostics.count
    var seen = SeenKeys()
    var present = SeenKeys()  // keys with a non-null value
    var type: Schema.AdjustmentType?
    var direction: GrindDirection?
    var steps: Int64?
    var deltaG: Int64?
    var deltaC: Int64?
    var first = true
    let table = Key.table
    while let k = try nextKnownKey(table, in: .adjustment, seen: &seen, first: &first, depth: 3) {
      if scanner.valueKind != .null { present.insert(Key.table.position(of: k), span: scanner.key.span) }
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
      return .none
    }
    guard let type else { return .none }  // an unknown type is already reported
    let required = type.requiredKeys
    for k in Key.table.words where k != .type && isPresent(k) && !required.contains(k) {
      scanner.report(
        ShotJSONMessages.keyNotAllowed(
          present.span(Key.table.position(of: k)), key: k.rawValue, type: type.rawValue,
          allowed: required.map { $0.rawValue }))
    }
    let missing = required.filter { !isPresent($0) }
    if !missing.isEmpty {
      scanner.report(
        ShotJSONMessages.missingKeys(
          open, keys: missing.map { $0.rawValue }, scope: .adjustment,
          help: "a '\(type.rawValue)' adjustment has " + ShotJSONMessages.list(required.map { $0.rawValue }, and: true))
      )
    }
    guard scanner.diagnostics.count == errorsBefore else { return .none }
    switch type {
    case .grind:
      // `steps` is whole (checked when read), so the division is exact.
      guard let direction, let steps else { return .none }
      return CompactAdjustment(kind: .grind, coarser: direction == .coarser, steps: Int(steps / CompactShot.scale))
    case .yield:
      return deltaG.map { CompactAdjustment(kind: .yield, delta: $0) } ?? .none
    case .temperature:
      return deltaC.map { CompactAdjustment(kind: .temperature, delta: $0) } ?? .none
    case .noChange:
      return CompactAdjustment(kind: .noChange)
    }
  }

  // MARK: - Members

  /// Whether another member follows (its key in `scanner.key`), false at `}`; stops the document
  /// once it has too many errors, so a megabyte of unknown keys costs a hundred diagnostics, not a
  /// hundred thousand.
  mutating func nextMember(_ first: inout Bool) throws(JSONStop) -> Bool {
    try checkErrorLimit()
    return try scanner.nextKey(first: &first)
  }

  mutating func checkErrorLimit() throws(JSONStop) {
    guard scanner.diagnostics.count >= Schema.maxErrors else { return }
    scanner.report(ShotJSONMessages.tooManyErrors(SourceSpan.at(scanner.index), limit: Schema.maxErrors))
    throw JSONStop()
  }

  /// The next member's key, known and not seen before in this object (`index` at its value), or
  /// nil after the object's `}`. Unknown and repeated keys are reported and their values skipped.
  ///
  /// The usual case is taken without scanning: no errors so far, the usual separator, and the key
  /// the canonical order puts next (or the one after), matched as bytes in place. That finds what
  /// `nextMember` and `knownKey` would find for the same bytes, with the same spans; everything
  /// else goes to them.
  @inline(__always)
  private mutating func nextKnownKey<Key>(
    _ table: JSONWordTable<Key>, in scope: Schema.Scope, seen: inout SeenKeys, first: inout Bool, depth: Int
  ) throws(JSONStop) -> Key? where Key: RawRepresentable, Key.RawValue == String {
    if takesUsualPaths, scanner.diagnostics.count < Schema.maxErrors, let quote = scanner.usualKeyStart(first: first) {
      if quote < 0 {
        scanner.index = -quote
        return nil
      }
      for i in seen.next..<(seen.next + 2) where !seen.contains(i) {
        guard let word = table.packedWord(at: i), scanner.isPlainString(at: quote, word) else { continue }
        let close = quote + word.length + 2
        guard let value = scanner.valueAfterColon(close) else { break }
        scanner.key = JSONStringToken(start: quote, end: close, escaped: false, packed: word)
        seen.insert(i, span: SourceSpan(start: quote, end: close))
        first = false
        scanner.index = value
        return table.words[i]
      }
    }
    return try nextKnownKeyInGeneral(table, in: scope, seen: &seen, first: &first, depth: depth)
  }

  /// `nextKnownKey` for everything but the usual case.
  @inline(never)
  private mutating func nextKnownKeyInGeneral<Key>(
    _ table: JSONWordTable<Key>, in scope: Schema.Scope, seen: inout SeenKeys, first: inout Bool, depth: Int
  ) throws(JSONStop) -> Key? where Key: RawRepresentable, Key.RawValue == String {
    while try nextMember(&first) {
      if let k = try knownKey(table, in: scope, seen: &seen, depth: depth) { return k }
    }
    return nil
  }

  /// The known key `key` names, or nil after reporting an unknown or duplicate key and skipping
  /// its value. `depth` is the number of containers around the value.
  @inline(__always)
  private mutating func knownKey<Key>(
    _ table: JSONWordTable<Key>, in scope: Schema.Scope, seen: inout SeenKeys, depth: Int
  ) throws(JSONStop) -> Key? where Key: RawRepresentable, Key.RawValue == String {
    let key = scanner.key
    // Keys usually come in the canonical order: the one after the last key is tried first.
    if let packed = scanner.packedContent(key), let i = table.index(of: packed, trying: seen.next), !seen.contains(i) {
      seen.insert(i, span: key.span)
      return table.words[i]
    }
    try rejectKey(
      key, names: table.names, packed: scanner.packedContent(key).flatMap { table.index(of: $0) }, scope, seen, depth)
    return nil
  }

  /// Reports `key` — unknown (`position` nil) or a repeat of the key at `position` — and skips its
  /// value.
  private mutating func rejectKey(
    _ key: JSONStringToken, names: [String], packed position: Int?, _ scope: Schema.Scope, _ seen: SeenKeys,
    _ depth: Int
  ) throws(JSONStop) {
    if let i = position {
      scanner.report(ShotJSONMessages.duplicateKey(key.span, key: names[i], scope: scope, first: seen.span(i)))
    } else {
      let name = scanner.content(key)
      scanner.report(
        ShotJSONMessages.unknownKey(
          key.span, key: name, scope: scope, suggestion: Suggestion.closest(to: name, among: names), known: names))
    }
    _ = try scanner.skipValue(depth: depth)
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
  /// Start and end of each key's first spelling, packed into one word (offsets below 2³²: input
  /// files are at most 1 GiB).
  private var spans = InlineSlots<(UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), UInt64>(
    (0, 0, 0, 0, 0, 0, 0, 0))
  /// The position after the key seen last: where the next key usually is.
  private(set) var next = 0

  /// Whether the key at position `i` of its word table was seen.
  func contains(_ i: Int) -> Bool { i >= 0 && i < 32 && bits & (1 << UInt32(i)) != 0 }

  mutating func insert(_ i: Int, span: SourceSpan) {
    guard i >= 0, i < 32 else { return }
    bits |= 1 << UInt32(i)
    next = i + 1
    if i < spans.count {
      spans[i] = UInt64(truncatingIfNeeded: span.start) | UInt64(truncatingIfNeeded: span.end) << 32
    }
  }

  /// Where the key at position `i` was first seen.
  func span(_ i: Int) -> SourceSpan {
    guard i >= 0, i < spans.count else { return SourceSpan.at(0) }
    return SourceSpan(start: Int(spans[i] & 0xFFFF_FFFF), end: Int(spans[i] >> 32))
  }
}
