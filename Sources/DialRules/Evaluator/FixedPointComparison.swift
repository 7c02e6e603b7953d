/// A comparison of the compiled evaluator in exact integer arithmetic: `sum op threshold`, where
/// `sum` is `Σ c·F[a]·F[b]` (or `c·F[a]`) over the fixed-point values `F` of a shot's fields
/// (value × 10⁹, `CompactShot.values`), with `Int128` coefficients.
///
/// Built from the normal forms of the two sides (`ValueForm`: sums of fields, or such a sum over
/// one field that is never 0): the ratio's denominator is positive, so multiplying it out keeps
/// the comparison's direction, and `shot.ratio < recipe.ratio` becomes
/// `shot.yield·recipe.dose − recipe.yield·shot.dose < 0`. Scaling by 10⁹ per factor and by the
/// least common multiple of the denominators makes every coefficient whole; that changes no sign,
/// so the comparison means exactly what the exact decimal one means.
///
/// Overflow is ruled out once, when the table is compiled: with every field at the largest
/// magnitude shot JSON admits (`ShotJSONSchema.NumberField`), `Σ |c|·max|F[a]|·max|F[b]|` and the
/// threshold stay below 2¹²⁶, so the per-shot sum needs no overflow checks. A comparison that
/// cannot be put in this form or bounded so is evaluated by the general plan instead.
struct FixedPointComparison: Hashable, Sendable {
  /// `c·F[a]·F[b]`, or `c·F[a]` when `b` is -1; `a` and `b` are `NumericField.ordinal`s.
  struct Term: Hashable, Sendable {
    var a: Int8
    var b: Int8
    var coefficient: Int128
  }

  /// The sum, terms in a canonical order with the first coefficient positive (so two
  /// comparisons of the same quantity share one sum).
  var terms: [Term]
  var op: ComparisonOperator
  var threshold: Int128

  /// `lhs op rhs`, or nil when it has no exact, provably bounded fixed-point form.
  init?(_ op: ComparisonOperator, _ lhs: ValueForm, _ rhs: ValueForm) {
    guard let q = Quadratic(lhs, minus: rhs), let terms = q.integerTerms() else { return nil }
    // `Σ terms + constant op 0` is `Σ terms op -constant`.
    var sum = terms.sum
    var threshold = -terms.constant
    var op = op
    if let first = sum.first, first.coefficient < 0 {
      sum = sum.map { Term(a: $0.a, b: $0.b, coefficient: -$0.coefficient) }
      threshold = -threshold
      op = op.flipped
    }
    self.terms = sum
    self.op = op
    self.threshold = threshold
  }

  /// Largest magnitude a sum or threshold may have: far enough below `Int128.max` that the
  /// partial sums of a proved bound cannot overflow either.
  static let limit: Int128 = 1 << 126

  /// Whether `value op threshold`.
  @inline(__always)
  static func holds(_ op: ComparisonOperator, _ value: Int128, _ threshold: Int128) -> Bool {
    switch op {
    case .less: value < threshold
    case .lessOrEqual: value <= threshold
    case .greater: value > threshold
    case .greaterOrEqual: value >= threshold
    case .equal: value == threshold
    case .notEqual: value != threshold
    }
  }
}

/// `Σ q·x·y + Σ l·x + k` over field values with exact coefficients: the difference of the two
/// sides of a comparison, with a positive denominator multiplied out.
private struct Quadratic {
  /// Keyed by the ordinals of the two fields, the smaller first; (a, -1) for a linear term.
  var coefficients: [Key: ExactNumber] = [:]
  var constant = ExactNumber.zero

  struct Key: Hashable, Comparable {
    var a: Int8
    var b: Int8
    static func < (x: Key, y: Key) -> Bool { (x.b, x.a) < (y.b, y.a) }
  }

  /// `lhs - rhs` with denominators multiplied out: `n/d op m/e` ⇔ `n·e − m·d op 0` for d, e > 0.
  /// The difference is a sum of fields, quotients of such sums by one field (never 0 on a valid
  /// shot: the checker proves every divisor nonzero, T004, and fields are not negative) and a
  /// constant; with one denominator everything is multiplied by it, with two only quotients may
  /// occur. Anything else (products, quotients by sums, three denominators) has no form here.
  init?(_ lhs: ValueForm, minus rhs: ValueForm) {
    guard let difference = try? lhs.subtracting(rhs) else { return nil }
    var linear: [(NumericField, ExactNumber)] = []
    var quotients: [(numerator: ValueForm, coefficient: ExactNumber, denominator: NumericField)] = []
    for term in difference.terms {
      switch term.atom {
      case .field(let f): linear.append((f, term.coefficient))
      case .quotient(let n, let d):
        guard n.isLinear, d.constant.isZero, d.terms.count == 1, case .field(let f) = d.terms[0].atom,
          d.terms[0].coefficient == ExactNumber(1)
        else { return nil }
        quotients.append((n, term.coefficient, f))
      case .product: return nil
      }
    }
    var denominators: [NumericField] = []
    for q in quotients where !denominators.contains(q.denominator) { denominators.append(q.denominator) }
    switch denominators.count {
    case 0:
      guard add(linear, constant: difference.constant, times: nil) else { return nil }
    case 1:
      let d = denominators[0]
      guard add(linear, constant: difference.constant, times: d) else { return nil }
      for q in quotients {
        guard let (terms, k) = Self.scaled(q.numerator, by: q.coefficient), add(terms, constant: k, times: nil)
        else { return nil }
      }
    case 2:
      guard linear.isEmpty, difference.constant.isZero else { return nil }
      for q in quotients {
        let other = q.denominator == denominators[0] ? denominators[1] : denominators[0]
        guard let (terms, k) = Self.scaled(q.numerator, by: q.coefficient), add(terms, constant: k, times: other)
        else { return nil }
      }
    default:
      return nil
    }
  }

