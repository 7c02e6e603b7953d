import DialRules
import DialRulesTestSupport
import ShotLog
import Testing

/// The synthesized edge cases of `Fixtures/imports/synthetic/` (written by
/// `Tests/ImportFixtures/make_import_fixtures.py`).
@Suite struct SyntheticReaderTests {
  static func read(_ name: String) throws -> ImportedFile {
    try ImportReader.read(PackageRoot.bytes("Fixtures/imports/synthetic/" + name), file: name)
  }

  static func n(_ text: String) -> ExactNumber {
    guard let value = ExactNumber(text) else { preconditionFailure("'\(text)' is not a number") }
    return value
  }

  @Test func backupWithSeveralParts() throws {
    let file = try Self.read("beanconqueror-parts.zip")
    #expect(file.format == .beanconquerorBackup)
    #expect(file.shots.count == 6)
    #expect(file.skipped.map(\.reason) == ["not an espresso (Chemex, POUR OVER)"])
    let byID = Dictionary(uniqueKeysWithValues: file.shots.map { ($0.source.id.suffix(4), $0) })
    // Numbers as strings.
    let strings = try #require(byID["1002"])
    #expect(strings.doseG == Self.n("18.5") && strings.yieldG == Self.n("38.2"))
    #expect(strings.timeS == Self.n("27.25"))
    #expect(strings.grind == "11.5")
    #expect(strings.source.entry == "Beanconqueror.json")
    // From the brews part, with a bean from the beans part.
    let clicks = try #require(byID["1004"])
    #expect(clicks.grind == "2 clicks past 10")
    #expect(clicks.source.entry == "Beanconqueror_Brews_1.json")
    #expect(clicks.bean?.name == "Sidamo Washed")
    #expect(clicks.bean?.roastDate == nil && clicks.bean?.roastDateText == "04.05.2024")
    #expect(clicks.notices.contains { $0.contains("2024-05-04") && $0.contains("2024-04-05") })
    #expect(try #require(byID["1005"]).doseG == nil, "a dose of 0 is not recorded")
    #expect(try #require(byID["1006"]).timeS == Self.n("31.4"))
    let first = try #require(byID["1001"])
    #expect(first.rating == ImportedRating(value: 3, scale: 5))
    #expect(first.firstDropS == Self.n("6.5"))
    #expect(first.grinderName == "Niche Zero")
    #expect(first.bean?.roastDate == CalendarDate(year: 2024, month: 4, day: 20))
    #expect(first.bean?.roastLevel == "LIGHT")
  }

  @Test func visualizerShot() throws {
    let file = try Self.read("visualizer-shot.json")
    #expect(file.format == .visualizer)
    let shot = try #require(file.shots.first)
    #expect(shot.doseG == Self.n("18.0") && shot.yieldG == Self.n("36.6") && shot.timeS == Self.n("30"))
    #expect(shot.rating?.outOfFive == Self.n("4"))
    #expect(shot.grind == "15" && shot.notes == "a touch sour")
    #expect(shot.pulledAt == Timestamp.parse("2024-05-01T08:30:00Z"))
    #expect(shot.curves.map(\.kind) == [.weight, .pressure])
  }

  @Test func decentRatedLater() throws {
    let tcl = try #require(try Self.read("decent-rated-later.shot").shots.first)
    let json = try #require(try Self.read("decent-rated-later.json").shots.first)
    #expect(tcl.source.id == json.source.id)
    #expect(tcl.rating?.outOfFive == Self.n("3") && json.rating == nil)
    #expect(tcl.yieldG == json.yieldG && tcl.timeS == json.timeS && tcl.doseG == json.doseG)
    #expect(tcl.targetYieldG == Self.n("36"))
  }

  @Test func tasteFromNotes() {
    #expect(TasteFromNotes.tastes(in: "kinda sour. try 17.5 grind") == [.sour])
    #expect(TasteFromNotes.tastes(in: "Not sour, a bit BITTER and thin") == [.bitter, .thin])
    #expect(TasteFromNotes.tastes(in: "Neat.") == nil)
    #expect(TasteFromNotes.tastes(in: "no bitterness") == nil)
    #expect(TasteFromNotes.tastes(in: "over-extracted, harsh-ish") == [.bitter])
  }
}
