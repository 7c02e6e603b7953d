import DialRules
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Correct, void, undo — append-only: each is a new row, what was stored stays, exports keep both.
@Suite struct CorrectionsTests {
  @Test func aVoidedShotStaysButTakesNoPart() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["log", "--time", "40", "--yield", "36", "--taste", "bitter", "--notes", "forgot to tare"])
    let voided = s.expect(["void", "2", "--why", "scale not tared"]).out
    #expect(voided.contains("Voided shot #2 (scale not tared)"))
    // Left out of the previous shot of what comes next, of trends and of answers.
    let third = s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced", "--long"]).out
    #expect(third.contains("#1 "), "the next shot is compared with #1, not the voided #2:\n\(third)")
    #expect(try s.store().shots.findAttempt("3").previousID == 1)
    let trends = s.expect(["trends"]).out
    #expect(trends.contains("2 shots"), "\(trends)")
    let refused = s.run(["accept", "2"])
    #expect(refused.status == 1)
    #expect(refused.err.contains("shot #2 was voided (scale not tared)"))
    // Kept in history, marked, and in the export.
    #expect(s.expect(["history"]).out.contains("void: scale not tared"))
    #expect(s.expect(["suggest", "2"]).out.contains("Voided 2026-03-01"))
    let export = s.expect(["export", "--json", "-"]).out
    #expect(export.contains("\"voids\": [\n    {\"uuid\":"))
    #expect(export.contains("\"reason\":\"scale not tared\""))
    // Once only, with a reason.
    #expect(s.run(["void", "2", "--why", "again"]).status == 1)
    #expect(s.run(["void", "1"]).status == 64)
  }

  @Test func amendingAddsTheMissingTasteAsACorrectingShot() throws {
    let s = Scratch.guji()
    let first = s.expect(["log", "--time", "21", "--yield", "36"]).out
    #expect(first.contains("Not enough to go on yet: the taste would decide it."))
    #expect(first.contains("add it: dialshot amend 1 --taste sour"))
    let amended = s.expect(["amend", "1", "--taste", "sour", "--rating", "2.5"]).out
    #expect(amended.hasPrefix("Shot #2 — Guji"))
    #expect(amended.contains("This corrects shot #1."))
    #expect(amended.contains("Suggestion: Grind finer by 1 step"))
    #expect(amended.contains("Accept with 'dialshot accept 2'"))
    let store = try s.store()
    let old = try store.shots.findAttempt("1")
    let correction = try store.shots.findAttempt("2")
    #expect(correction.amendsID == old.id)
    #expect(correction.pulledAt == old.pulledAt && correction.snapshotID == old.snapshotID)
    #expect(correction.previousID == old.previousID)
    #expect(correction.measurements.timeS == old.measurements.timeS)
    #expect(correction.rating == ExactNumber("2.5"))
    // The old shot is untouched, marked as corrected, and no longer answerable.
    #expect(old.measurements.taste == nil)
    #expect(s.expect(["history"]).out.contains("→ #2"))
    #expect(s.expect(["history"]).out.contains("fixes #1"))
    #expect(s.run(["accept", "1"]).err.contains("corrected by shot #2"))
    #expect(s.run(["amend", "1", "--taste", "bitter"]).status == 1)
    // The next shot is compared with the correction.
    s.expect(["accept", "2"])
    let next = s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced"]).out
    #expect(try s.store().shots.findAttempt("3").previousID == 2, "\(next)")
    // Nothing to correct, or nothing given.
    #expect(s.run(["amend", "3", "--taste", "balanced"]).status == 1)
    #expect(s.run(["amend", "3"]).status == 64)
  }

  @Test func undoingAnAcceptPutsTheRecipeBackAsANewSnapshot() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    let store = try s.store()
    let before = try #require(try store.profiles.snapshots(beanID: 1).first)
    // A shot at the new grind, then the barista goes back.
    s.expect(["log", "--time", "26", "--yield", "36", "--taste", "balanced"])
    let undone = s.expect(["undo", "1"]).out
    #expect(undone.contains("Undid the accepted suggestion of shot #1"))
    #expect(undone.contains("grind coarser by 1 step (13.5 → 14)"))
    let snapshots = try store.profiles.snapshots(beanID: 1)
    #expect(snapshots.count == 3, "the accept's snapshot stays; a new one puts the recipe back")
    let back = try #require(snapshots.last)
    #expect(back.grind == before.grind && back.doseG == before.doseG && back.yieldG == before.yieldG)
    #expect(back.grinderScale == before.grinderScale && back.temperatureC == before.temperatureC)
    #expect(back.parentID == snapshots[1].id)
    #expect(back.adjustment == .grind(.coarser, steps: 1))
    // The next shot sees the way back from the shot before it.
    let next = s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced", "--long"]).out
    #expect(next.contains("since #2: grind coarser by 1 step (13.5 → 14)"), "\(next)")
    #expect(try s.store().shots.findAttempt("3").record.previous?.adjustment == .grind(.coarser, steps: 1))
    #expect(s.expect(["history"]).out.contains("accepted, undone"))
    // Once only; and not when there is nothing to undo.
    #expect(s.run(["undo", "1"]).status == 1)
    #expect(s.run(["undo", "2"]).err.contains("no accepted recipe change to undo"))
  }

  @Test func anUndoAfterTheRecipeMovedOnIsRefused() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    s.expect(["recipe", "set", "--yield", "38"])
    let refused = s.run(["undo", "1"])
    #expect(refused.status == 1)
    #expect(refused.err.contains("changed since shot #1"))
  }

  @Test func correctionsRoundTripThroughExportAndImport() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--rating", "3"])
    s.expect(["amend", "1", "--taste", "sour"])
    s.expect(["accept", "2"])
    s.expect(["undo", "2"])
    s.expect(["log", "--time", "30", "--yield", "36", "--taste", "bitter"])
    s.expect(["void", "3", "--why", "guest shot"])
    let file = s.directory.file("backup.json")
    s.expect(["export", "--json", file])
    let target = Scratch(start: "2026-03-02T12:00:00Z")
    let preview = target.expect(["import", file]).out
    #expect(preview.contains("3 shots, 1 accept/reject event, 1 void, 1 undo"), "\(preview)")
    let token = try #require(preview.split(separator: " ").last).trimmingCharacters(in: .whitespacesAndNewlines)
    target.expect(["import", file, "--apply", token])
    #expect(target.expect(["export", "--json", "-"]).out == (try String(contentsOfFile: file, encoding: .utf8)))
  }
}
