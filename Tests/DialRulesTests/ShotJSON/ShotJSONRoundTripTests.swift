import Testing

@testable import DialRules

/// `read(record.jsonText) == record`, over hand-picked records and seeded random ones.
@Suite struct ShotJSONRoundTripTests {
  @Test func designExampleRoundTrips() throws {
    let file = SourceFile(path: "t.json", text: ShotJSONReaderTests.designExample)
    let record = try ShotJSONReader.read(file).get()
    let text = record.jsonText
    #expect(
      text
        == #"{"format":"dialrules-shot","version":1,"id":"sour-fast-01","recipe":{"dose_g":18,"yield_g":36,"time_s":28,"temperature_c":93,"grind":"14"},"grinder":{"name":"Niche Zero","step":0.5,"min":0,"max":50,"finer":"lower"},"shot":{"dose_g":18,"yield_g":36.4,"time_s":21,"first_drop_s":6,"taste":["sour"],"flow":[]},"previous":{"adjustment":{"type":"grind","direction":"finer","steps":1},"shot":{"dose_g":18,"yield_g":36,"time_s":19.5,"taste":["sour"]}}}"#
    )
    #expect(ShotJSONReader.read(SourceFile(path: "t.json", text: text)) == .success(record))
  }

  @Test func handPickedRecordsRoundTrip() {
    let records: [ShotRecord] = [
      ShotRecord(),
      ShotRecord(id: ""),
      ShotRecord(recipe: .init(), grinder: .init(), shot: .init(), previous: .init()),
      ShotRecord(recipe: .init(grind: GrindSetting(number: ExactNumber(14)))),
      ShotRecord(recipe: .init(grind: GrindSetting(text: "14"))),
      ShotRecord(recipe: .init(grind: GrindSetting(text: "3 clicks past zero"))),
      ShotRecord(shot: .init(taste: TagSet(), flow: TagSet([.choked, .channeling]))),
      ShotRecord(previous: .init(adjustment: .noChange)),
      ShotRecord(previous: .init(adjustment: .temperature(deltaCelsius: ExactNumber(-20)))),
    ]
    for record in records { expectRoundTrip(record) }
  }

  /// 500 records drawn with a fixed seed, so a failure reproduces exactly.
  @Test func randomRecordsRoundTrip() {
    var rng = SplitMix64(seed: 0x5EED_D1A1)
    for _ in 0..<500 {
      let record = Self.randomRecord(&rng)
      expectRoundTrip(record)
    }
  }

  func expectRoundTrip(_ record: ShotRecord, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = record.jsonText
    let file = SourceFile(path: "t.json", text: text)
    switch ShotJSONReader.read(file) {
    case .success(let back):
      #expect(back == record, "\(text)", sourceLocation: sourceLocation)
      #expect(back.jsonText == text, "writing is canonical", sourceLocation: sourceLocation)
    case .failure(let diagnostics):
      Issue.record(
        "\(text)\n\(DiagnosticRenderer().render(diagnostics, in: file))", sourceLocation: sourceLocation)
    }
  }

  // MARK: Generator

  /// A decimal in `low...high` with up to `scale` fraction digits (`low`, `high` in those units).
  static func decimal(_ rng: inout SplitMix64, _ low: Int, _ high: Int, scale: Int) -> ExactNumber {
    var factor = 1
    for _ in 0..<scale { factor *= 10 }
    let units = rng.int(in: low * factor...high * factor)
    return ExactNumber(significand: Int128(units), scale: scale) ?? .zero
  }

  static func positive(_ rng: inout SplitMix64, max: Int, scale: Int) -> ExactNumber {
    var v = decimal(&rng, 0, max, scale: scale)
    while v.isZero { v = decimal(&rng, 0, max, scale: scale) }
    return v
  }

  static func maybe<T>(_ rng: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
    rng.bool() ? make(&rng) : nil
  }

  static func tags<Tag: TagVocabulary>(_ rng: inout SplitMix64, _: Tag.Type) -> TagSet<Tag> {
    TagSet(Tag.allCases.filter { _ in rng.int(in: 0...3) == 0 })
  }

  static func text(_ rng: inout SplitMix64) -> String {
    let alphabet = Array("abc XYZ-_09\"\\/\n\t\u{0}\u{1F}é☕😀\u{2028}")
    return String((0..<rng.int(in: 0...12)).map { _ in alphabet[rng.int(in: 0...(alphabet.count - 1))] })
  }

  static func measurements(_ rng: inout SplitMix64) -> ShotRecord.Measurements {
    ShotRecord.Measurements(
      doseG: maybe(&rng) { positive(&$0, max: 100, scale: 2) },
      yieldG: maybe(&rng) { positive(&$0, max: 500, scale: 1) },
      timeS: maybe(&rng) { positive(&$0, max: 600, scale: 3) },
      firstDropS: maybe(&rng) { decimal(&$0, 0, 600, scale: 1) },
      taste: maybe(&rng) { tags(&$0, TasteTag.self) },
      flow: maybe(&rng) { tags(&$0, FlowTag.self) })
  }

  static func adjustment(_ rng: inout SplitMix64) -> Adjustment {
    switch rng.int(in: 0...3) {
    case 0: return .grind(rng.bool() ? .finer : .coarser, steps: rng.int(in: 1...100))
    case 1:
      var d = decimal(&rng, -100, 100, scale: 1)
      if d.isZero { d = ExactNumber(2) }
      return .yield(deltaGrams: d)
    case 2:
      var d = decimal(&rng, -20, 20, scale: 1)
      if d.isZero { d = ExactNumber(-1) }
      return .temperature(deltaCelsius: d)
    default: return .noChange
    }
  }

  static func randomRecord(_ rng: inout SplitMix64) -> ShotRecord {
    ShotRecord(
      id: maybe(&rng) { text(&$0) },
      recipe: maybe(&rng) { r in
        ShotRecord.Recipe(
          doseG: maybe(&r) { positive(&$0, max: 100, scale: 1) },
          yieldG: maybe(&r) { positive(&$0, max: 500, scale: 9) },
          timeS: maybe(&r) { positive(&$0, max: 600, scale: 0) },
          temperatureC: maybe(&r) { positive(&$0, max: 110, scale: 1) },
          grind: maybe(&r) { g in
            g.bool() ? GrindSetting(number: decimal(&g, -100_000, 100_000, scale: 2)) : GrindSetting(text: text(&g))
          })
      },
      grinder: maybe(&rng) { g in
        let low = decimal(&g, -1000, 1000, scale: 1)
        return ShotRecord.Grinder(
          name: maybe(&g) { text(&$0) },
          step: maybe(&g) { positive(&$0, max: 10, scale: 3) },
          min: low,
          max: low.adding(positive(&g, max: 1000, scale: 0)),
          finer: maybe(&g) { $0.bool() ? .lower : .higher })
      },
      shot: maybe(&rng) { measurements(&$0) },
      previous: maybe(&rng) { p in
        ShotRecord.Previous(adjustment: maybe(&p) { adjustment(&$0) }, shot: maybe(&p) { measurements(&$0) })
      })
  }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny deterministic generator, so random tests are
/// reproducible everywhere; `SystemRandomNumberGenerator` is deliberately not used.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `range`, by modulo (the tiny bias does not matter for tests).
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  mutating func bool() -> Bool { next() & 1 == 1 }
}
