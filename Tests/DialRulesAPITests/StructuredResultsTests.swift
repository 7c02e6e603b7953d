import DialRules
import Foundation
import ShotLog
import Testing

/// The results a person reads, as values an app renders in its own words (issue 21 item 3):
/// typed preview changes and condition readings with units, diagnostics with a message id and
/// typed arguments, history rows with enums, and result types that are `Identifiable`,
/// `Equatable` and (where they make sense) `Codable`, with public initialisers for previews.
@Suite struct StructuredResultsTests {
  /// A sour, on-time shot whose ratio move the default table makes: yield +2 g.
  static let shot = ShotRecord(
    id: "typed",
    recipe: .init(doseG: 18, yieldG: 36, timeS: 28, temperatureC: 93, grind: GrindSetting(text: "14")),
    grinder: .init(name: "Niche Zero", step: 0.5, min: 0, max: 50, finer: .lower),
    shot: .init(doseG: 18, yieldG: 36, timeS: 21, taste: [.sour]))

  /// The grams of a yield change, the exact ratio and a VoiceOver sentence, from values alone.
  @Test func previewChangesAreTypedWithUnits() throws {
    let rules = try RuleSet.compile(
      """
      dialrules 1
      rule go_longer
        when sour
        then yield +2 g
        because "Longer."
      """
    ).get()
    let preview = try #require(rules.explain(Self.shot).preview)
    #expect(preview.changes.map(\.field) == [.yield, .ratio])
    let yield = preview.changes[0]
    #expect(yield.from == .amount(Amount(36, .grams)))
    #expect(yield.to == .amount(Amount(38, .grams)))
    #expect(preview.changes[1].to == .ratio(ExactNumber(38).divided(by: 18)!))
    // The English texts are computed from the values, as before.
    #expect(preview.changes.map(\.before) == ["36 g", "1:2"])
    #expect(preview.changes.map(\.after) == ["38 g", "1:2.11"])
    // A VoiceOver label in the app's own words.
    guard case .amount(let after) = yield.to else { Issue.record("not an amount"); return }
    let unitWord = after.unit == .grams ? "grams" : after.unit?.symbol ?? ""
    #expect("\(after.value) \(unitWord)" == "38 grams")
  }

  /// A grind move held at the scale's end says which end and at what setting, as data.
  @Test func grindStopsAreTyped() throws {
    var shot = Self.shot
    shot.recipe?.grind = GrindSetting(text: "0.5")
    shot.shot?.timeS = 40
    shot.shot?.taste = [.bitter]
    let rules = try RuleSet.compile(
      """
      dialrules 1
      rule go_finer
        when bitter
        then grind finer 2 steps
        because "Finer."
      """
    ).get()
    let change = try #require(rules.explain(shot).preview?.changes.first)
    #expect(change.field == .grind)
    #expect(change.to == .grind(GrindSetting(text: "0")))
    #expect(change.stop == RecipePreview.Change.Stop(end: .finest, setting: 0, alreadyThere: false))
    #expect(change.note == "clamped at the grinder's finest setting (0)")
  }

  /// What a condition read is data: the let `dt` in seconds, an absent field by its JSON path.
  @Test func conditionReadingsAreData() throws {
    var shot = Self.shot
    shot.shot?.firstDropS = nil
    let rules = try RuleSet.compile(
      """
      dialrules 1
      let dt = shot.time - recipe.time
      rule too_fast
        when dt < -3 s and shot.first_drop < 8 s
        then grind finer
        because "Fast."
      """
    ).get()
    let explanation = rules.explain(shot)
    let readings = explanation.rules[0].conditions.flatMap(\.readings)
    #expect(readings.contains(.init(name: "dt", value: .amount(Amount(-7, .seconds)))))
    #expect(readings.contains(.init(name: "shot.first_drop", value: .absent(field: "shot.first_drop_s"))))
    // The English lines are the readings' texts.
    #expect(explanation.rules[0].conditions.flatMap(\.values).contains("dt = -7 s"))
  }

  /// A diagnostic names its catalogued message and carries what the message names as values.
  @Test func diagnosticsCarryAMessageIDAndTypedArguments() throws {
    let diagnostics = try #require(
      RuleSet.compile(
        """
        dialrules 1
        rule r
          when sourr
          then grind finer
          because "x"
        """
      ).failure)
    let unknown = try #require(diagnostics.first { $0.code == "C002" })
    #expect(unknown.messageID == "checker.unknownName")
    #expect(unknown.argument("name") == .text("sourr"))
    guard case .list(let candidates)? = unknown.argument("candidates") else {
      Issue.record("no candidates: \(unknown.arguments)")
      return
    }
    #expect(candidates.contains("sour"))
    #expect(unknown.message.contains("'sourr'"))
    // Shot JSON problems too.
    let json = try #require(
      ShotRecord.parseJSON(#"{"format":"dialrules-shot","version":1,"shot":{"dose_g":-1}}"#).failure)
    #expect(json.first?.messageID == "shotJSON.outOfRange")
    #expect(json.first?.argument("path") == .text("shot.dose_g"))
  }

