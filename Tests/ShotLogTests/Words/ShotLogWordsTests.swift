import DialRules
import Testing

@testable import ShotLog

/// The shot log's sentences in English, German and Spanish (issue 21 item 4): the review (decision,
/// why, the change), the preview lines, why a change cannot be applied, and every error, each with
/// a message id (`ShotLogSentence`) and the language's number format.
@Suite struct ShotLogWordsTests {
  let scratch = Scratch()
  let store: ShotLogStore
  let bean: Bean

  init() throws {
    scratch.setUpGuji()
    store = try scratch.store()
    bean = try store.profiles.findBean("Guji")
  }

  func review(time: String, yield: String, taste: [TasteTag]?) throws -> Review {
    let shot = ShotRecord.Measurements(
      doseG: ExactNumber("18"), yieldG: ExactNumber(yield), timeS: ExactNumber(time), taste: taste.map { TagSet($0) })
    return try store.shots.logShot(shot, of: bean).review
  }

  @Test func aReviewReadsInGermanAndSpanishWithTheDecimalComma() throws {
    let sour = try review(time: "21", yield: "36", taste: [.sour])
    #expect(sour.text(in: .english).hasPrefix("Grind finer by 1 step\n"))
    #expect(sour.text(in: .english).hasSuffix("grind 14 → 13.5\n"))
    let german = sour.text(in: .german)
    #expect(german.hasPrefix("1 Stufe feiner mahlen\n"), "\(german)")
    #expect(german.hasSuffix("Mahlgrad 14 → 13,5\n"), "\(german)")
    // The rationale is the default table's German `because`, not the stored English one.
    let english = try #require(sour.suggestion?.rationale.first?.because)
    #expect(!german.contains(english))
    #expect(german.contains(try #require(RuleSet.defaultEspresso.because(ofRule: "sour_fast", in: .german))))
    let bitter = try review(time: "30", yield: "38", taste: [.bitter])
    let spanish = bitter.text(in: .spanish)
    #expect(spanish.hasPrefix("Bajar el rendimiento 2 g\n"), "\(spanish)")
    #expect(
      spanish.contains("rendimiento 38 g → 36 g\n") || spanish.contains("rendimiento 36 g → 34 g\n"), "\(spanish)")
    #expect(spanish.contains("ratio 1:2 → 1:1,89"), "\(spanish)")
  }

  @Test func theSentencesAreIdsWithTheirArgumentsAsData() throws {
    let sour = try review(time: "21", yield: "36", taste: [.sour])
    let hash = RuleSet.defaultEspresso.contentHash
    let decision = try #require(sour.suggestion?.decision)
    #expect(sour.sentences.first == .decision(decision, rulesetHash: hash))
    #expect(
      sour.sentences.contains(
        .previewChange(
          .init(field: .grind, from: .grind(GrindSetting(text: "14")), to: .grind(GrindSetting(text: "13.5"))))))
    guard case .because(let id, _, let h)? = sour.sentences.dropFirst().first else {
      Issue.record("no rationale: \(sour.sentences)")
      return
    }
    #expect(id == "sour_fast" && h == hash)
    // Without the table that decided, the rules' texts stay as stored; the library's own do not.
    #expect(
      ShotLogSentence.because(ruleID: id, english: "as stored", rulesetHash: hash).text(in: .german, rules: nil)
        == "as stored")
    #expect(
      ShotLogSentence.decision(decision, rulesetHash: "other").text(in: .spanish, rules: nil)
        == "Moler 1 punto más fino")
    #expect(ShotLogSentence.noRecipeChange.text(in: .german) == "keine Änderung am Rezept")
  }

  @Test func errorsKeepTheirEnglishDescriptionAndReadInGermanAndSpanish() {
    let errors: [ShotLogError] = [
      .shotNotFound(reference: "99"), .quantityOutOfRange(.yield, value: ExactNumber("600.5")!),
      .profileNotFound(.grinder, reference: "Nich", closest: "Niche Zero", known: ["Niche Zero"]),
      .invalidNumber(.dose, text: "abc", problem: .notANumber), .noShotsYet,
    ]
    for error in errors {
      #expect(error.message(in: .english) == error.description)
      #expect(error.message(in: .german) != error.description)
      #expect(error.message(in: .spanish) != error.description)
    }
    #expect(errors[1].description == "600.5 is outside the yield range")
    #expect(errors[1].message(in: .german) == "600,5 liegt außerhalb des Bereichs für Ausbeute")
    #expect(errors[1].message(in: .spanish) == "600,5 está fuera del rango de rendimiento")
    #expect(errors[2].message(in: .german) == "keine Mühle namens 'Nich'")
    #expect(errors[2].message(in: .spanish) == "ningún molino llamado 'Nich'")
    #expect(ShotLogSentence.error(errors[0]).text(in: .german) == "kein Bezug '99'")
  }

  @Test func aChangeThatCannotBeAppliedSaysWhyInEachLanguage() {
    let problem = SuggestedChange.Problem.grinderHasNoScale(grinder: "Kinu")
    #expect(problem.message(in: .english) == "grinder 'Kinu' has free-text settings, so one step cannot be computed")
    #expect(problem.message(in: .german).hasPrefix("die Mühle 'Kinu' hat freie Einstellungen"))
    #expect(problem.message(in: .spanish).hasPrefix("el molino 'Kinu' tiene ajustes de texto libre"))
    let limit = SuggestedChange.Problem.atLimit(note: "clamped at the grinder's finest setting (0.5)")
    #expect(limit.message(in: .german) == "begrenzt auf die feinste Einstellung der Mühle (0,5)")
  }
}
