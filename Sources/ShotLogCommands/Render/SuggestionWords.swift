import DialRules
import ShotLog

/// A stored decision in the barista's words: what to change and why, or — when the rules found
/// too little evidence — what to do next, which observation would decide and how to add it.
/// Rule ids, reason codes and JSON paths only with `--verbose`.
enum SuggestionWords {
  /// The suggestion block of a review.
  static func text(_ s: StoredSuggestion, review: Review?, _ p: Presentation, reevaluated: Bool = false) -> String {
    let d = s.decision
    let text = decisionText(s, p)
    var out = ""
    switch d.outcome {
    case .adjust, .noChange:
      out += p.wrap(p.pick("Suggestion: ", de: "Vorschlag: ", es: "Sugerencia: ") + text, continuation: "  ")
      out += why(s, p)
    case .insufficientEvidence(let reason):
      switch reason {
      case .explicit:
        out +=
          p.pick(
            "No change suggested yet.", de: "Noch keine Änderung vorgeschlagen.", es: "Aún no se sugiere ningún cambio."
          ) + "\n"
        out += p.wrap(
          p.pick("What to do next: ", de: "Was jetzt zu tun ist: ", es: "Qué hacer ahora: ") + sentence(text),
          indent: "  ", continuation: "    ")
        out += why(s, p)
      case .incomplete:
        out += missing(d, review, p, reevaluated: reevaluated)
      case .conflict:
        out += p.wrap(
          p.pick(
            "The rules disagree, so no change is suggested:",
            de: "Die Regeln widersprechen sich, daher wird keine Änderung vorgeschlagen:",
            es: "Las reglas no coinciden, así que no se sugiere ningún cambio:"), continuation: "  ")
        for item in s.rationale {
          out += p.wrap(
            (p.verbose ? "\(item.ruleID): " : "") + because(item, s, p), indent: "  - ", continuation: "    ")
        }
      case .noRule:
        // The rules' own fallback text, unless it is the sentence just said (the checker's default
        // `otherwise` is "No rule covers this shot."; its English text decides in every language).
        let own = text.trimmed
        let said = d.text.trimmed.lowercased().hasPrefix("no rule covers this shot")
        out += p.wrap(noRuleCovers(p) + (said || own.isEmpty ? "" : " " + own), continuation: "  ")
      case .invalidShot:
        out += p.wrap(text, continuation: "  ")
      }
      if p.verbose {
        var codes = "insufficient evidence (\(reason.rawValue))"
        if !d.decidedBy.isEmpty { codes += "; decided by \(d.decidedBy.joined(separator: ", "))" }
        if !d.missing.isEmpty { codes += "; missing \(d.missing.joined(separator: ", "))" }
        out += p.wrap(codes, indent: "  ", continuation: "    ")
      }
    }
    out += rulesLine(s, p)
    return out
  }

  /// Each reason of the decision, on its own line (its rule's id with `--verbose`).
  private static func why(_ s: StoredSuggestion, _ p: Presentation) -> String {
    var out = ""
    for item in s.rationale {
      let label = p.verbose ? "rule \(item.ruleID): " : p.pick("why: ", de: "warum: ", es: "por qué: ")
      out += p.wrap(label + because(item, s, p), indent: "  ", continuation: "    ")
    }
    return out
  }

  /// Too little evidence because observations are missing: which, the `amend` command that adds
  /// those an option can give (when the shot can still be amended), and how to find the others.
  private static func missing(_ d: Decision, _ review: Review?, _ p: Presentation, reevaluated: Bool) -> String {
    var out = ""
    let observations = d.missing.map { observation($0, p.words) }
    let what = observations.map(\.what)
    out += p.wrap(notEnough(what, p), continuation: "  ")
    let amendable = observations.compactMap(\.option)
    let canAmend = review.map { $0.void == nil && $0.correctedBy == nil } ?? false
    if canAmend, !amendable.isEmpty, let shot = review?.attempt.id, !reevaluated {
      let names = observations.filter { $0.option != nil }.map(\.what)
      let one = names.count == 1
      out += p.wrap(
        p.pick(one ? "add it" : "add them", de: "nachtragen", es: one ? "añádelo" : "añádelos")
          + ": dialshot amend \(shot) " + amendable.joined(separator: " "),
        indent: "  ", continuation: "    ")
      if amendable.contains(where: { $0.hasPrefix("--taste") }) {
        out += p.wrap(
          p.pick(
            "(taste: sour, bitter, balanced, thin, strong, harsh, or none)",
            de:
              "(Geschmack: sour = sauer, bitter, balanced = ausgewogen, thin = dünn, strong = kräftig, harsh = kratzig, oder none)",
            es:
              "(sabor: sour = ácido, bitter = amargo, balanced = equilibrado, thin = aguado, strong = intenso, harsh = astringente, o none)"
          ), indent: "    ", continuation: "    ")
      }
    }
    for item in observations where item.option == nil {
      if let how = item.how { out += p.wrap(how, indent: "  ", continuation: "    ") }
    }
    return out
  }

