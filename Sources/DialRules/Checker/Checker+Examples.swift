/// Inline `example` blocks: turned into shot records and expected outcomes that `test` runs and
/// `lint` counts toward coverage.
extension Checker {
  package static let exampleFields: [String: [String]] = [
    "shot": ["dose", "yield", "time", "first_drop", "taste", "flow"],
    "recipe": ["dose", "yield", "time", "temperature"],
    "previous": ["adjustment", "dose", "yield", "time", "first_drop", "taste", "flow"],
  ]

  /// The reasons `expect insufficient …` accepts: every reason an example's shot can get.
  /// `invalid_shot` is not one: only `RuleSet.decide` gives it, to a record built in code that
  /// breaks shot JSON's bounds, and examples are decided by the rules alone (`ExampleRunner`).
  package static let expectableReasons: [String] = Decision.Reason.allCases.filter { $0 != .invalidShot }.map {
    $0.rawValue
  }

  mutating func compileExample(_ syntax: ExampleSyntax) -> CompiledExample? {
    var record = ShotRecord()
    var ok = true
    var seenParts: [String: SourceSpan] = [:]
    for part in syntax.parts {
      let target = part.target.name
      if let first = seenParts[target] {
        report(CheckerMessages.duplicateExamplePart(part.target.span, target, first: first))
        ok = false
        continue
      }
      seenParts[target] = part.target.span
      var seenFields: [String: SourceSpan] = [:]
      var measurements = ShotRecord.Measurements()
      var recipe = ShotRecord.Recipe()
      var adjustment: Adjustment?
      for field in part.fields where !field.name.name.isEmpty {
        let name = field.name.name
        let valid = Self.exampleFields[target] ?? []
        guard valid.contains(name) else {
          report(CheckerMessages.unknownExampleField(field.name.span, name, part: target, valid: valid))
          ok = false
          continue
        }
        if let first = seenFields[name] {
          report(CheckerMessages.duplicateField(field.name.span, name, first: first))
          ok = false
          continue
        }
        seenFields[name] = field.name.span
        switch (name, field.value) {
        case ("taste", .tags(let tags)):
          guard let set: TagSet<TasteTag> = tagSet(tags) else { ok = false; continue }
          measurements.taste = set
        case ("flow", .tags(let tags)):
          guard let set: TagSet<FlowTag> = tagSet(tags) else { ok = false; continue }
          measurements.flow = set
        case ("adjustment", .adjustment(let action)):
          guard let a = compileAdjustment(action) else { ok = false; continue }
          adjustment = a
        case (_, .quantity(let q)):
          guard let v = exampleQuantity(name, q) else { ok = false; continue }
          switch name {
          case "dose": (measurements.doseG, recipe.doseG) = (v, v)
          case "yield": (measurements.yieldG, recipe.yieldG) = (v, v)
          case "time": (measurements.timeS, recipe.timeS) = (v, v)
          case "first_drop": measurements.firstDropS = v
          default: recipe.temperatureC = v
          }
        default:
          ok = false  // the parser already reported the malformed value
        }
      }
      switch target {
      case "shot": record.shot = measurements
      case "recipe": record.recipe = recipe
      default:
        let hasShot = seenFields.keys.contains { $0 != "adjustment" }
        record.previous = ShotRecord.Previous(adjustment: adjustment, shot: hasShot ? measurements : nil)
      }
    }
    guard ok, let expectation = syntax.expectation, let expected = compileExpectation(expectation) else {
      return nil
    }
    return CompiledExample(name: syntax.name?.value, span: syntax.span, shot: record, expected: expected)
  }

  mutating func exampleQuantity(_ name: String, _ q: QuantityLiteral) -> ExactNumber? {
    let expected: QuantityDimension
    switch name {
    case "dose", "yield": expected = .mass
    case "time", "first_drop": expected = .time
    default: expected = .temperature
    }
    if name == "first_drop", let v = q.value, v.isZero, q.unit?.name == "s" { return v }
    return checkedAmount(q, expected: expected, context: "'\(name)'")
  }

  mutating func tagSet<Tag: TagVocabulary>(_ words: [Identifier]) -> TagSet<Tag>? {
    var set = TagSet<Tag>()
    var ok = true
    for word in words {
      guard let tag = Tag(rawValue: word.name) else {
        report(
          CheckerMessages.unknownTag(
            word.span, word.name, set: Tag.setName, vocabulary: Tag.allCases.map { $0.rawValue }))
        ok = false
        continue
      }
      if set.contains(tag) {
        report(CheckerMessages.duplicateTag(word.span, word.name))
        ok = false
      }
      set.insert(tag)
    }
    return ok ? set : nil
  }

  mutating func compileExpectation(_ expectation: ExampleExpectation) -> Decision.Outcome? {
    switch expectation {
    case .insufficient(let reason, _):
      guard Self.expectableReasons.contains(reason.name), let r = Decision.Reason(rawValue: reason.name) else {
        if !reason.name.isEmpty { report(CheckerMessages.unknownExpectation(reason.span, reason.name)) }
        return nil
      }
      return .insufficientEvidence(r)
    case .action(let action):
      guard let a = compileAdjustment(action) else { return nil }
      return a == .noChange ? .noChange : .adjust(a)
    }
  }
}
