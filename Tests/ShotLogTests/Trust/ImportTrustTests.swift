import DialRules
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Import re-derives, never trusts; `--replace` restores a backup exactly; merging names the
/// field that differs.
@Suite struct ImportTrustTests {
  static func token(_ preview: String) throws -> String {
    try #require(preview.split(separator: " ").last).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func replaceRestoresABackupExactlyAndMergeAddsByID() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["log", "--time", "26", "--yield", "36", "--taste", "balanced"])
    let backup = s.directory.file("backup.json")
    s.expect(["export", "--json", backup])
    let original = try String(contentsOfFile: backup, encoding: .utf8)
    // Life goes on: more shots, an edit, a void.
    s.expect(["log", "--time", "30", "--yield", "36", "--taste", "bitter"])
    s.expect(["void", "2", "--why", "mislabelled"])
    s.expect(["profiles", "bean", "edit", "Guji", "--origin", "Ethiopia"])

    // Merging the backup adds nothing: everything in it is there (the bean edit is kept).
    let merge = s.expect(["import", backup]).out
    #expect(merge.contains("would add:        nothing"), "\(merge)")
    #expect(merge.contains("was edited in the database since; the database's values are kept (origin is Ethiopia"))

    let preview = s.expect(["import", backup, "--replace"]).out
    #expect(preview.contains("(replacing everything)"))
    #expect(
      preview.contains(
        "would remove:     1 bean, 1 bag, 1 grinder, 2 recipe snapshots, 3 shots, 1 accept/reject event, 1 void"),
      "\(preview)"
    )
    // The command names the log previewed (--db), so running it imports there.
    #expect(
      preview.contains("To import, run: dialshot import --db \(s.database) \(backup) --replace --apply "), "\(preview)")
    // A merge token does not apply a replace, nor the other way round.
    #expect(s.run(["import", backup, "--apply", try Self.token(preview)]).status == 2)
    let applied = s.expect(["import", backup, "--replace", "--apply", try Self.token(preview)]).out
    #expect(applied.hasPrefix("Replaced "))
    #expect(s.expect(["export", "--json", "-"]).out == original, "the backup, byte for byte")
    #expect(
      s.expect(["history"]).out.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first } == [
        "2", "1",
      ])
  }

  @Test func aFailedReplaceChangesNothing() throws {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let store = try s.store()
    let backup = try store.exchange.exportJSON()
    s.expect(["log", "--time", "30", "--yield", "36", "--taste", "bitter"])
    let before = try store.exchange.exportJSON()
    var importer = LogImporter(store: store, replacing: true)
    importer.failAfterRows = 4
    let preview = try importer.preview(backup)
    #expect(throws: ShotLogError.self) { try importer.apply(backup, token: preview.token) }
    #expect(try store.exchange.exportJSON() == before, "the rollback leaves every row, and the triggers, as they were")
    #expect(throws: SQLiteError.self) { try store.connection.execute("DELETE FROM shot_attempts") }
  }

  @Test func aConflictNamesTheFieldThatDiffers() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--notes", "first"])
    let text = s.expect(["export", "--json", "-"]).out
    let edited = s.directory.file("edited.json")
    try text.replacingOccurrences(of: "\"notes\":\"first\"", with: "\"notes\":\"second\"").write(
      toFile: edited, atomically: true, encoding: .utf8)
    let preview = s.run(["import", edited])
    #expect(preview.status == 1)
    #expect(
      preview.out.contains(
        "exists in the database with other values: notes is first in the database, second in the file"),
      "\(preview.out)")
  }

  @Test func decisionsByOtherRulesAreFlaggedNotTrusted() throws {
    let s = Scratch.guji()
    let mine = s.directory.file("mine.dialrules")
    try "dialrules 1\nruleset \"mine\" \"Always the same\"\n  otherwise no change\n".write(
      toFile: mine, atomically: true, encoding: .utf8)
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--rules", mine])
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let file = s.directory.file("export.json")
    s.expect(["export", "--json", file])

    let target = Scratch(start: "2026-03-02T12:00:00Z", idStart: 500)
    let preview = target.expect(["import", file]).out
    #expect(preview.contains("decisions:        1 derived again from their records and found as stated"), "\(preview)")
    #expect(preview.contains("decided by other rules: 1 shot by 'mine' (content hash "), "\(preview)")
    target.expect(["import", file, "--apply", try Self.token(preview)])
    let review = target.expect(["suggest", "1"]).out
    #expect(review.contains("decided by the rules 'mine', which this log does not have: not checked here"))
    #expect(!target.expect(["suggest", "2"]).out.contains("not checked"))
    #expect(try target.store().shots.findAttempt("1").suggestion?.checked == false)

    // Given the rules, the same decisions are checked.
    let third = Scratch(start: "2026-03-02T12:00:00Z", idStart: 900)
    let checked = third.expect(["import", file, "--rules", mine]).out
    #expect(checked.contains("decisions:        2 derived again"), "\(checked)")
    #expect(!checked.contains("decided by other rules"))
  }

  @Test func aRecordWhosePreviousShotWasEditedIsRefused() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["log", "--time", "22", "--yield", "36", "--taste", "bitter"])
    let text = s.expect(["export", "--json", "-"]).out
    // The second shot's record says the grind did not move since the first.
    let tampered = text.replacingOccurrences(
      of: "\"previous\":{\"adjustment\":{\"type\":\"grind\",\"direction\":\"finer\",\"steps\":1},",
      with: "\"previous\":{")
    #expect(tampered != text)
    let file = s.directory.file("tampered.json")
    try tampered.write(toFile: file, atomically: true, encoding: .utf8)
    let preview = Scratch(idStart: 700).run(["import", file])
    #expect(preview.status == 2)
    #expect(
      preview.out.contains(
        "$.attempts[1].record.previous.adjustment: says 'none', but the recipe changed by 'grind finer 1 step'"),
      "\(preview.out)")
  }

  @Test func aPreviewIntoALogThatDoesNotExistCreatesNothingAndItsTokenApplies() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let file = s.directory.file("export.json")
    s.expect(["export", "--json", file])
    let target = Scratch(idStart: 300)
    let preview = target.expect(["import", file]).out
    #expect(!FileManager.default.fileExists(atPath: target.database))
    target.expect(["import", file, "--apply", try Self.token(preview)])
    #expect(target.expect(["export", "--json", "-"]).out == (try String(contentsOfFile: file, encoding: .utf8)))
  }
}
