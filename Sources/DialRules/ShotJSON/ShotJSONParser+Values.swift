/// Reading single values against the schema: numbers with bounds (as fixed-point integers, the
/// value × 10⁹), texts with a length limit (as places in the input), words from a vocabulary, tag
/// lists. Each returns nil for `null` (absent) and, after reporting it, for a value it cannot
/// accept, so the caller just stores the result and moves on.
extension ShotJSONParser {
  /// `format`: required, exactly `"dialrules-shot"`.
  mutating func readFormat() throws(JSONStop) {
    guard scanner.valueKind == .string else {
      try wrongType(expected: "the string '\(Schema.format)'", .top, "format", depth: 1)
      return
    }
    let token = try scanner.scanString()
    if scanner.packedContent(token) != Schema.formatWord {
      scanner.report(ShotJSONMessages.wrongFormat(token.span, found: scanner.content(token)))
    }
  }

  /// `version`: required, the number 1.
  mutating func readVersion() throws(JSONStop) {
    guard scanner.valueKind != .null else {
      try wrongType(expected: "a number", .top, "version", depth: 1)
      return
    }
    guard let v = try readNumber(.top, "version", .version, depth: 1) else { return }
    if v != Int64(Schema.version) * CompactShot.scale {
      scanner.report(ShotJSONMessages.unsupportedVersion(valueSpan, found: ExactNumber(scaled: v).decimalText))
    }
  }

  /// A number field, read exactly from its bytes and checked against the bounds of `field`; the
  /// result is the value × 10⁹ (whole for every number shot JSON accepts: at most 9 decimals and a
  /// magnitude of at most 10⁹, so at most 10¹⁸).
  ///
  /// The common form (`36.4`, `-2`) is read in one pass (`JSONScanner.scanFixedPoint`); anything
  /// else — an exponent, more digits, a malformed number — by `scanNumber` and
  /// `ExactNumber.parse(decimal:)`, which give every diagnostic.
  @inline(__always)
  mutating func readNumber(
    _ scope: Schema.Scope, _ key: String, _ field: Schema.NumberField, depth: Int
  ) throws(JSONStop) -> Int64? {
    let start = scanner.index
    if takesUsualPaths, let v = scanner.scanFixedPoint() {
      valueSpan = SourceSpan(start: start, end: scanner.index)
      let rule = field.rule
      // The usual case, tested here; `checked` repeats the test to report what is wrong.
      if !rule.wholeNumber || v % CompactShot.scale == 0, rule.admits(scaled: v) { return v }
      return checked(v, valueSpan, scope, key, field)
    }
    return try readUnusualNumber(scope, key, field, depth: depth)
  }

  /// `readNumber` for every form but the common one: exponents, long numbers, `null`, strings,
  /// mistakes. Kept out of line so the common path stays small.
  @inline(never)
  private mutating func readUnusualNumber(
    _ scope: Schema.Scope, _ key: String, _ field: Schema.NumberField, depth: Int
  ) throws(JSONStop) -> Int64? {
    let start = scanner.index
    guard let b = scanner.current else { throw scanner.syntaxError(expected: "a value") }
    if b == UInt8(ascii: "N") || b == UInt8(ascii: "I")
      || (b == UInt8(ascii: "-") && start + 1 < scanner.end && scanner.bytes[start + 1] == UInt8(ascii: "I")),
      let word = scanner.nonFiniteWord(at: start)
    {
      // Not JSON, but common from JavaScript and Python writers: name it, then carry on.
      scanner.index += word.utf8.count
      valueSpan = SourceSpan(start: start, end: scanner.index)
      scanner.report(JSONMessages.nonFiniteNumber(valueSpan, word, path: scope.path(key)))
      return nil
    }
    switch scanner.valueKind {
    case .number:
      let span = try scanner.scanNumber()
      valueSpan = span
      switch ExactNumber.parse(decimal: scanner.bytes[span.start..<span.end]) {
      case .success(let n):
        guard let scaled = n.scaledValue else {
          preconditionFailure("a parsed number has no fixed-point form; please report this bug")
        }
        return checked(scaled, span, scope, key, field)
      case .failure(let error):
        scanner.report(ShotJSONMessages.badNumber(span, path: scope.path(key), text: text(span), error: error))
        return nil
      }
    case .null:
      valueSpan = SourceSpan(start: start, end: start + 4)
      _ = try scanner.scanLiteral()
      return nil
    case .string:
      let token = try scanner.scanString()
      valueSpan = token.span
      let looksNumeric = scanner.withContent(token) { content in
        if case .failure(.malformed) = ExactNumber.parse(decimal: content) { return false }
        return true
      }
      if looksNumeric {
        scanner.report(
          ShotJSONMessages.numberAsString(token.span, path: scope.path(key), content: scanner.content(token)))
      } else {
        scanner.report(
          ShotJSONMessages.wrongType(token.span, expected: "a number", found: .string, path: scope.path(key)))
      }
      return nil
    default:
      try wrongType(expected: "a number", scope, key, depth: depth)
      return nil
    }
  }

