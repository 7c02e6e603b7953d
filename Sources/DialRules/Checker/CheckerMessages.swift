/// Every diagnostic the checker emits (C… names and structure, T… types and units), as static
/// constructors sorted by name. Codes never change meaning (see `docs/diagnostics.md`).
enum CheckerMessages {
  /// For `dy < -2 s` where `dy` is in grams: the amount written in the unit it is compared with.
  static func amountHelp(_ number: String, in unit: QuantityDimension, other: String) -> String {
    "\(other) is in \(describe(unit)); write the amount in the same unit: '\(number) \(unit.unitWord)'"
  }

  static func amountNotPositive(_ span: SourceSpan, _ what: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.amountNotPositive", arguments: [.init("what", .init(what))], code: "C011",
      message: "\(what) must be greater than zero", span: span)
  }

  static func beyondExactRange(_ span: SourceSpan, _ text: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.beyondExactRange", arguments: [.init("text", .init(text))],
      code: "T004", message: "'\(text)' can exceed the exact range of numbers", span: span,
      notes: [
        .init(
          "values are exact fractions of at most 38 digits over 38 digits; on the most extreme valid shots "
            + "(doses down to 0.000000001 g, yields up to 500 g, times up to 600 s) this one needs more")
      ],
      help: "compute less: compare a ratio with a constant instead of multiplying ratios together")
  }

  static func cyclicLet(_ span: SourceSpan, chain: [String]) -> Diagnostic {
    Diagnostic(
      messageID: "checker.cyclicLet", arguments: [.init("chain", .init(chain))],
      code: "C005", message: "'\(chain.first ?? "")' is defined in terms of itself: \(chain.joined(separator: " → "))",
      span: span, help: "break the cycle: a 'let' may only use names that do not lead back to it")
  }

  static func divisorMayBeZero(_ span: SourceSpan, _ text: String, unit: QuantityDimension, range: ClosedInterval)
    -> Diagnostic
  {
    let zero = unit == .none ? "0" : "0 \(unit.unitWord)"
    let ends = unit == .none ? "" : " \(unit.unitWord)"
    return Diagnostic(
      messageID: "checker.divisorMayBeZero",
      arguments: [.init("text", .init(text)), .init("unit", .init(unit)), .init("range", .init(range))],
      code: "T004", message: "the divisor '\(text)' can be \(zero)", span: span,
      notes: [
        .init("on a valid shot it lies between \(range.lower.exactText)\(ends) and \(range.upper.exactText)\(ends)")
      ],
      help: "divide by a value that is never 0, such as 'shot.dose' or 'shot.time', or by a constant")
  }

  static func duplicateClause(_ span: SourceSpan, _ clause: String, rule: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateClause", arguments: [.init("clause", .init(clause)), .init("rule", .init(rule))],
      code: "C008", message: "rule '\(rule)' has more than one '\(clause)' clause", span: span,
      notes: [.init("first '\(clause)' is here", span: first)],
      help: clause == "when" ? "combine the conditions with 'and' or 'or'" : nil)
  }

  static func duplicateExamplePart(_ span: SourceSpan, _ part: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateExamplePart", arguments: [.init("part", .init(part))],
      code: "C015", message: "'\(part)' appears twice in the example", span: span,
      notes: [.init("first '\(part)' is here", span: first)], help: "list all its fields after one '\(part)'")
  }

  static func duplicateField(_ span: SourceSpan, _ field: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateField", arguments: [.init("field", .init(field))],
      code: "C015", message: "field '\(field)' is given twice", span: span,
      notes: [.init("first given here", span: first)])
  }

  static func duplicateLanguage(_ span: SourceSpan, _ code: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateLanguage", arguments: [.init("code", .init(code))],
      code: "C023", message: "language '\(code)' is listed twice", span: span,
      notes: [.init("first listed here", span: first)])
  }

  static func duplicateLet(_ span: SourceSpan, _ name: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateLet", arguments: [.init("name", .init(name))],
      code: "C004", message: "'\(name)' is already defined", span: span,
      notes: [.init("'\(name)' is first defined here", span: first)])
  }

  static func duplicateLimit(_ span: SourceSpan, _ kind: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateLimit", arguments: [.init("kind", .init(kind))],
      code: "C010", message: "the limit on '\(kind)' is declared twice", span: span,
      notes: [.init("first declared here", span: first)])
  }

  static func duplicateOverride(_ span: SourceSpan, _ id: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateOverride", arguments: [.init("id", .init(id))], code: "C019", severity: .warning,
      message: "rule '\(id)' is listed twice in 'overrides'", span: span)
  }

  static func duplicateRule(_ span: SourceSpan, _ id: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateRule", arguments: [.init("id", .init(id))],
      code: "C003", message: "rule id '\(id)' is already used", span: span,
      notes: [.init("'\(id)' is first defined here", span: first)], help: "give every rule its own id")
  }

  static func duplicateProperty(_ span: SourceSpan, _ id: String, first: SourceSpan?, isRule: Bool) -> Diagnostic {
    Diagnostic(
      code: "C026",
      message: isRule ? "property id '\(id)' is already a rule id" : "property id '\(id)' is already used",
      span: span, notes: first.map { [.init("'\(id)' is first defined here", span: $0)] } ?? [],
      help: "give every property an id of its own, different from every rule's: 'test' reports it by that id")
  }

  static func duplicatePropertyClause(_ span: SourceSpan, _ clause: String, property: String, first: SourceSpan)
    -> Diagnostic
  {
    Diagnostic(
      code: "C008", message: "property '\(property)' has more than one '\(clause)' clause", span: span,
      notes: [.init("first '\(clause)' clause is here", span: first)],
      help: clause.containsText("never")
        ? "a property says one of 'always' or 'never'; join several patterns with 'or'" : nil)
  }

  static func duplicateRulesetClause(_ span: SourceSpan, _ clause: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateRulesetClause", arguments: [.init("clause", .init(clause))],
      code: "C008", message: "the ruleset has more than one '\(clause)'", span: span,
      notes: [.init("first '\(clause)' is here", span: first)])
  }

  static func duplicateTranslation(_ span: SourceSpan, _ code: String, first: SourceSpan) -> Diagnostic {
    if code == "en" {
      return Diagnostic(
        messageID: "checker.duplicateTranslation", arguments: [.init("code", .init(code))],
        code: "C023", message: "the English text is given twice", span: span,
        notes: [.init("the quoted text before the translations is the English one", span: first)],
        help: "remove the 'en' text, or move it in place of the first one")
    }
    return Diagnostic(
      messageID: "checker.duplicateTranslation", arguments: [.init("code", .init(code))],
      code: "C023", message: "the '\(code)' text is given twice", span: span,
      notes: [.init("first '\(code)' text is here", span: first)], help: "keep one of the two")
  }

  static func duplicateTag(_ span: SourceSpan, _ tag: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.duplicateTag", arguments: [.init("tag", .init(tag))], code: "C015",
      message: "tag '\(tag)' is given twice", span: span)
  }

  static func exceedsLimit(_ span: SourceSpan, action: String, limit: String, limitSpan: SourceSpan?) -> Diagnostic {
    Diagnostic(
      messageID: "checker.exceedsLimit", arguments: [.init("action", .init(action)), .init("limit", .init(limit))],
      code: "C009", message: "'\(action)' exceeds the ruleset's limit of \(limit)", span: span,
      notes: limitSpan.map { [.init("the limit is declared here", span: $0)] } ?? [],
      help: "suggestions stay small: change one thing a little at a time")
  }

  static func expectedCondition(_ span: SourceSpan, found: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.expectedCondition", arguments: [.init("found", .init(found))],
      code: "T002", message: "expected a condition, found \(found)", span: span,
      help: "compare it with something, for example 'shot.time > 30 s'")
  }

  static func expectedValue(_ span: SourceSpan, found: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.expectedValue", arguments: [.init("found", .init(found))], code: "T002",
      message: "expected a value, found \(found)", span: span)
  }

  static func invalidOperand(_ span: SourceSpan, _ operation: String, found: String) -> Diagnostic {
    let expected: String
    let help: String?
    switch operation {
    case "has": (expected, help) = ("a tag set such as 'shot.taste'", nil)
    case "is known":
      (expected, help) = (
        "a value or a tag set such as 'shot.first_drop'",
        "'is known' asks whether an observation was recorded; 'previous.adjustment' is always known"
      )
    default: (expected, help) = ("'previous.adjustment'", nil)
    }
    return Diagnostic(
      messageID: "checker.invalidOperand",
      arguments: [.init("operation", .init(operation)), .init("found", .init(found))],
      code: "T003", message: "expected \(expected) before '\(operation)', found \(found)", span: span, help: help)
  }

  static func missingTranslation(_ span: SourceSpan, _ what: String, missing: [String], declared: SourceSpan)
    -> Diagnostic
  {
    let list = missing.map { "'\($0)'" }.joined(separator: ", ")
    return Diagnostic(
      messageID: "checker.missingTranslation",
      arguments: [.init("what", .init(what)), .init("missing", .init(missing))],
      code: "C024", severity: .warning,
      message: "\(what) has no text in \(list)", span: span,
      notes: [.init("the ruleset declares its languages here", span: declared)],
      help: "add " + missing.map { "\($0) \"…\"" }.joined(separator: " ") + " after the English text; until "
        + "then \(missing.count == 1 ? "that language shows" : "those languages show") the English one")
  }

  static func letsTooDeep(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "checker.letsTooDeep", arguments: [.init("limit", .init(limit))],
      code: "C018", message: "'let' definitions are chained more than \(limit) deep", span: span,
      help: "define the value more directly")
  }

  static func missingClause(_ span: SourceSpan, _ clause: String, rule: String) -> Diagnostic {
    let help: String
    switch clause {
    case "when": help = "add a condition, for example 'when sour and fast'"
    case "then": help = "add an action, for example 'then grind finer 1 step'"
    default: help = "add 'because \"…\"' saying why the rule makes sense: explain prints it"
    }
    return Diagnostic(
      messageID: "checker.missingClause", arguments: [.init("clause", .init(clause)), .init("rule", .init(rule))],
      code: "C007", message: "rule '\(rule)' has no '\(clause)' clause", span: span, help: help)
  }

  static func missingPropertyPattern(_ span: SourceSpan, property: String) -> Diagnostic {
    Diagnostic(
      code: "C007", message: "property '\(property)' has no 'always' or 'never' clause", span: span,
      help: "say what the rules decide there, for example 'never grind finer' or 'always no change'")
  }

  static func noneAsOutcome(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      code: "C025", message: "'none' is not a decision", span: span,
      help: "'none' describes a previous adjustment; a decision pattern is 'no change', 'grind finer', 'decides', …")
  }

  static func notWholeSteps(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "checker.notWholeSteps", arguments: [], code: "C011", message: "grinder steps must be a whole number",
      span: span)
  }

  static func overridesItself(_ span: SourceSpan, _ id: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.overridesItself", arguments: [.init("id", .init(id))], code: "C012",
      message: "rule '\(id)' overrides itself", span: span)
  }

  /// A cycle of more than a dozen rules is shown by its ends: the message stays one line.
  static func overrideCycle(_ span: SourceSpan, chain: [String]) -> Diagnostic {
    let shown =
      chain.count <= 12 ? chain : Array(chain.prefix(5)) + ["… \(chain.count - 10) more"] + Array(chain.suffix(5))
    return Diagnostic(
      messageID: "checker.overrideCycle", arguments: [.init("chain", .init(chain))],
      code: "C013", message: "'overrides' form a cycle: \(shown.joined(separator: " → "))", span: span,
      help: "overrides must say which rule wins; in a cycle no rule can win")
  }

  /// Why `shot.yield / shot.time` is refused.
  static let rateHelp =
    "rates such as grams per second are not supported: '/' divides by a plain number, or by a value in the same "
    + "unit to give a ratio ('shot.yield / shot.dose')"

  static func tagWordAsLet(_ span: SourceSpan, _ name: String, set: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.tagWordAsLet", arguments: [.init("name", .init(name)), .init("set", .init(set))],
      code: "C021",
      message: "'\(name)' is a \(set) word: it is reserved for the shot's tags and cannot be a 'let' name",
      span: span,
      help: "a bare '\(name)' already means 'shot.\(set == "taste" ? "taste" : "flow") has \(name)'; "
        + "give the definition its own name, for example '\(name)_shot'")
  }

  static func tooMany(_ span: SourceSpan, _ what: String, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "checker.tooMany", arguments: [.init("what", .init(what)), .init("limit", .init(limit))], code: "C014",
      message: "more than \(limit) \(what) in one file", span: span)
  }

  static func unitMismatch(
    _ span: SourceSpan, expected: QuantityDimension, found: QuantityDimension, context: String, help: String? = nil
  ) -> Diagnostic {
    let help: String? =
      help
      ?? (found == .none && expected != .none
        ? "add the unit, for example '3 \(expected.unitWord)'" : nil)
    return Diagnostic(
      messageID: "checker.unitMismatch",
      arguments: [
        .init("expected", .init(expected)), .init("found", .init(found)), .init("context", .init(context)),
        .init("help", .init(help)),
      ],
      code: "T001",
      message: "\(context): expected \(describe(expected)), found \(describe(found))", span: span, help: help)
  }

  static func unknownPatternReason(_ span: SourceSpan, _ word: String) -> Diagnostic {
    let valid = Checker.expectableReasons
    let fix = Suggestion.fix(span, word, among: valid)
    return Diagnostic(
      code: "C025", message: "unknown reason '\(word)' in a decision pattern", span: span,
      help: fix.help ?? "after 'insufficient' write one of \(valid.joined(separator: ", ")), or nothing for any reason",
      fixIts: fix.fixIts)
  }

  static func unknownExampleField(_ span: SourceSpan, _ field: String, part: String, valid: [String]) -> Diagnostic {
    let fix = Suggestion.fix(span, field, among: valid)
    return Diagnostic(
      messageID: "checker.unknownExampleField",
      arguments: [.init("field", .init(field)), .init("part", .init(part)), .init("valid", .init(valid))],
      code: "C016", message: "unknown field '\(field)' in '\(part)'", span: span,
      help: fix.help ?? "valid fields: \(valid.joined(separator: ", "))", fixIts: fix.fixIts)
  }

  static func unknownExpectation(_ span: SourceSpan, _ word: String) -> Diagnostic {
    let valid = Checker.expectableReasons
    let list = "valid reasons: \(valid.joined(separator: ", "))"
    if word == Decision.Reason.invalidShot.rawValue {
      return Diagnostic(
        messageID: "checker.unknownExpectation", arguments: [.init("word", .init(word))],
        code: "C016", message: "an example cannot expect 'invalid_shot'", span: span,
        help: "'invalid_shot' is only given to a shot record built in code that breaks shot JSON's bounds, never to an "
          + "example; " + list)
    }
    let fix = Suggestion.fix(span, word, among: valid)
    return Diagnostic(
      messageID: "checker.unknownExpectation", arguments: [.init("word", .init(word))],
      code: "C016", message: "unknown reason '\(word)'", span: span, help: fix.help ?? list, fixIts: fix.fixIts)
  }

  static func unknownLanguage(_ span: SourceSpan, _ code: String) -> Diagnostic {
    let lower = code.lowercased()
    let help: String
    if lower != code, Checker.languageCodes.contains(lower) {
      help = "language codes are written in lowercase: '\(lower)'"
    } else if let two = Checker.threeLetterCodes[lower] {
      help = "use the two-letter code '\(two)'"
    } else {
      help = "a language is a two-letter ISO 639-1 code, such as 'de' (German) or 'es' (Spanish)"
    }
    return Diagnostic(
      messageID: "checker.unknownLanguage", arguments: [.init("code", .init(code))], code: "C022",
      message: "unknown language code '\(code)'", span: span, help: help)
  }

  static func unknownLimit(_ span: SourceSpan, _ word: String) -> Diagnostic {
    let fix = Suggestion.fix(span, word, among: ["grind", "yield", "temperature"])
    return Diagnostic(
      messageID: "checker.unknownLimit", arguments: [.init("word", .init(word))],
      code: "C010", message: "unknown limit '\(word)'", span: span,
      help: fix.help ?? "limits apply to 'grind', 'yield' or 'temperature'", fixIts: fix.fixIts)
  }

  /// `unitHint` is the unit of an amount the name is compared with: the names in that unit are
  /// suggested first, a name the typed one begins (`temp` → `temperature`) among them.
  static func unknownName(
    _ span: SourceSpan, _ name: String, candidates: [String], unitHint: QuantityDimension? = nil
  ) -> Diagnostic {
    func replacing(with guess: String, because: String? = nil) -> Diagnostic {
      let fixIt = Diagnostic.FixIt(
        message: "Replace '\(name)' with '\(guess)'", edits: [.init(span: span, replacement: guess)])
      return Diagnostic(
        messageID: "checker.unknownName",
        arguments: [
          .init("name", .init(name)), .init("candidates", .init(candidates)), .init("unitHint", .init(unitHint)),
        ],
        code: "C002", message: "unknown name '\(name)'", span: span,
        help: "did you mean '\(guess)'?" + (because.map { " " + $0 } ?? ""), fixIts: [fixIt])
    }
    // `previous.dose`: the previous shot's measurements are under `previous.shot.`.
    if name.hasPrefix("previous."), !name.hasPrefix("previous.shot.") {
      let guess = "previous.shot." + name.dropFirst("previous.".count)
      if candidates.contains(guess) {
        return replacing(with: guess, because: "the previous shot's measurements are under 'previous.shot.'")
      }
    }
    // A plain "did you mean" that already names a name of that unit needs no reason.
    let plain = Suggestion.closest(to: name, among: candidates)
    if let unitHint, plain.flatMap(NumericField.init(rawValue:))?.dimension != unitHint {
      let inUnit = NumericField.allCases.filter { $0.dimension == unitHint }.map { $0.rawValue }.filter(
        candidates.contains)
      let typed = name.split(separator: ".")
      let guess =
        Suggestion.closest(to: name, among: inUnit)
        ?? inUnit.first { c in
          let parts = c.split(separator: ".")
          return parts.count == typed.count && parts.dropLast() == typed.dropLast()
            && (typed.last.map { parts.last?.hasPrefix($0) ?? false } ?? false)
        }
      if let guess { return replacing(with: guess, because: "(it is compared with \(describe(unitHint)))") }
    }
    // The search is done once (its work counts against the checker's suggestion budget).
    if let plain { return replacing(with: plain) }
    return Diagnostic(
      messageID: "checker.unknownName",
      arguments: [
        .init("name", .init(name)), .init("candidates", .init(candidates)), .init("unitHint", .init(unitHint)),
      ], code: "C002", message: "unknown name '\(name)'", span: span)
  }

  static func unknownOverride(_ span: SourceSpan, _ id: String, candidates: [String]) -> Diagnostic {
    let fix = Suggestion.fix(span, id, among: candidates)
    return Diagnostic(
      messageID: "checker.unknownOverride",
      arguments: [.init("id", .init(id)), .init("candidates", .init(candidates))],
      code: "C006", message: "'overrides' names rule '\(id)', which does not exist", span: span, help: fix.help,
      fixIts: fix.fixIts)
  }

  static func unknownRequirement(_ span: SourceSpan, _ word: String) -> Diagnostic {
    let fix = Suggestion.fix(span, word, among: CompiledRules.Requirements.words)
    return Diagnostic(
      messageID: "checker.unknownRequirement", arguments: [.init("word", .init(word))],
      code: "C020", message: "unknown requirement '\(word)'", span: span,
      help: fix.help ?? "a ruleset can require: \(CompiledRules.Requirements.words.joined(separator: ", "))",
      fixIts: fix.fixIts)
  }

  /// `elsewhere` is the tag set the word belongs to when it is a word of the other vocabulary.
  static func unknownTag(
    _ span: SourceSpan, _ tag: String, set: String, vocabulary: [String], elsewhere: String? = nil
  ) -> Diagnostic {
    if let elsewhere {
      let bare = elsewhere.hasPrefix("shot.") ? ", or '\(tag)' alone" : ""
      return Diagnostic(
        messageID: "checker.unknownTag",
        arguments: [
          .init("tag", .init(tag)), .init("set", .init(set)), .init("vocabulary", .init(vocabulary)),
          .init("elsewhere", .init(elsewhere)),
        ],
        code: "C002", message: "unknown \(set) tag '\(tag)'", span: span,
        help: "'\(tag)' is a \(set == "taste" ? "flow" : "taste") word: write '\(elsewhere) has \(tag)'\(bare)")
    }
    let fix = Suggestion.fix(span, tag, among: vocabulary)
    return Diagnostic(
      messageID: "checker.unknownTag",
      arguments: [
        .init("tag", .init(tag)), .init("set", .init(set)), .init("vocabulary", .init(vocabulary)),
        .init("elsewhere", .init(elsewhere)),
      ],
      code: "C002", message: "unknown \(set) tag '\(tag)'", span: span,
      help: fix.help ?? "\(set) tags are: \(vocabulary.joined(separator: ", "))", fixIts: fix.fixIts)
  }

  static func unsupportedVersion(_ span: SourceSpan, _ text: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.unsupportedVersion", arguments: [.init("text", .init(text))],
      code: "C001", message: "unsupported language version '\(text)'", span: span,
      help: "this dialrules understands 'dialrules 1'")
  }

  static func unusedLet(_ span: SourceSpan, _ name: String) -> Diagnostic {
    Diagnostic(
      messageID: "checker.unusedLet", arguments: [.init("name", .init(name))],
      code: "C017", severity: .warning, message: "'\(name)' is defined but never used", span: span,
      help: "remove it, or use it in a rule")
  }

  static func describe(_ d: QuantityDimension) -> String {
    switch d {
    case .mass: "grams ('g')"
    case .time: "seconds ('s')"
    case .temperature: "degrees Celsius ('C')"
    case .steps: "grinder steps ('steps')"
    case .none: "a plain number"
    }
  }
}
