import DialRules
import Foundation
import Testing

/// Exact numbers from text and literals, as an app writes them.
@Suite struct ExactNumberTests {
  /// `numerator / denominator` reduced, as text: `182/5`.
  static func fraction(_ n: ExactNumber) -> String {
    let r = n.reduced
    return "\(r.numerator)/\(r.denominator)"
  }

  @Test func floatLiteralsAreTheDecimalsWritten() {
    let a: ExactNumber = 36.4
    let b: ExactNumber = 0.1
    let c: ExactNumber = 17.999999999
    #expect(Self.fraction(a) == "182/5")
    #expect(Self.fraction(b) == "1/10")
    #expect(Self.fraction(c) == "17999999999/1000000000")
    #expect(a == ExactNumber("36.4"))
    #expect(b == ExactNumber("0.1"))
    #expect(c == ExactNumber("17.999999999"))
    // The binary fractions nearest to these are not what the literal means.
    #expect(ExactNumber(0.1).adding(0.2) == 0.3)
    #expect(ExactNumber(36.1).subtracting(35.1) == 1)
  }

  @Test func floatLiteralsBeyondTheTextLimitsAreStillExact() {
    // Ten decimals and 10^10 are outside shot JSON's bounds; the literal keeps them exactly and
    // `ShotRecord.validate()` is where they are rejected.
    #expect(Self.fraction(1e10) == "10000000000/1")
    #expect(Self.fraction(0.0000000001) == "1/10000000000")
    #expect(Self.fraction(-2.5e-3) == "-1/400")
    #expect(Self.fraction(123456789.125) == "987654313/8")
  }

  @Test func integerLiterals() {
    let n: ExactNumber = 18
    #expect(n == ExactNumber(18))
    #expect(n.intValue == 18)
    #expect(Self.fraction(ExactNumber(Int.max)) == "\(Int.max)/1")
  }

  @Test func textIsReadExactlyOrRejected() {
    #expect(ExactNumber("36.4").map(Self.fraction) == "182/5")
    #expect(ExactNumber("-0.5").map(Self.fraction) == "-1/2")
    #expect(ExactNumber("1e3") == 1000)
    for bad in ["", " 1", "1.", "+1", "0x10", "36,4", "1e10", "0.0000000001", "nan", "inf"] {
      #expect(ExactNumber(bad) == nil, "\(bad)")
    }
    #expect(ExactNumber.parse("0.0000000001") == .failure(.tooPrecise))
    #expect(ExactNumber.parse("1e10") == .failure(.tooLarge))
  }

  @Test func textRoundTrips() {
    for text in ["36.4", "0.1", "17.999999999", "-3", "1000000000", "0.000000001"] {
      #expect(ExactNumber(text)?.decimalText == text)
    }
  }
}
