import Testing

@testable import DialRules

/// Reading valid documents: the design example, exact numbers, null handling, optional fields.
@Suite struct ShotJSONReaderTests {
  /// Design §6's example, byte for byte.
  static let designExample = """
    {
      "format": "dialrules-shot", "version": 1,
      "id": "sour-fast-01",
      "recipe":  { "dose_g": 18.0, "yield_g": 36.0, "time_s": 28.0, "temperature_c": 93.0, "grind": "14" },
      "grinder": { "name": "Niche Zero", "step": 0.5, "min": 0, "max": 50, "finer": "lower" },
      "shot":    { "dose_g": 18.0, "yield_g": 36.4, "time_s": 21.0, "first_drop_s": 6.0,
                   "taste": ["sour"], "flow": [] },
      "previous": { "adjustment": { "type": "grind", "direction": "finer", "steps": 1 },
                    "shot": { "dose_g": 18.0, "yield_g": 36.0, "time_s": 19.5, "taste": ["sour"] } }
    }
    """

  @Test func readsTheDesignExample() throws {
    let record = try read(Self.designExample)
    #expect(record.id == "sour-fast-01")
    #expect(
      record.recipe
        == ShotRecord.Recipe(
          doseG: n("18"), yieldG: n("36"), timeS: n("28"), temperatureC: n("93"), grind: GrindSetting(text: "14")))
    #expect(record.recipe?.grind?.value == n("14"))
    #expect(record.recipe?.grind?.isNumber == false)
    #expect(
      record.grinder
        == ShotRecord.Grinder(name: "Niche Zero", step: n("0.5"), min: n("0"), max: n("50"), finer: .lower))
    #expect(
      record.shot
        == ShotRecord.Measurements(
          doseG: n("18"), yieldG: n("36.4"), timeS: n("21"), firstDropS: n("6"), taste: TagSet([.sour]),
          flow: TagSet()))
    #expect(record.previous?.adjustment == .grind(.finer, steps: 1))
    #expect(
      record.previous?.shot
        == ShotRecord.Measurements(doseG: n("18"), yieldG: n("36"), timeS: n("19.5"), taste: TagSet([.sour])))
  }

  func n(_ s: String) -> ExactNumber {
    guard case .success(let v) = ExactNumber.parse(s) else {
      Issue.record("bad number \(s)")
      return .zero
    }
    return v
  }

  func read(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ShotRecord {
    let file = SourceFile(path: "test.json", text: text)
    switch ShotJSONReader.read(file) {
    case .success(let record): return record
    case .failure(let diagnostics):
      Issue.record(
        "unexpected diagnostics:\n\(DiagnosticRenderer().render(diagnostics, in: file))", sourceLocation: sourceLocation
      )
      throw diagnostics
    }
  }
}