  /// Which rules decided, when it is worth saying: rules this log does not have (so the decision
  /// is not checked), every table with `--verbose`, any but the default table otherwise.
  private static func rulesLine(_ s: StoredSuggestion, _ p: Presentation) -> String {
    var out = ""
    let rules = p.pick("rules: ", de: "Regeln: ", es: "reglas: ")
    if !s.checked {
      let name = Formatting.visible(s.rulesetName)
      out += p.wrap(
        p.pick(
          "decided by the rules '\(name)', which this log does not have: not checked here",
          de: "entschieden von den Regeln '\(name)', die dieses Protokoll nicht hat: hier nicht geprüft",
          es: "decidido por las reglas '\(name)', que este registro no tiene: no se comprueba aquí"),
        indent: "  ", continuation: "    ")
    } else if p.verbose {
      out += p.wrap(
        rules + "\(s.rulesetName) (content hash \(s.rulesetHash))", indent: "  ", continuation: "    ")
    } else if s.rulesetHash != RuleSet.defaultEspresso.contentHash {
      out += p.wrap(rules + Formatting.visible(s.rulesetName), indent: "  ", continuation: "    ")
    }
    return out
  }

  /// The decision's text in the presentation's language: the rules' translations when the table
  /// that decided is at hand, the library's own sentences for adjustments.
  static func decisionText(_ s: StoredSuggestion, _ p: Presentation) -> String {
    p.language == .english
      ? s.decision.text : p.text(.decision(s.decision, rulesetHash: s.rulesetHash), rulesetHash: s.rulesetHash)
  }

  /// A deciding rule's `because` in the presentation's language (as stored in English).
  static func because(_ item: RuleRationale, _ s: StoredSuggestion, _ p: Presentation) -> String {
    p.text(.because(ruleID: item.ruleID, english: item.because, rulesetHash: s.rulesetHash), rulesetHash: s.rulesetHash)
  }

  /// `Not enough to go on yet: the taste would decide it.`
  static func notEnough(_ items: [String], _ p: Presentation) -> String {
    let what = list(items, p.words)
    let plural = items.count > 1
    return p.pick(
      "Not enough to go on yet: \(what) would decide it.",
      de: "Noch zu wenig Anhaltspunkte: \(what) \(plural ? "würden" : "würde") entscheiden.",
      es: "Aún faltan datos: \(what) lo \(plural ? "decidirían" : "decidiría").")
  }

  /// `No rule covers this shot, so no change is suggested.`
  static func noRuleCovers(_ p: Presentation) -> String {
    p.pick(
      "No rule covers this shot, so no change is suggested.",
      de: "Für diesen Bezug passt keine Regel, daher wird keine Änderung vorgeschlagen.",
      es: "Ninguna regla cubre esta extracción, así que no se sugiere ningún cambio.")
  }

  /// An observation the rules lacked, in words, with how to add it when it can be added now.
  struct Observation {
    /// `the taste`, `the recipe's temperature`.
    var what: String
    /// The `amend` option that adds it (`--taste sour`), for this shot's own measurements.
    var option: String?
    /// How to add it otherwise, when it can be.
    var how: String?
  }

