import Testing

@testable import DialRules

/// The JSON writer: compact layout, escaping, exact numbers, and decision JSON (docs/design.md §7).
@Suite struct JSONWriterTests {
  func n(_ s: String) -> ExactNumber {
    guard case .success(let v) = ExactNumber.parse(s) else {
      Issue.record("bad number \(s)")
      return .zero
    }
    return v
  }

  @Test func writesCompactJSONInInsertionOrder() {
    var w = JSONWriter()
    w.beginObject()
    w.key("z")
    w.integer(1)
    w.key("a")
    w.beginArray()
    w.bool(true)
    w.null()
    w.beginObject()
    w.endObject()
    w.beginArray()
    w.endArray()
    w.string("x")
    w.endArray()
    w.key("m")
    w.number(n("-2.50"))
    w.endObject()
    #expect(w.text == #"{"z":1,"a":[true,null,{},[],"x"],"m":-2.5}"#)
  }

  @Test func newlineSeparatesJSONLinesRecords() {
    var w = JSONWriter()
    for i in 0..<2 {
      w.beginObject()
      w.key("i")
      w.integer(i)
      w.endObject()
      w.newline()
    }
    #expect(w.text == "{\"i\":0}\n{\"i\":1}\n")
    w.removeAll()
    w.string("again")
    #expect(w.text == #""again""#)
  }