  /// `v` (a number × 10⁹ read at `span`) when it is within the bounds of `field`, else nil after
  /// reporting why.
  @inline(never)
  private mutating func checked(
    _ v: Int64, _ span: SourceSpan, _ scope: Schema.Scope, _ key: String, _ field: Schema.NumberField
  ) -> Int64? {
    let rule = field.rule
    if rule.wholeNumber && v % CompactShot.scale != 0 {
      scanner.report(ShotJSONMessages.notWholeNumber(span, path: scope.path(key), text: text(span), help: field.help))
      return nil
    }
    guard rule.admits(scaled: v) else {
      scanner.report(
        ShotJSONMessages.outOfRange(
          span, path: scope.path(key), text: text(span), expected: field.expectation, help: field.help))
      return nil
    }
    return v
  }

  /// A free-text field (`id`, `grinder.name`), at most `maxStringBytes` long.
  mutating func readText(_ scope: Schema.Scope, _ key: String, depth: Int) throws(JSONStop) -> ShotParts.TextRef? {
    switch scanner.valueKind {
    case .string:
      return try readBoundedString(scope, key)
    case .null:
      _ = try scanner.scanLiteral()
      return nil
    default:
      try wrongType(expected: "a string", scope, key, depth: depth)
      return nil
    }
  }

  /// `recipe.grind`: free text, or a number within the grind bounds; the form is kept.
  mutating func readGrind(depth: Int) throws(JSONStop) {
    switch scanner.valueKind {
    case .string:
      parts.grindText = try readBoundedString(.recipe, "grind")
    case .number:
      if let v = try readNumber(.recipe, "grind", .grindSetting, depth: depth) {
        parts.grindValue = v
        parts.has.insert(.grindNumber)
      }
    case .null:
      _ = try scanner.scanLiteral()
    default:
      try wrongType(expected: "a string or a number", .recipe, "grind", depth: depth)
    }
  }

  /// A string of at most `maxStringBytes`, kept as its place: in the input when it has no escapes,
  /// else in `texts` (the scanner's decoding buffer is reused by the next string).
  private mutating func readBoundedString(_ scope: Schema.Scope, _ key: String) throws(JSONStop) -> ShotParts.TextRef? {
    let token = try scanner.scanString()
    valueSpan = token.span
    let count = scanner.contentCount(token)
    guard count <= Schema.maxStringBytes else {
      scanner.report(
        ShotJSONMessages.stringTooLong(token.span, path: scope.path(key), size: count, limit: Schema.maxStringBytes))
      return nil
    }
    guard token.escaped else { return ShotParts.TextRef(start: token.start + 1, count: count, decoded: false) }
    let start = texts.count
    texts.append(contentsOf: scanner.decoded)
    return ShotParts.TextRef(start: start, count: count, decoded: true)
  }

  /// A word from a fixed vocabulary (`grinder.finer`, an adjustment's `type` or `direction`).
  mutating func readWord<Word: RawRepresentable>(
    _ table: JSONWordTable<Word>, _ scope: Schema.Scope, _ key: String, depth: Int
  ) throws(JSONStop) -> Word? where Word.RawValue == String {
    switch scanner.valueKind {
    case .string:
      let token = try scanner.scanString()
      valueSpan = token.span
      if let i = scanner.packedContent(token).flatMap({ table.index(of: $0) }) { return table.words[i] }
      let found = scanner.content(token)
      scanner.report(
        ShotJSONMessages.unknownValue(
          token.span, value: found, path: scope.path(key), allowed: table.names,
          suggestion: Suggestion.closest(to: found, among: table.names)))
      return nil
    case .null:
      _ = try scanner.scanLiteral()
      return nil
    default:
      try wrongType(expected: "one of " + ShotJSONMessages.list(table.names), scope, key, depth: depth)
      return nil
    }
  }

