import Testing

@testable import DialRules

/// The library's own words in German and Spanish: the decimal comma touches numbers only, never a
/// name with digits in it, and the formatted values keep their shape.
@Suite struct WordingTests {
  @Test func theDecimalCommaIsForNumbersOnly() {
    #expect(Wording.decimalComma("dt = -7.5 s, shot.time = 20.5 s") == "dt = -7,5 s, shot.time = 20,5 s")
    #expect(Wording.decimalComma("1:2.11") == "1:2,11")
    #expect(Wording.decimalComma("v1.2 = 3.25") == "v1.2 = 3,25")
    #expect(Wording.decimalComma("shot.ratio = 2.5") == "shot.ratio = 2,5")
    #expect(Wording.decimalComma("a_2.5 and 3.") == "a_2.5 and 3.")
    #expect(Wording.decimalComma("[sour, bitter]") == "[sour, bitter]")
  }

  @Test func numbersFollowTheLanguage() {
    let n = ExactNumber("36.25")!
    #expect(Wording(.english).number(n) == "36.25")
    #expect(Wording(.german).number(n) == "36,25")
    #expect(Wording(.spanish).number(n) == "36,25")
  }

  @Test func traceValuesAndPreviewWords() {
    let de = Wording(.german)
    #expect(de.traceValue("shot.time is unknown (shot.time_s absent)") == "shot.time ist unbekannt (shot.time_s fehlt)")
    #expect(Wording(.spanish).traceValue("dt = 6.5 s") == "dt = 6,5 s")
    #expect(Wording(.english).traceValue("dt = 6.5 s") == "dt = 6.5 s")
    #expect(de.previewValue(.amount(Amount(ExactNumber("93.5")!, .celsius))) == "93,5 °C")
    #expect(Wording(.english).previewValue(.amount(Amount(ExactNumber("93.5")!, .celsius))) == "93.5 C")
    #expect(Wording(.spanish).previewValue(.ratio(ExactNumber(numerator: 19, denominator: 9))) == "1:2,11")
    #expect(de.previewValue(.grind(GrindSetting(text: "13.5"))) == "13,5")
    #expect(de.field(.yield) == "Ausbeute")
    #expect(
      Wording(.spanish).previewNote(.init(end: .finest, setting: ExactNumber("0.5")!, alreadyThere: false))
        == "limitado al ajuste más fino del molino (0,5)")
    #expect(
      de.previewNote("clamped at the grinder's finest setting (0.5)")
        == "begrenzt auf die feinste Einstellung der Mühle (0,5)")
    #expect(
      Wording(.spanish).previewNote("the grinder is already at its coarsest setting (40); it cannot move further")
        == "el molino ya está en su ajuste más grueso (40); no puede ir más allá")
  }

  @Test func anInvalidShotKeepsTheProblemsOwnWords() {
    let english = "The shot record is invalid: 'dose_g' must be positive [J010] (and 2 more)."
    #expect(
      Wording(.german).invalidShot(english)
        == "Der Bezug ist ungültig erfasst: 'dose_g' must be positive [J010] (und 2 weitere).")
    #expect(Wording(.english).invalidShot(english) == english)
  }
}
