import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

/// Importing other apps' files into the log: every real file lands with its values, re-importing
/// adds nothing, and any bad file leaves the database byte for byte as it was.
@Suite struct ShotImportStoreTests {
  static let realFiles = [
    "decent/20240202T063530.shot", "decent/20210921T085910.shot", "decent/20211019T100744.shot",
    "decent/20211019T100744.json", "decent/dsx_weight.shot", "beanconqueror/beanconqueror_water_dispensed.json",
    "beanconqueror/beanconqueror_real_with_id_standard.json", "gaggiuino/gaggiuino-1020.json",
    "meticulous/meticulous.shot.json", "gaggimate/gaggimate2.json", "sep-csv/pressensor_short.csv",
  ]

  static func realPaths() -> [String] {
    realFiles.map { PackageRoot.file("Fixtures/imports/realdata/" + $0) }
  }

  /// The database's files (main, WAL), for "nothing changed".
  static func state(_ scratch: Scratch) -> [[UInt8]] {
    [fileBytes(scratch.database), fileBytes(scratch.database + "-wal")]
  }

  static func token(_ output: String) -> String? {
    output.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
      .flatMap { output.contains("--apply \($0)") ? $0 : nil }
  }

  @Test func everyRealFileImportsWithItsValues() throws {
    let scratch = Scratch()
    let preview = scratch.expect(["import"] + Self.realPaths())
    #expect(preview.out.contains("Would add 9 shots; 1 the same shot as in another file."), "\(preview.out)")
    #expect(preview.out.contains("not an espresso (Chemex, POUR OVER)"))
    let token = try #require(Self.token(preview.out))
    let applied = scratch.expect(["import"] + Self.realPaths() + ["--apply", token])
    #expect(applied.out.hasPrefix("Imported 9 shots (#1–#9) from 11 files; 1 skipped."), "\(applied.out)")

    let store = try scratch.store(.readOnly)
    let attempts = try store.shots.history()
    #expect(attempts.count == 9)
    // The 2024-02-02 Decent shot, as SOURCES.md lists it.
    let reservoir = try #require(attempts.first { $0.beanName == "The Reservoir" })
    #expect(reservoir.doseG == ExactNumber(15) && reservoir.yieldG == ExactNumber("43.5"))
    #expect(reservoir.grind == "18.00" && reservoir.grinderName == "Niche Zero")
    let attempt = try store.shots.findAttempt("\(reservoir.attemptID)")
    #expect(attempt.notes == "kinda sour. try 17.5 grind")
    #expect(attempt.measurements.taste == nil, "taste stays unknown without --taste-from-notes")
    #expect(try store.shotImport.importSource(attemptID: attempt.id)?.id == "1706873730")
    #expect(try store.shotImport.importSource(attemptID: attempt.id)?.file == "20240202T063530.shot")
    let curves = try store.shotImport.curves(attemptID: attempt.id)
    #expect(curves.map(\.kind) == [ImportedCurve.Kind.weight, .pressure, .flow, .weightFlow, .temperature])
    #expect(curves.allSatisfy { $0.times.count == 280 })
    // The same shot in .shot and .json: once, with the .shot's rating (80 of 100 is 4 of 5).
    let october = try #require(attempts.first { $0.beanName == "Shantawene" })
    #expect(try store.shotImport.importedRating(attemptID: october.attemptID) == ExactNumber(4))
    #expect(try store.shotImport.importSource(attemptID: october.attemptID)?.file == "20211019T100744.shot")

    // Re-importing adds nothing.
    let again = scratch.expect(["import"] + Self.realPaths())
    #expect(again.out.contains("Would add 0 shots; 9 already imported"), "\(again.out)")
    #expect(again.out.contains("Nothing to import."))
  }

