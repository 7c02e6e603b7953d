/// An exact rational number: every quantity the language computes with.
///
/// docs/design.md §4 requires that `36.1 g - 35.1 g == 1 g` holds and that binary floating point never
/// decides a comparison. Decimals from rule files and shot JSON are read into a numerator over a
/// power-of-ten denominator; derived values such as `shot.ratio` (a quotient) stay exact as
/// fractions. Arithmetic reports overflow instead of trapping, so a hostile input can never crash
/// the process; inputs are bounded (see `ExactNumber.Limits`) so real values never come near it.
///
/// ```swift
/// let a = ExactNumber("36.1")!, b: ExactNumber = 35.1
/// a.subtracting(b) == 1          // true: exact, unlike Double
/// ExactNumber(1).divided(by: 3)  // 1/3, shown as "0.333333…"
/// ```
public struct ExactNumber: Sendable {
  /// The numerator; carries the sign.
  public let numerator: Int128
  /// The denominator; always positive.
  public let denominator: Int128

  /// Bounds on what a rule-file literal, a shot JSON number or `init?(_: String)` may hold, so that
  /// every arithmetic chain the checker admits stays far inside `Int128`.
  public enum Limits {
    /// Largest magnitude accepted from a literal or a JSON number.
    public static let maxMagnitude: Int128 = 1_000_000_000
    /// Most digits after the decimal point accepted from a literal or a JSON number.
    public static let maxFractionDigits = 9
    /// Most significant digits accepted (integer plus fraction part, leading zeros excluded).
    public static let maxSignificantDigits = 18
  }

  /// Creates `numerator / denominator` without reducing. `denominator` must be positive.
  @inlinable
  init(numerator: Int128, denominator: Int128) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The integer `value`.
  public init(_ value: Int) {
    self.numerator = Int128(value) * Self.commonDenominator
    self.denominator = Self.commonDenominator
  }

  /// Every decimal with at most `Limits.maxFractionDigits` fraction digits is stored over this
  /// denominator, so sums and comparisons of inputs and constants take the equal-denominator fast
  /// path (no cross multiplication). The value is the same either way; only speed differs.
  @usableFromInline static let commonDenominator: Int128 = 1_000_000_000

  /// Zero.
  public static let zero = ExactNumber(0)

  /// Creates the number `significand × 10^-scale` (so `(361, 1)` is 36.1).
  public init?(significand: Int128, scale: Int) {
    guard scale >= 0, scale <= 30 else { return nil }
    if scale <= 9, significand.magnitude <= UInt128(Int128.max / Self.commonDenominator) {
      var factor: Int128 = 1
      for _ in scale..<9 { factor *= 10 }
      self.numerator = significand * factor
      self.denominator = Self.commonDenominator
      return
    }
    var den: Int128 = 1
    for _ in 0..<scale { den *= 10 }
    self.numerator = significand
    self.denominator = den
  }

  /// Whether the value is 0.
  public var isZero: Bool { numerator == 0 }
  /// Whether the value is below 0.
  public var isNegative: Bool { numerator < 0 }
  /// Whether the value is a whole number.
  public var isInteger: Bool { numerator % denominator == 0 }

  /// The value as an `Int` when it is a whole number that fits.
  public var intValue: Int? {
    guard isInteger else { return nil }
    let q = numerator / denominator
    guard q >= Int128(Int.min), q <= Int128(Int.max) else { return nil }
    return Int(q)
  }

  /// The largest whole number not above the value (`⌊-2.5⌋ = -3`).
  var floorValue: Int128 { Self.floorDiv(numerator, denominator) }

  /// The same value with numerator and denominator divided by their greatest common divisor.
  public var reduced: ExactNumber {
    // Most fractions fit in 64 bits, where division is one instruction instead of a call into
    // the 128-bit helpers (natively and, more so, in WebAssembly).
    if let n = Int64(exactly: numerator), let d = Int64(exactly: denominator) {
      let g = Int64(Self.gcd(n.magnitude, d.magnitude))
      if g <= 1 { return self }
      return ExactNumber(numerator: Int128(n / g), denominator: Int128(d / g))
    }
    let g = Self.gcd(numerator.magnitude, denominator.magnitude)
    if g <= 1 { return self }
    return ExactNumber(numerator: numerator / Int128(g), denominator: denominator / Int128(g))
  }

