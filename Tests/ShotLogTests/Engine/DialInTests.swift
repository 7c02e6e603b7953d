import DialRules
import Foundation
import Testing

@testable import ShotLog

/// The dial-in loop against the real default rules: log → decision with preview → accept or reject.
@Suite struct DialInTests {
  let scratch = Scratch()
  let store: ShotLogStore
  let bean: Bean

  init() throws {
    scratch.setUpGuji()
    store = try scratch.store()
    bean = try store.profiles.findBean("Guji")
  }

  func measurements(time: String, yield: String = "36", taste: [TasteTag]? = nil, flow: [FlowTag]? = nil)
    -> ShotRecord.Measurements
  {
    ShotRecord.Measurements(
      doseG: ExactNumber("18"), yieldG: ExactNumber(yield), timeS: ExactNumber(time), taste: taste.map { TagSet($0) },
      flow: flow.map { TagSet($0) })
  }

  func log(time: String, yield: String = "36", taste: [TasteTag]? = nil, flow: [FlowTag]? = nil) throws -> ShotAttempt {
    try store.shots.logShot(measurements(time: time, yield: yield, taste: taste, flow: flow), of: bean).attempt
  }

  @Test func loggingReturnsTheAttemptItsDecisionExplanationAndPreviewTogether() throws {
    let logged = try store.shots.logShot(measurements(time: "21", yield: "36.4", taste: [.sour]), of: bean)
    #expect(logged.decision.outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(logged.decision.id == logged.attempt.uuid)
    #expect(logged.explanation.rules.filter(\.decided).map(\.id) == ["sour_fast"])
    #expect(logged.explanation.preview?.changes.first?.after == "13.5")
    #expect(try logged.preview?.get().grind == GrindSetting(text: "13.5"))
    #expect(logged.attempt.suggestion?.decision == logged.decision)
    #expect(logged.review.bean == bean)
    #expect(logged.review.previous == nil)
    // What was returned is what is stored.
    #expect(try store.shots.attempt(id: logged.attempt.id) == logged.attempt)
  }

  @Test func aSourFastShotSuggestsOneStepFinerWithThePreview() throws {
    let attempt = try log(time: "21", yield: "36.4", taste: [.sour])
    let suggestion = try #require(attempt.suggestion)
    #expect(suggestion.decision.outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(suggestion.decision.text == "Grind finer by 1 step")
    #expect(suggestion.decision.decidedBy == ["sour_fast"])
    #expect(suggestion.rationale.map(\.ruleID) == ["sour_fast"])
    #expect(suggestion.rationale.first?.because.contains("finer grind") == true)
    #expect(suggestion.rulesetName == "espresso")
    #expect(suggestion.rulesetHash == RuleSet.defaultEspresso.contentHash)
    // Stored with the attempt, and read back identically.
    #expect(try store.shots.attempt(id: attempt.id)?.suggestion == suggestion)
    let review = try store.shots.review(attempt)
    let change = try #require(try review.preview?.get())
    #expect(change.grind == GrindSetting(text: "13.5"))
    #expect(change.changeLines == ["grind 14 → 13.5"])
  }

