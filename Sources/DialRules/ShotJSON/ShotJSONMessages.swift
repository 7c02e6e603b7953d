/// Every diagnostic the shot JSON reader emits beyond JSON syntax (which is `JSONMessages`, the
/// JSON core's), as static constructors sorted by name. Codes (the `J` series) never change
/// meaning; wording may improve. `docs/shot-json.md` lists every code with an input that triggers
/// it.
///
/// Values quoted from the input go through `JSONMessages.displayText`, so a hostile key cannot put terminal
/// escapes or a megabyte of text into a message.
enum ShotJSONMessages {
  /// Every code, in order; a test checks each is documented and triggered.
  static let allCodes = (1...32).map { n in n < 10 ? "J00\(n)" : "J0\(n)" }

  /// J022, J023, J024 (and J008 for `malformed`, which the scanner's grammar check makes
  /// unreachable): a number JSON accepts but an exact decimal within the limits cannot hold.
  static func badNumber(_ span: SourceSpan, path: String, text: String, error: ExactNumber.TextError) -> Diagnostic {
    let shown = JSONMessages.displayText(text)
    switch error {
    case .tooLarge:
      return Diagnostic(
        messageID: "shotJSON.badNumber",
        arguments: [.init("path", .init(path)), .init("text", .init(text)), .init("error", .init(error))],
        code: "J022", message: "number '\(shown)' at '\(path)' is too large", span: span,
        help: "numbers in shot JSON are at most \(ExactNumber.Limits.maxMagnitude) in magnitude")
    case .tooPrecise:
      return Diagnostic(
        messageID: "shotJSON.badNumber",
        arguments: [.init("path", .init(path)), .init("text", .init(text)), .init("error", .init(error))],
        code: "J023", message: "number '\(shown)' at '\(path)' has too many decimal places", span: span,
        help: "use at most \(ExactNumber.Limits.maxFractionDigits) digits after the decimal point")
    case .tooManyDigits:
      return Diagnostic(
        messageID: "shotJSON.badNumber",
        arguments: [.init("path", .init(path)), .init("text", .init(text)), .init("error", .init(error))],
        code: "J024", message: "number '\(shown)' at '\(path)' has too many significant digits", span: span,
        help: "use at most \(ExactNumber.Limits.maxSignificantDigits) significant digits")
    case .malformed:
      return JSONMessages.invalidNumber(span, text: text, reason: "not a decimal number")
    }
  }