  /// A tag list (`taste`, `flow`): an array of distinct words from the vocabulary. `[]` is a known
  /// empty set; `null` is absent.
  mutating func readTags<Tag: TagVocabulary>(
    _ table: JSONWordTable<Tag>, _ scope: Schema.Scope, _ key: String, depth: Int
  ) throws(JSONStop) -> TagSet<Tag>? {
    switch scanner.valueKind {
    case .array:
      if takesUsualPaths, let tags = plainTags(table) { return tags }
    case .null:
      _ = try scanner.scanLiteral()
      return nil
    default:
      try wrongType(
        expected: "an array of \(Tag.setName) tags", scope, key, depth: depth,
        help: "write a list, even for one tag: [\"\(table.names.first ?? "")\"]")
      return nil
    }
    scanner.index += 1
    var tags = TagSet<Tag>()
    var seen = SeenKeys()
    var valid = true
    var first = true
    var position = 0
    while try scanner.nextElement(first: &first) {
      try checkErrorLimit()
      defer { position += 1 }
      guard scanner.valueKind == .string else {
        try wrongType(expected: "a \(Tag.setName) tag (a string)", scope, "\(key)[\(position)]", depth: depth + 1)
        valid = false
        continue
      }
      let token = try scanner.scanString()
      guard let i = scanner.packedContent(token).flatMap({ table.index(of: $0) }) else {
        let found = scanner.content(token)
        scanner.report(
          ShotJSONMessages.unknownTag(
            token.span, tag: found, path: scope.path("\(key)[\(position)]"), setName: Tag.setName,
            suggestion: Suggestion.closest(to: found, among: table.names), known: table.names))
        valid = false
        continue
      }
      if seen.contains(i) {
        scanner.report(
          ShotJSONMessages.duplicateTag(
            token.span, tag: table.names[i], path: scope.path("\(key)[\(position)]"), first: seen.span(i)))
        valid = false
        continue
      }
      seen.insert(i, span: token.span)
      tags.insert(table.words[i])
    }
    return valid ? tags : nil
  }

  /// The usual tag list — distinct known tags, no escapes — read in one tight pass from its `[`;
  /// nil, with nothing consumed, for every other list, which `readTags`' loop then reads and
  /// reports on. It accepts only lists that loop accepts, with the same result.
  @inline(__always)
  private mutating func plainTags<Tag: TagVocabulary>(_ table: JSONWordTable<Tag>) -> TagSet<Tag>? {
    let open = scanner.index
    var tags = TagSet<Tag>()
    scanner.index = scanner.afterWhitespace(open + 1)
    if scanner.current == UInt8(ascii: "]") {
      scanner.index += 1
      return tags
    }
    while scanner.current == UInt8(ascii: "\""), let token = scanner.scanShortString(), let packed = token.packed,
      let i = table.index(of: packed), !tags.contains(table.words[i])
    {
      tags.insert(table.words[i])
      let next = scanner.afterWhitespace(scanner.index)
      guard next < scanner.end else { break }
      if scanner.bytes[next] == UInt8(ascii: "]") {
        scanner.index = next + 1
        return tags
      }
      guard scanner.bytes[next] == UInt8(ascii: ",") else { break }
      scanner.index = scanner.afterWhitespace(next + 1)
    }
    scanner.index = open
    return nil
  }

  /// Reports a value of the wrong type at `scope.key` and skips it.
  mutating func wrongType(
    expected: String, _ scope: Schema.Scope, _ key: String, depth: Int, help: String? = nil
  ) throws(JSONStop) {
    guard let found = scanner.valueKind else { throw scanner.syntaxError(expected: "a value") }
    let span = try scanner.skipValue(depth: depth)
    valueSpan = span
    scanner.report(
      ShotJSONMessages.wrongType(span, expected: expected, found: found, path: scope.path(key), help: help))
  }

  private func text(_ span: SourceSpan) -> String { scanner.text(of: span) }
}
