extension Diagnostic {
  /// One value a catalogued message names (`Diagnostic.arguments`): the parameter's name and its
  /// value as data, so a message can be worded anew without parsing the English text.
  public struct Argument: Hashable, Sendable {
    /// A message argument's value. New kinds may be added in a minor release; end a `switch`
    /// with `@unknown default`.
    public enum Value: Hashable, Sendable {
      /// A piece of the input or a word (a name, a key, a tag, a JSON path, a rule id).
      case text(String)
      /// A count or a limit.
      case integer(Int)
      /// An exact number.
      case number(ExactNumber)
      /// Several words: suggestions, known names, a cycle's chain.
      case list([String])
      /// A yes/no detail of the message (whether the input is JSON Lines, for example).
      case flag(Bool)
      /// A unit; nil for a plain number.
      case unit(QuantityUnit?)
      /// A closed range of exact numbers.
      case range(lower: ExactNumber, upper: ExactNumber)
      /// An optional argument the message was made without.
      case absent
    }

    /// The parameter's name: `name`, `candidates`, `limit`, `path`.
    public var name: String
    /// Its value.
    public var value: Value

    /// An argument `name` of `value`.
    public init(_ name: String, _ value: Value) {
      self.name = name
      self.value = value
    }
  }
}

/// The conversions the message catalogues use to record their parameters.
extension Diagnostic.Argument.Value {
  init(_ text: String) { self = .text(text) }
  init(_ text: String?) { self = text.map { .text($0) } ?? .absent }
  init(_ n: Int) { self = .integer(n) }
  init(_ n: UInt32) { self = .integer(Int(n)) }
  init(_ n: UInt8) { self = .integer(Int(n)) }
  init(_ flag: Bool) { self = .flag(flag) }
  init(_ words: [String]) { self = .list(words) }
  init(_ dimension: QuantityDimension) { self = .unit(QuantityUnit(dimension)) }
  init(_ dimension: QuantityDimension?) { self = dimension.map { .unit(QuantityUnit($0)) } ?? .absent }
  init(_ range: ClosedInterval) { self = .range(lower: range.lower, upper: range.upper) }
  init(_ error: ExactNumber.TextError) { self = .text("\(error)") }
  init(_ scope: ShotJSONSchema.Scope) { self = .text(scope.rawValue) }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension Diagnostic.Argument: Codable {}
  extension Diagnostic.Argument.Value: Codable {}
#endif