  /// What a missing JSON path (`shot.taste`, `recipe.temperature_c`) means to a barista.
  static func observation(_ path: String, _ w: Wording = Wording(.english)) -> Observation {
    if w.language != .english { return translatedObservation(path, w) }
    let parts = path.split(separator: ".").map(String.init)
    let field = parts.last ?? path
    let words: [String: (String, String?)] = [
      "taste": ("taste", "--taste sour"), "yield_g": ("yield", "--yield G"), "time_s": ("time", "--time S"),
      "dose_g": ("dose", "--dose G"), "first_drop_s": ("time to the first drop", "--first-drop S"),
      "flow": ("flow", "--flow TAG"), "temperature_c": ("temperature", nil), "grind": ("grind setting", nil),
    ]
    let (word, option) = words[field] ?? (field, nil)
    switch parts.first {
    case "shot":
      return Observation(what: "the \(word)", option: option)
    case "recipe":
      let flag =
        [
          "yield_g": "--yield G", "time_s": "--time S", "dose_g": "--dose G", "temperature_c": "--temperature C",
          "grind": "--grind SETTING",
        ][field] ?? "…"
      return Observation(
        what: "the recipe's \(word)",
        how: "the recipe's \(word) counts from the next shot on: dialshot recipe set \(flag)")
    case "previous":
      return Observation(
        what: "the previous shot's \(word)",
        how: "the previous shot's \(word) was not recorded when this shot was logged")
    case "grinder":
      return Observation(
        what: "the grinder's scale",
        how:
          "give the grinder a scale: dialshot profiles grinder edit NAME --step N --min N --max N --finer lower|higher")
    default:
      return Observation(what: path)
    }
  }

  /// `observation` in German or Spanish: the same options and commands, a barista's words.
  static func translatedObservation(_ path: String, _ w: Wording) -> Observation {
    let parts = path.split(separator: ".").map(String.init)
    let field = parts.last ?? path
    // (German with its article, Spanish with its article; the `amend` option.)
    let words: [String: (de: String, es: String, option: String?)] = [
      "taste": ("der Geschmack", "el sabor", "--taste sour"),
      "yield_g": ("die Ausbeute", "el rendimiento", "--yield G"),
      "time_s": ("die Durchlaufzeit", "el tiempo", "--time S"), "dose_g": ("die Dosis", "la dosis", "--dose G"),
      "first_drop_s": ("die Zeit bis zum ersten Tropfen", "el tiempo hasta la primera gota", "--first-drop S"),
      "flow": ("der Fluss", "el flujo", "--flow TAG"), "temperature_c": ("die Temperatur", "la temperatura", nil),
      "grind": ("der Mahlgrad", "la molienda", nil),
    ]
    let word = words[field] ?? (field, field, nil)
    let name = w.pick("", de: word.de, es: word.es)
    func of(_ owner: (de: String, es: String)) -> String {
      w.pick("", de: "\(name) \(owner.de)", es: "\(name) \(owner.es)")
    }
    switch parts.first {
    case "shot":
      return Observation(what: name, option: word.option)
    case "recipe":
      let flag =
        [
          "yield_g": "--yield G", "time_s": "--time S", "dose_g": "--dose G", "temperature_c": "--temperature C",
          "grind": "--grind SETTING",
        ][field] ?? "…"
      let what = of(("des Rezepts", "de la receta"))
      return Observation(
        what: what,
        how: w.pick(
          "", de: "\(what.capitalizedFirst) zählt ab dem nächsten Bezug: dialshot recipe set \(flag)",
          es: "\(what.capitalizedFirst) cuenta desde la próxima extracción: dialshot recipe set \(flag)"))
    case "previous":
      let what = of(("des vorigen Bezugs", "de la extracción anterior"))
      return Observation(
        what: what,
        how: w.pick(
          "", de: "\(what.capitalizedFirst) wurde beim Erfassen dieses Bezugs nicht festgehalten",
          es: "\(what.capitalizedFirst) no se anotó al registrar esta extracción"))
    case "grinder":
      return Observation(
        what: w.pick("", de: "die Skala der Mühle", es: "la escala del molino"),
        how: w.pick(
          "",
          de:
            "der Mühle eine Skala geben: dialshot profiles grinder edit NAME --step N --min N --max N --finer lower|higher",
          es:
            "dale una escala al molino: dialshot profiles grinder edit NAME --step N --min N --max N --finer lower|higher"
        ))
    default:
      return Observation(what: path)
    }
  }

