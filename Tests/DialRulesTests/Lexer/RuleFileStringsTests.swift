import Testing

@testable import DialRules

/// `RuleFileStrings.oneLine`: what explanations show of a rule's texts. Printable ASCII comes back
/// as it is (the short path); every other text goes through the replacement loop.
@Suite struct RuleFileStringsTests {
  @Test(arguments: [
    ("Sour and fast: grind finer.", "Sour and fast: grind finer."),
    ("", ""),
    ("say \"hi\" \\ ~", "say \"hi\" \\ ~"),
    ("two\nlines", "two\\nlines"),
    ("tab\there\r", "tab\\there\\r"),
    ("bell\u{7}", "bell\\u{7}"),
    ("del\u{7F}", "del\\u{7F}"),
    ("café", "café"),
    ("c1\u{85}", "c1\\u{85}"),
    ("rtl\u{202E}x", "rtl\\u{202E}x"),
    ("isolate\u{2066}", "isolate\\u{2066}"),
    ("mark\u{200F}", "mark\\u{200F}"),
    ("ok ☕ and a\ttab", "ok ☕ and a\\ttab"),
  ])
  func oneLineReplacesWhatWouldBreakTheLine(_ text: String, _ expected: String) {
    #expect(RuleFileStrings.oneLine(text) == expected)
  }
}