  static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (x, y) = (a, b)
    while y != 0 {
      if x <= UInt128(UInt64.max) && y <= UInt128(UInt64.max) { return UInt128(gcd(UInt64(x), UInt64(y))) }
      (x, y) = (y, x % y)
    }
    return x
  }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  /// The value with its sign flipped.
  public func negated() -> ExactNumber {
    if numerator == Int128.min {
      // -Int128.min does not fit; in lowest terms it usually does. The checker's proof keeps
      // every value's lowest-terms numerator within Int128, so the last case never happens.
      let r = reduced
      return r.numerator == Int128.min ? self : ExactNumber(numerator: -r.numerator, denominator: r.denominator)
    }
    return ExactNumber(numerator: -numerator, denominator: denominator)
  }

  /// The absolute value.
  public var magnitude: ExactNumber { isNegative ? negated() : self }
}

// MARK: - Arithmetic that reports overflow

extension ExactNumber {
  /// Keeps fractions small: reduce only when the denominator has grown, so the common case of two
  /// decimals with equal scale never pays for a gcd.
  @inline(__always)
  private static func make(_ n: Int128, _ d: Int128) -> ExactNumber {
    let value = ExactNumber(numerator: n, denominator: d)
    return d > 1_000_000_000_000 ? value.reduced : value
  }

