import DialRules
import Foundation
import Testing

@testable import ShotLog

/// The dial-in loop against the real default rules: log → decision with preview → accept or reject.
@Suite struct DialInEngineTests {
  let scratch = Scratch()
  let store: ShotLogStore
  let engine: DialInEngine
  let bean: Bean
  let rules: RulesDecider

  init() throws {
    scratch.setUpGuji()
    store = try scratch.store()
    rules = try RulesDecider.builtIn().get()
    engine = DialInEngine(store: store, decider: rules)
    bean = try store.findBean("Guji")
  }

  func log(time: String, yield: String = "36", taste: [TasteTag]? = nil, flow: [FlowTag]? = nil) throws -> ShotAttempt {
    try engine.log(
      AttemptDraft(
        beanID: bean.id, pulledAt: store.now, doseG: .decimal("18"), yieldG: .decimal(yield), timeS: .decimal(time),
        taste: taste.map { TagSet($0) }, flow: flow.map { TagSet($0) }))
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
    #expect(suggestion.rulesetHash == rules.rules.contentHash)
    // Stored with the attempt, and read back identically.
    #expect(try store.attempt(id: attempt.id)?.suggestion == suggestion)
    let review = try engine.review(attempt)
    let change = try #require(try review.preview?.get())
    #expect(change.grind == GrindSetting(text: "13.5"))
    #expect(change.changeLines == ["grind 14 → 13.5"])
  }

  @Test func acceptingCreatesTheNextSnapshotWithExactlyThePreviewedChange() throws {
    let attempt = try log(time: "21", yield: "36.4", taste: [.sour])
    let before = try #require(try store.activeSnapshot(beanID: bean.id))
    let previewed = try #require(try engine.review(attempt).preview?.get())
    let result = try engine.accept(attempt, note: "trying it")
    let next = try #require(result.snapshot)
    #expect(next.grind.text == "13.5")
    #expect(next.grind.value == ExactNumber.decimal("13.5"))
    #expect(next.grind == previewed.grind)
    #expect(next.parentID == before.id)
    #expect(next.reason == .accept)
    #expect(next.adjustment == .grind(.finer, steps: 1))
    #expect(next.doseG == before.doseG && next.yieldG == before.yieldG && next.timeS == before.timeS)
    #expect(try store.activeSnapshot(beanID: bean.id) == next)
    #expect(result.event.action == .accepted)
    #expect(result.event.snapshotID == next.id)
    #expect(result.event.note == "trying it")
    // The attempt itself is untouched: it still points at the snapshot it was pulled from.
    #expect(try store.attempt(id: attempt.id) == attempt)
    // A second answer is refused.
    let error = #expect(throws: ShotLogError.self) { try engine.reject(attempt) }
    #expect(error?.kind == .conflict)
  }

  @Test func rejectingIsRecordedAndLeavesTheRecipe() throws {
    let attempt = try log(time: "27", taste: [.bitter])
    #expect(attempt.suggestion?.decision.outcome == .adjust(.yield(deltaGrams: ExactNumber(-2))))
    let before = try store.activeSnapshot(beanID: bean.id)
    let event = try engine.reject(attempt, note: "I like it this way")
    #expect(event.action == .rejected)
    #expect(event.snapshotID == nil)
    #expect(try store.event(attemptID: attempt.id) == event)
    #expect(try store.activeSnapshot(beanID: bean.id) == before)
  }

  @Test func aYieldSuggestionAppliesTheDelta() throws {
    let attempt = try log(time: "28", taste: [.sour])
    #expect(attempt.suggestion?.decision.decidedBy == ["sour_on_time"])
    let next = try #require(try engine.accept(attempt).snapshot)
    #expect(next.yieldG == ExactNumber(38))
    #expect(next.grind.text == "14")
  }

  @Test func theNextShotSeesThePreviousShotAndTheAdjustmentSince() throws {
    let first = try log(time: "21", taste: [.sour])
    _ = try engine.accept(first)
    // Bitter and fast right after going finer: back off (design §5 back_off_after_finer).
    let second = try log(time: "22", taste: [.bitter])
    let review = try engine.review(second)
    #expect(review.previous?.id == first.id)
    #expect(review.record.previous?.adjustment == .grind(.finer, steps: 1))
    #expect(review.record.previous?.shot?.timeS == ExactNumber(21))
    #expect(review.record.recipe?.grind?.text == "13.5")
    #expect(second.suggestion?.decision.decidedBy == ["back_off_after_finer"])
    #expect(second.suggestion?.decision.outcome == .adjust(.grind(.coarser, steps: 1)))
  }

