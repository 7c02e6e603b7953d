import DialRulesTestSupport
import Testing

@testable import DialRules

/// The reader's and the validator's fast paths against their reference: the one-pass number
/// reading against `ExactNumber.parse(decimal:)`, the direct bound check of `validate()` against
/// the JSON round trip, and the `memchr` line splitting against a byte-by-byte line table.
@Suite struct ShotJSONFastPathTests {
  /// A random JSON number: sign, 1–12 integer digits (leading zeros only as `0`), 0–12 decimals,
  /// sometimes an exponent.
  static func randomNumber(_ rng: inout SeededGenerator) -> String {
    var s = Bool.random(using: &rng) ? "-" : ""
    let intDigits = Int.random(in: 1...12, using: &rng)
    for i in 0..<intDigits {
      s += String(i == 0 && intDigits > 1 ? Int.random(in: 1...9, using: &rng) : Int.random(in: 0...9, using: &rng))
    }
    if Int.random(in: 0..<3, using: &rng) > 0 {
      s += "."
      for _ in 0..<Int.random(in: 1...12, using: &rng) { s += String(Int.random(in: 0...9, using: &rng)) }
    }
    if Int.random(in: 0..<8, using: &rng) == 0 { s += "e" + String(Int.random(in: -12...12, using: &rng)) }
    return s
  }

  /// `recipe.grind` admits -100000…100000: numbers the one-pass path takes and ones it leaves to
  /// the general path read alike, and are accepted exactly when `ExactNumber.parse` and the bounds
  /// accept them.
  @Test func numbersReadAsExactNumberParseReadsThem() {
    var rng = SeededGenerator(seed: 21)
    var accepted = 0
    var rejected = 0
    for _ in 0..<20_000 {
      let text = Self.randomNumber(&rng)
      let doc = #"{"format":"dialrules-shot","version":1,"recipe":{"grind":"# + text + "}}"
      let read = ShotRecord.parseJSON(doc)
      let limit = ExactNumber(100_000)
      switch ExactNumber.parse(text) {
      case .success(let v) where v >= limit.negated() && v <= limit:
        #expect((try? read.get())?.recipe?.grind?.value == v, "\(text)")
        accepted += 1
      default:
        #expect((try? read.get()) == nil, "\(text)")
        rejected += 1
      }
    }
    #expect(accepted > 2_000)
    #expect(rejected > 2_000)
  }

  /// Records at and past every bound: the direct check says valid exactly when the round trip does,
  /// and for a valid record `validate()` returns what the round trip reads back.
  @Test func directValidationAgreesWithTheRoundTrip() {
    let numbers =
      [
        "0", "0.000000001", "-0.000000001", "1", "100", "100.000000001", "500", "500.1", "600", "600.000000001", "110",
        "110.5", "-1", "-100", "-100.5", "100000", "100000.000000001", "-100000", "-100000.1", "1.0000000001",
        "2.5", "20", "20.000000001", "-20", "99.999999999", "1000000000", "1000000000.1",
      ].compactMap { try? ExactNumber.parse($0).get() }
      + [
        ExactNumber(1).divided(by: ExactNumber(3)), ExactNumber(1).divided(by: ExactNumber(1 << 40)),
        ExactNumber(significand: 1, scale: 30), ExactNumber(Int.max), ExactNumber(Int.min),
      ].compactMap { $0 }
    var records: [ShotRecord] = []
    for n in numbers {
      records.append(ShotRecord(shot: .init(doseG: n)))
      records.append(ShotRecord(shot: .init(yieldG: n)))
      records.append(ShotRecord(shot: .init(timeS: n)))
      records.append(ShotRecord(shot: .init(firstDropS: n)))
      records.append(ShotRecord(recipe: .init(temperatureC: n)))
      records.append(ShotRecord(recipe: .init(grind: GrindSetting(number: n))))
      records.append(ShotRecord(recipe: .init(grind: GrindSetting(text: "3 clicks", value: n))))
      records.append(ShotRecord(grinder: .init(step: n)))
      records.append(ShotRecord(grinder: .init(min: n, max: ExactNumber(10))))
      records.append(ShotRecord(previous: .init(adjustment: .yield(deltaGrams: n))))
      records.append(ShotRecord(previous: .init(adjustment: .temperature(deltaCelsius: n))))
      records.append(ShotRecord(previous: .init(shot: .init(doseG: n, firstDropS: n))))
    }
    for steps in [-1, 0, 1, 100, 101, Int.max] {
      records.append(ShotRecord(previous: .init(adjustment: .grind(.finer, steps: steps))))
    }
    for count in [0, 999, 1_000, 1_001] {
      let text = String(repeating: "é", count: count / 2) + String(repeating: "x", count: count % 2)
      records.append(ShotRecord(id: text))
      records.append(ShotRecord(grinder: .init(name: text)))
      records.append(ShotRecord(recipe: .init(grind: GrindSetting(text: text))))
    }
    records.append(ShotRecord(id: "tab\tquote\"backslash\\nul\u{0}", previous: .init()))
    records.append(ShotRecord(recipe: .init(), grinder: .init(), shot: .init(taste: [], flow: [])))
    var valid = 0
    var invalid = 0
    for record in records {
      let roundTrip = record.validateByRoundTrip()
      switch record.passesShotJSONBounds {
      case true?:
        valid += 1
        #expect((try? roundTrip.get()) == record.readBack, "\(record)")
        #expect((try? record.validate().get()) == (try? roundTrip.get()), "\(record)")
      case false?:
        invalid += 1
        #expect((try? roundTrip.get()) == nil, "\(record)")
      case nil:
        break
      }
      // `validate()` gives the round trip's diagnostics for an invalid record, and its result otherwise.
      #expect(
        (try? record.validate().get()) == (try? roundTrip.get())
          && record.validate().failureCodes == roundTrip.failureCodes, "\(record)")
    }
    #expect(valid > 50)
    #expect(invalid > 100)
  }

  /// Line starts from `LineSplitter` (what `readShots` and `SourceFile` use) against the
  /// definition: a line ends at LF, CRLF or a lone CR.
  @Test func linesEndWhereTheDefinitionSays() {
    var rng = SeededGenerator(seed: 9)
    for _ in 0..<2_000 {
      let pieces = ["a", "bc", " ", "\n", "\r", "\r\n", "\n\n", "{}"]
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        bytes += Array((pieces.randomElement(using: &rng) ?? "a").utf8)
      }
      var expected = [0]
      var i = 0
      while i < bytes.count {
        if bytes[i] == 0x0A {
          expected.append(i + 1)
        } else if bytes[i] == 0x0D {
          if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
          expected.append(i + 1)
        }
        i += 1
      }
      let file = SourceFile(path: "t", bytes: bytes)
      #expect(file.lineStarts == expected, "\(bytes)")
      var count = 0
      ShotJSONReader.readShots(file) { line, _ in
        #expect(line <= expected.count)
        count += 1
      }
      #expect(count <= expected.count)
    }
  }
}

