import DialRules
import DialRulesTestSupport
import ShotLog
import Testing

/// Every real file of `Fixtures/imports/realdata/` (copies of Visualizer's test files, see its
/// SOURCES.md) read with the values its SOURCES.md row lists.
@Suite struct RealDataReaderTests {
  static func read(_ name: String) throws -> ImportedFile {
    let bytes = try PackageRoot.bytes("Fixtures/imports/realdata/" + name)
    return try ImportReader.read(bytes, file: String(name.split(separator: "/").last ?? ""))
  }

  static func only(_ name: String) throws -> ImportedShot {
    let file = try read(name)
    #expect(file.shots.count == 1, "\(name): \(file.shots.count) shots")
    return try #require(file.shots.first)
  }

  static func n(_ text: String) -> ExactNumber {
    guard let value = ExactNumber(text) else { preconditionFailure("'\(text)' is not a number") }
    return value
  }

  static func curve(_ shot: ImportedShot, _ kind: ImportedCurve.Kind) -> ImportedCurve? {
    shot.curves.first { $0.kind == kind }
  }

  @Test func decentFebruary2024() throws {
    let file = try Self.read("decent/20240202T063530.shot")
    #expect(file.format == .decentShot && file.detected)
    let shot = try Self.only("decent/20240202T063530.shot")
    #expect(shot.source.id == "1706873730")
    #expect(shot.pulledAt == Timestamp(millisecondsSinceEpoch: 1_706_873_730_000))
    #expect(shot.doseG == Self.n("15.0"))
    #expect(shot.yieldG == Self.n("43.5"))
    #expect(shot.grind == "18.00")
    #expect(shot.notes == "kinda sour. try 17.5 grind")
    #expect(shot.grinderName == "Niche Zero")
    #expect(shot.timeS == Self.n("58.1"))
    #expect(shot.targetYieldG == Self.n("38"))
    #expect(shot.temperatureC == Self.n("86.0"))
    #expect(shot.rating == nil, "enjoyment 0 is unrated")
    #expect(shot.profile == "D-Flow / daily")
    #expect(shot.bean?.name == "The Reservoir")
    #expect(shot.bean?.roaster == "Bellwood")
    #expect(shot.bean?.roastLevel == "Medium")
    #expect(shot.bean?.roastDate == CalendarDate(year: 2024, month: 1, day: 23))
    #expect(shot.bean?.notes == "- chocolate\n- woodsy\n- smooth")
    // First gram in the cup: about 31 s (long pre-infusion).
    let firstDrop = try #require(shot.firstDropS)
    #expect(firstDrop >= Self.n("30") && firstDrop <= Self.n("32.5"), "first drop \(firstDrop)")
    for kind in [ImportedCurve.Kind.weight, .pressure, .flow, .weightFlow, .temperature] {
      #expect(Self.curve(shot, kind)?.times.count == 280, "\(kind)")
    }
    #expect(Self.curve(shot, .pressure)?.values.prefix(3) == [0, 98, 106])
  }

