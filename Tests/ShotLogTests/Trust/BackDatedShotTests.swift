import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Issue 22 item 2, history: a back-dated shot is pulled with the recipe of its time, `--grind`
/// keeps the grind actually used, and only the bean's latest shot can change today's recipe.
@Suite struct BackDatedShotTests {
  /// Guji at grind 10.4 from 07:0x, changed to 10.9 at 08:00; the clock then reads 09:00.
  static func morning() -> Scratch {
    let s = Scratch(start: "2026-03-01T07:00:00Z")
    s.setUpGuji(grind: "10.4")
    s.clock.set("2026-03-01T08:00:00Z")
    s.expect(["recipe", "set", "Guji", "--grind", "10.9"])
    s.clock.set("2026-03-01T09:00:00Z")
    return s
  }

  @Test func aBackDatedShotIsLoggedWithTheRecipeInForceThen() throws {
    let s = Self.morning()
    let logged = s.expect([
      "log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T07:50:00Z", "--long",
    ])
    let store = try s.store(.readOnly)
    let first = try #require(try store.profiles.snapshots(beanID: 1).first)
    let attempt = try store.shots.findAttempt("1")
    #expect(attempt.snapshotID == first.id, "the 07:50 shot was pulled with the 07:0x recipe")
    #expect(attempt.record.recipe?.grind?.text == "10.4")
    #expect(
      logged.out.contains("grind 10.4 → 9.9"), "the change is previewed from the grind of its time: \(logged.out)")
    // Today's recipe has moved on since: accepting is not offered, and refused.
    #expect(!logged.out.contains("dialshot accept"), "\(logged.out)")
    let accept = s.run(["accept", "1"])
    #expect(accept.status == 1, "\(accept.err)")
    #expect(try s.store().profiles.activeSnapshot(beanID: 1)?.grind.text == "10.9")
  }

  @Test func aShotAfterTheChangeIsLoggedWithTheNewRecipe() throws {
    let s = Self.morning()
    s.expect(["log", "--time", "28", "--yield", "36", "--at", "2026-03-01T08:30:00Z"])
    let attempt = try s.store(.readOnly).shots.findAttempt("1")
    #expect(attempt.record.recipe?.grind?.text == "10.9")
  }

  @Test func theSuggestionOfAnOlderShotCannotBeAccepted() throws {
    let s = Self.morning()
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    let older = s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T08:30:00Z"])
    // The review says why in one line and offers only what works: reject.
    #expect(
      older.out.contains("Shot #1 is the latest; this one cannot change the recipe: dialshot reject 2\n"),
      "\(older.out)")
    #expect(!older.out.contains("dialshot accept 2"), "\(older.out)")
    let full = s.expect(["suggest", "2"]).out
    #expect(!full.contains("dialshot accept 2"), "\(full)")
    let accept = s.run(["accept", "2"])
    #expect(accept.status == 1)
    #expect(accept.err.contains("shot #2 is not the latest shot of 'Guji' (#1 is)"), "\(accept.err)")
    #expect(accept.err.contains("dialshot suggest 1"), "\(accept.err)")
    #expect(try s.store().profiles.activeSnapshot(beanID: 1)?.grind.text == "10.9", "nothing changed")
    s.expect(["reject", "2"])

    // Library: the same refusal, typed.
    let store = try s.store()
    let review = try store.shots.review(try store.shots.findAttempt("2"))
    #expect(review.laterShot?.id == 1)
    #expect(!review.canAccept)
    let latest = try store.shots.review(try store.shots.findAttempt("1"))
    #expect(latest.laterShot == nil)
  }

  @Test func aVoidedLaterShotLeavesTheOlderOneTheLatest() throws {
    let s = Self.morning()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T08:30:00Z"])
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    s.expect(["void", "2", "--why", "scale not tared"])
    let review = s.expect(["suggest", "1"]).out
    #expect(review.contains("dialshot accept 1"), "\(review)")
    s.expect(["accept", "1"])
  }

  @Test func logTakesTheGrindActuallyUsed() throws {
    let s = Self.morning()
    let logged = s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--grind", "10.6"])
    #expect(logged.out.contains("grind 10.6 (recipe 10.9)"), "\(logged.out)")
    #expect(logged.out.contains("grind 10.6 → 10.1"), "the change starts from the grind used: \(logged.out)")
    let card = s.expect(["suggest", "1"]).out
    #expect(card.contains("pulled at grind 10.6, not the recipe's 10.9"), "\(card)")
    let attempt = try s.store(.readOnly).shots.findAttempt("1")
    #expect(attempt.grind?.text == "10.6")
    s.expect(["accept"])
    #expect(try s.store().profiles.activeSnapshot(beanID: 1)?.grind.text == "10.1")
    // The recipe's own setting is no difference.
    let same = s.expect(["log", "--time", "28", "--yield", "36", "--grind", "10.1"])
    #expect(!same.out.contains("recipe 10.1"), "\(same.out)")
  }

  @Test func aGrindOffTheScaleIsRefusedAndNothingIsLogged() throws {
    let s = Self.morning()
    for (grind, words) in [("51", "does not fit the scale"), ("abc", "not a number"), ("", "empty")] {
      let run = s.run(["log", "--time", "28", "--yield", "36", "--grind", grind])
      #expect(run.status == 2, "\(grind): \(run.err)")
      #expect(run.err.contains(words) || run.err.contains("grind"), "\(grind): \(run.err)")
    }
    let bad = s.run(["log", "--time", "28", "--grind", "51"])
    #expect(bad.err.contains("grind '51' does not fit") || bad.err.contains("51"), "\(bad.err)")
    #expect(try s.store(.readOnly).shots.attemptCount() == 0)
  }

  @Test func theLibraryChecksTheGrindToo() throws {
    let s = Self.morning()
    let store = try s.store()
    let bean = try #require(try store.profiles.bean(id: 1))
    let shot = ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 28)
    #expect(throws: ShotLogError.self) { try store.shots.logShot(shot, of: bean, grind: "-1") }
    #expect(throws: ShotLogError.self) { try store.shots.logShot(shot, of: bean, grind: " ") }
    let logged = try store.shots.logShot(shot, of: bean, grind: "11")
    #expect(logged.review.grindUsed?.text == "11")
    #expect(try store.shots.attemptCount() == 1)
  }

  @Test func aShotAtAnotherGrindExportsAndImportsByteForByte() throws {
    let s = Self.morning()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--grind", "10.6"])
    s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced"])
    let exported = s.expect(["export", "--json", "-"]).out
    let file = s.directory.file("export.json")
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    // Shot 2's previous adjustment is the move from the grind shot 1 was pulled at.
    let second = try s.store(.readOnly).shots.findAttempt("2")
    #expect(second.record.previous?.adjustment == .grind(.coarser, steps: 1))

    let target = Scratch(start: "2027-01-01T00:00:00Z", idStart: 0)
    let preview = target.expect(["import", file])
    let token = try #require(
      preview.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    target.expect(["import", file, "--apply", token])
    #expect(target.expect(["export", "--json", "-"]).out == exported)

    // A grind the grinder cannot be set to is refused.
    let tampered = s.directory.file("tampered.json")
    try exported.replacingOccurrences(of: "\"grind\":\"10.6\"", with: "\"grind\":\"99\"").write(
      toFile: tampered, atomically: true, encoding: .utf8)
    let refused = Scratch(start: "2027-01-01T00:00:00Z").run(["import", tampered])
    #expect(refused.status != 0)
    #expect(refused.out.contains("record.recipe.grind"), "\(refused.out)")
  }

  @Test func pullTakesTheGrindAndChecksItBeforeTheTimer() throws {
    let s = Self.morning()
    let clock = FakeClock()
    s.terminal = {
      ScriptedTerminal(
        [(0, .character(" ")), (21_000, .character(" ")), (22_000, .enter)]
          + ScriptedTerminal.typing("1\n", at: 24_000) + [(25_000, .enter), (26_000, .enter), (26_500, .enter)]
          + [(27_000, .enter)],
        clock: clock)
    }
    s.monotonic = clock
    let bad = s.run(["pull", "--grind", "70"])
    #expect(bad.status == 2, "\(bad.err)")
    #expect(try s.store(.readOnly).shots.attemptCount() == 0)
    s.expect(["pull", "--grind", "10.6"])
    #expect(try s.store(.readOnly).shots.findAttempt("1").grind?.text == "10.6")
  }
}
