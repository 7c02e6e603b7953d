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