  @Test func acceptingCreatesTheNextSnapshotWithExactlyThePreviewedChange() throws {
    let attempt = try log(time: "21", yield: "36.4", taste: [.sour])
    let before = try #require(try store.profiles.activeSnapshot(beanID: bean.id))
    let previewed = try #require(try store.shots.review(attempt).preview?.get())
    let result = try store.shots.accept(attempt, note: "trying it")
    let next = try #require(result.snapshot)
    #expect(next.grind.text == "13.5")
    #expect(next.grind.value == ExactNumber("13.5"))
    #expect(next.grind == previewed.grind)
    #expect(next.parentID == before.id)
    #expect(next.reason == RecipeSnapshot.Reason.accept)
    #expect(next.adjustment == Adjustment.grind(.finer, steps: 1))
    #expect(next.doseG == before.doseG && next.yieldG == before.yieldG && next.timeS == before.timeS)
    #expect(try store.profiles.activeSnapshot(beanID: bean.id) == next)
    #expect(result.event.action == SuggestionEvent.Action.accepted)
    #expect(result.event.snapshotID == next.id)
    #expect(result.event.note == "trying it")
    // The attempt itself is untouched: it still points at the snapshot it was pulled from.
    #expect(try store.shots.attempt(id: attempt.id) == attempt)
    // A second answer is refused, with the first answer in the error.
    let error = #expect(throws: ShotLogError.self) { try store.shots.reject(attempt) }
    #expect(error == .alreadyAnswered(shot: attempt.id, event: result.event))
  }

  @Test func rejectingIsRecordedAndLeavesTheRecipe() throws {
    let attempt = try log(time: "27", taste: [.bitter])
    #expect(attempt.suggestion?.decision.outcome == .adjust(.yield(deltaGrams: ExactNumber(-2))))
    let before = try store.profiles.activeSnapshot(beanID: bean.id)
    let event = try store.shots.reject(attempt, note: "I like it this way")
    #expect(event.action == SuggestionEvent.Action.rejected)
    #expect(event.snapshotID == nil)
    #expect(try store.shots.event(attemptID: attempt.id) == event)
    #expect(try store.profiles.activeSnapshot(beanID: bean.id) == before)
  }

  @Test func aYieldSuggestionAppliesTheDelta() throws {
    let attempt = try log(time: "28", taste: [.sour])
    #expect(attempt.suggestion?.decision.decidedBy == ["sour_on_time"])
    let next = try #require(try store.shots.accept(attempt).snapshot)
    #expect(next.yieldG == ExactNumber(38))
    #expect(next.grind.text == "14")
  }

  @Test func theNextShotSeesThePreviousShotAndTheAdjustmentSince() throws {
    let first = try log(time: "21", taste: [.sour])
    try store.shots.accept(first)
    // Bitter and fast right after going finer: back off (docs/design.md §5 back_off_after_finer).
    let second = try log(time: "22", taste: [.bitter])
    let review = try store.shots.review(second)
    #expect(review.previous?.id == first.id)
    #expect(review.record.previous?.adjustment == .grind(.finer, steps: 1))
    #expect(review.record.previous?.shot?.timeS == ExactNumber(21))
    #expect(review.record.recipe?.grind?.text == "13.5")
    #expect(second.suggestion?.decision.decidedBy == ["back_off_after_finer"])
    #expect(second.suggestion?.decision.outcome == .adjust(.grind(.coarser, steps: 1)))
  }

  @Test func insufficientEvidenceCannotBeAcceptedOrRejected() throws {
    let attempt = try log(time: "21", taste: [.sour, .bitter])
    let decision = try #require(attempt.suggestion?.decision)
    guard case .insufficientEvidence(.explicit) = decision.outcome else {
      Issue.record("expected an explicit abstention, got \(decision)")
      return
    }
    #expect(try store.shots.review(attempt).preview == nil)
    let answers: [() throws -> Void] = [
      { _ = try store.shots.accept(attempt) }, { _ = try store.shots.reject(attempt) },
    ]
    for answer in answers {
      let error = #expect(throws: ShotLogError.self) { try answer() }
      #expect(error == .nothingToAnswer(shot: attempt.id, decision: decision))
    }
    #expect(try store.shots.event(attemptID: attempt.id) == nil)
  }

  @Test func anUnknownTasteIsIncompleteNotAGuess() throws {
    let attempt = try log(time: "21")
    #expect(attempt.suggestion?.decision.outcome == .insufficientEvidence(.incomplete))
    #expect(attempt.suggestion?.decision.missing.contains("shot.taste") == true)
  }

