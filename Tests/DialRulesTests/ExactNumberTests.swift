import Testing

@testable import DialRules

@Suite struct ExactNumberTests {
  func n(_ s: String) -> ExactNumber {
    guard case .success(let v) = ExactNumber.parse(s) else {
      Issue.record("could not parse \(s)")
      return .zero
    }
    return v
  }

  @Test func decimalSubtractionIsExact() {
    let d = n("36.1").subtracting(n("35.1"))
    #expect(d == n("1"))
    #expect(d?.decimalText == "1")
  }

  @Test func comparesAcrossScales() {
    #expect(n("2.50") == n("2.5"))
    #expect(n("-3") < n("-2.999"))
    #expect(n("0.1").adding(n("0.2")) == n("0.3"))
  }

  @Test func quotientStaysExact() throws {
    let ratio = try #require(n("36.4").divided(by: n("18")))
    #expect(ratio > n("2.0222222"))
    #expect(ratio < n("2.0222223"))
    #expect(ratio.decimalText == "2.022222…")
    #expect(ratio.multiplied(by: n("18")) == n("36.4"))
  }

  @Test(arguments: [
    ("1e400", ExactNumber.TextError.tooLarge),
    (String(repeating: "9", count: 200), .tooManyDigits),
    ("0.0000000001", .tooPrecise),
    ("1.", .malformed),
    ("-", .malformed),
    ("1e", .malformed),
    ("01x", .malformed),
    ("1000000001", .tooLarge),
    ("0." + String(repeating: "0", count: 40) + "1", .tooPrecise),
  ])
  func rejectsOutOfRangeText(text: String, error: ExactNumber.TextError) {
    #expect(ExactNumber.parse(text) == .failure(error))
  }

  /// The parser accumulates in 64 bits; these pin its edges: 18 significant digits, 9 decimals,
  /// the magnitude limit after scaling, and exponents that move digits across the point.
  @Test(arguments: [
    ("123456789.123456789", 123_456_789_123_456_789 as Int64, 1_000_000_000 as Int64),
    ("-999999999.999999999", -999_999_999_999_999_999, 1_000_000_000),
    ("1000000000", 1_000_000_000, 1),
    ("1.000000000e9", 1_000_000_000, 1),
    ("0.000000001", 1, 1_000_000_000),
    ("12345e-9", 12345, 1_000_000_000),
    ("0.00000000100000000000", 1, 1_000_000_000),
    ("36.40", 364, 10),
    ("1800e-2", 18, 1),
  ])
  func parsesEdgesExactly(text: String, numerator: Int64, denominator: Int64) {
    let expected = ExactNumber(numerator: Int128(numerator), denominator: Int128(denominator))
    guard case .success(let v) = ExactNumber.parse(text) else {
      Issue.record("\(text) rejected")
      return
    }
    #expect(v == expected)
  }

  @Test(arguments: [
    ("1234567890.12345678", ExactNumber.TextError.tooLarge),
    ("1234567890123456789", .tooManyDigits),
    ("100000000000000000000e-11", .tooManyDigits),
    ("1000000000.000000001", .tooManyDigits),
    ("999999999.9999999999", .tooManyDigits),
    ("1e10", .tooLarge),
    ("0.1e-9", .tooPrecise),
  ])
  func rejectsEdges(text: String, error: ExactNumber.TextError) {
    #expect(ExactNumber.parse(text) == .failure(error))
  }

  @Test func acceptsExponentsAndTrailingZeros() {
    #expect(n("1.5e1") == n("15"))
    #expect(n("2.5000000000000") == n("2.5"))
    #expect(n("-0") == .zero)
  }

  @Test func divisionByZeroIsNil() {
    #expect(n("1").divided(by: .zero) == nil)
  }