  @Test func insufficientEvidenceCannotBeAcceptedOrRejected() throws {
    let attempt = try log(time: "21", taste: [.sour, .bitter])
    guard case .insufficientEvidence(.explicit)? = attempt.suggestion?.decision.outcome else {
      Issue.record("expected an explicit abstention, got \(String(describing: attempt.suggestion))")
      return
    }
    #expect(try engine.review(attempt).preview == nil)
    let answers: [() throws -> Void] = [{ _ = try engine.accept(attempt) }, { _ = try engine.reject(attempt) }]
    for answer in answers {
      let error = #expect(throws: ShotLogError.self) { try answer() }
      #expect(error?.kind == .refused)
    }
    #expect(try store.event(attemptID: attempt.id) == nil)
  }

  @Test func anUnknownTasteIsIncompleteNotAGuess() throws {
    let attempt = try log(time: "21")
    #expect(attempt.suggestion?.decision.outcome == .insufficientEvidence(.incomplete))
    #expect(attempt.suggestion?.decision.missing.contains("shot.taste") == true)
  }

  @Test func aGrinderAtItsFinestSettingCannotGoFiner() throws {
    scratch.expect(["recipe", "set", "Guji", "--grind", "0"])
    let attempt = try log(time: "21", taste: [.sour])
    guard case .failure(.atLimit(let note))? = try engine.review(attempt).preview else {
      Issue.record("expected the preview to stop at the limit")
      return
    }
    #expect(note.contains("finest"))
    let error = #expect(throws: ShotLogError.self) { try engine.accept(attempt) }
    #expect(error?.kind == .refused)
    #expect(try store.activeSnapshot(beanID: bean.id)?.grind.text == "0")
  }

  @Test func aFreeTextGrinderGetsTheSuggestionButNoAutomaticChange() throws {
    scratch.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks from closed"])
    scratch.expect(["recipe", "set", "Guji", "--grinder", "Comandante", "--grind", "22 clicks"])
    let attempt = try log(time: "21", taste: [.sour])
    #expect(attempt.suggestion?.decision.outcome == .adjust(.grind(.finer, steps: 1)))
    guard case .failure(.grinderHasNoScale)? = try engine.review(attempt).preview else {
      Issue.record("expected no preview for a free-text grinder")
      return
    }
    let error = #expect(throws: ShotLogError.self) { try engine.accept(attempt) }
    #expect(error?.message.contains("free-text settings") == true)
  }

  @Test func aSuggestionForAnOlderRecipeNoLongerApplies() throws {
    let attempt = try log(time: "21", taste: [.sour])
    scratch.expect(["recipe", "set", "Guji", "--time", "30"])
    let review = try engine.review(attempt)
    #expect(review.supersededBy != nil)
    let error = #expect(throws: ShotLogError.self) { try engine.accept(attempt) }
    #expect(error?.message.contains("changed since shot") == true)
  }

  @Test func withoutRulesAShotIsStillLoggedWithoutADecision() throws {
    let plain = DialInEngine(store: store, decider: nil)
    let attempt = try plain.log(AttemptDraft(beanID: bean.id, pulledAt: store.now, timeS: .decimal("25")))
    #expect(attempt.suggestion == nil)
    let error = #expect(throws: ShotLogError.self) { try plain.accept(attempt) }
    #expect(error?.kind == .refused)
  }

  @Test func theEngineStoresWhateverTheDeciderSays() throws {
    let verdict = DeciderVerdict(
      decision: Decision(id: nil, outcome: .noChange, text: "No change", decidedBy: ["balanced"], missing: []),
      rationale: [RuleRationale(ruleID: "balanced", because: "It tastes right.")])
    let fixed = DialInEngine(store: store, decider: FixedDecider(verdict: verdict))
    let attempt = try fixed.log(AttemptDraft(beanID: bean.id, pulledAt: store.now, timeS: .decimal("28")))
    #expect(attempt.suggestion?.decision.id == attempt.uuid)
    #expect(attempt.suggestion?.rulesetName == "fixed")
    let result = try fixed.accept(attempt)
    #expect(result.snapshot == nil)
    #expect(result.event.action == .accepted)
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
