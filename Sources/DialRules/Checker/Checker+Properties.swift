/// `property` declarations: their ids, clauses, conditions (compiled into the table's program, so
/// the analysis reads them over the same axes as the rules) and patterns.
extension Checker {
  /// Compiles every property of `declarations`, reporting duplicate ids, missing and repeated
  /// clauses and bad patterns.
  mutating func compileProperties(_ declarations: [Declaration], ruleIDs: [String: Int]) -> [CompiledProperty] {
    var out: [CompiledProperty] = []
    var firstSpan: [String: SourceSpan] = [:]
    for case .property(let p) in declarations {
      if out.count == Self.maxRules {
        report(CheckerMessages.tooMany(p.span, "properties", limit: Self.maxRules))
        break
      }
      if p.id.name.isEmpty { continue }
      if let first = firstSpan[p.id.name] {
        report(CheckerMessages.duplicateProperty(p.id.span, p.id.name, first: first, isRule: false))
        continue
      }
      if ruleIDs[p.id.name] != nil {
        report(CheckerMessages.duplicateProperty(p.id.span, p.id.name, first: nil, isRule: true))
        continue
      }
      firstSpan[p.id.name] = p.id.span
      if let compiled = compileProperty(p, index: out.count) { out.append(compiled) }
    }
    return out
  }

  mutating func compileProperty(_ decl: PropertyDeclaration, index: Int) -> CompiledProperty? {
    var condition: Condition?
    var conditionSpan: SourceSpan?
    var quantifier: CompiledProperty.Quantifier?
    var patterns: [OutcomeMatcher] = []
    var patternSpan = decl.id.span
    var because: String?
    var becauseTranslations: [String: String] = [:]
    var seen: [String: SourceSpan] = [:]
    var valid = true
    func firstTime(_ name: String, _ span: SourceSpan, _ checker: inout Checker) -> Bool {
      if let first = seen[name] {
        checker.report(CheckerMessages.duplicatePropertyClause(span, name, property: decl.id.name, first: first))
        return false
      }
      seen[name] = span
      return true
    }
    for clause in decl.clauses {
      switch clause {
      case .when(let expr, let location):
        guard firstTime("when", location.span, &self) else { continue }
        condition = compileCondition(expr)
        conditionSpan = expr.span
      case .always(let syntax, let location), .never(let syntax, let location):
        // `always` and `never` are one clause: a property says one of them.
        guard firstTime("always' or 'never", location.span, &self) else { continue }
        if case .always = clause { quantifier = .always } else { quantifier = .never }
        patternSpan = location.span
        for pattern in syntax {
          if let m = compileOutcomePattern(pattern) { patterns.append(m) } else { valid = false }
        }
      case .because(let text, let location):
        guard firstTime("because", location.span, &self) else { continue }
        because = text.value
        becauseTranslations = checkTranslations(text)
        checkComplete(becauseTranslations, "the 'because' of property '\(decl.id.name)'", span: text.english.span)
      }
    }
    guard let quantifier else {
      report(CheckerMessages.missingPropertyPattern(decl.id.span, property: decl.id.name))
      return nil
    }
    guard valid else { return nil }
    return CompiledProperty(
      id: decl.id.name, index: index, span: decl.span, idSpan: decl.id.span, condition: condition,
      conditionSpan: conditionSpan, quantifier: quantifier, patterns: patterns, patternSpan: patternSpan,
      because: because, becauseTranslations: becauseTranslations, reads: condition.map { reads(of: $0) } ?? 0)
  }

  /// One pattern of `always`/`never`; nil (after reporting) when it names no decision.
  mutating func compileOutcomePattern(_ pattern: OutcomePattern) -> OutcomeMatcher? {
    switch pattern.kind {
    case .decides: return .decides
    case .insufficient(let reason):
      guard let reason else { return .insufficient(nil) }
      guard Self.expectableReasons.contains(reason.name), let r = Decision.Reason(rawValue: reason.name) else {
        report(CheckerMessages.unknownPatternReason(reason.span, reason.name))
        return nil
      }
      return .insufficient(r)
    case .adjustment(let adjustment):
      if case .none = adjustment.kind {
        report(CheckerMessages.noneAsOutcome(adjustment.span))
        return nil
      }
      return compilePattern(adjustment).map { .adjustment($0) }
    }
  }
}
