import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Issue 22 item 2, bags: each shot records the bag it was pulled from, so opening a new bag or
/// correcting one never re-reads another bag's history.
@Suite struct BagTests {
  /// Guji (Tim Wendelboe, roasted 2026-02-20) with one shot on 2026-03-01: 9 days after roasting.
  static func oneShot() -> Scratch {
    let s = Scratch.guji()
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    return s
  }

  @Test func editingTheBeansRoastDateNoLongerChangesPastShotsAge() throws {
    let s = Self.oneShot()
    let before = s.expect(["suggest", "1"]).out
    #expect(before.contains("Tim Wendelboe") && before.contains("roasted 2026-02-20 · 9 days after roasting"))
    let edit = s.expect([
      "profiles", "bean", "edit", "Guji", "--roast-date", "2026-02-27", "--roaster", "Coffee Collective",
    ])
    #expect(edit.out.contains("opened bag 2"), "\(edit.out)")
    #expect(edit.out.contains("edit-bag Guji 1"), "\(edit.out)")
    let after = s.expect(["suggest", "1"]).out
    #expect(after.contains("Tim Wendelboe · "), "the old review keeps its roaster: \(after)")
    #expect(after.contains("roasted 2026-02-20 · 9 days after roasting"), "\(after)")
    #expect(!after.contains("Coffee Collective"))
    let history = s.expect(["history"]).out
    #expect(history.contains("9 d"), "\(history)")
    // A shot logged now is pulled from the new bag.
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    let second = s.expect(["suggest", "2"]).out
    #expect(second.contains("Coffee Collective") && second.contains("roasted 2026-02-27 · 2 days after roasting"))
    let store = try s.store(.readOnly)
    #expect(try store.shots.findAttempt("1").bagID != store.shots.findAttempt("2").bagID)
    // The bean shows its current bag's facts.
    #expect(try store.profiles.findBean("Guji").roastDate?.text == "2026-02-27")
  }

  @Test func editingARoastDateBeforeAnyShotCorrectsTheBag() throws {
    let s = Scratch.guji()
    let edit = s.expect(["profiles", "bean", "edit", "Guji", "--roast-date", "2026-02-21"])
    #expect(!edit.out.contains("bag 2"), "\(edit.out)")
    let store = try s.store(.readOnly)
    #expect(try store.profiles.bags(beanID: 1).map { $0.roastDate?.text } == ["2026-02-21"])
  }

  @Test func editingOtherBeanFieldsOpensNoBag() throws {
    let s = Self.oneShot()
    let edit = s.expect(["profiles", "bean", "edit", "Guji", "--notes", "fruity", "--roaster", "Tim Wendelboe"])
    #expect(!edit.out.contains("bag"), "\(edit.out)")
    #expect(try s.store(.readOnly).profiles.bags(beanID: 1).count == 1)
  }

  @Test func aNewBagKeepsTheRecipeAndBecomesCurrent() throws {
    let s = Self.oneShot()
    let recipe = try #require(try s.store(.readOnly).profiles.activeSnapshot(beanID: 1))
    let opened = s.expect(["profiles", "bean", "new-bag", "guji", "--roasted", "2026-02-26", "--weight", "250"])
    #expect(opened.out.contains("Opened bag 2 of 'Guji' (Tim Wendelboe, roasted 2026-02-26, 250 g, opened 2026-03-01)"))
    #expect(opened.out.contains("the recipe stays as it is"))
    let store = try s.store(.readOnly)
    #expect(try store.profiles.activeSnapshot(beanID: 1)?.id == recipe.id, "no new recipe snapshot")
    let bags = try store.profiles.bags(beanID: 1)
    #expect(bags.count == 2)
    #expect(try store.profiles.currentBag(beanID: 1)?.id == bags[1].id)
    #expect(bags[1].weightG == ExactNumber(250) && bags[1].openedOn?.text == "2026-03-01")
    s.expect(["log", "--time", "28", "--yield", "36"])
    #expect(try store.shots.findAttempt("2").bagID == bags[1].id)
    #expect(try store.shots.findAttempt("1").bagID == bags[0].id)
    let list = s.expect(["profiles", "bean", "bags", "Guji"]).out
    #expect(list.contains("2 (current)"), "\(list)")
    #expect(list.contains("2026-02-26") && list.contains("250 g") && list.contains("232 g"), "\(list)")
  }

