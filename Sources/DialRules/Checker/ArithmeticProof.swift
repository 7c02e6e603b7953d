/// The proof that a table's arithmetic cannot fail on a valid shot (docs/design.md §4): for every numeric
/// node, from shot JSON's bounds (`FieldBounds`) up, the exact range of its values, and bounds on
/// their numerators and denominators in lowest terms; a division whose divisor's range holds 0,
/// or a value that could need more than 128 bits, is a failure the checker reports (T004).
///
/// The bounds follow what `ExactNumber` computes: every operation succeeds when its result in
/// lowest terms fits, and a sum also when `(|x| + |y|) · lcm(denominators)` does (its exact
/// fallback needs that much room). So proving these bounds is proving the evaluator exact.
///
/// Per node, ranges come from interval arithmetic over the children, narrowed to the exact range
/// of the node's normal form (`ValueForm.range`) — which is what makes `shot.dose - shot.dose + 1`
/// the number 1 and `dd = shot.dose - recipe.dose` exactly `[-99.999999999, 99.999999999]`.
struct ArithmeticProof {
  /// A node the proof cannot admit.
  enum Failure: Error, Hashable, Sendable {
    /// Node `node` divides by node `divisor`, whose range holds 0.
    case divisorMayBeZero(node: Int, divisor: Int)
    /// Node `node` (or an intermediate of it) may need more than the exact numbers hold.
    case tooLarge(node: Int)
  }

  /// Per node: its bound (meaningful only when the node and every node under it were admitted).
  var bounds: [ValueBound] = []
  /// The failures, each at the first node it affects; nodes built on a failed node are not
  /// reported again.
  var failures: [Failure] = []

  /// The largest numerator or denominator an `ExactNumber` holds.
  static let limit = UInt128(Int128.max)

  /// Proves every node of `program`.
  init(_ program: ConditionProgram) {
    let forms = ValueForm.forms(program)
    var failed = [Bool](repeating: false, count: program.nodes.count)
    for (n, node) in program.nodes.enumerated() {
      let result: Result<ValueBound, Failure>
      switch node {
      case .constant(let c):
        result = .success(Self.constant(c))
      case .field(let f):
        result = .success(Self.field(f))
      case .negate(let a):
        failed[n] = failed[a]
        var b = bounds[a]
        (b.lower, b.upper) = (b.upper.negated(), b.lower.negated())
        result = .success(b)
      case .arithmetic(let op, let a, let b):
        failed[n] = failed[a] || failed[b]
        if failed[n] {
          result = .success(bounds[a])
        } else {
          let divisorIsConstant: Bool
          if case .constant = program.nodes[b] { divisorIsConstant = true } else { divisorIsConstant = false }
          result = Self.arithmetic(
            op, bounds[a], bounds[b], node: n, divisor: b, divisorIsConstant: divisorIsConstant,
            form: try? forms[n].get())
        }
      }
      switch result {
      case .success(let b): bounds.append(b)
      case .failure(let failure):
        failures.append(failure)
        failed[n] = true
        bounds.append(Self.constant(.zero))
      }
    }
  }

  // MARK: - Leaves

  static func constant(_ c: ExactNumber) -> ValueBound {
    let r = c.reduced
    return ValueBound(
      lower: c, upper: c, decimals: decimals(r.denominator.magnitude), maxNumerator: r.numerator.magnitude,
      maxDenominator: r.denominator.magnitude, grid: r.denominator.magnitude)
  }

  static func field(_ f: NumericField) -> ValueBound {
    let grid = UInt128(FieldBounds.grid)
    let upper = FieldBounds.upper(f)
    return ValueBound(
      lower: FieldBounds.lower(f), upper: upper, decimals: decimals(grid),
      maxNumerator: times(ceiling(upper), grid), maxDenominator: grid, grid: grid)
  }

  // MARK: - Operations

