import DialRules
import Testing

/// The renderers' text helpers (`Support/TextPadding.swift`, `Support/TextSearch.swift`).
@Suite struct TextSupportTests {
  @Test func paddingCountsCharactersAndNeverCuts() {
    #expect("ab".padded(to: 4) == "ab  ")
    #expect("abc".padded(to: 2) == "abc")
    #expect("".padded(to: 1) == " ")
    // e and a combining acute accent: two Unicode scalars, one Character.
    #expect("e\u{301}".padded(to: 2).unicodeScalars.map(\.value) == [0x65, 0x301, 0x20])
  }

  @Test func scalarReplacementReachesTheLineFeedOfACarriageReturnLineFeed() {
    #expect("a\nb\r\nc".replacingEvery(scalar: "\n", with: "\n  ").utf8.elementsEqual("a\n  b\r\n  c".utf8))
    // Character by Character, `\r\n` is one Character and holds no `\n`.
    #expect("a\r\nb".replacingEvery("\n", with: "X").utf8.elementsEqual("a\r\nb".utf8))
    #expect("x|y|".replacingEvery(scalar: "|", with: "\\|") == "x\\|y\\|")
    #expect("under_score_words".replacingEvery("_", with: " ") == "under score words")
  }
}
