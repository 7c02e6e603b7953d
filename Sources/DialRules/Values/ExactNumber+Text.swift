/// Reading and writing exact numbers as decimal text, shared by the rule lexer and the shot JSON
/// reader so both accept exactly the same numbers and reject the same ones with the same reasons.
extension ExactNumber {
  /// Why a piece of decimal text is not an acceptable number. New reasons may be added in a minor
  /// release; end a `switch` with `@unknown default`.
  public enum TextError: Error, Equatable, Sendable {
    /// Not of the form `-?digits(.digits)?([eE][+-]?digits)?`.
    case malformed
    /// More digits after the point than `Limits.maxFractionDigits`.
    case tooPrecise
    /// More significant digits than `Limits.maxSignificantDigits`.
    case tooManyDigits
    /// Magnitude above `Limits.maxMagnitude`.
    case tooLarge
  }

  /// Parses decimal text (JSON number syntax, also used by rule literals) exactly.
  ///
  /// Work is linear in the input and bounded: digits beyond the limits are counted, not
  /// accumulated, so `1e400` or a 200-digit literal is rejected without big arithmetic.
  static func parse<Bytes: Collection>(decimal bytes: Bytes) -> Result<ExactNumber, TextError>
  where Bytes.Element == UInt8 {
    var index = bytes.startIndex
    let end = bytes.endIndex
    var negative = false
    if index < end, bytes[index] == UInt8(ascii: "-") {
      negative = true
      bytes.formIndex(after: &index)
    }
    // 64-bit accumulation: a result with more than `maxSignificantDigits` (18) digits is rejected
    // before the significand is used, so digits past the 18th are only counted, and 10^18 fits.
    // Int128 division here cost a library call per trailing zero; readers parse every number.
    var significand: UInt64 = 0
    var significantDigits = 0
    var intDigits = 0
    var fractionDigits = 0
    // A non-zero digit too far right to accumulate (`0.` + 40 zeros + `1`) must not silently read
    // as zero: the number is more precise than any limit allows.
    var droppedDigit = false
    while index < end, bytes[index].isASCIIDigit {
      let d = UInt64(bytes[index] - 0x30)
      if significantDigits > 0 || d != 0 {
        significantDigits += 1
        if significantDigits <= Limits.maxSignificantDigits { significand = significand * 10 + d }
      }
      intDigits += 1
      bytes.formIndex(after: &index)
    }
    guard intDigits > 0 else { return .failure(.malformed) }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      bytes.formIndex(after: &index)
      while index < end, bytes[index].isASCIIDigit {
        let d = UInt64(bytes[index] - 0x30)
        fractionDigits += 1
        if significantDigits > 0 || d != 0 { significantDigits += 1 }
        if significantDigits <= Limits.maxSignificantDigits && fractionDigits <= 30 {
          significand = significand * 10 + d
        } else if d != 0 {
          droppedDigit = true
        }
        bytes.formIndex(after: &index)
      }
      guard fractionDigits > 0 else { return .failure(.malformed) }
    }
    var exponent = 0
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      bytes.formIndex(after: &index)
      var expNegative = false
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        expNegative = bytes[index] == UInt8(ascii: "-")
        bytes.formIndex(after: &index)
      }
      var expDigits = 0
      while index < end, bytes[index].isASCIIDigit {
        if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
        expDigits += 1
        bytes.formIndex(after: &index)
      }
      guard expDigits > 0 else { return .failure(.malformed) }
      if expNegative { exponent = -exponent }
    }
    guard index == end else { return .failure(.malformed) }
    if significantDigits > Limits.maxSignificantDigits { return .failure(.tooManyDigits) }
    if droppedDigit { return .failure(.tooPrecise) }
    if significand == 0 { return .success(.zero) }
    // value = significand × 10^(exponent - fractionDigits)
    let scale = fractionDigits - exponent
    // Trailing zeros do not make a number more precise: strip them before judging precision.
    var s = significand
    var sc = scale
    while sc > 0, s % 10 == 0 {
      s /= 10
      sc -= 1
    }
    if sc > Limits.maxFractionDigits { return .failure(.tooPrecise) }
    let maxMagnitude = UInt64(Limits.maxMagnitude)
    if sc < 0 {
      // Multiply up, watching the magnitude limit: s < 10^18 before, so s * 10 cannot overflow.
      for _ in 0..<(-sc) {
        s *= 10
        if s > maxMagnitude { return .failure(.tooLarge) }
      }
      sc = 0
    }
    // |value| = s / 10^sc, with sc ≤ 9, so the limit check is exact in 64 bits (10^9 · 10^9 fits).
    let denominator = Self.powersOfTen[sc]
    if s > maxMagnitude * denominator { return .failure(.tooLarge) }
    // Stored over the common denominator 10^9 (see `ExactNumber.commonDenominator`).
    let numerator = Int128(s) * Int128(Self.powersOfTen[Limits.maxFractionDigits - sc])
    return .success(ExactNumber(numerator: negative ? -numerator : numerator, denominator: commonDenominator))
  }

  /// 10^0 … 10^9, one per allowed fraction digit count.
  private static let powersOfTen: [UInt64] = (0...Limits.maxFractionDigits).map { n in
    (0..<n).reduce(1) { acc, _ in acc * 10 }
  }

  /// Parses decimal text from a string.
  public static func parse(_ text: String) -> Result<ExactNumber, TextError> {
    parse(decimal: Array(text.utf8))
  }

  /// The shortest exact decimal text for this number (`36.4`, `-3`, `0.5`); a fraction that has no
  /// finite decimal form is written with up to six decimals and a trailing `…`, e.g. `2.022222…`.
  public var decimalText: String {
    // Inputs are stored over 10^9: print them without a gcd, and without building the digits as a
    // `String` first (explanations print thousands of values).
    if denominator == Self.commonDenominator { return decimalText(maxFractionDigits: Limits.maxFractionDigits) }
    let r = reduced
    if let digits = Self.fractionDigits(ofDenominator: r.denominator.magnitude),
      let scaled = Self.scaledToPowerOfTen(r, scale: digits)
    {
      return Self.format(scaled, scale: digits, truncated: false)
    }
    // Non-terminating: six decimals, truncated toward zero, then an ellipsis.
    let (scaled, overflow) = r.numerator.multipliedReportingOverflow(by: 1_000_000)
    if overflow { return "\(r.numerator)/\(r.denominator)" }
    return Self.format(scaled / r.denominator, scale: 6, truncated: true)
  }

  /// How many digits after the point the number needs as a decimal (0 for a whole number), or nil
  /// when it has no finite decimal form (20/9).
  var fractionDigits: Int? { Self.fractionDigits(ofDenominator: reduced.denominator.magnitude) }

  /// The digits after the point of any number whose lowest-terms denominator divides `d`, when `d`
  /// is 2^a · 5^b (then max(a, b)); nil otherwise.
  static func fractionDigits(ofDenominator d: UInt128) -> Int? {
    var d = d
    var twos = 0
    var fives = 0
    while d > 0 && d % 2 == 0 {
      d /= 2
      twos += 1
    }
    while d > 0 && d % 5 == 0 {
      d /= 5
      fives += 1
    }
    return d == 1 ? max(twos, fives) : nil
  }

  /// The number exactly, as a person writes it: its shortest decimal (`2.5`, `-3`) when it has a
  /// finite one, else its fraction in lowest terms (`20/9`, `-1/3`). Regions and table cells use
  /// it, so a boundary such as 20/9 is never shown rounded.
  package var exactText: String {
    // Over 10^9 (every input and most bounds) the shortest decimal is the long division
    // `decimalText(maxFractionDigits: 9)` does, which never rounds there: the same text without
    // a gcd or the digits built as a `String` first (a failing property's regions print thousands).
    if denominator == Self.commonDenominator { return decimalText(maxFractionDigits: Limits.maxFractionDigits) }
    let r = reduced
    if let digits = Self.fractionDigits(ofDenominator: r.denominator.magnitude),
      let scaled = Self.scaledToPowerOfTen(r, scale: digits)
    {
      return Self.format(scaled, scale: digits, truncated: false)
    }
    return "\(r.numerator)/\(r.denominator)"
  }

  /// The numerator of `r` over 10^scale (its denominator must divide 10^scale), or nil when that
  /// does not fit.
  private static func scaledToPowerOfTen(_ r: ExactNumber, scale: Int) -> Int128? {
    var pow10: Int128 = 1
    for _ in 0..<scale {
      let (p, o) = pow10.multipliedReportingOverflow(by: 10)
      if o { return nil }
      pow10 = p
    }
    let factor = pow10 / r.denominator
    let (scaled, overflow) = r.numerator.multipliedReportingOverflow(by: factor)
    return overflow ? nil : scaled
  }

  private static func format(_ scaled: Int128, scale: Int, truncated: Bool) -> String {
    let negative = scaled < 0
    var digits = String(scaled.magnitude)
    if scale > 0 {
      if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
      let cut = digits.index(digits.endIndex, offsetBy: -scale)
      var intPart = String(digits[..<cut])
      var frac = String(digits[cut...])
      if !truncated {
        while frac.hasSuffix("0") { frac.removeLast() }
      }
      if intPart.isEmpty { intPart = "0" }
      digits = frac.isEmpty ? intPart : intPart + "." + frac
    }
    return (negative ? "-" : "") + digits + (truncated ? "…" : "")
  }
}

extension ExactNumber: CustomStringConvertible {
  /// `decimalText`: `36.4`, `-3`, `2.022222…`.
  public var description: String { decimalText }
}
