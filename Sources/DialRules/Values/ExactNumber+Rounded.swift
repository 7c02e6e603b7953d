/// Plain decimal text with a bounded number of fraction digits, for machine-readable output.
///
/// `decimalText` is for people: it marks a non-terminating fraction with `…`. JSON output needs a
/// number every parser accepts and that our own reader reads back (at most
/// `Limits.maxFractionDigits` decimals), so this form rounds instead and never writes `…` or `n/d`.
extension ExactNumber {
  /// The exact decimal when it has at most `maxFractionDigits` digits after the point, otherwise the
  /// value rounded half away from zero to that many digits; trailing zeros are dropped, and a value
  /// that rounds to zero is written `0`, never `-0`.
  ///
  /// `(1/3).decimalText(maxFractionDigits: 9)` is `0.333333333`; `36.4` stays `36.4`.
  package func decimalText(maxFractionDigits: Int) -> String {
    var out: [UInt8] = []
    appendDecimal(to: &out, maxFractionDigits: maxFractionDigits)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `decimalText(maxFractionDigits:)` to a byte buffer without building a `String`: the
  /// JSON writer calls this for every number of every decision it writes.
  func appendDecimal(to out: inout [UInt8], maxFractionDigits: Int) {
    let fractionLimit = Swift.max(0, Swift.min(maxFractionDigits, 30))
    let d = denominator.magnitude
    let m = numerator.magnitude
    if d == 1 {
      if numerator < 0 { out.append(UInt8(ascii: "-")) }
      Self.appendDigits(of: m, to: &out)
      return
    }
    var whole = m / d
    var remainder = m % d
    // Long division, one digit at a time. Working on the unreduced fraction avoids a gcd; the
    // remainder stays below `d`, so the only overflow risk is `remainder * 10`, handled below.
    // Fixed inline storage: no heap allocation per number written.
    var digits = InlineSlots<
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ), UInt8
    >(
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var count = 0
    while remainder != 0, count < fractionLimit {
      let (digit, next) = Self.nextDigit(remainder, d)
      digits[count] = digit
      count += 1
      remainder = next
    }
    if remainder != 0 {
      // Round half away from zero on the first dropped digit.
      let (dropped, _) = Self.nextDigit(remainder, d)
      if dropped >= 5 {
        var i = count - 1
        var carry = true
        while carry, i >= 0 {
          if digits[i] == 9 {
            digits[i] = 0
            i -= 1
          } else {
            digits[i] += 1
            carry = false
          }
        }
        if carry { whole += 1 }
      }
    }
    while count > 0, digits[count - 1] == 0 { count -= 1 }
    if numerator < 0, whole != 0 || count > 0 { out.append(UInt8(ascii: "-")) }
    Self.appendDigits(of: whole, to: &out)
    if count > 0 {
      out.append(UInt8(ascii: "."))
      for i in 0..<count { out.append(0x30 + digits[i]) }
    }
  }

  /// The next decimal digit of `remainder / divisor` (with `remainder < divisor`) and the new
  /// remainder. Falls back to ten additions when `remainder * 10` would overflow, which only
  /// happens for denominators above 2^124 — never for input values, only for extreme derived ones.
  private static func nextDigit(_ remainder: UInt128, _ divisor: UInt128) -> (UInt8, UInt128) {
    let (product, overflow) = remainder.multipliedReportingOverflow(by: 10)
    if !overflow { return (UInt8(product / divisor), product % divisor) }
    var digit: UInt8 = 0
    var accumulated: UInt128 = 0
    for _ in 0..<10 {
      // accumulated < divisor and remainder < divisor ≤ 2^127, so the sum fits.
      accumulated += remainder
      if accumulated >= divisor {
        accumulated -= divisor
        digit += 1
      }
    }
    return (digit, accumulated)
  }

  /// Appends the decimal digits of `value`, using 64-bit division when it fits (the usual case).
  private static func appendDigits(of value: UInt128, to out: inout [UInt8]) {
    if value <= UInt128(UInt64.max) {
      let v = UInt64(value)
      var divisor: UInt64 = 1
      while v / divisor >= 10 { divisor *= 10 }
      while divisor > 0 {
        out.append(0x30 + UInt8((v / divisor) % 10))
        divisor /= 10
      }
      return
    }
    out.append(contentsOf: String(value).utf8)
  }
}