  /// History rows answer with enums; every result type is `Identifiable` and `Equatable`.
  @Test func historyRowsHaveEnumsAndResultsAreIdentifiable() throws {
    let log = try ShotLogStore.open(at: ":memory:")
    let bean = try log.profiles.addBean(name: "Guji")
    let grinder = try log.profiles.addGrinder(
      name: "Niche", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
    var recipe = RecipeChange()
    recipe.grinderID = grinder.id
    recipe.doseG = 18
    recipe.yieldG = 36
    recipe.timeS = 28
    recipe.grind = "14"
    try log.profiles.setRecipe(for: bean, recipe)
    let logged = try log.shots.logShot(.init(doseG: 18, yieldG: 36, timeS: 20, taste: [.sour]), of: bean)
    let accepted = try log.shots.accept(logged.attempt)
    let row = try #require(try log.shots.history().first)
    #expect(row.decisionKind == .adjust)
    #expect(row.eventAction == .accepted)
    #expect(identity(row) == logged.attempt.id)
    #expect(identity(logged) == logged.attempt.id)
    #expect(identity(try log.shots.review(logged.attempt)) == logged.attempt.id)
    #expect(identity(accepted) == accepted.event.id)
    #expect(try log.shots.history() == [row])
    #expect(try log.shots.review(logged.attempt) == (try log.shots.review(logged.attempt)))
  }

  func identity<T: Identifiable & Hashable>(_ value: T) -> T.ID { value.id }

  /// A SwiftUI preview builds its values without a store.
  @Test func previewValuesNeedNoStore() throws {
    let now = Timestamp(millisecondsSinceEpoch: 1_764_000_000_000)
    let bean = Bean(id: 1, uuid: "b", name: "Guji", roaster: "Tim Wendelboe", createdAt: now)
    let grinder = Grinder(id: 1, uuid: "g", name: "Niche", scale: nil, createdAt: now)
    let snapshot = RecipeSnapshot(
      id: 1, uuid: "s", beanID: 1, grinderID: 1, doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: "14"),
      reason: .new, createdAt: now)
    let attempt = ShotAttempt(
      id: 7, uuid: "a", snapshotID: 1, beanID: 1, grinderID: 1, pulledAt: now,
      measurements: .init(doseG: 18, yieldG: 36, timeS: 25), createdAt: now)
    let bag = Bag(id: 1, uuid: "bag", beanID: 1, roaster: "Tim Wendelboe", createdAt: now)
    let review = Review(attempt: attempt, bean: bean, bag: bag, grinder: grinder, snapshot: snapshot)
    #expect(review.id == 7)
    #expect(!review.canAccept)
    let decision = Decision(
      id: nil, outcome: .adjust(.yield(deltaGrams: 2)), text: "Increase yield by 2 g", decidedBy: ["r"], missing: [])
    let row = HistoryRow(
      attemptID: 7, uuid: "a", pulledAt: now, beanName: "Guji", grinderName: "Niche", grind: "14", taste: [.sour],
      decision: decision, eventAction: .rejected)
    #expect(row.decisionKind == .adjust)
    #expect(row.adjustment == .yield(deltaGrams: 2))
    #expect(row.taste == [.sour])
    #expect(row.eventAction == .rejected)
    let abstained = HistoryRow(
      attemptID: 8, uuid: "c", pulledAt: now, beanName: "Guji", grinderName: "Niche", grind: "14",
      decision: Decision(
        id: nil, outcome: .insufficientEvidence(.incomplete), text: "?", decidedBy: [], missing: ["shot.taste"]))
    #expect(abstained.decisionReason == .incomplete)
    #expect(abstained.missing == ["shot.taste"])
  }

  /// Values an app stores or sends encode without losing exactness.
  @Test func valuesAreCodable() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
      try decoder.decode(T.self, from: encoder.encode(value))
    }
    let third = ExactNumber(19).divided(by: 9)!
    #expect(try roundTrip(third) == third)
    #expect(String(decoding: try encoder.encode(ExactNumber("36.5")!), as: UTF8.self) == #""36.5""#)
    let preview = try #require(RuleSet.defaultEspresso.explain(Self.shot).preview)
    #expect(try roundTrip(preview) == preview)
    let now = Timestamp(millisecondsSinceEpoch: 1_764_000_000_000)
    let bean = Bean(uuid: "b", name: "Guji", roastDate: CalendarDate(year: 2026, month: 11, day: 20), createdAt: now)
    #expect(try roundTrip(bean) == bean)
    #expect(String(decoding: try encoder.encode(bean.roastDate), as: UTF8.self) == #""2026-11-20""#)
    #expect(throws: DecodingError.self) { try decoder.decode(ExactNumber.self, from: Data(#""1/0""#.utf8)) }
    #expect(throws: DecodingError.self) { try decoder.decode(TagSet<TasteTag>.self, from: Data(#"["sourr"]"#.utf8)) }
  }
}

extension Result {
  /// The failure, or nil for a success.
  fileprivate var failure: Failure? {
    if case .failure(let f) = self { return f }
    return nil
  }
}
