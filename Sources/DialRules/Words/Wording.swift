/// The library's own sentences in one language — adjustments, the texts of abstentions it makes
/// itself, the headings and status words of `explain` — and the language's number format. The
/// English ones are the library's historic texts, byte for byte (the `.explain` goldens pin them).
package struct Wording: Sendable {
  package let language: RuleLanguage

  package init(_ language: RuleLanguage) { self.language = language }

  private var isGerman: Bool { language == .german }
  private var isSpanish: Bool { language == .spanish }

  /// One phrase per language: `en` in English, `de` in German, `es` in Spanish.
  package func pick(_ en: String, de: String, es: String) -> String {
    isGerman ? de : isSpanish ? es : en
  }

  // MARK: - Numbers

  /// A number in the language's format: `1.5` in English, `1,5` in German and Spanish (no
  /// thousands separators: the quantities of a shot stay under a thousand).
  package func number(_ n: ExactNumber) -> String {
    language == .english ? n.decimalText : Self.decimalComma(n.decimalText)
  }

  /// `text` with the decimal point of every number made a comma — a point between two digits
  /// whose digits do not continue a name (`v1.2` stays, `36.5 g` becomes `36,5 g`, `1:2.11`
  /// becomes `1:2,11`); for the library's own formatted values, never for a rule author's text.
  package static func decimalComma(_ text: String) -> String {
    var bytes = Array(text.utf8)
    var runStartsAfterName = false
    for i in bytes.indices {
      let b = bytes[i]
      let isDigit = b.isASCIIDigit
      if isDigit, i == 0 || !bytes[i - 1].isASCIIDigit {
        runStartsAfterName = i > 0 && Self.isNameByte(bytes[i - 1])
      }
      if b == UInt8(ascii: "."), i > 0, i + 1 < bytes.count, bytes[i - 1].isASCIIDigit, bytes[i + 1].isASCIIDigit,
        !runStartsAfterName
      {
        bytes[i] = UInt8(ascii: ",")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isNameByte(_ b: UInt8) -> Bool {
    (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F || b == UInt8(ascii: ".")
  }

  // MARK: - Adjustments

  /// The sentence for an adjustment: "Grind finer by 1 step", "1 Stufe feiner mahlen", "Moler 1
  /// punto más fino".
  package func sentence(_ a: Adjustment) -> String {
    if language == .english { return a.text }
    switch a {
    case .grind(let direction, let steps):
      let finer = direction == .finer
      return isGerman
        ? "\(steps) \(steps == 1 ? "Stufe" : "Stufen") \(finer ? "feiner" : "gröber") mahlen"
        : "Moler \(steps) \(steps == 1 ? "punto" : "puntos") más \(finer ? "fino" : "grueso")"
    case .yield(let delta):
      let amount = number(delta.magnitude) + " g"
      return isGerman
        ? "Ausbeute um \(amount) \(delta.isNegative ? "verringern" : "erhöhen")"
        : "\(delta.isNegative ? "Bajar" : "Subir") el rendimiento \(amount)"
    case .temperature(let delta):
      let amount = number(delta.magnitude) + " °C"
      return isGerman
        ? "Temperatur um \(amount) \(delta.isNegative ? "senken" : "erhöhen")"
        : "\(delta.isNegative ? "Bajar" : "Subir") la temperatura \(amount)"
    case .noChange:
      return pick("No change", de: "Keine Änderung", es: "Sin cambios")
    }
  }

  /// An action in a few words, as `explain` lists it after a rule and a conflict names it: the
  /// rule-file form in English (`grind finer 1 step`, `yield +1.5 g`, `insufficient "…"`), in
  /// German and Spanish "Mahlgrad 1 Stufe feiner", "Ausbeute +1,5 g", "keine Empfehlung: „…“".
  /// `reason` is the abstention's text in this language.
  func short(_ action: RuleAction, reason: String) -> String {
    if language == .english { return action.ruleText }
    switch action {
    case .insufficient:
      return pick("", de: "keine Empfehlung: „\(reason)“", es: "sin recomendación: «\(reason)»")
    case .adjust(let a):
      switch a {
      case .grind(let direction, let steps):
        let finer = direction == .finer
        return isGerman
          ? "Mahlgrad \(steps) \(steps == 1 ? "Stufe" : "Stufen") \(finer ? "feiner" : "gröber")"
          : "molienda \(steps) \(steps == 1 ? "punto" : "puntos") más \(finer ? "fina" : "gruesa")"
      case .yield(let delta):
        return pick("", de: "Ausbeute ", es: "rendimiento ") + signed(delta) + " g"
      case .temperature(let delta):
        return pick("", de: "Temperatur ", es: "temperatura ") + signed(delta) + " °C"
      case .noChange:
        return pick("no change", de: "keine Änderung", es: "sin cambios")
      }
    }
  }

  private func signed(_ n: ExactNumber) -> String { (n.isNegative ? "-" : "+") + number(n.magnitude) }

  // MARK: - Decisions

  /// The `otherwise` text of a table that declares none.
  var noRuleCovers: String {
    pick(
      "No rule covers this shot.", de: "Für diesen Bezug passt keine Regel.", es: "Ninguna regla cubre esta extracción."
    )
  }

  /// The text of an `incomplete` decision.
  package func incomplete(missing: [String]) -> String {
    if missing.isEmpty {
      return pick(
        "Not enough observations to decide.", de: "Zu wenige Angaben für eine Entscheidung.",
        es: "Faltan datos para decidir.")
    }
    let list = missing.joined(separator: ", ")
    return pick(
      "Not enough observations to decide; missing: \(list).",
      de: "Zu wenige Angaben für eine Entscheidung; es fehlt: \(list).",
      es: "Faltan datos para decidir; falta: \(list).")
  }

  /// The text of a `conflict` decision from each rule's "id says action" clause.
  func conflict(_ clauses: [(id: String, action: String)]) -> String {
    let says = pick(" says ", de: " sagt ", es: " dice ")
    let joined = clauses.map { $0.id + says + $0.action }.joined(separator: "; ")
    return pick(
      "The matching rules disagree: ", de: "Die zutreffenden Regeln widersprechen sich: ",
      es: "Las reglas que se cumplen no coinciden: ") + joined + "."
  }

  /// An `invalid_shot` decision's text (made in English by `Decision.invalid`) in this language:
  /// the frame translated, the shot JSON problem's own words kept.
  package func invalidShot(_ english: String) -> String {
    let prefix = "The shot record is invalid: "
    guard language != .english, english.hasPrefix(prefix) else { return english }
    var rest = String(english.dropFirst(prefix.count))
    if let more = rest.occurrences(of: " (and ").last, rest.hasSuffix(" more).") {
      let count = rest[more.upperBound...].dropLast(" more).".count)
      rest = String(rest[..<more.lowerBound]) + pick("", de: " (und \(count) weitere).", es: " (y \(count) más).")
    }
    return pick("", de: "Der Bezug ist ungültig erfasst: ", es: "El registro de la extracción no es válido: ") + rest
  }

  // MARK: - Explanations

  /// The word for a decision's reason in `explain`: the decision JSON's word in English.
  package func reason(_ r: Decision.Reason) -> String {
    switch r {
    case .explicit: pick("explicit", de: "bewusst", es: "explícita")
    case .conflict: pick("conflict", de: "Widerspruch", es: "conflicto")
    case .incomplete: pick("incomplete", de: "unvollständig", es: "incompleta")
    case .noRule: pick("no_rule", de: "keine Regel", es: "sin regla")
    case .invalidShot: pick("invalid_shot", de: "ungültiger Bezug", es: "registro inválido")
    }
  }

  /// A truth value: `true`, `false`, `unknown`.
  func truth(_ t: Truth) -> String {
    switch t {
    case .yes: pick(t.word, de: "wahr", es: "verdadero")
    case .no: pick(t.word, de: "falsch", es: "falso")
    case .unknown: pick(t.word, de: "unbekannt", es: "desconocido")
    }
  }

  /// A value a condition read (`dt = -7.5 s`, `shot.time is unknown (shot.time_s absent)`), in
  /// this language: the decimal comma and the words around the value.
  func traceValue(_ value: String) -> String {
    guard language != .english else { return value }
    var v = Self.decimalComma(value)
    for (en, de, es) in [
      (" is unknown (", " ist unbekannt (", " es desconocido ("), (" absent)", " fehlt)", " ausente)"),
      ("(arithmetic out of range)", "(Rechnung außerhalb des Bereichs)", "(cálculo fuera de rango)"),
      ("(division by zero)", "(Division durch null)", "(división por cero)"),
    ] {
      v = v.replacingEvery(en, with: isGerman ? de : es)
    }
    return v
  }

  /// A preview field's name: `grind`, `Ausbeute`, `ratio`, `temperatura`.
  package func field(_ field: RecipePreview.Change.Field) -> String {
    switch field {
    case .grind: pick("grind", de: "Mahlgrad", es: "molienda")
    case .yield: pick("yield", de: "Ausbeute", es: "rendimiento")
    case .ratio: pick("ratio", de: "Ratio", es: "ratio")
    case .temperature: pick("temperature", de: "Temperatur", es: "temperatura")
    }
  }

  /// A preview value in this language's format, from its exact value: `36.5 g` / `36,5 g`,
  /// `1:2.11` / `1:2,11`, `93 C` / `93 °C`; a free-text grind setting as written.
  package func previewValue(_ value: RecipePreview.Change.Value) -> String {
    switch value {
    case .grind(let setting):
      // English keeps the setting as written (`14.50` stays); other languages write its number.
      guard language != .english, let value = setting.value else { return setting.text }
      return number(value)
    case .amount(let amount):
      guard let unit = amount.unit else { return number(amount.value) }
      let symbol = unit == .celsius && language != .english ? "°C" : unit.symbol
      return "\(number(amount.value)) \(symbol)"
    case .ratio(let r):
      return "1:" + number(RecipePreview.ratioShown(r))
    }
  }

  /// A preview's end-stop note in this language: "clamped at the grinder's finest setting (0)".
  package func previewNote(_ stop: RecipePreview.Change.Stop) -> String {
    let fine = stop.end == .finest
    let setting = number(stop.setting)
    if stop.alreadyThere {
      return pick(
        "the grinder is already at its \(stop.end.rawValue) setting (\(setting)); it cannot move further",
        de:
          "die Mühle steht schon auf ihrer \(fine ? "feinsten" : "gröbsten") Einstellung (\(setting)); weiter geht es nicht",
        es: "el molino ya está en su ajuste más \(fine ? "fino" : "grueso") (\(setting)); no puede ir más allá")
    }
    return pick(
      "clamped at the grinder's \(stop.end.rawValue) setting (\(setting))",
      de: "begrenzt auf die \(fine ? "feinste" : "gröbste") Einstellung der Mühle (\(setting))",
      es: "limitado al ajuste más \(fine ? "fino" : "grueso") del molino (\(setting))")
  }

  /// A preview field's name from its raw value (`grind`, `yield`, …), for text that names one.
  package func field(_ name: String) -> String {
    switch name {
    case "grind": pick(name, de: "Mahlgrad", es: "molienda")
    case "yield": pick(name, de: "Ausbeute", es: "rendimiento")
    case "ratio": pick(name, de: "Ratio", es: "ratio")
    case "temperature": pick(name, de: "Temperatur", es: "temperatura")
    default: name
    }
  }

  /// A preview note stored as English text (a held-back move's note) in this language; a
  /// preview's own stop renders from its typed value (`previewNote(_: Stop)`).
  package func previewNote(_ note: String) -> String {
    guard language != .english else { return note }
    let note = Self.decimalComma(note)
    for end in ["finest", "coarsest"] {
      let fine = end == "finest"
      let clamped = "clamped at the grinder's \(end) setting ("
      if note.hasPrefix(clamped) {
        let value = note.dropFirst(clamped.count)
        return isGerman
          ? "begrenzt auf die \(fine ? "feinste" : "gröbste") Einstellung der Mühle (\(value)"
          : "limitado al ajuste más \(fine ? "fino" : "grueso") del molino (\(value)"
      }
      let already = "the grinder is already at its \(end) setting ("
      if note.hasPrefix(already), let close = note.firstOccurrence(of: "); it cannot move further") {
        let value = note[note.index(note.startIndex, offsetBy: already.count)..<close.lowerBound]
        return isGerman
          ? "die Mühle steht schon auf ihrer \(fine ? "feinsten" : "gröbsten") Einstellung (\(value)); weiter geht es nicht"
          : "el molino ya está en su ajuste más \(fine ? "fino" : "grueso") (\(value)); no puede ir más allá"
      }
    }
    return note
  }
}
