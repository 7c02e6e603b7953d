import DialRulesTestSupport
import Testing

@testable import ShotLog

/// Names compare after full case folding, as canonically equivalent strings (`NameKey`), computed
/// from the standard library alone. Checked against Unicode's case folding as recorded in
/// `Fixtures/unicode/casefold.txt` (Python's `str.casefold` with NFC; the file says how).
@Suite struct NameKeyTests {
  @Test func spellingsOfOneNameShareAKey() {
    let groups = [
      ["Café", "café", "CAFÉ", "Cafe\u{301}", "CAFE\u{301}"], ["straße", "STRASSE", "Strasse", "STRAẞE"],
      ["Ærø", "æRØ"], ["ΣΊΣΥΦΟΣ", "σίσυφος", "σίσυφοσ"], ["  Guji Natural ", "guji natural"],
    ]
    for group in groups {
      let keys = Set(group.map(NameKey.key))
      #expect(keys.count == 1, "\(group) → \(keys)")
    }
    #expect(NameKey.key("ı") != NameKey.key("i"), "dotless i folds to itself")
    #expect(NameKey.key("Guji") != NameKey.key("Guji Washed"))
  }

  /// Keys are compared and hashed as Swift strings, by canonical equivalence, so spellings that
  /// differ only in composition or in the order of combining marks are one key.
  @Test func canonicallyEquivalentSpellingsAreOneKey() {
    let spellings = [
      "Ångström", "A\u{30A}ngstro\u{308}m", "\u{212B}NGSTRÖM", "Q\u{323}\u{307}ångström", "q\u{307}\u{323}Ångström",
    ]
    let keys = spellings.map(NameKey.key)
    #expect(Set(keys.prefix(3)).count == 1, "\(keys)")
    #expect(keys[3] == keys[4], "combining marks in another order")
    #expect(keys[0] != keys[3])
  }

  /// Every code point that has a case or changes under folding: two of them share a key exactly
  /// when Unicode's full case folding (with NFC) gives them the same folding.
  @Test func theKeysPartitionCodePointsAsUnicodeCaseFoldingDoes() throws {
    let recorded = try PackageRoot.read("Fixtures/unicode/casefold.txt")
    var recordedBySwift: [String: String] = [:]
    var swiftByRecorded: [String: String] = [:]
    var disagreements: [String] = []
    var count = 0
    for line in recorded.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ")
      let scalars = fields.compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      guard let first = fields.first, let scalar = scalars.first, scalars.count == fields.count else {
        Issue.record("not a code point and its folding: \(line)")
        continue
      }
      let folding = String(String.UnicodeScalarView(scalars.dropFirst()))
      let key = NameKey.key(String(Character(scalar)))
      count += 1
      // Keys and foldings are strings, so both dictionaries compare them by canonical equivalence.
      if let seen = recordedBySwift[key], seen != folding { disagreements.append("\(first): \(seen) vs \(folding)") }
      if let seen = swiftByRecorded[folding], seen != key { disagreements.append("\(first): \(seen) vs \(key)") }
      recordedBySwift[key] = folding
      swiftByRecorded[folding] = key
    }
    #expect(count > 2500, "the recording lists only \(count) code points")
    #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements.prefix(10))")
  }
}
