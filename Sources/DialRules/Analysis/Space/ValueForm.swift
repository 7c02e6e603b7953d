/// A numeric expression of the rule program in a normal form the analysis can reason about: a
/// linear combination of observed fields (`shot.time - recipe.time`), or such a combination divided
/// by one field (`shot.yield / shot.dose`).
///
/// Two expressions that are written differently but mean the same (`shot.time - recipe.time` and
/// `-(recipe.time - shot.time)`) get the same form, so they become the same axis. Anything else —
/// a product of two fields, a ratio of ratios — has no form, and the atoms using it are reported
/// as not analysed instead of being guessed at.
enum ValueForm: Hashable, Sendable {
  case linear(LinearForm)
  /// `numerator / denominator`; the denominator is a field that is never zero in a valid shot.
  case ratio(numerator: LinearForm, denominator: NumericField)

  /// Why an expression has no form (shown in "not analysed: …").
  struct Unsupported: Error, Hashable {
    var reason: String
  }

  /// A number.
  static func constant(_ value: ExactNumber) -> ValueForm { .linear(LinearForm(terms: [], constant: value)) }

  /// The value when the expression reads no field.
  var constantValue: ExactNumber? {
    if case .linear(let l) = self, l.terms.isEmpty { return l.constant }
    return nil
  }

  /// `-x`.
  func negated() throws(Unsupported) -> ValueForm {
    switch self {
    case .linear(let l): return .linear(try l.scaled(by: ExactNumber(-1)))
    case .ratio(let n, let d): return .ratio(numerator: try n.scaled(by: ExactNumber(-1)), denominator: d)
    }
  }

  /// `x + y`: sums stay sums; a ratio plus a constant stays a ratio over the same field.
  func adding(_ other: ValueForm) throws(Unsupported) -> ValueForm {
    switch (self, other) {
    case (.linear(let a), .linear(let b)):
      return .linear(try a.adding(b))
    case (.ratio(let n, let d), .linear(let l)), (.linear(let l), .ratio(let n, let d)):
      // n/d + c = (n + c·d)/d; a field term added to a ratio is not linear in either.
      guard l.terms.isEmpty else { throw Unsupported(reason: "it adds a ratio to a measured value") }
      let cd = LinearForm(terms: [.init(field: d, coefficient: l.constant)], constant: .zero)
      return .ratio(numerator: try n.adding(cd), denominator: d)
    case (.ratio(let n1, let d1), .ratio(let n2, let d2)):
      guard d1 == d2 else { throw Unsupported(reason: "it combines ratios over different values") }
      return .ratio(numerator: try n1.adding(n2), denominator: d1)
    }
  }

  /// `x - y`.
  func subtracting(_ other: ValueForm) throws(Unsupported) -> ValueForm { try adding(other.negated()) }

  /// `x · y`, when one side is a constant.
  func multiplied(by other: ValueForm) throws(Unsupported) -> ValueForm {
    if let c = other.constantValue { return try scaled(by: c) }
    if let c = constantValue { return try other.scaled(by: c) }
    throw Unsupported(reason: "it multiplies two measured values")
  }

  /// `x / y`, when `y` is a non-zero constant or one field that is never zero.
  func divided(by other: ValueForm) throws(Unsupported) -> ValueForm {
    if let c = other.constantValue {
      guard !c.isZero else { throw Unsupported(reason: "it divides by zero") }
      guard let inverse = ExactNumber(1).divided(by: c) else { throw LinearForm.overflow }
      return try scaled(by: inverse)
    }
    // x / (k·f): a ratio over the field f, when f is never zero in a valid shot.
    guard case .linear(let divisor) = other, divisor.constant.isZero, divisor.terms.count == 1,
      case .linear(let numerator) = self
    else { throw Unsupported(reason: "it divides by an expression that is not a single measured value") }
    let term = divisor.terms[0]
    guard term.field.isPositive else {
      throw Unsupported(reason: "it divides by '\(term.field.rawValue)', which may be 0")
    }
    guard let inverse = ExactNumber(1).divided(by: term.coefficient) else { throw LinearForm.overflow }
    return .ratio(numerator: try numerator.scaled(by: inverse), denominator: term.field)
  }

  /// `c · x`.
  func scaled(by c: ExactNumber) throws(Unsupported) -> ValueForm {
    switch self {
    case .linear(let l): return .linear(try l.scaled(by: c))
    case .ratio(let n, let d): return .ratio(numerator: try n.scaled(by: c), denominator: d)
    }
  }

  /// The fields the expression reads.
  var fields: [NumericField] {
    switch self {
    case .linear(let l): return l.terms.map(\.field)
    case .ratio(let n, let d): return n.terms.map(\.field) + [d]
    }
  }

  /// The value for the given field values, or nil when a field is missing or arithmetic fails.
  func value(_ fields: [NumericField: ExactNumber]) -> ExactNumber? {
    switch self {
    case .linear(let l): return l.value(fields)
    case .ratio(let n, let d):
      guard let num = n.value(fields), let den = fields[d] else { return nil }
      return num.divided(by: den)
    }
  }
}

extension NumericField {
  /// Whether every valid shot JSON value of this field is greater than zero (so dividing by it is
  /// always defined). `shot.first_drop_s` may be 0.
  var isPositive: Bool { self != .shotFirstDrop }

  /// Position in declaration order: the order of terms in a `LinearForm`.
  var order: Int { NumericField.allCases.firstIndex(of: self) ?? 0 }
}