  @Test func decentSeptember2021() throws {
    let shot = try Self.only("decent/20210921T085910.shot")
    #expect(shot.grinderName == "EK43 with SSP HU")
    #expect(shot.grind == "2.1")
    #expect(shot.doseG == Self.n("18.0"))
    #expect(shot.yieldG == Self.n("38.8"))
    #expect(shot.timeS == Self.n("24.8"))
    #expect(shot.targetYieldG == Self.n("40"))
    #expect(shot.rating == ImportedRating(value: 70, scale: 100))
    #expect(shot.rating?.outOfFive == Self.n("3.5"))
    #expect(shot.notes == "Neat.")
    #expect(shot.bean?.name == "Ethiopia Shantawene")
    #expect(shot.bean?.roaster == "Banibeans")
    #expect(shot.profile == "JoeD's Easy blooming slow ramp to 7 bar")
    #expect(shot.temperatureC == Self.n("95"))
    // 11.09.2021: 11 September or 9 November; not guessed.
    #expect(shot.bean?.roastDate == nil)
    #expect(shot.bean?.roastDateText == "11.09.2021")
    #expect(
      shot.notices.contains { $0.contains("11.09.2021") && $0.contains("2021-09-11") && $0.contains("2021-11-09") })
    // The scale's series ends at 36.58 g although the barista recorded 38.8; it has one sample
    // more than `espresso_elapsed` has times, and a sample without a time is left out.
    #expect(Self.curve(shot, .weight)?.values.last == 3583)
    #expect(Self.curve(shot, .weight)?.times.count == 100)
  }

  @Test func decentOctober2021BothForms() throws {
    let tcl = try Self.only("decent/20211019T100744.shot")
    let json = try Self.only("decent/20211019T100744.json")
    #expect(try Self.read("decent/20211019T100744.json").format == .decentJSON)
    for shot in [tcl, json] {
      #expect(shot.source.id == "1634630864" && shot.source.idSpace == "decent")
      #expect(shot.grinderName == "EK43 with SSP HU")
      #expect(shot.grind == "2.4")
      #expect(shot.doseG == nil, "dose 0 means missing")
      #expect(shot.yieldG == Self.n("42.6"))
      #expect(shot.timeS == Self.n("27.0"))
      #expect(shot.targetYieldG == Self.n("43.0"))
      #expect(shot.temperatureC == Self.n("88"))
      #expect(shot.bean?.name == "Shantawene" && shot.bean?.roaster == "BeBerry")
      #expect(shot.profile == "Easy blooming - active pressure decline")
    }
    // The rating was added to the .shot only.
    #expect(tcl.rating == ImportedRating(value: 80, scale: 100))
    #expect(json.rating == nil)
    #expect(Self.curve(json, .pressure)?.times.count == 109)
  }

  @Test func decentDSxSkin() throws {
    let shot = try Self.only("decent/dsx_weight.shot")
    #expect(shot.grinderName == "Lagom P64 (MP)")
    #expect(shot.grind == ".9 / sp=5")
    #expect(shot.doseG == Self.n("18.0"), "DSx_bean_weight 0, grinder_dose_weight 18.0")
    #expect(shot.yieldG == Self.n("37.5"))
    #expect(shot.timeS == Self.n("16.9"))
    #expect(shot.profile == "TurboBloom")
    #expect(shot.bean?.roastDate == CalendarDate(year: 2021, month: 8, day: 30))
  }

  @Test func beanconquerorEspresso() throws {
    let file = try Self.read("beanconqueror/beanconqueror_water_dispensed.json")
    #expect(file.format == .beanconquerorShot)
    let shot = try #require(file.shots.first)
    #expect(shot.source.id == "cd8769e9-6e7d-4844-82ac-7db45f17d357")
    #expect(shot.pulledAt == Timestamp(millisecondsSinceEpoch: 1_776_625_793_000))
    #expect(shot.grind == "11")
    #expect(shot.doseG == Self.n("20"))
    #expect(shot.yieldG == Self.n("40.2"))
    #expect(shot.timeS == Self.n("18.574"))
    #expect(shot.temperatureC == Self.n("92"))
    #expect(shot.grinderName == "Sette 30")
    #expect(shot.bean?.name == "Kolumbien Sugarcane")
    #expect(shot.bean?.roaster == "Schvarz Kaffee")
    #expect(shot.bean?.roastDate == CalendarDate(year: 2026, month: 3, day: 13))
    #expect(shot.rating == nil)
    #expect(Self.curve(shot, .pressure)?.times.count == 241)
    #expect(Self.curve(shot, .temperature)?.times.count == 241)
  }

  @Test func beanconquerorChemexIsSkipped() throws {
    let file = try Self.read("beanconqueror/beanconqueror_real_with_id_standard.json")
    #expect(file.shots.isEmpty)
    #expect(file.skipped.count == 1)
    #expect(file.skipped.first?.id == "d8647dd2-36cf-4998-8cb7-f5772f91b726")
    #expect(file.skipped.first?.reason == "not an espresso (Chemex, POUR OVER)")
  }

  @Test func gaggiuino() throws {
    let shot = try Self.only("gaggiuino/gaggiuino-1020.json")
    #expect(shot.source.format == .gaggiuino && shot.source.id == "1020@1728455970")
    #expect(shot.timeS == Self.n("42.2"))
    #expect(shot.yieldG == Self.n("47"))
    #expect(shot.targetYieldG == Self.n("49"))
    #expect(shot.profile == "Zer0")
    #expect(shot.doseG == nil && shot.grinderName == nil && shot.bean == nil)
    #expect(Self.curve(shot, .pressure)?.times.count == 279)
    #expect(Self.curve(shot, .pressure)?.values.first == 30, "0.30000000000000004 bar")
  }

  @Test func meticulous() throws {
    let shot = try Self.only("meticulous/meticulous.shot.json")
    #expect(shot.source.id == "a0d2c50c-dadd-481a-a63a-aa77b1604c9b")
    #expect(shot.yieldG == Self.n("45.46"))
    #expect(shot.timeS == Self.n("26.3"))
    #expect(shot.profile == "Adaptive v1")
    #expect(shot.targetYieldG == Self.n("45"))
    #expect(shot.temperatureC == Self.n("93"))
    #expect(shot.pulledAt == Timestamp(millisecondsSinceEpoch: 1_767_116_178_407))
    #expect(Self.curve(shot, .weight)?.times.count == 204)
  }

  @Test func gaggimate() throws {
    let shot = try Self.only("gaggimate/gaggimate2.json")
    #expect(shot.profile == "Adaptive v2")
    #expect(shot.timeS == Self.n("41.5"))
    #expect(shot.yieldG == Self.n("36.79"))
    #expect(Self.curve(shot, .pressure)?.times.count == 163)
  }

  @Test func smartEspressoProfiler() throws {
    let shot = try Self.only("sep-csv/pressensor_short.csv")
    #expect(shot.doseG == Self.n("16.0"))
    #expect(shot.yieldG == Self.n("36.07"), "its 'Weight' is the beverage")
    #expect(shot.grinderName == "1Zpresso K-Plus")
    #expect(shot.grind == "2.0")
    #expect(shot.timeS == Self.n("18.674"))
    #expect(shot.bean?.name == "Kintamani Cascara Washed")
    #expect(shot.bean?.roaster == "Ninetens")
    #expect(shot.bean?.roastLevel == "Medium")
    #expect(shot.bean?.roastDate == CalendarDate(year: 2023, month: 6, day: 20))
    #expect(shot.pulledAt == Timestamp.parse("2023-06-26T21:49:15.122Z"))
    #expect(shot.notices.contains { $0.contains("no time zone") })
    #expect((Self.curve(shot, .weight)?.times.count ?? 0) > 100)
  }
}