  /// `self + other`, or nil on overflow.
  ///
  /// Fails only when the sum in lowest terms does not fit, or when `(|self| + |other|)` times the
  /// lcm of the two denominators in lowest terms does not: the fast paths work on the fractions
  /// as stored, and when they overflow the sum is recomputed from the reduced operands over their
  /// lcm (Knuth, TAOCP 4.5.1). The checker's proof (`ArithmeticProof`) relies on exactly this.
  public func adding(_ other: ExactNumber) -> ExactNumber? {
    if denominator == other.denominator {
      let (s, o) = numerator.addingReportingOverflow(other.numerator)
      return o ? Self.reducedSum(self, other) : ExactNumber(numerator: s, denominator: denominator)
    }
    let (a, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
    let (b, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
    let (d, o3) = denominator.multipliedReportingOverflow(by: other.denominator)
    let (s, o4) = a.addingReportingOverflow(b)
    if o1 || o2 || o3 || o4 { return Self.reducedSum(self, other) }
    return Self.make(s, d)
  }

  /// `self - other`, or nil on overflow (as `adding`).
  public func subtracting(_ other: ExactNumber) -> ExactNumber? {
    let minus = other.negated()
    if minus.numerator == other.numerator && !other.isZero { return nil }  // -other does not fit
    return adding(minus)
  }

  /// `self × other`, or nil on overflow: only when the product in lowest terms does not fit (the
  /// fast path multiplies the stored fractions; on overflow the reduced operands are cross-cancelled
  /// first, which gives the product in lowest terms directly).
  public func multiplied(by other: ExactNumber) -> ExactNumber? {
    let (n, o1) = numerator.multipliedReportingOverflow(by: other.numerator)
    let (d, o2) = denominator.multipliedReportingOverflow(by: other.denominator)
    if o1 || o2 { return Self.reducedProduct(self, other) }
    return Self.make(n, d)
  }

  /// `self ÷ other`, or nil on division by zero or when the quotient in lowest terms does not fit.
  public func divided(by other: ExactNumber) -> ExactNumber? {
    guard other.numerator != 0 else { return nil }
    let o = other.numerator == Int128.min ? other.reduced : other
    var n2 = o.denominator
    var d2 = o.numerator
    if d2 < 0 {
      if d2 == Int128.min { return nil }
      d2 = -d2
      n2 = -n2
    }
    return multiplied(by: ExactNumber(numerator: n2, denominator: d2))
  }

  /// `x + y` from their lowest terms: `a/b + c/d = (a·(d/g) + c·(b/g)) / (b·(d/g))` with
  /// g = gcd(b, d), then reduced.
  static func reducedSum(_ x: ExactNumber, _ y: ExactNumber) -> ExactNumber? {
    let p = x.reduced
    let q = y.reduced
    let g = Int128(gcd(p.denominator.magnitude, q.denominator.magnitude))
    let (a, o1) = p.numerator.multipliedReportingOverflow(by: q.denominator / g)
    let (c, o2) = q.numerator.multipliedReportingOverflow(by: p.denominator / g)
    let (s, o3) = a.addingReportingOverflow(c)
    let (d, o4) = p.denominator.multipliedReportingOverflow(by: q.denominator / g)
    if o1 || o2 || o3 || o4 { return nil }
    return ExactNumber(numerator: s, denominator: d).reduced
  }

  /// `x × y` in lowest terms: each numerator is cancelled against the other denominator first.
  static func reducedProduct(_ x: ExactNumber, _ y: ExactNumber) -> ExactNumber? {
    let p = x.reduced
    let q = y.reduced
    let g1 = Int128(gcd(p.numerator.magnitude, q.denominator.magnitude))
    let g2 = Int128(gcd(q.numerator.magnitude, p.denominator.magnitude))
    guard g1 > 0, g2 > 0 else { return .zero }  // a zero numerator: gcd(0, d) = d > 0, so only 0/0
    let (n, o1) = (p.numerator / g1).multipliedReportingOverflow(by: q.numerator / g2)
    let (d, o2) = (p.denominator / g2).multipliedReportingOverflow(by: q.denominator / g1)
    if o1 || o2 { return nil }
    return ExactNumber(numerator: n, denominator: d)
  }
}

// MARK: - Comparison

extension ExactNumber: Comparable, Hashable {
  /// Three-way comparison by cross multiplication. Operands within the input limits never overflow;
  /// should they, the comparison falls back to comparing reduced fractions digit by digit.
  public func compare(_ other: ExactNumber) -> Int {
    if denominator == other.denominator {
      return numerator < other.numerator ? -1 : (numerator == other.numerator ? 0 : 1)
    }
    let (a, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
    let (b, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
    if !o1 && !o2 { return a < b ? -1 : (a == b ? 0 : 1) }
    return Self.compareByContinuedFraction(self.reduced, other.reduced)
  }

  /// Compares two fractions without any multiplication, by their integer parts and reciprocals of
  /// the remainders; cannot overflow.
  private static func compareByContinuedFraction(_ x: ExactNumber, _ y: ExactNumber) -> Int {
    var (an, ad, bn, bd) = (x.numerator, x.denominator, y.numerator, y.denominator)
    var sign = 1
    while true {
      // floor division
      let aq = floorDiv(an, ad)
      let bq = floorDiv(bn, bd)
      if aq != bq { return (aq < bq ? -1 : 1) * sign }
      let ar = an - aq * ad
      let br = bn - bq * bd
      if ar == 0 || br == 0 {
        if ar == br { return 0 }
        return (ar == 0 ? -1 : 1) * sign
      }
      // compare ar/ad vs br/bd  ⇔  compare bd/br vs ad/ar (reciprocals flip the order)
      (an, ad, bn, bd) = (ad, ar, bd, br)
      sign = -sign
    }
  }

  static func floorDiv(_ n: Int128, _ d: Int128) -> Int128 {
    let q = n / d
    return (n % d != 0 && (n < 0) != (d < 0)) ? q - 1 : q
  }

  /// Whether `lhs` is less than `rhs`, exactly.
  public static func < (lhs: ExactNumber, rhs: ExactNumber) -> Bool { lhs.compare(rhs) < 0 }
  /// Whether the two are the same number, whatever their denominators (`0.5 == 1/2`).
  public static func == (lhs: ExactNumber, rhs: ExactNumber) -> Bool { lhs.compare(rhs) == 0 }

  /// Hashes the number so that equal numbers hash alike: a number with a whole multiple of 10⁻⁹
  /// hashes as that multiple (no gcd for the usual decimal, stored over 10⁹), any other as its
  /// reduced fraction.
  public func hash(into hasher: inout Hasher) {
    if denominator == Self.commonDenominator {
      hasher.combine(numerator)
      return
    }
    if let scaled = Self.multipleOfNano(numerator, denominator) {
      hasher.combine(scaled)
      return
    }
    let r = reduced
    if let scaled = Self.multipleOfNano(r.numerator, r.denominator) {
      hasher.combine(scaled)
      return
    }
    // Not a whole multiple of 10⁻⁹ (or beyond 128 bits as one): no form over 10⁹ exists, so every
    // equal number reaches this line with the same reduced fraction.
    hasher.combine(r.numerator)
    hasher.combine(r.denominator)
    hasher.combine(true)
  }

  /// `n / d × 10⁹` when `d` divides 10⁹ and the product fits, else nil.
  private static func multipleOfNano(_ n: Int128, _ d: Int128) -> Int128? {
    guard d != 0, commonDenominator % d == 0 else { return nil }
    let (scaled, overflow) = n.multipliedReportingOverflow(by: commonDenominator / d)
    return overflow ? nil : scaled
  }
}
