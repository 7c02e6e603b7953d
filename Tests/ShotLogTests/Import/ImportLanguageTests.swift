import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Why an entry of another app's file is skipped, in German and Spanish; the English stays the
/// `reason` the file was read with.
@Suite struct ImportLanguageTests {
  @Test func aSkippedEntryIsWordedInEachLanguage() throws {
    let name = "beanconqueror-parts.zip"
    let file = try ImportReader.read(PackageRoot.bytes("Fixtures/imports/synthetic/" + name), file: name)
    let skipped = try #require(file.skipped.first)
    #expect(skipped.text(in: .english) == "not an espresso (Chemex, POUR OVER)")
    #expect(skipped.text(in: .english) == skipped.reason)
    #expect(skipped.text(in: .german) == "kein Espresso (Chemex, POUR OVER)")
    #expect(skipped.text(in: .spanish) == "no es un espresso (Chemex, POUR OVER)")
  }

  @Test func everySkipReasonHasItsEnglishAndATranslation() {
    let reasons: [SkippedEntry.Why] = [
      .noIdentifier(field: "BREWS[2]"), .preparationMissing, .notAnEspresso(name: nil, style: nil),
      .notAnEspresso(name: "V60", style: "POUR OVER"),
    ]
    let english = [
      "BREWS[2] has no config.uuid, so a later import could not recognise it",
      "its preparation is not in the file, so it cannot be told an espresso", "not an espresso (no style)",
      "not an espresso (V60, POUR OVER)",
    ]
    for (why, text) in zip(reasons, english) {
      let entry = SkippedEntry(id: nil, why)
      #expect(entry.reason == text)
      for language in [RuleLanguage.german, .spanish] {
        #expect(entry.text(in: language) != text, "\(why) in \(language)")
      }
    }
    // A reason given only in words stays in those words.
    #expect(SkippedEntry(id: nil, reason: "odd").text(in: .german) == "odd")
  }

  @Test(arguments: [
    ("de_DE.UTF-8", "Übersprungen (1):", "kein Espresso (Chemex, POUR OVER)"),
    ("es_ES.UTF-8", "Omitidas (1):", "no es un espresso (Chemex, POUR OVER)"),
  ])
  func theImportPreviewNamesTheSkipReasonInTheLanguageOfLANG(_ lang: String, _ heading: String, _ reason: String) {
    let path = PackageRoot.file("Fixtures/imports/synthetic/beanconqueror-parts.zip")
    let scratch = Scratch()
    let result = scratch.run(["import", path], variables: ["LANG": lang])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains(heading), "\(result.out)")
    #expect(result.out.contains(reason), "\(result.out)")
    #expect(!result.out.contains("not an espresso"), "\(result.out)")
    // English as before.
    #expect(scratch.run(["import", path]).out.contains(": not an espresso (Chemex, POUR OVER)"))
  }

  /// A file that is not an export, or of a newer version, is told so in the barista's language.
  @Test func theFileAsAWholeIsWordedInTheLanguageOfLANG() throws {
    let scratch = Scratch()
    let store = try scratch.store()
    let other = try store.exchange.previewLogImport(Array(#"{"format": "something-else", "version": 1}"#.utf8))
    let render = { (language: RuleLanguage) in ImportCommand.render(other, path: "o.json", Wording(language)) }
    #expect(render(.english).contains(#"o.json:1:12: $.format: expected "dialshot-export"; this is not"#))
    #expect(render(.german).contains(#"$.format: "dialshot-export" erwartet; das ist kein Export von dialshot"#))
    #expect(render(.spanish).contains(#"$.format: se esperaba "dialshot-export"; esto no es una exportación"#))
    let newer = scratch.directory.file("new.json")
    try #"{"format": "dialshot-export", "version": 7}"#.write(toFile: newer, atomically: true, encoding: .utf8)
    #expect(
      scratch.run(["import", newer], variables: ["LANG": "de_DE.UTF-8"]).out.contains(
        "Exportversion 7 wird nicht unterstützt; dieses dialshot liest die Versionen 1 bis 2 — dialshot aktualisieren"))
    #expect(
      scratch.run(["import", newer], variables: ["LANG": "es_ES.UTF-8"]).out.contains(
        "la versión de exportación 7 no es compatible; este dialshot lee las versiones 1 a 2 — actualiza dialshot"))
  }
}
