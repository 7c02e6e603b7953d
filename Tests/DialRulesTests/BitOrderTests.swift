import Testing

@testable import DialRules

/// The hand-written bit positions must follow declaration order: masks, JSON output order and
/// `missing` sorting all rely on it.
@Suite struct BitOrderTests {
  @Test func tagOrdinalsFollowDeclarationOrder() {
    #expect(TasteTag.allCases.map(\.ordinal) == Array(0..<TasteTag.allCases.count))
    #expect(FlowTag.allCases.map(\.ordinal) == Array(0..<FlowTag.allCases.count))
  }

  @Test func observedPathBitsFollowSortedOrder() {
    #expect(ObservedPath.allCases.map(\.bit) == (0..<ObservedPath.allCases.count).map { UInt32(1) << UInt32($0) })
    #expect(ObservedPath.allCases.map(\.rawValue) == ObservedPath.allCases.map(\.rawValue).sorted())
  }
}

/// "Did you mean": typos within a third of the word, and a missing unit suffix.
@Suite struct SuggestionTests {
  @Test func findsTyposAndTranspositions() {
    #expect(Suggestion.closest(to: "yeild_g", among: ["dose_g", "yield_g", "time_s"]) == "yield_g")
    #expect(Suggestion.closest(to: "shot.tme", among: ["shot.time", "shot.taste"]) == "shot.time")
  }

  @Test func suggestsTheUnitSuffixedKey() {
    #expect(Suggestion.closest(to: "dose", among: ["dose_g", "yield_g", "time_s"]) == "dose_g")
  }

  @Test func staysQuietWhenNothingIsClose() {
    #expect(Suggestion.closest(to: "espresso", among: ["dose_g", "yield_g"]) == nil)
    #expect(Suggestion.closest(to: String(repeating: "x", count: 100), among: ["x"]) == nil)
  }
}