  static func documentTooLarge(_ span: SourceSpan, size: Int, limit: Int, lineMode: Bool) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.documentTooLarge",
      arguments: [.init("size", .init(size)), .init("limit", .init(limit)), .init("lineMode", .init(lineMode))],
      code: "J012",
      message: "\(lineMode ? "line" : "document") is too large: \(size) bytes, the limit is \(limit)", span: span,
      help: "a shot document is a few hundred bytes; check that this is the right file")
  }

  static func duplicateKey(_ span: SourceSpan, key: String, scope: ShotJSONSchema.Scope, first: SourceSpan)
    -> Diagnostic
  {
    Diagnostic(
      messageID: "shotJSON.duplicateKey", arguments: [.init("key", .init(key)), .init("scope", .init(scope))],
      code: "J018", message: "duplicate key '\(key)' \(scope.described)", span: span,
      notes: [Diagnostic.Note("first given here", span: first)], help: "keep one of them")
  }

  static func duplicateTag(_ span: SourceSpan, tag: String, path: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.duplicateTag", arguments: [.init("tag", .init(tag)), .init("path", .init(path))],
      code: "J028", message: "duplicate tag '\(tag)' at '\(path)'", span: span,
      notes: [Diagnostic.Note("first listed here", span: first)], help: "list each tag once")
  }

  static func emptyDocument(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.emptyDocument", arguments: [],
      code: "J013", message: "empty document, expected a shot object", span: span,
      help: "a shot is an object such as {\"format\": \"dialrules-shot\", \"version\": 1}")
  }

  static func grinderRangeInverted(_ span: SourceSpan, maxSpan: SourceSpan, min: String, max: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.grinderRangeInverted", arguments: [.init("min", .init(min)), .init("max", .init(max))],
      code: "J030",
      message: "expected 'grinder.min' to be less than 'grinder.max', found min \(min) and max \(max)", span: span,
      notes: [Diagnostic.Note("'grinder.max' is given here", span: maxSpan)],
      help: "'min' and 'max' are the grinder's lowest and highest settings; swap them if they are reversed")
  }

  static func keyNotAllowed(_ span: SourceSpan, key: String, type: String, allowed: [String]) -> Diagnostic {
    let has = allowed.isEmpty ? "has no other keys" : "has " + list(allowed, and: true)
    return Diagnostic(
      messageID: "shotJSON.keyNotAllowed",
      arguments: [.init("key", .init(key)), .init("type", .init(type)), .init("allowed", .init(allowed))],
      code: "J019", message: "key '\(key)' does not belong in a '\(type)' adjustment at 'previous.adjustment'",
      span: span, help: "a '\(type)' adjustment \(has) besides 'type'")
  }

  /// All keys missing from one object in one diagnostic: they share the object's span, and the
  /// renderer keeps one diagnostic per code and span.
  static func missingKeys(_ span: SourceSpan, keys: [String], scope: ShotJSONSchema.Scope, help: String) -> Diagnostic {
    let noun = keys.count == 1 ? "key" : "keys"
    return Diagnostic(
      messageID: "shotJSON.missingKeys",
      arguments: [.init("keys", .init(keys)), .init("scope", .init(scope)), .init("help", .init(help))],
      code: "J014", message: "missing required \(noun) \(list(keys, and: true)) \(scope.described)", span: span,
      help: help)
  }

  static func notWholeNumber(_ span: SourceSpan, path: String, text: String, help: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.notWholeNumber",
      arguments: [.init("path", .init(path)), .init("text", .init(text)), .init("help", .init(help))],
      code: "J026", message: "expected a whole number at '\(path)', found \(JSONMessages.displayText(text))",
      span: span,
      help: help)
  }

  static func numberAsString(_ span: SourceSpan, path: String, content: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.numberAsString", arguments: [.init("path", .init(path)), .init("content", .init(content))],
      code: "J021", message: "expected a number at '\(path)', found a number in quotes", span: span,
      help: "remove the quotes: \(JSONMessages.displayText(content))")
  }

  static func outOfRange(_ span: SourceSpan, path: String, text: String, expected: String, help: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.outOfRange",
      arguments: [
        .init("path", .init(path)), .init("text", .init(text)), .init("expected", .init(expected)),
        .init("help", .init(help)),
      ],
      code: "J025", message: "expected '\(path)' to be \(expected), found \(JSONMessages.displayText(text))",
      span: span,
      help: help)
  }

  static func stringTooLong(_ span: SourceSpan, path: String, size: Int, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.stringTooLong",
      arguments: [.init("path", .init(path)), .init("size", .init(size)), .init("limit", .init(limit))],
      code: "J031", message: "string at '\(path)' is too long: \(size) bytes, the limit is \(limit)", span: span,
      help: "shorten it")
  }

  static func tooManyErrors(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.tooManyErrors", arguments: [.init("limit", .init(limit))],
      code: "J032", message: "too many errors in this document, stopped after \(limit)", span: span,
      help: "fix the errors above and read it again")
  }

  static func trailingContent(_ span: SourceSpan, lineMode: Bool) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.trailingContent", arguments: [.init("lineMode", .init(lineMode))],
      code: "J010", message: "unexpected content after the shot object", span: span,
      help: lineMode
        ? "JSON Lines holds exactly one shot object per line"
        : "a shot file holds one shot object; use JSON Lines (one shot per line) for several")
  }

  static func unknownKey(
    _ span: SourceSpan, key: String, scope: ShotJSONSchema.Scope, suggestion: String?, known: [String]
  ) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unknownKey",
      arguments: [
        .init("key", .init(key)), .init("scope", .init(scope)), .init("suggestion", .init(suggestion)),
        .init("known", .init(known)),
      ],
      code: "J017", message: "unknown key '\(JSONMessages.displayText(key))' \(scope.described)", span: span,
      help: suggestion.map { "did you mean '\($0)'?" } ?? "keys \(scope.described) are " + list(known, and: true))
  }

  static func unknownTag(
    _ span: SourceSpan, tag: String, path: String, setName: String, suggestion: String?, known: [String]
  ) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unknownTag",
      arguments: [
        .init("tag", .init(tag)), .init("path", .init(path)), .init("setName", .init(setName)),
        .init("suggestion", .init(suggestion)), .init("known", .init(known)),
      ],
      code: "J027", message: "unknown \(setName) tag '\(JSONMessages.displayText(tag))' at '\(path)'", span: span,
      help: suggestion.map { "did you mean '\($0)'?" } ?? "\(setName) tags are " + list(known, and: true))
  }

  static func unknownValue(
    _ span: SourceSpan, value: String, path: String, allowed: [String], suggestion: String?
  ) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unknownValue",
      arguments: [
        .init("value", .init(value)), .init("path", .init(path)), .init("allowed", .init(allowed)),
        .init("suggestion", .init(suggestion)),
      ],
      code: "J029",
      message: "expected one of \(list(allowed)) at '\(path)', found '\(JSONMessages.displayText(value))'",
      span: span, help: suggestion.map { "did you mean '\($0)'?" })
  }

  static func unsupportedVersion(_ span: SourceSpan, found: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unsupportedVersion", arguments: [.init("found", .init(found))],
      code: "J016", message: "unsupported shot JSON version \(found)", span: span,
      help: "this dialrules reads version \(ShotJSONSchema.version)")
  }

  static func wrongFormat(_ span: SourceSpan, found: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.wrongFormat", arguments: [.init("found", .init(found))],
      code: "J015",
      message: "expected 'format' to be '\(ShotJSONSchema.format)', found '\(JSONMessages.displayText(found))'",
      span: span, help: "this reader accepts only dialrules shot files")
  }

  static func wrongType(
    _ span: SourceSpan, expected: String, found: JSONValueKind, path: String?, help: String? = nil
  ) -> Diagnostic {
    let place = path.map { "at '\($0)'" } ?? "at top level"
    return Diagnostic(
      messageID: "shotJSON.wrongType",
      arguments: [
        .init("expected", .init(expected)), .init("found", .text(found.described)), .init("path", .init(path)),
        .init("help", .init(help)),
      ],
      code: "J020", message: "expected \(expected) \(place), found \(found.described)", span: span, help: help)
  }

  // MARK: - Formatting helpers

  /// `'a', 'b', 'c'` — or `'a', 'b' and 'c'` with `and`.
  static func list(_ words: [String], and: Bool = false) -> String {
    let quoted = words.map { "'\($0)'" }
    guard and, quoted.count > 1, let last = quoted.last else { return quoted.joined(separator: ", ") }
    return quoted.dropLast().joined(separator: ", ") + " and " + last
  }

}