  @Test func aGrinderAtItsFinestSettingCannotGoFiner() throws {
    scratch.expect(["recipe", "set", "Guji", "--grind", "0"])
    let attempt = try log(time: "21", taste: [.sour])
    guard case .failure(.atLimit(let note))? = try store.shots.review(attempt).preview else {
      Issue.record("expected the preview to stop at the limit")
      return
    }
    #expect(note.contains("finest"))
    let error = #expect(throws: ShotLogError.self) { try store.shots.accept(attempt) }
    #expect(error == .cannotApply(.grind(.finer, steps: 1), .atLimit(note: note)))
    #expect(try store.profiles.activeSnapshot(beanID: bean.id)?.grind.text == "0")
  }

  @Test func aFreeTextGrinderGetsTheSuggestionButNoAutomaticChange() throws {
    scratch.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks from closed"])
    scratch.expect(["recipe", "set", "Guji", "--grinder", "Comandante", "--grind", "22 clicks"])
    let attempt = try log(time: "21", taste: [.sour])
    #expect(attempt.suggestion?.decision.outcome == .adjust(.grind(.finer, steps: 1)))
    guard case .failure(.grinderHasNoScale)? = try store.shots.review(attempt).preview else {
      Issue.record("expected no preview for a free-text grinder")
      return
    }
    let error = #expect(throws: ShotLogError.self) { try store.shots.accept(attempt) }
    #expect(error == .cannotApply(.grind(.finer, steps: 1), .grinderHasNoScale(grinder: "Comandante")))
  }

  @Test func aSuggestionForAnOlderRecipeNoLongerApplies() throws {
    let attempt = try log(time: "21", taste: [.sour])
    scratch.expect(["recipe", "set", "Guji", "--time", "30"])
    let review = try store.shots.review(attempt)
    let newer = try #require(review.supersededBy)
    let error = #expect(throws: ShotLogError.self) { try store.shots.accept(attempt) }
    #expect(error == .recipeChangedSince(shot: attempt.id, bean: "Guji", current: newer))
  }

  @Test func withoutRulesAShotIsStillLoggedWithoutADecision() throws {
    let (attempt, explanation) = try store.guarded {
      try store.insertAttempt(
        ShotRecord.Measurements(timeS: ExactNumber("25")), beanID: bean.id, pulledAt: store.now, notes: nil, rules: nil)
    }
    #expect(attempt.suggestion == nil && explanation == nil)
    let error = #expect(throws: ShotLogError.self) { try store.shots.accept(attempt) }
    #expect(error == .noSuggestion(shot: attempt.id))
  }

  @Test func theStoreKeepsWhateverTheRulesSay() throws {
    let rules = try RuleSet.compile(
      """
      dialrules 1
      ruleset "always"
      rule keep
        when shot.time > 0 s
        then no change
        because "It tastes right."
      """, path: "always.dialrules"
    ).get()
    let logged = try store.shots.logShot(ShotRecord.Measurements(timeS: ExactNumber("28")), of: bean, rules: rules)
    #expect(logged.attempt.suggestion?.decision.id == logged.attempt.uuid)
    #expect(logged.attempt.suggestion?.rulesetName == "always")
    #expect(logged.attempt.suggestion?.rulesetHash == rules.contentHash)
    #expect(logged.attempt.suggestion?.rationale == [RuleRationale(ruleID: "keep", because: "It tastes right.")])
    let result = try store.shots.accept(logged.attempt)
    #expect(result.snapshot == nil)
    #expect(result.event.action == SuggestionEvent.Action.accepted)
  }

