import Testing

@testable import DialRules

/// `HTMLText`, which every HTML page and every chart of the decision map writes through (the
/// report's and, compiled to WebAssembly, the playground's): coordinates rounded half away from
/// zero to one fraction digit without `-0`, and text escaped for HTML and XML.
@Suite struct HTMLTextTests {
  @Test func numbersRoundHalfAwayFromZeroToOneDigit() {
    #expect(HTMLText.number(40) == "40")
    #expect(HTMLText.number(12.5) == "12.5")
    #expect(HTMLText.number(12.25) == "12.3")
    #expect(HTMLText.number(-12.25) == "-12.3")
    #expect(HTMLText.number(0.05) == "0.1")
    #expect(HTMLText.number(-0.05) == "-0.1")
    #expect(HTMLText.number(-0.04) == "0")
    #expect(HTMLText.number(-0.0) == "0")
    #expect(HTMLText.number(-7.96) == "-8")
    #expect(HTMLText.number(91.449) == "91.4")
    #expect(HTMLText.number(317.95) == "318")
    #expect(HTMLText.number(.nan) == "0")
    #expect(HTMLText.number(-.infinity) == "0")
    // Every tenth from -1000 to 1000, and every value half a tenth past one, as written by hand.
    for tenths in -10_000...10_000 {
      let sign = tenths < 0 ? "-" : ""
      let digits = abs(tenths)
      let expected = digits % 10 == 0 ? "\(tenths / 10)" : "\(sign)\(digits / 10).\(digits % 10)"
      #expect(HTMLText.number(Double(tenths) / 10) == expected)
    }
    for twentieths in stride(from: -2001, through: 2001, by: 2) {
      // k/20 with k odd lies half-way between two tenths (to within the rounding of k/20).
      let value = Double(twentieths) / 20
      let text = HTMLText.number(value)
      let back = Double(text) ?? .nan
      #expect(abs(back - value) <= 0.05 + 1e-9, "\(value) → \(text)")
    }
  }

  @Test func textIsEscapedForHTMLAndXML() {
    #expect(HTMLText.escape("a < b & \"c\" > 'd'") == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;")
    #expect(HTMLText.escape("tab\there\nline\u{7}bell\u{FFFE}") == "tab\there\nlinebell")
    #expect(HTMLText.escape("−4 g → 1:2.0") == "−4 g → 1:2.0")
  }
}
