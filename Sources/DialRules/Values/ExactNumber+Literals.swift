/// Making exact numbers in code: from decimal text, and from integer and float literals.
///
/// ```swift
/// let dose = ExactNumber("18.5")    // Optional: exactly 18.5, or nil for text a shot file rejects
/// let yield: ExactNumber = 36.4     // exactly 36.4, never the Double nearest to it
/// let time = ExactNumber(28)        // exactly 28
/// ```
extension ExactNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// The number written in `text`, exactly, or nil when `text` is not a number that shot JSON and
  /// rule files accept: the syntax is JSON's (`-?digits(.digits)?([eE][+-]?digits)?`, no spaces,
  /// no `+`), with at most `Limits.maxFractionDigits` (9) decimals, `Limits.maxSignificantDigits`
  /// (18) significant digits and a magnitude of at most `Limits.maxMagnitude` (10^9).
  ///
  /// `ExactNumber("36.4")` is exactly 36.4; `ExactNumber("0.0000000001")` is nil (ten decimals).
  /// `ExactNumber.parse(_:)` says why text is rejected.
  public init?(_ text: String) {
    guard case .success(let value) = Self.parse(text) else { return nil }
    self = value
  }

  /// The integer literal's value, exactly: `let steps: ExactNumber = 2`. Any `Int` is accepted;
  /// the bounds of shot fields are checked where a record is validated (`ShotRecord.validate()`).
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// The float literal's value as the decimal it was written as, exactly.
  ///
  /// The compiler hands a float literal over as the nearest `Double`; this initialiser takes the
  /// shortest decimal text that converts back to that same `Double` (`Double.description`, the
  /// text Swift prints) and reads that text exactly. For every literal of at most 15 significant
  /// digits that text is the literal as written: `36.4` is exactly 364/10, `0.1` exactly 1/10 and
  /// `17.999999999` exactly 17999999999/10^9, not the binary fractions near them. Shot-field
  /// bounds are not applied here but where a record is validated (`ShotRecord.validate()`).
  ///
  /// A literal whose exact value cannot be held (magnitude of 10^29 or more, or more than 30
  /// decimals, such as `1e-31`) is a programming error and stops the program with a message, as an
  /// integer literal too large for its type is rejected.
  public init(floatLiteral value: Double) {
    guard let exact = Self.exactShortestDecimal(of: value) else {
      preconditionFailure("the float literal \(value) has no exact ExactNumber form (|x| < 1e29, at most 30 decimals)")
    }
    self = exact
  }

  /// The exact value of `value`'s shortest round-trip decimal text, or nil when that value is not
  /// finite or does not fit (magnitude of 10^29 or more, or more than 30 decimals).
  static func exactShortestDecimal(of value: Double) -> ExactNumber? {
    guard value.isFinite else { return nil }
    // `description` is the shortest round-trip form: `36.4`, `1e-05`, `1e+16`, `-0.0`.
    var significand: Int128 = 0
    var digits = 0
    var fractionDigits = 0
    var exponent = 0
    var seenPoint = false
    var negative = false
    var text = Substring(value.description)
    if text.first == "-" {
      negative = true
      text = text.dropFirst()
    }
    var mantissa = text
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      guard let power = Int(text[text.index(after: e)...].drop { $0 == "+" }) else { return nil }
      exponent = power
    }
    for character in mantissa {
      if character == "." {
        seenPoint = true
        continue
      }
      guard let digit = character.wholeNumberValue else { return nil }
      // A Double has at most 17 significant digits, so the significand stays far inside Int128.
      significand = significand * 10 + Int128(digit)
      if significand != 0 { digits += 1 }
      if seenPoint { fractionDigits += 1 }
    }
    guard digits <= 17 else { return nil }
    if negative { significand = -significand }
    var scale = fractionDigits - exponent
    while scale > 0, significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    if scale >= 0 { return ExactNumber(significand: significand, scale: scale) }
    // A positive power of ten: multiply up, refusing magnitudes of 10^29 and more, whose
    // numerator over the common denominator (10^9) would not fit.
    for _ in 0..<(-scale) {
      let (next, overflow) = significand.multipliedReportingOverflow(by: 10)
      guard !overflow, next.magnitude < 100_000_000_000_000_000_000_000_000_000 else { return nil }
      significand = next
    }
    return ExactNumber(significand: significand, scale: 0)
  }
}