  /// A shot built in code goes through the same bounds as shot JSON: an absurd value is refused
  /// before anything is stored, not turned into "not enough observations".
  @Test func measurementsFromCodeAreCheckedAgainstTheShotJSONBounds() throws {
    let huge = ExactNumber(Int(Int32.max))
    for (shot, quantity) in [
      (ShotRecord.Measurements(doseG: huge, timeS: ExactNumber("28")), Quantity.dose),
      (ShotRecord.Measurements(yieldG: .zero), .yield), (ShotRecord.Measurements(timeS: ExactNumber(-1)), .time),
      (ShotRecord.Measurements(firstDropS: ExactNumber(601)), .firstDrop),
    ] {
      let error = #expect(throws: ShotLogError.self) { try store.shots.logShot(shot, of: bean) }
      guard case .quantityOutOfRange(let found, _)? = error else {
        Issue.record("expected quantityOutOfRange for \(quantity), got \(String(describing: error))")
        continue
      }
      #expect(found == quantity)
    }
    #expect(try store.shots.attemptCount() == 0)
  }

  @Test func lookupsFailWithTheirOwnCases() throws {
    #expect(throws: ShotLogError.noShotsYet) { try store.shots.findAttempt("latest") }
    #expect(throws: ShotLogError.shotNotFound(reference: "#7")) { try store.shots.findAttempt("#7") }
    let error = #expect(throws: ShotLogError.self) { try store.profiles.findBean("gujj") }
    #expect(error == .profileNotFound(.bean, reference: "gujj", closest: "Guji", known: ["Guji"]))
    #expect(throws: ShotLogError.duplicateName(.bean, name: "guji", archived: false)) {
      try store.profiles.addBean(name: "guji")
    }
    #expect(throws: ShotLogError.invalidName(.grinder, .empty)) { try store.profiles.addGrinder(name: " ", scale: nil) }
    let inverted = GrinderScale(step: ExactNumber(1), min: ExactNumber(5), max: ExactNumber(1), finer: .lower)
    #expect(throws: ShotLogError.invalidGrinderScale(.minimumNotBelowMaximum)) {
      try store.profiles.addGrinder(name: "Backwards", scale: inverted)
    }
    var change = RecipeChange()
    change.grinderID = 999
    #expect(throws: ShotLogError.unknownProfileID(.grinder, id: 999)) {
      try store.profiles.setRecipe(for: bean, change)
    }
    let decaf = try store.profiles.addBean(name: "Decaf")
    #expect(throws: ShotLogError.noRecipe(bean: "Decaf")) {
      try store.shots.logShot(ShotRecord.Measurements(timeS: ExactNumber("28")), of: decaf)
    }
    #expect(throws: ShotLogError.firstRecipeIncomplete(bean: "Decaf")) {
      try store.profiles.setRecipe(for: decaf, RecipeChange())
    }
  }

  @Test func previousAdjustmentIsDerivedFromTheSnapshots() throws {
    let scale = GrinderScale(step: ExactNumber(1), min: .zero, max: ExactNumber(40), finer: .higher)
    let base = RecipeSnapshot(
      uuid: "a", beanID: 1, grinderID: 1, doseG: ExactNumber(18), yieldG: ExactNumber(36), timeS: ExactNumber(28),
      temperatureC: ExactNumber(93), grind: GrindSetting(text: "10"), reason: .new, createdAt: store.now)
    var next = base
    next.grind = GrindSetting(text: "12")
    #expect(next.adjustment(from: base, scale: scale) == .grind(.finer, steps: 2))  // higher is finer here
    next.grind = GrindSetting(text: "9.6")
    #expect(next.adjustment(from: base, scale: scale) == .grind(.coarser, steps: 1))  // at least one step
    next = base
    next.yieldG = ExactNumber(38)
    #expect(next.adjustment(from: base, scale: scale) == .yield(deltaGrams: ExactNumber(2)))
    next.temperatureC = ExactNumber(94)
    #expect(next.adjustment(from: base, scale: scale) == nil)  // two changes are not one adjustment
    next = base
    next.doseG = ExactNumber(20)
    #expect(next.adjustment(from: base, scale: scale) == nil)
    #expect(base.adjustment(from: base, scale: scale) == nil)
  }
}
