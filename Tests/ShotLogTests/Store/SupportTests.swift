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

  @Test func theJSONParserIsStrictAndExact() throws {
    let value = try JSONParser.parse(Array(#"{"dose_g": 18.05, "s": "a\u00e9\n\ud83d\ude00", "n": null}"#.utf8))
    #expect(value["dose_g"] == .number("18.05"))
    #expect(value["s"] == .string("aé\n😀"))
    for bad in [#"{"a": 1, "a": 2}"#, "[1, 2,]", "{'a': 1}", "[01]", #"["\ud800"]"#, "[1] x", "{\"a\" 1}", "[\"\t\"]"] {
      #expect(throws: JSONSyntaxError.self, "\(bad)") { try JSONParser.parse(Array(bad.utf8)) }
    }
    let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(nested.utf8)) }
    let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("{\n  \"a\": tru\n}".utf8)) }
    #expect(error?.line == 2)
    #expect(error?.column == 8)
  }

  @Test func theJSONWriterEscapesAndRoundTrips() throws {
    var writer = JSONTextWriter()
    writer.beginObject()
    writer.member("text", "quote \" backslash \\ tab \t bell \u{07} ☕")
    writer.key("list")
    writer.beginArray()
    writer.number("18.5")
    writer.endArray()
    writer.key("empty")
    writer.beginObject()
    writer.endObject()
    writer.endObject()
    let text = String(decoding: writer.bytes, as: UTF8.self)
    #expect(
      text
        == "{\n  \"text\": \"quote \\\" backslash \\\\ tab \\t bell \\u0007 ☕\",\n  \"list\": [\n    18.5\n  ],\n  \"empty\": {}\n}"
    )
    #expect(try JSONParser.parse(writer.bytes)["text"] == .string("quote \" backslash \\ tab \t bell \u{07} ☕"))
  }

  @Test func theBuiltInRulesAreTheShippedFileAndCompile() throws {
    let file = try PackageRoot.bytes("rules/espresso.dialrules")
    #expect(!file.isEmpty)
    #expect(Array(DefaultRules.source.utf8) == file, "regenerate Sources/DialRules/API/DefaultRules.swift")
    let decider = try RulesDecider.builtIn().get()
    #expect(decider.rulesetName == "espresso")
    #expect(decider.rules.rules.count == 18)
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
    #expect(ExactNumber.decimal("31.45")?.rounded(places: 1) == .decimal("31.5"))
    #expect(ExactNumber.decimal("-2.25")?.rounded(places: 1) == .decimal("-2.3"))
    #expect(ratioText(ExactNumber(2)) == "2.0")
    #expect(ExactNumber.decimal("2.25").map(ratioText) == "2.25")
  }
}