  @Test func historyShowsShotsAndGramsLeftPerBag() throws {
    let s = Self.oneShot()
    s.expect(["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-26", "--weight", "250"])
    s.expect(["log", "--time", "28", "--yield", "36"])
    s.expect(["log", "--time", "29", "--yield", "36", "--dose", "18.5"])
    s.expect(["log", "--time", "30", "--yield", "36"])
    s.expect(["void", "4", "--why", "scale not tared"])
    s.expect(["amend", "3", "--yield", "37"])
    let history = s.expect(["history"]).out
    #expect(history.contains("Guji, bag 1 (roasted 2026-02-20; Tim Wendelboe") || history.contains("Guji, bag 1 ("))
    #expect(history.contains(": 1 shot\n"), "\(history)")
    // Shots 2, 3 (corrected by 5) and 4 (void): 3 pulled; 18 + 18.5 counted.
    #expect(history.contains("250 g, opened 2026-03-01): 3 shots, 213.5 g left"), "\(history)")
    let usage = try s.store(.readOnly).profiles.bagUsage(beanID: 1)
    #expect(usage.map(\.shots) == [1, 3])
    #expect(usage.map(\.dosedG) == [ExactNumber(18), ExactNumber("36.5") ?? 0])
    #expect(usage[0].leftG == nil && usage[1].leftG == ExactNumber("213.5"))
  }