  /// The bound of `x op y`, or why there is none.
  static func arithmetic(
    _ op: ArithmeticOperator, _ x: ValueBound, _ y: ValueBound, node: Int, divisor: Int, divisorIsConstant: Bool,
    form: ValueForm?
  ) -> Result<ValueBound, Failure> {
    let tooLarge = Failure.tooLarge(node: node)
    if op == .divide && y.interval.contains(.zero) { return .failure(.divisorMayBeZero(node: node, divisor: divisor)) }
    let interval: ClosedInterval?
    switch op {
    case .add: interval = x.interval.adding(y.interval)
    case .subtract: interval = x.interval.subtracting(y.interval)
    case .multiply: interval = x.interval.multiplied(by: y.interval)
    case .divide: interval = x.interval.divided(by: y.interval)
    }
    guard var range = interval else { return .failure(tooLarge) }
    if let exact = form?.range, let narrower = range.intersection(exact) { range = narrower }
    let m = ceiling(range.magnitude)
    var grid: UInt128?
    var den: UInt128
    var num: UInt128
    switch op {
    case .add, .subtract:
      // The sum's denominator divides the lcm of the operands'; the exact fallback multiplies
      // each numerator out to it, which must fit too.
      let lcm = x.grid.flatMap { gx in y.grid.flatMap { Self.lcm(gx, $0) } }
      grid = lcm
      den = lcm ?? times(x.maxDenominator, y.maxDenominator)
      num = times(m, den)
      let intermediate = times(plus(ceiling(x.interval.magnitude), ceiling(y.interval.magnitude)), den)
      if intermediate > limit { return .failure(tooLarge) }
    case .multiply:
      grid = x.grid.flatMap { gx in y.grid.map { times(gx, $0) } }
      den = min(times(x.maxDenominator, y.maxDenominator), grid ?? .max)
      num = min(times(x.maxNumerator, y.maxNumerator), times(m, den))
    case .divide:
      if divisorIsConstant {
        // x / (p/q) = x · q / p: the numerator gains q, the denominator |p|.
        let p = y.maxNumerator
        grid = x.grid.map { times($0, p) }
        den = times(x.maxDenominator, p)
        num = times(x.maxNumerator, y.maxDenominator)
      } else {
        // (A/Gx) / (B/Gy) = A·(Gy/g) / (B·(Gx/g)) with g = gcd(Gx, Gy), A = x·Gx, B = y·Gy.
        den = times(x.maxDenominator, y.maxNumerator)
        num = times(x.maxNumerator, y.maxDenominator)
        if let gx = x.grid, let gy = y.grid {
          let g = ExactNumber.gcd(gx, gy)
          den = min(den, times(times(ceiling(y.interval.magnitude), gy), gx / g))
          num = min(num, times(times(ceiling(x.interval.magnitude), gx), gy / g))
        }
      }
      num = min(num, times(m, den))
    }
    if let g = grid, g > limit { grid = nil }
    if num > limit || den > limit { return .failure(tooLarge) }
    return .success(
      ValueBound(
        lower: range.lower, upper: range.upper, decimals: grid.flatMap(decimals), maxNumerator: num,
        maxDenominator: den, grid: grid))
  }

  // MARK: - Whole-number helpers, saturating at UInt128.max

  static func times(_ a: UInt128, _ b: UInt128) -> UInt128 {
    let (p, o) = a.multipliedReportingOverflow(by: b)
    return o ? .max : p
  }

  static func plus(_ a: UInt128, _ b: UInt128) -> UInt128 {
    let (s, o) = a.addingReportingOverflow(b)
    return o ? .max : s
  }

  static func lcm(_ a: UInt128, _ b: UInt128) -> UInt128? {
    let g = ExactNumber.gcd(a, b)
    guard g > 0 else { return nil }
    let (p, o) = (a / g).multipliedReportingOverflow(by: b)
    return o ? nil : p
  }

  /// The smallest whole number at least `|x|`.
  static func ceiling(_ x: ExactNumber) -> UInt128 {
    let n = x.numerator.magnitude
    let d = x.denominator.magnitude
    return n / d + (n % d == 0 ? 0 : 1)
  }

  /// The digits after the point of a value whose denominator divides `grid` (nil when that is no
  /// divisor of a power of ten).
  static func decimals(_ grid: UInt128) -> Int? { ExactNumber.fractionDigits(ofDenominator: grid) }
}
