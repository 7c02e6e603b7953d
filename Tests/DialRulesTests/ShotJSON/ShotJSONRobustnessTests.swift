import Testing

@testable import DialRules

/// Hostile input: it must produce diagnostics, never a crash, a hang or quadratic work.
@Suite struct ShotJSONRobustnessTests {
  func codes(_ bytes: [UInt8]) -> [String] {
    switch ShotJSONReader.read(SourceFile(path: "t.json", bytes: bytes)) {
    case .success: return []
    case .failure(let d): return d.map(\.code)
    }
  }

  func codes(_ text: String) -> [String] { codes(Array(text.utf8)) }

  @Test func hundredThousandOpenBracketsAtTopLevel() {
    #expect(codes(String(repeating: "[", count: 100_000)) == ["J020"])
  }

  @Test func hundredThousandOpenBracketsUnderAKey() {
    let text = #"{"format":"dialrules-shot","version":1,"x":"# + String(repeating: "[", count: 100_000)
    #expect(codes(text) == ["J017", "J011"])
  }

  @Test func hundredThousandNestedObjectsUnderAKnownKey() {
    let text =
      #"{"format":"dialrules-shot","version":1,"shot":{"taste":"# + String(repeating: #"{"a":"#, count: 100_000)
    #expect(codes(text) == ["J011"])
  }

  @Test func deepButLegalNestingIsSkipped() {
    let depth = 31  // the top-level object plus 31 arrays: exactly the limit
    let text =
      #"{"format":"dialrules-shot","version":1,"x":"# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}"
    #expect(codes(text) == ["J017"])
  }

  @Test func everyPrefixOfAValidDocumentFailsCleanly() {
    let full = Array(ShotJSONReaderTests.designExample.utf8)
    var accepted = 0
    for length in 0..<full.count {
      let c = codes(Array(full[0..<length]))
      if c.isEmpty { accepted += 1 }
    }
    // Only the complete document is valid; the last byte is the closing brace.
    #expect(accepted == 0)
    #expect(codes(full).isEmpty)
  }

