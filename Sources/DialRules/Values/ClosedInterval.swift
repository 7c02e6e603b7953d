/// A closed interval `[lower, upper]` of exact numbers, with interval arithmetic: the checker's
/// proof that arithmetic cannot fail (`ArithmeticProof`) and the analysis' axis domains are built
/// from these.
///
/// Every operation encloses exactly the results of the operation on the members (`[1, 2] · [-1, 3]`
/// is `[-2, 6]`); it returns nil when an end cannot be computed exactly (it would leave the exact
/// numbers) or, for a quotient, when the divisor holds 0.
package struct ClosedInterval: Hashable, Sendable {
  /// The smallest member.
  package var lower: ExactNumber
  /// The largest member.
  package var upper: ExactNumber

  /// `[lower, upper]`; `lower` must not exceed `upper`.
  package init(lower: ExactNumber, upper: ExactNumber) {
    self.lower = lower
    self.upper = upper
  }

  /// The single number `value`.
  package init(_ value: ExactNumber) {
    self.init(lower: value, upper: value)
  }

  /// Whether `value` is a member.
  package func contains(_ value: ExactNumber) -> Bool { lower <= value && value <= upper }

  /// The largest magnitude of a member.
  package var magnitude: ExactNumber { max(lower.magnitude, upper.magnitude) }

  /// The members negated.
  package func negated() -> ClosedInterval { ClosedInterval(lower: upper.negated(), upper: lower.negated()) }

  /// Every sum of a member of each.
  package func adding(_ other: ClosedInterval) -> ClosedInterval? {
    guard let l = lower.adding(other.lower), let u = upper.adding(other.upper) else { return nil }
    return ClosedInterval(lower: l, upper: u)
  }

  /// Every difference of a member of each.
  package func subtracting(_ other: ClosedInterval) -> ClosedInterval? { adding(other.negated()) }

  /// Every member times `c`.
  package func scaled(by c: ExactNumber) -> ClosedInterval? {
    guard let a = lower.multiplied(by: c), let b = upper.multiplied(by: c) else { return nil }
    return c.isNegative ? ClosedInterval(lower: b, upper: a) : ClosedInterval(lower: a, upper: b)
  }

  /// Every product of a member of each: the smallest and largest of the four corner products.
  package func multiplied(by other: ClosedInterval) -> ClosedInterval? {
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
  package func divided(by other: ClosedInterval) -> ClosedInterval? {
    guard !other.contains(.zero), let a = ExactNumber(1).divided(by: other.upper),
      let b = ExactNumber(1).divided(by: other.lower)
    else { return nil }
    return multiplied(by: ClosedInterval(lower: a, upper: b))
  }

  /// The members of both, or nil when there are none.
  package func intersection(_ other: ClosedInterval) -> ClosedInterval? {
    let l = max(lower, other.lower)
    let u = min(upper, other.upper)
    return l <= u ? ClosedInterval(lower: l, upper: u) : nil
  }
}
