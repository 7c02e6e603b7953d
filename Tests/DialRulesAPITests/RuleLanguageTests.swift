import DialRules
import Testing

/// Decisions, adjustments and explanations in English, German and Spanish through the public API
/// alone (`RuleLanguage`, `RuleSet.text(of:in:)`, `Adjustment.text(in:)`,
/// `Explanation.text(rulesFile:language:)`): the table's translated texts where it has them, each
/// falling back to English, and the library's sentences with the decimal comma.
@Suite struct RuleLanguageTests {
  static let table = """
    dialrules 1
    ruleset "t"
      languages de es
      otherwise insufficient "Nothing fits." de "Nichts passt." es "Nada encaja."

    let dt = shot.time - recipe.time

    rule sour_fast
      when sour and dt < -3 s
      then grind finer 1 step
      because "Sour and fast." de "Sauer und schnell." es "Ácida y rápida."

    rule thin
      when thin
      then yield -1.5 g
      because "Thin."

    rule strong
      when strong
      then yield +2 g
      because "Strong." de "Kräftig."

    rule channeling
      when channeling
      then insufficient "Fix the puck." de "Puck prüfen."
      because "A channel." de "Ein Kanal." es "Un canal."

    rule gushing
      when gushing
      then insufficient "Tamp again." es "Tampea de nuevo."
      because "Gushed."

    """

  static func rules() throws -> RuleSet { try RuleSet.compile(table, path: "t.dialrules").get() }

  static func shot(_ fields: String) throws -> ShotRecord {
    let json = """
      {"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36,"time_s":28},\(fields)}
      """
    return try ShotRecord.parseJSON(json).get()
  }

  @Test func languagesReadFromCodesAndLocaleNames() {
    #expect(RuleLanguage("de") == .german)
    #expect(RuleLanguage("DE") == .german)
    #expect(RuleLanguage("de_DE.UTF-8") == .german)
    #expect(RuleLanguage("es-ES") == .spanish)
    #expect(RuleLanguage("es_ES@euro") == .spanish)
    #expect(RuleLanguage("en_GB") == .english)
    #expect(RuleLanguage("fr_FR.UTF-8") == nil)
    #expect(RuleLanguage("C") == nil)
    #expect(RuleLanguage("") == nil)
    #expect(RuleLanguage.allCases.map(\.code) == ["en", "de", "es"])
    #expect("\(RuleLanguage.spanish)" == "es")
  }

