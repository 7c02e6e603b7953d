/// A closed interval `[lower, upper]` of exact numbers, with interval arithmetic: the checker's
/// proof that arithmetic cannot fail (`ArithmeticProof`) and the analysis' axis domains are built
/// from these.
///
/// Every operation encloses exactly the results of the operation on the members (`[1, 2] · [-1, 3]`
/// is `[-2, 6]`); it returns nil when an end cannot be computed exactly (it would leave the exact
/// numbers) or, for a quotient, when the divisor holds 0.
struct ClosedInterval: Hashable, Sendable {
  /// The smallest member.
  var lower: ExactNumber
  /// The largest member.
  var upper: ExactNumber

  /// `[lower, upper]`; `lower` must not exceed `upper`.
  init(lower: ExactNumber, upper: ExactNumber) {
    self.lower = lower
    self.upper = upper
  }

  /// The single number `value`.
  init(_ value: ExactNumber) {
    self.init(lower: value, upper: value)
  }

  /// Whether `value` is a member.
  func contains(_ value: ExactNumber) -> Bool { lower <= value && value <= upper }

  /// The largest magnitude of a member.
  var magnitude: ExactNumber { max(lower.magnitude, upper.magnitude) }

  /// The members negated.
  func negated() -> ClosedInterval { ClosedInterval(lower: upper.negated(), upper: lower.negated()) }

  /// Every sum of a member of each.
  func adding(_ other: ClosedInterval) -> ClosedInterval? {
    guard let l = lower.adding(other.lower), let u = upper.adding(other.upper) else { return nil }
    return ClosedInterval(lower: l, upper: u)
  }

  /// Every difference of a member of each.
  func subtracting(_ other: ClosedInterval) -> ClosedInterval? { adding(other.negated()) }

  /// Every member times `c`.
  func scaled(by c: ExactNumber) -> ClosedInterval? {
    guard let a = lower.multiplied(by: c), let b = upper.multiplied(by: c) else { return nil }
    return c.isNegative ? ClosedInterval(lower: b, upper: a) : ClosedInterval(lower: a, upper: b)
  }

  /// Every product of a member of each: the smallest and largest of the four corner products.
  func multiplied(by other: ClosedInterval) -> ClosedInterval? {
    var corners: [ExactNumber] = []
    for a in [lower, upper] {
      for b in [other.lower, other.upper] {
        guard let p = a.multiplied(by: b) else { return nil }
        corners.append(p)
      }
    }
    guard let l = corners.min(), let u = corners.max() else { return nil }
    return ClosedInterval(lower: l, upper: u)
  }

  /// Every quotient of a member of `self` by one of `other`; nil when `other` holds 0.
  func divided(by other: ClosedInterval) -> ClosedInterval? {
    guard !other.contains(.zero), let a = ExactNumber(1).divided(by: other.upper),
      let b = ExactNumber(1).divided(by: other.lower)
    else { return nil }
    return multiplied(by: ClosedInterval(lower: a, upper: b))
  }

  /// The members of both, or nil when there are none.
  func intersection(_ other: ClosedInterval) -> ClosedInterval? {
    let l = max(lower, other.lower)
    let u = min(upper, other.upper)
    return l <= u ? ClosedInterval(lower: l, upper: u) : nil
  }
}
