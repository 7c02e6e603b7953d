import Testing

@testable import DialRules

@Suite struct RecipePreviewTests {
  func shot(
    grind: String = "14", step: String = "0.5", min: String? = "0", max: String? = "50",
    finer: ShotRecord.FinerDirection? = .lower
  ) -> ShotRecord {
    ShotRecord(
      recipe: .init(doseG: num("18"), yieldG: num("36"), temperatureC: num("93"), grind: GrindSetting(text: grind)),
      grinder: .init(name: "G", step: num(step), min: min.map(num), max: max.map(num), finer: finer))
  }

  @Test func finerMovesDownOnALowerIsFinerGrinder() throws {
    let p = try #require(RecipePreview.compute(.grind(.finer, steps: 2), shot: shot()))
    #expect(
      p.changes == [.init(field: .grind, from: .grind(GrindSetting(text: "14")), to: .grind(GrindSetting(text: "13")))])
    #expect(p.changes.map(\.before) == ["14"] && p.changes.map(\.after) == ["13"] && p.changes[0].note == nil)
  }

  @Test func finerMovesUpOnAHigherIsFinerGrinder() throws {
    let p = try #require(RecipePreview.compute(.grind(.finer, steps: 1), shot: shot(finer: .higher)))
    #expect(p.changes.first?.after == "14.5")
  }

  @Test func clampsAtTheGrindersLimitWithANote() throws {
    let p = try #require(RecipePreview.compute(.grind(.finer, steps: 2), shot: shot(grind: "0.5")))
    #expect(p.changes.first?.after == "0")
    #expect(p.changes.first?.note == "clamped at the grinder's finest setting (0)")
    let stuck = try #require(RecipePreview.compute(.grind(.coarser, steps: 1), shot: shot(grind: "50")))
    #expect(stuck.changes.first?.note == "the grinder is already at its coarsest setting (50); it cannot move further")
  }

  @Test func noPreviewWithoutANumericSettingOrDirection() {
    #expect(RecipePreview.compute(.grind(.finer, steps: 1), shot: shot(grind: "3 clicks")) == nil)
    #expect(RecipePreview.compute(.grind(.finer, steps: 1), shot: shot(finer: nil)) == nil)
    #expect(RecipePreview.compute(.noChange, shot: shot()) == nil)
  }

  @Test func yieldChangeShowsYieldAndRatio() throws {
    let p = try #require(RecipePreview.compute(.yield(deltaGrams: num("2")), shot: shot()))
    #expect(p.changes.map(\.field) == [.yield, .ratio])
    #expect(p.changes[0].before == "36 g" && p.changes[0].after == "38 g")
    #expect(p.changes[1].before == "1:2" && p.changes[1].after == "1:2.11")
  }

  @Test func temperatureChange() throws {
    let p = try #require(RecipePreview.compute(.temperature(deltaCelsius: num("-1.5")), shot: shot()))
    #expect(
      p.changes == [
        .init(
          field: .temperature, from: .amount(Amount(num("93"), .celsius)), to: .amount(Amount(num("91.5"), .celsius)))
      ])
    #expect(p.changes[0].before == "93 C" && p.changes[0].after == "91.5 C" && p.changes[0].note == nil)
  }
}