  @Test func adjustmentsInEveryLanguage() {
    let finer = Adjustment.grind(.finer, steps: 1)
    #expect(finer.text(in: .english) == "Grind finer by 1 step")
    #expect(finer.text(in: .german) == "1 Stufe feiner mahlen")
    #expect(finer.text(in: .spanish) == "Moler 1 punto más fino")
    let coarser = Adjustment.grind(.coarser, steps: 2)
    #expect(coarser.text(in: .german) == "2 Stufen gröber mahlen")
    #expect(coarser.text(in: .spanish) == "Moler 2 puntos más grueso")
    let less = Adjustment.yield(deltaGrams: ExactNumber("-1.5")!)
    #expect(less.text(in: .english) == "Decrease the yield by 1.5 g")
    #expect(less.text(in: .german) == "Ausbeute um 1,5 g verringern")
    #expect(less.text(in: .spanish) == "Bajar el rendimiento 1,5 g")
    let warmer = Adjustment.temperature(deltaCelsius: ExactNumber("0.5")!)
    #expect(warmer.text(in: .german) == "Temperatur um 0,5 °C erhöhen")
    #expect(warmer.text(in: .spanish) == "Subir la temperatura 0,5 °C")
    #expect(Adjustment.noChange.text(in: .german) == "Keine Änderung")
    #expect(Adjustment.noChange.text(in: .spanish) == "Sin cambios")
    for a in [finer, coarser, less, warmer, .noChange] { #expect(a.text(in: .english) == a.text) }
  }

  @Test func decisionsInEveryLanguage() throws {
    let rules = try Self.rules()
    func texts(_ fields: String) throws -> [String] {
      let d = rules.decide(try Self.shot(fields))
      #expect(rules.text(of: d, in: .english) == d.text)
      return [rules.text(of: d, in: .german), rules.text(of: d, in: .spanish)]
    }
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":21,"taste":["sour"]}"#)
        == ["1 Stufe feiner mahlen", "Moler 1 punto más fino"])
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":["thin"]}"#)
        == ["Ausbeute um 1,5 g verringern", "Bajar el rendimiento 1,5 g"])
    // An abstention's reason: translated where the table has it, English where it has not.
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":["sour"],"flow":["channeling"]}"#)
        == ["Puck prüfen.", "Fix the puck."])
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":[],"flow":["gushing"]}"#)
        == ["Tamp again.", "Tampea de nuevo."])
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":[]}"#) == ["Nichts passt.", "Nada encaja."])
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28}"#)
        == [
          "Zu wenige Angaben für eine Entscheidung; es fehlt: shot.taste.",
          "Faltan datos para decidir; falta: shot.taste.",
        ])
    #expect(
      try texts(#""shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":["thin","strong"]}"#)
        == [
          "Die zutreffenden Regeln widersprechen sich: thin sagt Ausbeute -1,5 g; strong sagt Ausbeute +2 g.",
          "Las reglas que se cumplen no coinciden: thin dice rendimiento -1,5 g; strong dice rendimiento +2 g.",
        ])
  }

  @Test func rationalesFallBackToEnglishOneByOne() throws {
    let rules = try Self.rules()
    #expect(rules.because(ofRule: "strong", in: .german) == "Kräftig.")
    #expect(rules.because(ofRule: "strong", in: .spanish) == "Strong.")
    #expect(rules.because(ofRule: "strong", in: .english) == "Strong.")
    #expect(rules.because(ofRule: "nope", in: .german) == nil)
    let why = rules.explain(try Self.shot(#""shot":{"dose_g":18,"yield_g":36,"time_s":21,"taste":["sour"]}"#))
    let rule = try #require(why.rules.first { $0.id == "sour_fast" })
    #expect(rule.because(in: .spanish) == "Ácida y rápida.")
    #expect(why.decisionText(in: .german) == "1 Stufe feiner mahlen")
  }

  @Test func explanationsInGermanAndSpanish() throws {
    let rules = try Self.rules()
    let why = rules.explain(try Self.shot(#""shot":{"dose_g":18,"yield_g":36,"time_s":21.5,"taste":["sour"]}"#))
    #expect(why.text(rulesFile: rules.source, language: .english) == why.text(rulesFile: rules.source))
    let de = why.text(rulesFile: rules.source, language: .german)
    #expect(de.contains("Entscheidung: anpassen — 1 Stufe feiner mahlen\n"), "\(de)")
    #expect(de.contains("entschieden durch:\n  sour_fast (t.dialrules:8:6): Mahlgrad 1 Stufe feiner\n"), "\(de)")
    #expect(de.contains("    weil: Sauer und schnell.\n"), "\(de)")
    #expect(de.contains("weitere Regeln:\n  thin: trifft nicht zu\n"), "\(de)")
    let es = why.text(rulesFile: rules.source, language: .spanish)
    #expect(es.contains("decisión: ajustar — Moler 1 punto más fino\n"), "\(es)")
    #expect(es.contains("    porque: Ácida y rápida.\n"), "\(es)")
    #expect(es.contains("  thin: no se cumple\n"), "\(es)")
    // No rule matches a slow sour shot: the table's `otherwise` reason, and the values each
    // condition read with the decimal comma.
    let slow = rules.explain(try Self.shot(#""shot":{"dose_g":18,"yield_g":36,"time_s":34.5,"taste":["sour"]}"#))
    let slowDE = slow.text(rulesFile: rules.source, language: .german)
    #expect(slowDE.contains("Entscheidung: zu wenig Anhaltspunkte (keine Regel) — Nichts passt.\n"), "\(slowDE)")
    #expect(slowDE.contains("dt < -3 s ist falsch: dt = 6,5 s, shot.time = 34,5 s, recipe.time = 28 s\n"), "\(slowDE)")
    let slowES = slow.text(rulesFile: rules.source, language: .spanish)
    #expect(slowES.contains("decisión: datos insuficientes (sin regla) — Nada encaja.\n"), "\(slowES)")
    #expect(slowES.contains("dt < -3 s es falso: dt = 6,5 s, shot.time = 34,5 s"), "\(slowES)")
  }
}