  @Test func tasteFromNotesIsShownAndStored() throws {
    let scratch = Scratch()
    let path = PackageRoot.file("Fixtures/imports/realdata/decent/20240202T063530.shot")
    let preview = scratch.expect(["import", "--taste-from-notes", path])
    #expect(preview.out.contains("taste sour (from notes)"), "\(preview.out)")
    let token = try #require(Self.token(preview.out))
    // The token belongs to the options too: without --taste-from-notes it is stale.
    let stale = scratch.run(["import", path, "--apply", token])
    #expect(stale.status == 2 && stale.err.contains("changed since the preview"), "\(stale.err)")
    scratch.expect(["import", "--taste-from-notes", path, "--apply", token])
    let store = try scratch.store(.readOnly)
    let only = try #require(try store.shots.history().first)
    #expect(try store.shots.findAttempt("\(only.attemptID)").measurements.taste == [.sour])
  }

  @Test(arguments: [
    "truncated.zip", "corrupt.zip", "bomb.zip", "lying-size.zip", "no-backup.zip", "unbalanced-braces.shot",
    "stray-brace.shot", "nul-in-notes.shot", "nul-byte.json", "utf16.json", "unknown.txt", "unknown-keys.json",
  ])
  func badFilesChangeNothing(_ name: String) throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    let good = PackageRoot.file("Fixtures/imports/realdata/decent/20240202T063530.shot")
    let bad = PackageRoot.file("Fixtures/imports/bad/" + name)
    let before = Self.state(scratch)
    let preview = scratch.run(["import", good, bad])
    #expect(preview.status == 2, "\(preview.out)")
    #expect(preview.err.contains(bad) && preview.err.contains("Nothing was imported."), "\(preview.err)")
    // Applying with any token fails the same way, before anything is written.
    let apply = scratch.run(["import", good, bad, "--apply", "0123456789abcdef"])
    #expect(apply.status == 2)
    #expect(Self.state(scratch) == before)
  }

  @Test func aChangedDatabaseMakesTheTokenStale() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    let path = PackageRoot.file("Fixtures/imports/realdata/gaggiuino/gaggiuino-1020.json")
    let token = try #require(Self.token(scratch.expect(["import", path]).out))
    scratch.expect(["log", "Guji", "--time", "27", "--yield", "36", "--taste", "balanced"])
    let before = Self.state(scratch)
    let stale = scratch.run(["import", path, "--apply", token])
    #expect(stale.status == 2)
    #expect(Self.state(scratch) == before)
  }

  @Test func theBackupWithPartsImportsAndReplays() throws {
    let scratch = Scratch()
    let path = PackageRoot.file("Fixtures/imports/synthetic/beanconqueror-parts.zip")
    let preview = scratch.expect(["import", "--taste-from-notes", path])
    #expect(preview.out.contains("a Beanconqueror backup (detected): 6 shots, 1 skipped"), "\(preview.out)")
    #expect(preview.out.contains("per bean:     3 Guji Natural (new), 2 Sidamo Washed (new), 1 House Blend (new)"))
    #expect(preview.out.contains("taste from notes: 4 shots"))
    let token = try #require(Self.token(preview.out))
    scratch.expect(["import", "--taste-from-notes", path, "--apply", token])
    let replay = scratch.expect(["replay", PackageRoot.file("rules/espresso.dialrules")])
    #expect(replay.out.contains("over 6 shots: 0 decided differently"), "\(replay.out)")
    // The default table (version 2) decides every shot of this log.
    #expect(scratch.expect(["gaps"]).out.contains("0 of 6 shots from the log (6 shots) fall in a disagreement or gap"))
    // Under the reference table (version 1) the strong, fast shot falls in the gap where no rule
    // decides; it is listed first.
    let gaps = scratch.expect(["gaps", "--rules", PackageRoot.file("Fixtures/reference/reference-table.dialrules")])
    #expect(gaps.out.contains("1 of 6 shots from the log (6 shots) fall in a disagreement or gap"), "\(gaps.out)")
    let first = gaps.out.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    #expect(first.hasPrefix("  1  A002 ") && first.contains("(region 2 of 2)"), "\(gaps.out)")
    #expect(gaps.out.contains("shots: #6"), "\(gaps.out)")
    let exported = scratch.expect(["export", "--shots", "-"])
    #expect(exported.out.split(separator: "\n").count == 6)
  }
}
