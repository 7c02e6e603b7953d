import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// Names compare after NFC and full case folding (`NameKey`), computed from the standard library
/// alone. Checked against Python's `str.casefold` (Unicode's CaseFolding.txt) on this machine.
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

  /// Every code point that has a case or changes under folding: two of them share a key exactly
  /// when Python's casefold (with NFC) gives them the same folding.
  @Test func theKeysPartitionCodePointsAsUnicodeCaseFoldingDoes() throws {
    let script = """
      import sys, unicodedata
      for c in range(0x110000):
          if 0xD800 <= c < 0xE000: continue
          ch = chr(c)
          folded = unicodedata.normalize('NFC', ch.casefold())
          if folded != ch or ch.upper() != ch or ch.lower() != ch:
              print('%X %s' % (c, ' '.join('%X' % ord(x) for x in folded)))
      """
    let run = try BuiltProducts.run(executableAt: "/usr/bin/env", ["python3", "-c", script])
    #expect(run.status == 0, "\(run.stderr)")
    var pythonBySwift: [String: String] = [:]
    var swiftByPython: [String: String] = [:]
    var disagreements: [String] = []
    var count = 0
    for line in run.stdout.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard let first = fields.first, let value = UInt32(first, radix: 16), let scalar = Unicode.Scalar(value) else {
        continue
      }
      let python = fields.dropFirst().joined(separator: " ")
      let swift = NameKey.key(String(Character(scalar))).unicodeScalars.map { String($0.value, radix: 16) }
        .joined(separator: " ")
      count += 1
      if let seen = pythonBySwift[swift], seen != python { disagreements.append("\(first): \(seen) vs \(python)") }
      if let seen = swiftByPython[python], seen != swift { disagreements.append("\(first): \(seen) vs \(swift)") }
      pythonBySwift[swift] = python
      swiftByPython[python] = swift
    }
    #expect(count > 2500, "Python listed only \(count) code points")
    #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements.prefix(10))")
  }
}
