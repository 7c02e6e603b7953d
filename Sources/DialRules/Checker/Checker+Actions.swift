/// Actions, limits and `previous.adjustment` patterns.
extension Checker {
  /// Checks a literal amount's unit against `expected` and that it is positive; nil after reporting.
  mutating func checkedAmount(_ q: QuantityLiteral, expected: QuantityDimension, context: String) -> ExactNumber? {
    guard let value = q.value else { return nil }
    let found = q.unit.flatMap { QuantityDimension(unitWord: $0.name) } ?? .none
    if found != expected {
      report(CheckerMessages.unitMismatch(q.unit?.span ?? q.span, expected: expected, found: found, context: context))
      return nil
    }
    if value.isZero || value.isNegative {
      report(CheckerMessages.amountNotPositive(q.span, "the amount of \(context)"))
      return nil
    }
    return value
  }

  mutating func steps(_ q: QuantityLiteral?, context: String) -> Int? {
    guard let q else { return 1 }
    guard let value = checkedAmount(q, expected: .steps, context: context) else { return nil }
    guard let n = value.intValue, n <= 1_000 else {
      report(CheckerMessages.notWholeSteps(q.span))
      return nil
    }
    return n
  }

  /// Compiles an action; with `checkLimits`, also enforces the ruleset's limits (rules only: the
  /// `otherwise` result is checked where it is declared, before all limits are known).
  mutating func compileAction(_ syntax: ActionSyntax, checkLimits: Bool) -> RuleAction? {
    guard let adjustment = compileAdjustment(syntax) else {
      if case .insufficient(let reason) = syntax.kind { return .insufficient(reason.value) }
      return nil
    }
    if checkLimits { enforceLimits(adjustment, span: syntax.span) }
    return .adjust(adjustment)
  }

  /// The adjustment an action names; nil for `insufficient` or after reporting an error.
  mutating func compileAdjustment(_ syntax: ActionSyntax) -> Adjustment? {
    switch syntax.kind {
    case .insufficient: return nil
    case .noChange: return .noChange
    case .grind(let direction, let amount):
      guard let d = GrindDirection(rawValue: direction.name), let n = steps(amount, context: "'grind'") else {
        return nil
      }
      return .grind(d, steps: n)
    case .yield(let negative, let amount):
      guard let v = checkedAmount(amount, expected: .mass, context: "'yield'") else { return nil }
      return .yield(deltaGrams: negative ? v.negated() : v)
    case .temperature(let negative, let amount):
      guard let v = checkedAmount(amount, expected: .temperature, context: "'temperature'") else { return nil }
      return .temperature(deltaCelsius: negative ? v.negated() : v)
    }
  }

  mutating func enforceLimits(_ adjustment: Adjustment, span: SourceSpan) {
    switch adjustment {
    case .grind(_, let n):
      if let limit = limits.grindSteps, n > limit {
        report(
          CheckerMessages.exceedsLimit(
            span, action: adjustment.ruleText, limit: "\(limit) step\(limit == 1 ? "" : "s")",
            limitSpan: limitSpans["grind"]))
      }
    case .yield(let d):
      if let limit = limits.yieldGrams, d.magnitude > limit {
        report(
          CheckerMessages.exceedsLimit(
            span, action: adjustment.ruleText, limit: "\(limit.decimalText) g", limitSpan: limitSpans["yield"]))
      }
    case .temperature(let d):
      if let limit = limits.temperatureCelsius, d.magnitude > limit {
        report(
          CheckerMessages.exceedsLimit(
            span, action: adjustment.ruleText, limit: "\(limit.decimalText) C", limitSpan: limitSpans["temperature"]))
      }
    case .noChange: break
    }
  }

  mutating func compilePattern(_ pattern: AdjustmentPattern) -> AdjustmentMatcher? {
    switch pattern.kind {
    case .none: return AdjustmentMatcher(kind: .none)
    case .noChange: return AdjustmentMatcher(kind: .noChange)
    case .grind(let direction, let amount):
      var m = AdjustmentMatcher(kind: .grind)
      if let direction {
        guard let d = GrindDirection(rawValue: direction.name) else { return nil }
        m.direction = d
      }
      if let amount {
        guard let n = steps(amount, context: "'grind'") else { return nil }
        m.steps = n
      }
      return m
    case .yield(let negative, let amount), .temperature(let negative, let amount):
      let isYield: Bool
      if case .yield = pattern.kind { isYield = true } else { isYield = false }
      var m = AdjustmentMatcher(kind: isYield ? .yield : .temperature)
      m.negative = negative
      if let amount {
        let context = isYield ? "'yield'" : "'temperature'"
        guard let v = checkedAmount(amount, expected: isYield ? .mass : .temperature, context: context) else {
          return nil
        }
        m.amount = v
      }
      return m
    }
  }
}

extension AdjustmentMatcher {
  init(kind: Kind) {
    self.init(kind: kind, direction: nil, steps: nil, negative: nil, amount: nil)
  }
}
