import DialRules
import DialRulesLanguageServer
import Testing

@Suite struct PositionEncodingTests {
  @Test func placeholder() { #expect(PositionEncoding.negotiate(offered: ["utf-8"]) == .utf8) }
}