/// The one-pass tag list reading (distinct known tags, no escapes) against the general loop: a
/// list read as written and with its first tag's first letter escaped (which the one-pass path
/// leaves to the loop) reads to the same tags, or fails with the same codes.
extension ShotJSONFastPathTests {
  @Test func tagListsReadAsTheGeneralLoopReadsThem() {
    var rng = SeededGenerator(seed: 33)
    let words = [
      "sour", "bitter", "balanced", "thin", "strong", "harsh", "channeling", "gushing", "choked", "Sour", "x",
    ]
    let spaces = ["", "", " ", "\t", "  "]
    var accepted = 0
    var rejected = 0
    for _ in 0..<5_000 {
      var elements: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: elements.append("1")
        case 1: elements.append("null")
        default: elements.append("\"\(words.randomElement(using: &rng)!)\"")
        }
      }
      func space() -> String { spaces.randomElement(using: &rng)! }
      var list = "[" + space()
      for (i, e) in elements.enumerated() {
        if i > 0 { list += space() + (Int.random(in: 0..<30, using: &rng) == 0 ? "" : ",") + space() }
        list += e
      }
      if !elements.isEmpty, Int.random(in: 0..<30, using: &rng) == 0 { list += "," }
      list += space() + "]"
      let key = Bool.random(using: &rng) ? "taste" : "flow"
      func document(_ tags: String) -> String {
        #"{"format":"dialrules-shot","version":1,"shot":{"# + "\"\(key)\":" + tags + "}}"
      }
      let plain = ShotRecord.parseJSON(document(list))
      var escaped = list
      if let quote = escaped.firstIndex(of: "\"") {
        let letter = escaped.index(after: quote)
        let code = String(escaped[letter].asciiValue!, radix: 16)
        escaped.replaceSubrange(letter...letter, with: "\\u00" + code)
        let general = ShotRecord.parseJSON(document(escaped))
        #expect((try? plain.get()) == (try? general.get()), "\(list) vs \(escaped)")
        #expect(plain.failureCodes == general.failureCodes, "\(list) vs \(escaped)")
      }
      if case .success = plain { accepted += 1 } else { rejected += 1 }
    }
    #expect(accepted > 1_000)
    #expect(rejected > 1_000)
  }
}

extension Result where Failure == DiagnosticList {
  /// The codes of a failure, in order (empty for a success).
  fileprivate var failureCodes: [String] {
    if case .failure(let problems) = self { return problems.map(\.code) }
    return []
  }
}
