import Testing

@testable import DialRules

/// Witness files look like the fixtures, and the tree form of a shot is the canonical text.
@Suite struct JSONPrettyPrinterTests {
  @Test func layoutMatchesTheShotFixtures() {
    let shot = ShotRecord(
      id: "a\"b", recipe: .init(doseG: num("18"), yieldG: num("36")),
      shot: .init(timeS: num("24.5"), taste: TagSet([.sour, .thin]), flow: TagSet()),
      previous: .init(adjustment: .grind(.finer, steps: 1)))
    let expected = """
      {
        "format": "dialrules-shot",
        "version": 1,
        "id": "a\\"b",
        "recipe": {
          "dose_g": 18,
          "yield_g": 36
        },
        "shot": {
          "time_s": 24.5,
          "taste": ["sour", "thin"],
          "flow": []
        },
        "previous": {
          "adjustment": {
            "type": "grind",
            "direction": "finer",
            "steps": 1
          }
        }
      }

      """
    #expect(JSONPrettyPrinter.format(shot.jsonText) == expected)
    #expect(shot.jsonObject.jsonText == shot.jsonText)
    guard case .success(let back) = ShotJSONReader.read(SourceFile(path: "p", text: expected)) else {
      Issue.record("pretty output does not read back")
      return
    }
    #expect(back == shot)
  }
}