  @Test(arguments: [
    ("plain", #""plain""#),
    ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
    ("a/b", #""a/b""#),
    ("tab\tline\nreturn\rbs\u{8}ff\u{C}", #""tab\tline\nreturn\rbs\bff\f""#),
    ("nul\u{0} bell\u{7} esc\u{1B} us\u{1F}", #""nul\u0000 bell\u0007 esc\u001b us\u001f""#),
    ("del\u{7F} é ☕ 😀", "\"del\u{7F} é ☕ 😀\""),
  ])
  func escapesStrings(_ input: String, _ expected: String) {
    var w = JSONWriter()
    w.string(input)
    #expect(w.text == expected)
  }

  @Test func escapedStringsReadBack() throws {
    let id = "a\"b\\c\u{0}\u{1F}\n é 😀 \u{2028}"
    let record = ShotRecord(id: id)
    let back = ShotJSONReader.read(SourceFile(path: "t", text: record.jsonText))
    #expect(back == .success(record))
  }

  @Test func writesExactOrRoundedNumbers() throws {
    let third = try #require(ExactNumber(1).divided(by: ExactNumber(3)))
    let twoThirds = try #require(ExactNumber(2).divided(by: ExactNumber(3)))
    let ratio = try #require(n("36.4").divided(by: n("18")))
    let cases: [(ExactNumber, String)] = [
      (n("36.4"), "36.4"), (n("18.0"), "18"), (n("-0.5"), "-0.5"), (.zero, "0"), (n("-0"), "0"),
      (n("1000000000"), "1000000000"), (n("0.000000001"), "0.000000001"), (third, "0.333333333"),
      (twoThirds, "0.666666667"), (third.negated(), "-0.333333333"), (ratio, "2.022222222"),
      (try #require(ExactNumber(1).divided(by: ExactNumber(1024))), "0.000976563"),
      (try #require(n("0.000000001").divided(by: ExactNumber(3))), "0"),
      (try #require(n("-0.000000001").divided(by: ExactNumber(3))), "0"),
      (ExactNumber(numerator: 9_999_999_999, denominator: 10_000_000_000), "1"),
      (ExactNumber(numerator: -19_999_999_999, denominator: 10_000_000_000), "-2"),
    ]
    for (value, text) in cases {
      var w = JSONWriter()
      w.number(value)
      #expect(w.text == text, "\(value.numerator)/\(value.denominator)")
    }
  }

  @Test func hugeDenominatorsDoNotTrap() throws {
    let big = ExactNumber(numerator: 1, denominator: Int128.max)
    #expect(big.decimalText(maxFractionDigits: 9) == "0")
    let nearOne = ExactNumber(numerator: Int128.max - 1, denominator: Int128.max)
    #expect(nearOne.decimalText(maxFractionDigits: 9) == "1")
    let huge = ExactNumber(numerator: Int128.max, denominator: 1)
    #expect(huge.decimalText(maxFractionDigits: 9) == String(Int128.max))
    let min = ExactNumber(numerator: Int128.min + 1, denominator: 7)
    #expect(min.decimalText(maxFractionDigits: 9).hasPrefix("-" + String(Int128.max / 7) + "."))
  }

  @Test func valueTreeMatchesStreamingWriter() {
    let value: JSONValue = ["b": [1, "two", nil, true, ["x": false]], "a": .number(n("0.25")), "e": [:]]
    #expect(value.jsonText == #"{"b":[1,"two",null,true,{"x":false}],"a":0.25,"e":{}}"#)
    #expect(value["a"] == .number(n("0.25")))
  }

  // MARK: Decision JSON

  static let decisions: [(Decision, String)] = [
    (
      Decision(
        id: "sour-fast-01", outcome: .adjust(.grind(.finer, steps: 1)), text: "Grind finer by 1 step",
        decidedBy: ["sour_fast"], missing: []),
      #"{"id":"sour-fast-01","decision":{"kind":"adjust","adjustment":{"type":"grind","direction":"finer","steps":1},"text":"Grind finer by 1 step"},"decided_by":["sour_fast"],"missing":[]}"#
    ),
    (
      Decision(
        id: "b", outcome: .adjust(.grind(.coarser, steps: 2)), text: "Grind coarser by 2 steps",
        decidedBy: ["bitter_slow", "harsh"], missing: []),
      #"{"id":"b","decision":{"kind":"adjust","adjustment":{"type":"grind","direction":"coarser","steps":2},"text":"Grind coarser by 2 steps"},"decided_by":["bitter_slow","harsh"],"missing":[]}"#
    ),
    (
      Decision(
        id: "y", outcome: .adjust(.yield(deltaGrams: ExactNumber(2))), text: "Increase the yield by 2 g",
        decidedBy: ["sour_on_time"], missing: []),
      #"{"id":"y","decision":{"kind":"adjust","adjustment":{"type":"yield","delta_g":2},"text":"Increase the yield by 2 g"},"decided_by":["sour_on_time"],"missing":[]}"#
    ),
    (
      Decision(
        id: "t", outcome: .adjust(.temperature(deltaCelsius: ExactNumber(-1))), text: "Lower the temperature by 1 °C",
        decidedBy: ["r"], missing: []),
      #"{"id":"t","decision":{"kind":"adjust","adjustment":{"type":"temperature","delta_c":-1},"text":"Lower the temperature by 1 °C"},"decided_by":["r"],"missing":[]}"#
    ),
    (
      Decision(id: "n", outcome: .noChange, text: "No change", decidedBy: ["balanced"], missing: []),
      #"{"id":"n","decision":{"kind":"no_change","text":"No change"},"decided_by":["balanced"],"missing":[]}"#
    ),
    (
      Decision(
        id: nil, outcome: .insufficientEvidence(.explicit), text: "channeling observed",
        decidedBy: ["channeling"], missing: []),
      #"{"id":null,"decision":{"kind":"insufficient_evidence","reason":"explicit","text":"channeling observed"},"decided_by":["channeling"],"missing":[]}"#
    ),
    (
      Decision(
        id: "c", outcome: .insufficientEvidence(.conflict), text: "Rules disagree",
        decidedBy: ["sour_on_time", "thin_not_fast"], missing: []),
      #"{"id":"c","decision":{"kind":"insufficient_evidence","reason":"conflict","text":"Rules disagree"},"decided_by":["sour_on_time","thin_not_fast"],"missing":[]}"#
    ),
    (
      Decision(
        id: "i", outcome: .insufficientEvidence(.incomplete), text: "Need \"taste\"",
        decidedBy: ["sour_fast"], missing: ["recipe.time_s", "shot.taste"]),
      #"{"id":"i","decision":{"kind":"insufficient_evidence","reason":"incomplete","text":"Need \"taste\""},"decided_by":["sour_fast"],"missing":["recipe.time_s","shot.taste"]}"#
    ),
    (
      Decision(
        id: "r", outcome: .insufficientEvidence(.noRule), text: "No rule covers this shot.", decidedBy: [],
        missing: []),
      #"{"id":"r","decision":{"kind":"insufficient_evidence","reason":"no_rule","text":"No rule covers this shot."},"decided_by":[],"missing":[]}"#
    ),
    (
      Decision(
        id: "nc", outcome: .adjust(.noChange), text: "No change", decidedBy: ["x"], missing: []),
      #"{"id":"nc","decision":{"kind":"adjust","adjustment":{"type":"no_change"},"text":"No change"},"decided_by":["x"],"missing":[]}"#
    ),
  ]

  @Test(arguments: decisions)
  func decisionJSON(_ decision: Decision, _ expected: String) {
    #expect(decision.jsonText == expected)
    #expect(decision.jsonObject.jsonText == expected)
  }

  @Test func adjustmentObjectsMatchTheWriter() {
    let adjustments: [Adjustment] = [
      .grind(.finer, steps: 1), .yield(deltaGrams: n("-1.5")), .temperature(deltaCelsius: n("0.5")), .noChange,
    ]
    for adjustment in adjustments {
      var w = JSONWriter()
      adjustment.writeJSON(to: &w)
      #expect(w.text == adjustment.jsonObject.jsonText)
    }
  }
}
