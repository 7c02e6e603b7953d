import DialRulesTestSupport
import Testing

@testable import DialRules

/// Reading valid documents: the example of docs/design.md §6, exact numbers, null handling, optional fields.
@Suite struct ShotJSONReaderTests {
  /// docs/design.md §6's example, byte for byte.
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

  /// The example is the one docs/design.md shows, so the document's example is one the reader reads.
  @Test func designExampleIsTheDocumentsExample() throws {
    let design = try PackageRoot.read("docs/design.md")
    #expect(design.contains("```json\n" + Self.designExample + "\n```"), "docs/design.md §6 has another example")
  }

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

  static let head = #"{"format":"dialrules-shot","version":1,"#

  @Test(arguments: [
    (#"{"type":"grind","direction":"finer","steps":1}"#, Adjustment.grind(.finer, steps: 1)),
    (#"{"steps":3,"direction":"coarser","type":"grind"}"#, .grind(.coarser, steps: 3)),
    (#"{"type":"yield","delta_g":-2}"#, .yield(deltaGrams: ExactNumber(-2))),
    (
      #"{"type":"temperature","delta_c":0.5}"#,
      .temperature(deltaCelsius: ExactNumber(significand: 5, scale: 1) ?? .zero)
    ),
    (#"{"type":"no_change"}"#, .noChange),
    (#"{"type":"no_change","steps":null}"#, .noChange),
  ])
  func readsEveryAdjustment(_ json: String, _ expected: Adjustment) throws {
    let record = try read(Self.head + #""previous":{"adjustment":"# + json + "}}")
    #expect(record.previous?.adjustment == expected)
  }

  @Test func absentOrNullAdjustmentIsNone() throws {
    #expect(try read(Self.head + #""previous":{"adjustment":null}}"#).previous == ShotRecord.Previous())
    #expect(try read(Self.head + #""previous":{}}"#).previous == ShotRecord.Previous())
    #expect(try read(Self.head + #""id":"x"}"#).previous == nil)
  }

  @Test func headerOnlyIsAnEmptyRecord() throws {
    #expect(try read(#"{"version":1,"format":"dialrules-shot"}"#) == ShotRecord())
    #expect(try read(" \n\t{ \"format\" : \"dialrules-shot\" , \"version\" : 1.0 }\r\n ") == ShotRecord())
  }

  @Test func grindKeepsItsForm() throws {
    let number = try read(Self.head + #""recipe":{"grind":14.50}}"#).recipe?.grind
    #expect(number == GrindSetting(number: n("14.5")))
    #expect(number?.text == "14.5")
    #expect(number?.isNumber == true)
    let text = try read(Self.head + #""recipe":{"grind":"2.4"}}"#).recipe?.grind
    #expect(text == GrindSetting(text: "2.4"))
    #expect(text?.value == n("2.4"))
    #expect(text?.isNumber == false)
    let words = try read(Self.head + #""recipe":{"grind":"3 clicks"}}"#).recipe?.grind
    #expect(words?.value == nil)
  }

  @Test func escapedKeysAndWordsAreMatchedAfterDecoding() throws {
    let record = try read(
      Self.head + #""sh\u006Ft":{"d\u006fse_g":18,"taste":["s\u006Fur"]},"grinder":{"finer":"\u006cower"}}"#)
    #expect(record.shot?.doseG == n("18"))
    #expect(record.shot?.taste == TagSet([.sour]))
    #expect(record.grinder?.finer == .lower)
  }

  @Test func boundaryValuesAreAccepted() throws {
    let record = try read(
      Self.head
        + #""recipe":{"dose_g":100,"yield_g":500,"time_s":600,"temperature_c":110,"grind":-100000},"#
        + #""grinder":{"step":0.000000001,"min":-100000,"max":100000},"#
        + #""shot":{"dose_g":0.1,"first_drop_s":0,"taste":[],"flow":["channeling","gushing","choked"]},"#
        + #""previous":{"adjustment":{"type":"grind","direction":"finer","steps":100}}}"#)
    #expect(record.recipe?.temperatureC == n("110"))
    #expect(record.shot?.firstDropS == .zero)
    #expect(record.shot?.taste == TagSet())
    #expect(record.shot?.taste?.isEmpty == true)
    #expect(record.shot?.flow == TagSet([.channeling, .gushing, .choked]))
    #expect(record.previous?.adjustment == .grind(.finer, steps: 100))
  }

  @Test func allTasteTagsAreRecognised() throws {
    let record = try read(Self.head + #""shot":{"taste":["harsh","strong","thin","balanced","bitter","sour"]}}"#)
    #expect(record.shot?.taste == TagSet(TasteTag.allCases))
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
