/// Which way a grinder setting moves.
public enum GrindDirection: String, Hashable, Sendable, CaseIterable {
  /// Smaller particles: the shot runs slower and extracts more.
  case finer
  /// Larger particles: the shot runs faster and extracts less.
  case coarser
}

/// One concrete change to the recipe: the payload of a decision and of `previous.adjustment`.
///
/// Two adjustments are equal when kind, direction and amount are equal (docs/design.md §4): `grind finer 1
/// step` differs from `grind finer 2 steps`. New kinds of adjustment may be added in a minor
/// release; end a `switch` with `@unknown default`.
public enum Adjustment: Hashable, Sendable {
  /// Move the grinder `steps` steps (a positive whole number).
  case grind(GrindDirection, steps: Int)
  /// Change the target yield by `deltaGrams` (non-zero): positive is a longer ratio.
  case yield(deltaGrams: ExactNumber)
  /// Change the brew temperature by `deltaCelsius` (non-zero).
  case temperature(deltaCelsius: ExactNumber)
  /// Pull the same recipe again.
  case noChange

  /// The sentence shown to a barista, e.g. "Grind finer by 1 step".
  public var text: String {
    switch self {
    case .grind(let direction, let steps):
      return "Grind \(direction.rawValue) by \(steps) step\(steps == 1 ? "" : "s")"
    case .yield(let delta):
      let verb = delta.isNegative ? "Decrease" : "Increase"
      return "\(verb) the yield by \(delta.magnitude.decimalText) g"
    case .temperature(let delta):
      let verb = delta.isNegative ? "Lower" : "Raise"
      return "\(verb) the temperature by \(delta.magnitude.decimalText) °C"
    case .noChange:
      return "No change"
    }
  }

  /// The sentence in `language`: "Grind finer by 1 step", "1 Stufe feiner mahlen", "Moler 1 punto
  /// más fino"; amounts with the language's decimal separator ("Ausbeute um 1,5 g erhöhen").
  public func text(in language: RuleLanguage) -> String {
    Wording(language).sentence(self)
  }

  /// The form used in rule files: `grind finer 1 step`, `yield +2 g`, `temperature -1 C`, `no change`.
  public var ruleText: String {
    switch self {
    case .grind(let direction, let steps):
      return "grind \(direction.rawValue) \(steps) step\(steps == 1 ? "" : "s")"
    case .yield(let delta):
      return "yield \(delta.isNegative ? "-" : "+")\(delta.magnitude.decimalText) g"
    case .temperature(let delta):
      return "temperature \(delta.isNegative ? "-" : "+")\(delta.magnitude.decimalText) C"
    case .noChange:
      return "no change"
    }
  }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension GrindDirection: Codable {}
  extension Adjustment: Codable {}
#endif