  /// A short label for lists: the change, `No change`, or what stopped the rules
  /// (`needs the taste`, `rules disagree`, the abstaining rule's words).
  static func label(_ row: HistoryRow, verbose: Bool = false, _ w: Wording = Wording(.english)) -> String {
    if w.language != .english { return translatedLabel(row, verbose: verbose, w) }
    guard let kind = row.decisionKind else { return "(no rules)" }
    switch kind {
    case .adjust: return row.decisionText ?? "adjust"
    case .noChange: return "No change"
    default:
      var text: String
      switch row.decisionReason {
      case .incomplete?: text = "? needs " + list(row.missing.map { observation($0).what.replacing("the ", with: "") })
      case .conflict?: text = "? rules disagree"
      case .noRule?: text = "? no rule applies"
      default: text = "? " + sentence(row.decisionText ?? "insufficient evidence", period: false)
      }
      if verbose, let reason = row.decisionReasonText { text += " (\(reason))" }
      return text
    }
  }

  /// `label` in German or Spanish: the library's sentence for the stored adjustment (`1 Stufe
  /// feiner mahlen`), `Keine Änderung`, or what stopped the rules (`? fehlt: Geschmack`); an
  /// abstention in the rules' own words as stored.
  static func translatedLabel(_ row: HistoryRow, verbose: Bool, _ w: Wording) -> String {
    guard let kind = row.decisionKind else { return w.pick("", de: "(keine Regeln)", es: "(sin reglas)") }
    switch kind {
    case .adjust: return row.adjustment.map { w.sentence($0) } ?? row.decisionText ?? ""
    case .noChange: return w.sentence(.noChange)
    default:
      var text: String
      switch row.decisionReason {
      case .incomplete?:
        // The observations without their article: `Geschmack`, `sabor`.
        let names = row.missing.map { path in
          let what = observation(path, w).what
          let article = ["der ", "die ", "das ", "el ", "la "].first { what.hasPrefix($0) }
          return article.map { String(what.dropFirst($0.count)) } ?? what
        }
        text = w.pick("", de: "? fehlt: ", es: "? falta: ") + list(names, w)
      case .conflict?: text = w.pick("", de: "? Regeln uneins", es: "? las reglas no coinciden")
      case .noRule?: text = w.pick("", de: "? keine Regel passt", es: "? no se aplica ninguna regla")
      case .invalidShot?: text = "? " + sentence(w.invalidShot(row.decisionText ?? ""), period: false)
      default:
        // A rule's own reason: the built-in table's translation when it is one of its rules'.
        let english = row.decisionText ?? ""
        let rule = RuleSet.defaultEspresso.texts.rules.first {
          if case .insufficient(let reason) = $0.action { reason == english } else { false }
        }
        let fallback = w.pick("", de: "zu wenig Anhaltspunkte", es: "faltan datos")
        let reason = rule.flatMap { $0.reasonTranslations[w.language.code] } ?? (english.isEmpty ? fallback : english)
        text = "? " + sentence(reason, period: false)
      }
      if verbose, let reason = row.decisionReasonText { text += " (\(reason))" }
      return text
    }
  }

  /// `the taste`, `the taste and the yield`, `a, b and c` (`und`, `y`).
  static func list(_ items: [String], _ w: Wording = Wording(.english)) -> String {
    guard let last = items.last else { return w.pick("more observations", de: "mehr Angaben", es: "más datos") }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + w.pick(" and ", de: " und ", es: " y ") + last
  }

  /// The text with a capital first letter and (when `period`) a final full stop.
  static func sentence(_ text: String, period: Bool = true) -> String {
    guard let first = text.first else { return text }
    var out = first.uppercased() + text.dropFirst()
    if period, !(out.hasSuffix(".") || out.hasSuffix("!") || out.hasSuffix("?")) { out += "." }
    if !period, out.hasSuffix(".") { out.removeLast() }
    return out
  }
}

extension String {
  /// The text with a capital first letter ("der Geschmack" → "Der Geschmack").
  var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