  /// The field terms and constant of a linear `form` times `c`, or nil on overflow.
  private static func scaled(_ form: ValueForm, by c: ExactNumber) -> ([(NumericField, ExactNumber)], ExactNumber)? {
    var out: [(NumericField, ExactNumber)] = []
    for t in form.terms {
      guard case .field(let f) = t.atom, let v = t.coefficient.multiplied(by: c) else { return nil }
      out.append((f, v))
    }
    guard let k = form.constant.multiplied(by: c) else { return nil }
    return (out, k)
  }

  /// Adds `(Σ terms + constant) · field` (or without the field), false on overflow.
  mutating func add(_ terms: [(NumericField, ExactNumber)], constant k: ExactNumber, times field: NumericField?)
    -> Bool
  {
    let f = field.map { Int8($0.ordinal) }
    for (termField, coefficient) in terms {
      let x = Int8(termField.ordinal)
      let key = f.map { Key(a: Swift.min(x, $0), b: Swift.max(x, $0)) } ?? Key(a: x, b: -1)
      guard let sum = (coefficients[key] ?? .zero).adding(coefficient) else { return false }
      coefficients[key] = sum
    }
    if let f {
      let key = Key(a: f, b: -1)
      guard let sum = (coefficients[key] ?? .zero).adding(k) else { return false }
      coefficients[key] = sum
    } else {
      guard let sum = constant.adding(k) else { return false }
      constant = sum
    }
    return true
  }

  /// The integer form: every coefficient times 10⁹ per missing factor (so all terms count in the
  /// same unit) and times the common denominator; nil when a coefficient or the bound leaves
  /// `FixedPointComparison.limit`.
  func integerTerms() -> (sum: [FixedPointComparison.Term], constant: Int128)? {
    let keys = coefficients.keys.filter { !(coefficients[$0]?.isZero ?? true) }.sorted()
    let degree = keys.contains { $0.b >= 0 } ? 2 : (keys.isEmpty ? 0 : 1)
    func scale(_ factors: Int) -> ExactNumber { ExactNumber(numerator: Self.power(degree - factors), denominator: 1) }
    var scaled: [(Key, ExactNumber)] = []
    for key in keys {
      guard let c = coefficients[key]?.multiplied(by: scale(key.b >= 0 ? 2 : 1)) else { return nil }
      scaled.append((key, c.reduced))
    }
    guard let k = constant.multiplied(by: scale(0))?.reduced else { return nil }
    var common: Int128 = 1
    for d in scaled.map({ $0.1.denominator }) + [k.denominator] {
      let g = Int128(ExactNumber.gcd(common.magnitude, d.magnitude))
      let (m, overflow) = (common / g).multipliedReportingOverflow(by: d)
      guard !overflow, m < FixedPointComparison.limit else { return nil }
      common = m
    }
    var bound: Int128 = 0
    var terms: [FixedPointComparison.Term] = []
    for (key, c) in scaled {
      guard let coefficient = Self.whole(c, times: common) else { return nil }
      var term = coefficient.magnitude
      for f in [key.a, key.b] where f >= 0 {
        let (p, overflow) = term.multipliedReportingOverflow(by: Self.maxMagnitude[Int(f)])
        guard !overflow else { return nil }
        term = p
      }
      let (sum, overflow) = bound.addingReportingOverflow(Int128(clamping: term))
      guard !overflow, sum < FixedPointComparison.limit else { return nil }
      bound = sum
      terms.append(FixedPointComparison.Term(a: key.a, b: key.b, coefficient: coefficient))
    }
    guard let constant = Self.whole(k, times: common), constant.magnitude < FixedPointComparison.limit.magnitude else {
      return nil
    }
    return (terms, constant)
  }

  /// `x · m` as a whole number (it is one: `m` is a multiple of x's denominator), or nil.
  static func whole(_ x: ExactNumber, times m: Int128) -> Int128? {
    let (n, overflow) = x.numerator.multipliedReportingOverflow(by: m / x.denominator)
    return overflow || n.magnitude >= FixedPointComparison.limit.magnitude ? nil : n
  }

  /// 10^(9·k).
  static func power(_ k: Int) -> Int128 {
    var p: Int128 = 1
    for _ in 0..<Swift.max(0, k) { p *= 1_000_000_000 }
    return p
  }

  /// The largest fixed-point magnitude of each field in a valid shot, by ordinal.
  static let maxMagnitude: [UInt128] = NumericField.allCases.sorted { $0.ordinal < $1.ordinal }.map {
    UInt128($0.bounds.rule.maximum) * UInt128(CompactShot.scale)
  }
}