  @Test func seededByteMutationsNeverCrashAndSpansStayInBounds() {
    var rng = SplitMix64(seed: 42)
    let base = Array(ShotJSONReaderTests.designExample.utf8)
    let interesting: [UInt8] = Array(#"{}[]",:\-.0123456789eEnNtfu"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
    for _ in 0..<3000 {
      var bytes = base
      for _ in 0..<rng.int(in: 1...4) {
        let i = rng.int(in: 0...(bytes.count - 1))
        switch rng.int(in: 0...2) {
        case 0: bytes[i] = interesting[rng.int(in: 0...(interesting.count - 1))]
        case 1: bytes.remove(at: i)
        default: bytes.insert(interesting[rng.int(in: 0...(interesting.count - 1))], at: i)
        }
      }
      let file = SourceFile(path: "t.json", bytes: bytes)
      if case .failure(let diagnostics) = ShotJSONReader.read(file) {
        #expect(!diagnostics.isEmpty)
        for d in diagnostics {
          #expect(d.span.start >= 0 && d.span.end <= bytes.count, "\(d.code) \(d.span) in \(bytes.count) bytes")
          #expect(d.code.hasPrefix("J"))
        }
        _ = DiagnosticRenderer().render(diagnostics, in: file)
      }
    }
  }

  @Test func numbersAreExactNeverBinaryFloatingPoint() throws {
    let text =
      #"{"format":"dialrules-shot","version":1,"recipe":{"yield_g":35.1},"shot":{"yield_g":36.1,"time_s":0.1,"dose_g":1.8e1}}"#
    let record = try ShotJSONReader.read(SourceFile(path: "t", text: text)).get()
    let shotYield = try #require(record.shot?.yieldG)
    let recipeYield = try #require(record.recipe?.yieldG)
    #expect(shotYield.subtracting(recipeYield) == ExactNumber(1))
    #expect(shotYield.reduced.numerator == 361 && shotYield.reduced.denominator == 10)
    #expect(record.shot?.timeS?.multiplied(by: ExactNumber(3)) == ExactNumber(significand: 3, scale: 1))
    #expect(record.shot?.doseG == ExactNumber(18))
  }

  @Test func twoHundredDigitNumberAndHugeExponent() {
    let head = #"{"format":"dialrules-shot","version":1,"shot":{"dose_g":"#
    #expect(codes(head + String(repeating: "1", count: 200) + "}}") == ["J024"])
    #expect(codes(head + "1e400}}") == ["J022"])
    #expect(codes(head + "1e-400}}") == ["J023"])
    #expect(codes(head + "0e400}}") == ["J025"])  // exactly zero: a dose must be positive
    #expect(codes(head + "1" + String(repeating: "0", count: 100_000) + "}}") == ["J024"])
    #expect(codes(head + "1e" + String(repeating: "9", count: 100_000) + "}}") == ["J022"])
  }

  @Test func nulBytes() {
    #expect(codes([0x00]) == ["J001"])
    #expect(codes(Array(#"{"format":"dialrules-shot","version":1}"#.utf8) + [0x00]) == ["J010"])
    #expect(codes(Array(#"{"id":""#.utf8) + [0x00] + Array(#""}"#.utf8)) == ["J005"])
    #expect(codes(#"{"format":"dialrules-shot","version":1,"id":"\u0000"}"#) == [])
  }

  @Test func byteOrderMark() {
    let body = Array(#"{"format":"dialrules-shot","version":1}"#.utf8)
    #expect(codes([0xEF, 0xBB, 0xBF] + body) == [])
    #expect(codes([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + body) == ["J001"])
    #expect(codes([0x20, 0xEF, 0xBB, 0xBF] + body) == ["J001"])
  }

  @Test func surrogatePairsDecodeAndLoneOnesFail() throws {
    let ok = #"{"format":"dialrules-shot","version":1,"id":"\uD83D\uDE00 \u00e9\u2615"}"#
    #expect(try ShotJSONReader.read(SourceFile(path: "t", text: ok)).get().id == "😀 é☕")
    for bad in [#"\uD83D"#, #"\uDE00"#, #"\uD83D\uD83D"#, #"\uD83Dx"#, #"\uDBFF\u0000"#] {
      #expect(codes(#"{"id":""# + bad + #""}"#) == ["J007"], "\(bad)")
    }
  }

  @Test func unterminatedInputs() {
    for text in [
      #"{"#, #"{""#, #"{"a"#, #"{"a""#, #"{"a":"#, #"{"a":1"#, #"{"a":[1,"#, #"{"a":"x"#, #"{"a":"\"#, "{\"a\":\"\\u12",
    ] {
      #expect(!codes(text).isEmpty, "\(text)")
    }
  }

  /// A document of unknown keys stops at the error cap: the scanner reads no further and no later
  /// key is compared with the known ones, so twice the keys cost exactly the same work.
  /// (Timing: `dialrules-bench scaling`, "shot JSON, one document of n unknown keys".)
  @Test func unknownKeysAreCappedAndTheRestIsNotRead() throws {
    try #require(WorkMeter.isCounting, "work counters exist in debug builds only")
    func document(keys: Int) -> String {
      #"{"format":"dialrules-shot","version":1,"# + (0..<keys).map { #""k\#($0)":[1]"# }.joined(separator: ",") + "}"
    }
    let text = document(keys: 35_000)
    let twice = document(keys: 70_000)  // 0.9 MiB, under the document limit
    let (small, large) = (WorkMeter(), WorkMeter())
    let result = small.measure { codes(text) }
    let resultTwice = large.measure { codes(twice) }
    #expect(result.count == 101)
    #expect(result.filter { $0 == "J017" }.count == 100)
    #expect(result.last == "J032")
    #expect(resultTwice.count == result.count)
    #expect(small[.jsonBytes] > 0)
    #expect(large[.jsonBytes] == small[.jsonBytes], "the scanner read on after the error cap")
    #expect(small[.jsonBytes] < text.utf8.count / 100)
    #expect(large[.suggestionCandidates] == small[.suggestionCandidates])
  }

  @Test func hugeKeyIsTruncatedInTheMessageAndGetsNoSuggestion() throws {
    let key = String(repeating: "a", count: 500_000)
    let text = #"{"format":"dialrules-shot","version":1,""# + key + #"":1}"#
    guard case .failure(let d) = ShotJSONReader.read(SourceFile(path: "t", text: text)) else {
      Issue.record("accepted")
      return
    }
    #expect(d.first?.message == "unknown key '" + String(repeating: "a", count: 40) + "…' at top level")
  }

  @Test func nullMeansAbsentForEveryOptionalField() throws {
    let text = """
      {"format":"dialrules-shot","version":1,"id":null,"recipe":{"dose_g":null,"grind":null},
       "grinder":{"name":null,"finer":null},"shot":{"taste":null,"flow":null},
       "previous":{"adjustment":null,"shot":null}}
      """
    let record = try ShotJSONReader.read(SourceFile(path: "t", text: text)).get()
    #expect(
      record
        == ShotRecord(
          recipe: .init(), grinder: .init(), shot: .init(), previous: .init(adjustment: nil, shot: nil)))
    let nulls = #"{"format":"dialrules-shot","version":1,"recipe":null,"grinder":null,"shot":null,"previous":null}"#
    #expect(try ShotJSONReader.read(SourceFile(path: "t", text: nulls)).get() == ShotRecord())
  }
}
