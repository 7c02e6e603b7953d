extension ConditionTrace {
  /// One value a condition read, as data: the name it is shown under and what it held. `text` is
  /// the English line `explain` prints; an app that shows its own words reads `name` and `value`.
  public struct Reading: Hashable, Sendable {
    /// What a reading held. New kinds may be added in a minor release; end a `switch` with
    /// `@unknown default`.
    public enum Value: Hashable, Sendable {
      /// A number with its unit (`dt` was -7 s; a ratio has no unit).
      case amount(Amount)
      /// A tag set's members, by their shot JSON words (`shot.taste` held `sour`, `thin`).
      case tags([String])
      /// The previous adjustment; nil when there was none.
      case adjustment(Adjustment?)
      /// Unknown because the record has no value at `field`, a shot JSON path (`shot.time_s`).
      case absent(field: String)
      /// Unknown because the arithmetic left the exact range.
      case outOfRange
      /// Unknown because a divisor was zero.
      case divisionByZero
    }

    /// The name it is shown under: a field (`shot.time`), a `let` (`dt`), a derived value
    /// (`shot.ratio`) or an expression (`shot.yield - recipe.yield`).
    public var name: String
    /// What it held.
    public var value: Value

    /// A reading of `value` under `name`.
    public init(name: String, value: Value) {
      self.name = name
      self.value = value
    }

    /// The English line: `dt = -7 s`, `shot.taste = [sour, thin]`,
    /// `previous.adjustment = grind finer 1 step`, `shot.time is unknown (shot.time_s absent)`.
    public var text: String {
      switch value {
      case .amount(let amount): "\(name) = \(amount.text)"
      case .tags(let members): "\(name) = [\(members.joined(separator: ", "))]"
      case .adjustment(let adjustment): "\(name) = \(adjustment?.ruleText ?? "none")"
      case .absent(let field): "\(name) is unknown (\(field) absent)"
      case .outOfRange: "\(name) is unknown (arithmetic out of range)"
      case .divisionByZero: "\(name) is unknown (division by zero)"
      }
    }
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension ConditionTrace.Reading: Codable {}
  extension ConditionTrace.Reading.Value: Codable {}
#endif
