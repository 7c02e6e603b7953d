import DialRules
import DialRulesTestSupport
import Testing

@testable import ShotLog

/// Times, hashes, JSON and the built-in rules.
@Suite struct SupportTests {
  @Test func timestampsAreISO8601InUTC() {
    let t = Timestamp.parse("2026-03-01T08:15:00Z")
    #expect(t?.iso8601 == "2026-03-01T08:15:00Z")
    #expect(Timestamp.parse("2026-03-01T09:15:00.25+01:00")?.iso8601 == "2026-03-01T08:15:00.250Z")
    #expect(Timestamp.parse("2024-02-29")?.iso8601 == "2024-02-29T00:00:00Z")
    // More than three fraction digits are truncated to milliseconds (this used to trap: found by
    // the shot-log-import fuzz target, Fixtures/regressions/shot-log-import/timestamp-long-fraction.json).
    #expect(Timestamp.parse("2026-03-01T08:15:00.123456Z")?.iso8601 == "2026-03-01T08:15:00.123Z")
    #expect(Timestamp(millisecondsSinceEpoch: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    for bad in ["2026-02-30", "2026-3-1", "11.09.2021", "2026-03-01T25:00Z", "2026-03-01T08:15:00", ""] {
      #expect(Timestamp.parse(bad) == nil, "\(bad)")
    }
    for ms: Int64 in [0, -1, 1_772_352_900_000, 1_772_352_900_250, 253_402_300_799_999] {
      var bytes: [UInt8] = []
      let time = Timestamp(millisecondsSinceEpoch: ms)
      time.appendISO8601(to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == time.iso8601)
      #expect(Timestamp.parse(time.iso8601) == time)
    }
    #expect(CalendarDate.parse("2023-02-29") == nil)
    #expect(CalendarDate.parse("2000-02-29")?.text == "2000-02-29")
  }

  /// Found by the shot-log-import fuzz target: more than three fraction digits trapped (the plain
  /// case is in `timestampsAreISO8601InUTC`). With an offset, and run together with a second
  /// timestamp as in the fuzzer's input, as well.
  @Test func timestampsWithMoreThanThreeFractionDigits() {
    #expect(Timestamp.parse("2026-03-01T08:15:00.1234+01:00")?.iso8601 == "2026-03-01T07:15:00.123Z")
    #expect(Timestamp.parse("2026-11-29T15:11:44.662026-11-29T15:11:44.552Z") == nil)
  }

  @Test func contentHashIsFNV1a64() {
    // Published FNV-1a 64 test vectors.
    #expect(ContentHash.hex([]) == "cbf29ce484222325")
    #expect(ContentHash.hex(Array("a".utf8)) == "af63dc4c8601ec8c")
    #expect(ContentHash.hex(Array("foobar".utf8)) == "85944171f73967e8")
  }

  /// The import token's file digest (issue 14): the same bytes give the same digest, and any one
  /// changed bit, in a word or in the tail, any length, gives another.
  @Test func theFileDigestNoticesEveryBit() {
    var bytes = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let digest = ContentHash.fileHex(bytes)
    #expect(ContentHash.fileHex(bytes) == digest)
    #expect(digest.count == 16)
    var seen: Set<String> = [digest]
    for i in bytes.indices {
      for bit in [0, 7] {
        bytes[i] ^= 1 << bit
        seen.insert(ContentHash.fileHex(bytes))
        bytes[i] ^= 1 << bit
      }
    }
    #expect(seen.count == 1 + 2 * bytes.count)
    // The top bits of two words of one lane do not cancel out.
    var twice = bytes
    twice[7] ^= 0x80
    twice[39] ^= 0x80
    #expect(ContentHash.fileHex(twice) != digest)
    #expect(ContentHash.fileHex(Array(bytes.dropLast())) != digest)
    #expect(ContentHash.fileHex([]) != ContentHash.fileHex([0]))
  }

  /// The tree reader the import and the stored columns use: DialRules' JSON scanner, strict,
  /// exact, with positions.
  @Test func theTreeReaderIsStrictAndExact() throws {
    func read(_ text: String) -> Result<JSONNode, DiagnosticList> {
      JSONScanner.readTree(SourceFile(path: "t", text: text))
    }
    let value = try read(#"{"dose_g": 18.05, "s": "a\u00e9\n\ud83d\ude00", "n": null, "a": [true, false]}"#).get()
    #expect(value["dose_g"]?.numberText == "18.05")
    #expect(value["s"]?.string == "aé\n😀")
    #expect(value["n"]?.kind == .null)
    #expect(value["a"]?.elements?.count == 2)
    #expect(value["dose_g"]?.span == SourceSpan(start: 11, end: 16))
    // Duplicate keys are kept, for the reader to report against its schema.
    #expect(try read(#"{"a": 1, "a": 2}"#).get().members?.map(\.key) == ["a", "a"])
    for bad in ["[1, 2,]", "{'a': 1}", "[01]", #"["\ud800"]"#, "[1] x", "{\"a\" 1}", "[\"\t\"]", "", "[1e]", "NaN"] {
      guard case .failure(let diagnostics) = read(bad) else {
        Issue.record("accepted \(bad)")
        continue
      }
      #expect(diagnostics.count == 1 && diagnostics[0].code.hasPrefix("J"), "\(bad): \(diagnostics)")
    }
    let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    guard case .failure(let deep) = read(nested) else {
      Issue.record("accepted 100 levels")
      return
    }
    #expect(deep.map(\.code) == ["J011"])
    let file = SourceFile(path: "t", text: "{\n  \"a\": tru\n}")
    guard case .failure(let diagnostics) = JSONScanner.readTree(file), let first = diagnostics.first else {
      Issue.record("accepted 'tru'")
      return
    }
    let position = file.position(of: first.span.start)
    #expect(position.line == 2 && position.column == 8)
  }

  /// Streamed members go to the callback element by element and come back empty.
  @Test func theTreeReaderStreamsRootArrays() throws {
    var seen: [String] = []
    let root = try JSONScanner.readTree(
      SourceFile(path: "t", text: #"{"rows": [{"n": 1}, {"n": 2}], "other": [3]}"#), streaming: ["rows"]
    ) { member, index, element in seen.append("\(member)[\(index)]=\(element["n"]?.numberText ?? "?")") }.get()
    #expect(seen == ["rows[0]=1", "rows[1]=2"])
    #expect(root["rows"]?.elements?.isEmpty == true)
    #expect(root["other"]?.elements?.count == 1)
  }

  @Test func theLineLayoutOfTheJSONWriter() throws {
    var writer = JSONWriter(lineDepth: .max, hexEscapesForBackspaceAndFormFeed: true, reservingCapacity: 0)
    writer.beginObject()
    writer.key("text")
    writer.string("quote \" backslash \\ tab \t bell \u{07} backspace \u{08} ☕")
    writer.key("list")
    writer.beginArray()
    writer.number(text: "18.5")
    writer.endArray()
    writer.key("empty")
    writer.beginObject()
    writer.endObject()
    writer.endObject()
    #expect(
      writer.text
        == "{\n  \"text\": \"quote \\\" backslash \\\\ tab \\t bell \\u0007 backspace \\u0008 ☕\",\n  \"list\": [\n    18.5\n  ],\n  \"empty\": {}\n}"
    )
    let read = try JSONScanner.readTree(SourceFile(path: "t", bytes: writer.bytes)).get()
    #expect(read["text"]?.string == "quote \" backslash \\ tab \t bell \u{07} backspace \u{08} ☕")
    // The compact form is the public writer's, unchanged.
    var compact = JSONWriter()
    compact.beginObject()
    compact.key("a")
    compact.beginArray()
    compact.string("\u{08}")
    compact.endArray()
    compact.endObject()
    #expect(compact.text == #"{"a":["\b"]}"#)
  }

  @Test func theBuiltInRulesAreTheShippedFileAndCompile() throws {
    let file = try PackageRoot.bytes("rules/espresso.dialrules")
    #expect(!file.isEmpty)
    #expect(
      Array(DefaultRules.source.utf8) == file,
      "Sources/DialRules/Resources/espresso.dialrules must be a link to rules/espresso.dialrules")
    #expect(RuleSet.defaultEspresso.logName == "espresso")
    #expect(RuleSet.defaultEspresso.ruleIDs.count == 39)
  }

  @Test func tagNamesFollowTheVocabulary() {
    #expect(TagSet<TasteTag>([.thin, .sour]).names == ["sour", "thin"])
    #expect(TagSet<TasteTag>([.thin, .sour]).storedText == "sour,thin")
    #expect(TagSet<FlowTag>([.choked]).names == ["choked"])
    #expect(TagSet<TasteTag>(storedText: "sour,thin") == TagSet([.sour, .thin]))
    #expect(TagSet<TasteTag>(storedText: "") == TagSet())
    #expect(TagSet<TasteTag>(storedText: "salty") == nil)
  }

  @Test func roundingAndRatios() {
    #expect(ExactNumber("31.45")?.rounded(places: 1) == ExactNumber("31.5"))
    #expect(ExactNumber("-2.25")?.rounded(places: 1) == ExactNumber("-2.3"))
    #expect(ratioText(ExactNumber(2)) == "2.0")
    #expect(ExactNumber("2.25").map(ratioText) == "2.25")
  }
}
