/// What the checker proved about one numeric node of a compiled table (`CompiledRules.valueBounds`,
/// indexed like the program's nodes): on every valid shot where its inputs are known, the node's
/// value lies in `lower...upper`, is computed exactly, and never needs a division by zero.
///
/// An evaluator may rely on it. `decimals` says when a value is always a decimal with at most that
/// many digits after the point (fields have 9, `shot.dose * 2` too, a product of two fields 18);
/// it is nil for quotients, whose values are fractions such as 20/9. `maxNumerator` and
/// `maxDenominator` bound the value in lowest terms, so a fixed-point or 128-bit evaluator can
/// check it has the room. The bounds are sound; `lower` and `upper` are reached exactly when the
/// node is a sum of observed fields each read once (`shot.time - recipe.time`), and may be wider
/// otherwise (`dt * dt` is bounded by interval arithmetic).
struct ValueBound: Hashable, Sendable {
  /// No value is smaller.
  var lower: ExactNumber
  /// No value is larger.
  var upper: ExactNumber
  /// When every value is a decimal, the most digits after the point it can have; else nil.
  var decimals: Int?
  /// Every value's numerator in lowest terms is at most this in magnitude.
  var maxNumerator: UInt128
  /// Every value's denominator in lowest terms is at most this.
  var maxDenominator: UInt128
  /// Every value times `grid` is a whole number (nil when no such number is known): the basis of
  /// `decimals`, and of exact bounds on sums.
  var grid: UInt128?

  /// The bound as a closed interval.
  var interval: ClosedInterval { ClosedInterval(lower: lower, upper: upper) }
}
