import DialRulesTestSupport
import Foundation
import Testing

/// `dialrules explain --lang en|de|es`: the explanation in the language asked for, English by
/// default and byte for byte as before; an unknown language is a usage error naming the valid ones.
@Suite struct ExplainLanguageTests {
  static let table = """
    dialrules 1
    ruleset "t"
      languages de es

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "Sour and fast." de "Sauer und schnell." es "Ácida y rápida."

    rule thin
      when thin
      then yield -1.5 g
      because "Thin."

    """

  static let shot = """
    {"format":"dialrules-shot","version":1,"id":"s","recipe":{"dose_g":18,"yield_g":36,"time_s":28},
     "shot":{"dose_g":18,"yield_g":36,"time_s":21.5,"taste":["sour"]}}
    """

  static func files() throws -> (String, String) {
    let dir = try temporaryDirectory()
    try table.write(toFile: dir + "/t.dialrules", atomically: true, encoding: .utf8)
    try shot.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
    return (dir + "/t.dialrules", dir + "/s.json")
  }

  @Test func englishIsTheDefaultAndUnchanged() throws {
    let (rules, shot) = try Self.files()
    let plain = dialrules("explain", rules, shot)
    #expect(plain.status == 0, "\(plain.err)")
    #expect(dialrules("explain", "--lang", "en", rules, shot).out == plain.out)
    #expect(plain.out.contains("decision: adjust — Grind finer by 1 step\n"))
  }

  @Test func germanAndSpanish() throws {
    let (rules, shot) = try Self.files()
    let de = dialrules("explain", "--lang", "de", rules, shot)
    #expect(de.status == 0, "\(de.err)")
    #expect(
      de.out.hasPrefix("Bezug: s\nEntscheidung: anpassen — 1 Stufe feiner mahlen\nentschieden durch:\n"), "\(de.out)")
    #expect(de.out.contains("): Mahlgrad 1 Stufe feiner\n    weil: Sauer und schnell.\n"), "\(de.out)")
    #expect(de.out.contains("weitere Regeln:\n  thin: trifft nicht zu\n    thin ist falsch: shot.taste = [sour]\n"))
    let es = dialrules("explain", "--lang=es", rules, shot)
    #expect(es.status == 0, "\(es.err)")
    #expect(es.out.hasPrefix("extracción: s\ndecisión: ajustar — Moler 1 punto más fino\ndecidido por:\n"), "\(es.out)")
    #expect(es.out.contains("    porque: Ácida y rápida.\n"), "\(es.out)")
  }

  @Test func anUnknownLanguageIsAUsageError() throws {
    let (rules, shot) = try Self.files()
    let r = dialrules("explain", "--lang", "fr", rules, shot)
    #expect(r.status == 64)
    #expect(r.out.isEmpty)
    #expect(r.err.contains("'fr' is not a valid value for '--lang'; use en, de, es"), "\(r.err)")
    let json = dialrules("explain", "--format", "json", "--lang", "de", rules, shot)
    #expect(json.status == 64)
    #expect(json.err.contains("'--lang' applies to the text format"), "\(json.err)")
  }
}