  /// The report too: a line of the bean's bags with their shots and grams left, and the last
  /// shot's age counted from the bag it was pulled from, not from the bean's newest bag.
  @Test func theReportListsBagsAndAgesShotsFromTheirBag() throws {
    let s = Self.oneShot()
    let before = s.expect(["report"]).out
    #expect(!before.contains("data-summary=\"bags\""), "one bag of unknown weight: no bags line")
    #expect(before.contains("the last shot was 9 days after roasting"), "\(before)")
    s.expect(["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-28", "--weight", "250"])
    let opened = s.expect(["report"]).out
    // The last shot is still from bag 1 (roasted 2026-02-20), whatever the newest bag says.
    #expect(opened.contains("the last shot was 9 days after roasting"), "\(opened)")
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    let html = s.expect(["report"]).out
    #expect(
      html.contains(
        "<li data-summary=\"bags\">bags: 1, roasted 2026-02-20: 1 shot · 2, roasted 2026-02-28, 250 g: 1 shot, 232 g left</li>"
      ), "\(html)")
    #expect(html.contains("the last shot was 1 day after roasting"), "\(html)")
  }

  @Test func historyWithOneBagOfUnknownWeightSaysNothingMore() throws {
    let s = Self.oneShot()
    #expect(!s.expect(["history"]).out.contains("bag"))
  }

  @Test func editingABagChangesOnlyItsShots() throws {
    let s = Self.oneShot()
    s.expect(["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-26"])
    s.expect(["log", "--time", "28", "--yield", "36"])
    let edit = s.expect(["profiles", "bean", "edit-bag", "Guji", "1", "--roasted", "2026-02-18", "--weight", "1000"])
    #expect(edit.out.contains("Updated bag 1 of 'Guji'"), "\(edit.out)")
    #expect(s.expect(["suggest", "1"]).out.contains("roasted 2026-02-18 · 11 days after roasting"))
    #expect(s.expect(["suggest", "2"]).out.contains("roasted 2026-02-26 · 3 days after roasting"))
    let store = try s.store(.readOnly)
    #expect(try store.profiles.findBean("Guji").roastDate?.text == "2026-02-26", "bag 1 is not the current bag")
    s.expect(["profiles", "bean", "edit-bag", "Guji", "current", "--roasted", "2026-02-25"])
    #expect(try store.profiles.findBean("Guji").roastDate?.text == "2026-02-25", "the current bag is the bean's")
  }

  @Test func badBagInputIsRefusedAndChangesNothing() throws {
    let s = Self.oneShot()
    let before = fileBytes(s.database)
    let unknown = s.run(["profiles", "bean", "edit-bag", "Guji", "7", "--weight", "250"])
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("'Guji' has no bag '7' (it has 1 bag)"), "\(unknown.err)")
    #expect(unknown.err.contains("dialshot profiles bean bags Guji"), "\(unknown.err)")
    let weight = s.run(["profiles", "bean", "new-bag", "Guji", "--weight", "-5"])
    #expect(weight.status == 2 && weight.err.contains("--weight"), "\(weight.err)")
    let heavy = s.run(["profiles", "bean", "new-bag", "Guji", "--weight", "20000"])
    #expect(heavy.status == 2, "\(heavy.err)")
    let date = s.run(["profiles", "bean", "new-bag", "Guji", "--roasted", "20.11.2026"])
    #expect(date.status == 2 && date.err.contains("--roasted: expected a date as YYYY-MM-DD"), "\(date.err)")
    #expect(s.run(["profiles", "bean", "new-bag", "Guji", "--capacity", "18"]).status == 64)
    #expect(s.run(["profiles", "bean", "new-bag"]).status == 64)
    #expect(s.run(["profiles", "bean", "edit-bag", "Guji", "1"]).status == 64)
    #expect(s.run(["profiles", "grinder", "new-bag", "Niche"]).status == 64)
    #expect(s.run(["profiles", "bean", "new-bag", "Nope"]).status == 2)
    #expect(fileBytes(s.database) == before)
    // The library: the same refusals, typed.
    let store = try s.store()
    let bean = try store.profiles.findBean("Guji")
    #expect(throws: ShotLogError.self) { try store.profiles.findBag("2", of: bean) }
    #expect(throws: ShotLogError.self) { try store.profiles.openBag(of: bean, roastDate: nil, weightG: ExactNumber(0)) }
    #expect(try store.profiles.findBag("1", of: bean).id == store.profiles.findBag("current", of: bean).id)
  }

  @Test func aLogFromBeforeBagsGivesEachBeanOneBagFromItsRoastFacts() throws {
    let scratch = Scratch()
    let t0 = Timestamp.parse("2026-03-01T08:00:00Z") ?? Timestamp(millisecondsSinceEpoch: 0)
    let beanUUID = "00000000-0000-4000-8000-000000000001"
    do {
      let c = try Connection(path: scratch.database, mode: .readWriteCreate)
      try c.execute("PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL")
      _ = try Migrator.migrate(c, migrations: Array(Schema.migrations.prefix { $0.name != "008-bags" }), now: t0)
      try c.execute(
        """
        INSERT INTO beans (id, uuid, name, roaster, roast_date, created_at)
          VALUES (1, '\(beanUUID)', 'Guji', 'Tim Wendelboe', '2026-02-20', 0);
        INSERT INTO grinders (id, uuid, name, step, min_setting, max_setting, finer, created_at)
          VALUES (1, '00000000-0000-4000-8000-000000000002', 'Niche', '0.5', '0', '50', 'lower', 0);
        INSERT INTO recipe_snapshots (id, uuid, bean_id, grinder_id, dose_g, yield_g, time_s, grind, reason,
          created_at, grinder_step, grinder_min, grinder_max, grinder_finer)
          VALUES (1, '00000000-0000-4000-8000-000000000003', 1, 1, '18', '36', '28', '14', 'new', 0, '0.5', '0', '50',
          'lower');
        """)
      let shot = ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 28)
      let record = ShotRecord(
        id: "00000000-0000-4000-8000-000000000004",
        recipe: .init(doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: "14")),
        grinder: .init(name: "Niche", step: 0.5, min: 0, max: 50, finer: .lower), shot: shot)
      try c.run(
        """
        INSERT INTO shot_attempts (id, uuid, snapshot_id, bean_id, grinder_id, pulled_at, dose_g, yield_g, time_s,
          created_at, record) VALUES (1, '00000000-0000-4000-8000-000000000004', 1, 1, 1, ?, '18', '36', '28', ?, ?)
        """, [t0.millisecondsSinceEpoch, t0.millisecondsSinceEpoch, record.jsonText])
    }
    let store = try scratch.store()
    #expect(try store.appliedMigrations() == Schema.migrations.map(\.name))
    let bags = try store.profiles.bags(beanID: 1)
    #expect(bags.count == 1)
    let bag = try #require(bags.first)
    #expect(bag.uuid == Bag.firstUUID(ofBean: beanUUID))
    #expect(bag.roaster == "Tim Wendelboe" && bag.roastDate?.text == "2026-02-20" && bag.weightG == nil)
    #expect(try store.shots.findAttempt("1").bagID == bag.id)
    // Still immutable, and a shot without a bag is refused.
    #expect(throws: SQLiteError.self) { try store.connection.execute("UPDATE shot_attempts SET bag_id = NULL") }
    #expect(throws: SQLiteError.self) { try store.connection.execute("DELETE FROM bags") }
    // A new bag now leaves the old shot's age alone.
    let bean = try store.profiles.findBean("Guji")
    try store.profiles.openBag(of: bean, roastDate: CalendarDate.parse("2026-02-28"))
    let review = try store.shots.review(try store.shots.findAttempt("1"))
    #expect(review.bag.id == bag.id)
  }

  /// `text` (an export) as version 1 wrote it: no `bags`, no shot's `bag`.
  static func versionOne(_ text: String) -> String {
    var out: [Substring] = []
    var inBags = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "  \"bags\": [" {
        inBags = true
        continue
      }
      if inBags {
        if line.hasPrefix("  ]") { inBags = false }
        continue
      }
      out.append(line)
    }
    var result = out.joined(separator: "\n").replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
    while let range = result.range(of: #","bag":"[0-9a-f-]{36}""#, options: .regularExpression) {
      result.removeSubrange(range)
    }
    return result
  }

  @Test func bagsExportAndImportByteForByte() throws {
    let s = Self.oneShot()
    s.expect(["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-26", "--weight", "250", "--opened", ""])
    s.expect(["log", "--time", "28", "--yield", "36"])
    s.expect(["profiles", "bean", "edit-bag", "Guji", "1", "--weight", "1000"])
    let exported = s.expect(["export", "--json", "-"]).out
    #expect(exported.contains("\"version\": 2,"))
    #expect(exported.contains("\"weight_g\":250") && exported.contains("\"weight_g\":1000"))
    let file = s.directory.file("export.json")
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let target = Scratch(start: "2027-01-01T00:00:00Z")
    let preview = target.expect(["import", file])
    #expect(preview.out.contains("1 bean, 2 bags, 1 grinder"), "\(preview.out)")
    let token = try #require(
      preview.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    target.expect(["import", file, "--apply", token])
    #expect(target.expect(["export", "--json", "-"]).out == exported)
    #expect(target.expect(["suggest", "1"]).out.contains("roasted 2026-02-20 · 9 days after roasting"))
    // A restore too: the log is the file again.
    s.expect(["profiles", "bean", "new-bag", "Guji", "--roasted", "2026-02-28"])
    let restore = s.expect(["import", file, "--replace"])
    let restoreToken = try #require(
      restore.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    s.expect(["import", file, "--replace", "--apply", restoreToken])
    #expect(s.expect(["export", "--json", "-"]).out == exported)

    // A version 2 file must say which bag each shot came from.
    let missing = s.directory.file("no-bag.json")
    try exported.replacingOccurrences(of: #","bag":""#, with: #","bog":""#).write(
      toFile: missing, atomically: true, encoding: .utf8)
    let refused = Scratch(start: "2027-01-01T00:00:00Z").run(["import", missing])
    #expect(refused.status != 0 && refused.out.contains(".bag: missing required field"), "\(refused.out)")
  }

  @Test func aVersionOneExportWithoutBagsStillImports() throws {
    let s = Self.oneShot()
    s.expect(["log", "--time", "27", "--yield", "36"])
    let exported = s.expect(["export", "--json", "-"]).out
    let old = Self.versionOne(exported)
    #expect(old.contains("\"version\": 1,") && !old.contains("bag"), "\(old)")
    let file = s.directory.file("v1.json")
    try old.write(toFile: file, atomically: true, encoding: .utf8)
    let target = Scratch(start: "2027-01-01T00:00:00Z")
    let preview = target.expect(["import", file])
    #expect(preview.out.contains("1 bean, 1 bag, 1 grinder"), "\(preview.out)")
    let token = try #require(
      preview.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    target.expect(["import", file, "--apply", token])
    // The bean's one bag is the one this log gave it: the re-export is the version 2 file.
    #expect(target.expect(["export", "--json", "-"]).out == exported)
    // Into the log it came from: everything is already there, its first bag too.
    let again = s.expect(["import", file]).out
    #expect(again.contains("would add:        nothing"), "\(again)")
    // A version 1 file that has bags is not one.
    let mixed = s.directory.file("mixed.json")
    try exported.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,").write(
      toFile: mixed, atomically: true, encoding: .utf8)
    let refused = Scratch(start: "2027-01-01T00:00:00Z").run(["import", mixed])
    #expect(refused.status != 0 && refused.out.contains("bags came with version 2"), "\(refused.out)")
  }

  @Test func theFirstBagsUUIDIsMadeFromTheBeans() {
    let a = Bag.firstUUID(ofBean: "00000000-0000-4000-8000-000000000001")
    #expect(a == Bag.firstUUID(ofBean: "00000000-0000-4000-8000-000000000001"))
    #expect(a != Bag.firstUUID(ofBean: "00000000-0000-4000-8000-000000000002"))
    #expect(isUUID(a) && a == a.lowercased())
    #expect(Array(a)[14] == "5")
  }
}