  @Test func overflowIsReportedNotTrapped() {
    let big = ExactNumber(numerator: Int128.max / 2, denominator: 1)
    #expect(big.multiplied(by: big) == nil)
  }
  /// Equal numbers hash alike whatever their denominators: over 10⁹ (the usual decimal), over a
  /// divisor of 10⁹, over a multiple of one that reduces to it (3/6), over a denominator with no
  /// form over 10⁹ (1/3), and beyond 128 bits as a multiple of 10⁻⁹. The cases are counted, so the
  /// test cannot pass on an empty sample.
  @Test func equalNumbersHashAlikeInEveryForm() {
    var random = SplitMix64(seed: 14)
    let denominators: [Int128] = [1, 2, 3, 4, 6, 7, 8, 12, 25, 1_000, 3_000, 1_000_000_000, 3_000_000_000]
    var nanoForms = 0
    var otherForms = 0
    for _ in 0..<4_000 {
      let d = denominators[random.int(in: 0...(denominators.count - 1))]
      let n = Int128(random.int(in: -2_000_000...2_000_000))
      let k = Int128(random.int(in: 1...9))
      let a = ExactNumber(numerator: n, denominator: d)
      let b = ExactNumber(numerator: n * k, denominator: d * k)
      let c = a.reduced
      #expect(a == b && a == c)
      #expect(a.hashValue == b.hashValue, "\(n)/\(d) and \(n * k)/\(d * k)")
      #expect(a.hashValue == c.hashValue, "\(n)/\(d) and its reduced form")
      if 1_000_000_000 % c.denominator == 0 {
        let nano = ExactNumber(numerator: c.numerator * (1_000_000_000 / c.denominator), denominator: 1_000_000_000)
        #expect(nano == a && nano.hashValue == a.hashValue, "\(n)/\(d) over 10⁹")
        nanoForms += 1
      } else {
        otherForms += 1
      }
    }
    #expect(nanoForms > 1_000 && otherForms > 500)
    // Beyond 128 bits as a multiple of 10⁻⁹: only the reduced fraction can be hashed.
    let huge = ExactNumber(numerator: Int128.max / 4, denominator: 2)
    let hugeAgain = ExactNumber(numerator: Int128.max / 4 * 3, denominator: 6)
    #expect(huge == hugeAgain && huge.hashValue == hugeAgain.hashValue)
    // And unequal numbers still differ in the sets built from them.
    #expect(Set([ExactNumber(numerator: 1, denominator: 2), ExactNumber(numerator: 1, denominator: 3)]).count == 2)
  }

  /// `reduced` takes 64-bit arithmetic when both terms fit and 128-bit otherwise; either way the
  /// result is the fraction in lowest terms, checked here by its defining properties (same value,
  /// coprime terms, positive denominator) on both sides of the 64-bit boundary and across it.
  @Test func reducedIsLowestTermsOnBothSidesOfSixtyFourBits() {
    var random = SplitMix64(seed: 41)
    var small = 0
    var wide = 0
    for i in 0..<3_000 {
      let g = Int128(random.int(in: 1...1_000_000))
      let wideTerms = i % 2 == 1
      let n = Int128(random.int(in: -3_000_000...3_000_000)) * (wideTerms ? (Int128(1) << 70) + 1 : 1)
      let d = Int128(random.int(in: 1...3_000_000)) * (i % 3 == 0 ? Int128(Int64.max) : 1)
      let x = ExactNumber(numerator: n * g, denominator: d * g)
      let r = x.reduced
      #expect(r == x && r.denominator > 0)
      #expect(ExactNumber.gcd(r.numerator.magnitude, r.denominator.magnitude) == 1 || r.numerator == 0)
      if Int64(exactly: x.numerator) != nil && Int64(exactly: x.denominator) != nil { small += 1 } else { wide += 1 }
    }
    #expect(small > 500 && wide > 500)
    #expect(ExactNumber.gcd(UInt128(UInt64.max) * 6, 4) == 2)
    #expect(ExactNumber.gcd(12, UInt128(UInt64.max) * 3) == 3)
    #expect(ExactNumber(numerator: Int128(Int64.min), denominator: 2).reduced.numerator == Int128(Int64.min) / 2)
  }

  /// `exactText` prints a number over 10⁹ by long division (no gcd): the same text as the
  /// reduced path gives the same value over 2 · 10⁹, for whole numbers, short and nine-digit
  /// decimals, of either sign.
  @Test func exactTextOverNanoMatchesTheReducedPath() {
    var random = SplitMix64(seed: 24)
    let nano: Int128 = 1_000_000_000
    var samples: [Int128] = [0, 1, -1, nano, -nano, 5 * nano / 10, -25 * nano / 100, 600 * nano, 999_999_999]
    for _ in 0..<2_000 {
      let scale = [1, 10, 1_000, 1_000_000, 100_000_000][random.int(in: 0...4)]
      samples.append(Int128(random.int(in: -1_000_000...1_000_000)) * Int128(scale))
    }
    for n in samples {
      let fast = ExactNumber(numerator: n, denominator: nano).exactText
      let slow = ExactNumber(numerator: n * 2, denominator: nano * 2).exactText
      #expect(fast == slow, "\(n)/10⁹")
    }
  }
}
