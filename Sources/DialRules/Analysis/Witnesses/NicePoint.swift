/// Choosing a value inside an interval set that a person would write: the shortest decimal near a
/// target, `4 s` rather than `3.000001 s` for `dt > 3 s`, `-2.6` for `(-3, -2.5)`.
enum NicePoint {
  /// Most fraction digits tried. Field values have at most 9, but a ratio can be as small as
  /// 0.00000000001 (0.000000001 g over 100 g), and a region may ask for one near there.
  static let maxDigits = 18

  /// A value in `set`: the one with the fewest decimals, nearest `target` among those. Single
  /// points are returned as they are, even when they have no finite decimal form (the witness
  /// builder then looks for field values that give them).
  static func point(in set: IntervalSet, near target: ExactNumber) -> ExactNumber? {
    var best: (digits: Int, distance: ExactNumber, value: ExactNumber)?
    for interval in set.intervals {
      guard let (digits, value) = point(in: interval, near: target) else { continue }
      guard let distance = value.subtracting(target)?.magnitude else { continue }
      if let b = best, (b.digits, b.distance) <= (digits, distance) { continue }
      best = (digits, distance, value)
    }
    return best?.value
  }

  /// The value of `interval` with the fewest decimals, nearest `target`, with its digit count.
  static func point(in interval: Interval, near target: ExactNumber) -> (Int, ExactNumber)? {
    if let l = interval.lower, let u = interval.upper, l == u { return interval.isEmpty ? nil : (0, l) }
    for digits in 0...maxDigits {
      guard let step = ExactNumber(significand: 1, scale: digits) else { return nil }
      // The multiple of `step` nearest the target, then moved just inside the interval if needed.
      guard var k = roundedQuotient(target, step), var v = multiple(k, step) else { return nil }
      if let l = interval.lower, v < l || (v == l && !interval.lowerClosed) {
        guard let f = floorQuotient(l, step), let fv = multiple(f, step) else { return nil }
        k = fv == l && interval.lowerClosed ? f : f + 1
      } else if let u = interval.upper, v > u || (v == u && !interval.upperClosed) {
        guard let f = floorQuotient(u, step), let fv = multiple(f, step) else { return nil }
        k = fv == u && !interval.upperClosed ? f - 1 : f
      }
      guard let moved = multiple(k, step) else { return nil }
      v = moved
      if interval.contains(v) { return (digits, v) }
    }
    return nil
  }

  /// `k · step`, or nil on overflow.
  static func multiple(_ k: Int128, _ step: ExactNumber) -> ExactNumber? {
    ExactNumber(numerator: k, denominator: 1).multiplied(by: step)
  }

  /// ⌊x / step⌋.
  static func floorQuotient(_ x: ExactNumber, _ step: ExactNumber) -> Int128? {
    guard let q = x.divided(by: step) else { return nil }
    let n = q.numerator
    let d = q.denominator
    let t = n / d
    return (n % d != 0 && n < 0) ? t - 1 : t
  }

  /// x / step rounded to the nearest integer, halves away from zero.
  static func roundedQuotient(_ x: ExactNumber, _ step: ExactNumber) -> Int128? {
    guard let q = x.divided(by: step), let twice = q.magnitude.multiplied(by: ExactNumber(2)),
      let f = floorQuotient(twice, ExactNumber(1))
    else { return nil }
    // round(a) = ⌊(⌊2a⌋ + 1) / 2⌋ for a ≥ 0.
    let r = (f + 1) / 2
    return q.isNegative ? -r : r
  }
}
