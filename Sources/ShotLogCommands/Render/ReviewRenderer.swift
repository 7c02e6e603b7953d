import DialRules
import ShotLog

/// The review shown after a shot is logged and by `suggest`: this shot beside the one it was
/// compared with and the recipe, what changed in between, the suggestion in the barista's words,
/// and the before/after preview — everything read from what was stored when the shot was logged.
///
/// Internal names (rule ids, reason codes, JSON paths, the content hash) appear only with
/// `--verbose`; the "accept with …" hint only when accepting can work.
enum ReviewRenderer {
  /// - Parameter reevaluated: the rules' name when the decision shown was computed again (not
  ///   stored).
  static func text(_ review: Review, _ p: Presentation, reevaluated: String? = nil) -> String {
    let a = review.attempt
    let on = p.pick(" on ", de: " mit ", es: " con ")
    var out = p.wrap(
      p.pick("Shot", de: "Bezug", es: "Extracción")
        + " #\(a.id) — \(Formatting.visible(review.bean.name))\(on)\(Formatting.visible(review.grinder.name)), \(p.clock.long(a.pulledAt))"
    )
    if let line = beanLine(review.bean, bag: review.bag, pulledAt: a.pulledAt, p.words) { out += p.wrap(line) }
    if let corrects = review.corrects {
      out += p.wrap(
        p.pick(
          "This corrects shot #\(corrects.id).", de: "Dieser Bezug berichtigt Bezug #\(corrects.id).",
          es: "Esta extracción corrige la #\(corrects.id)."))
    }
    out += "\n" + table(review, p)
    if let used = review.grindUsed {
      let (shot, recipe) = (
        Formatting.grindText(used.text, p.words), Formatting.grindText(review.snapshot.grind.text, p.words)
      )
      out += p.wrap(
        p.pick(
          "pulled at grind \(shot), not the recipe's \(recipe)",
          de: "mit Mahlgrad \(shot) gezogen, nicht mit \(recipe) laut Rezept",
          es: "extraída con molienda \(shot), no con la \(recipe) de la receta"),
        indent: "  ", continuation: "    ")
    }
    if !review.sincePrevious.isEmpty, let previous = review.previous {
      out += p.wrap(
        p.pick("since", de: "seit", es: "desde")
          + " #\(previous.id): " + review.sincePrevious.map { describe($0, p.words) }.joined(separator: "; "),
        indent: "  ",
        continuation: "    ")
    }
    if let notes = a.notes, !notes.isEmpty {
      for line in Formatting.visible(notes, keepingLines: true).split(separator: "\n", omittingEmptySubsequences: false)
      {
        out += p.wrap(p.pick("notes: ", de: "Notizen: ", es: "notas: ") + line, indent: "  ", continuation: "    ")
      }
    }
    out += "\n"
    guard let suggestion = review.suggestion else {
      out += p.wrap(noSuggestion(p))
      return out + status(review, p)
    }
    if let reevaluated {
      out += p.wrap(
        p.pick(
          "Re-evaluated with \(reevaluated) (shown, not stored):",
          de: "Neu bewertet mit \(reevaluated) (nur gezeigt, nicht gespeichert):",
          es: "Evaluada de nuevo con \(reevaluated) (solo se muestra, no se guarda):"))
    }
    out += SuggestionWords.text(suggestion, review: review, p, reevaluated: reevaluated != nil)
    switch review.preview {
    case .success(let preview)?:
      out +=
        "\n"
        + p.pick(
          "Preview of the next recipe:", de: "Vorschau auf das nächste Rezept:",
          es: "Vista previa de la próxima receta:") + "\n"
      for line in preview.lines(in: p.language) { out += p.wrap(line, indent: "  ", continuation: "    ") }
    case .failure(let problem)?:
      out += "\n" + p.wrap(notApplied(problem, p), continuation: "  ")
    case nil:
      break
    }
    if reevaluated == nil { out += status(review, p) }
    return out
  }

  /// `Tim Wendelboe · Guji, Ethiopia · natural · light roast · roasted 2026-02-20 · 9 days after
  /// roasting` (the age at this shot), or nil when the bean has none of these. The roaster and
  /// roast date are those of the bag the shot was pulled from.
  static func beanLine(_ bean: Bean, bag: Bag, pulledAt: Timestamp, _ w: Wording = Wording(.english)) -> String? {
    var parts = [bag.roaster, bean.origin, bean.process].compactMap { $0 }.map { Formatting.visible($0) }
    if let level = bean.roastLevel { parts.append(roastLevel(level, w)) }
    if let date = bag.roastDate {
      let days = pulledAt.date.daysSinceEpoch - date.daysSinceEpoch
      parts.append(w.pick("roasted ", de: "geröstet am ", es: "tostado el ") + date.text)
      parts.append(Formatting.daysText(days, w))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `light roast`, `helle Röstung`, `tueste claro`.
  static func roastLevel(_ level: RoastLevel, _ w: Wording) -> String {
    let words: [String: (de: String, es: String)] = [
      "light": ("helle Röstung", "tueste claro"), "medium-light": ("mittelhelle Röstung", "tueste medio-claro"),
      "medium": ("mittlere Röstung", "tueste medio"), "medium-dark": ("mitteldunkle Röstung", "tueste medio-oscuro"),
      "dark": ("dunkle Röstung", "tueste oscuro"),
    ]
    guard let word = words[level.rawValue] else { return "\(level.rawValue) roast" }
    return w.pick("\(level.rawValue) roast", de: word.de, es: word.es)
  }

  /// The sentence of a review without rules.
  static func noSuggestion(_ p: Presentation) -> String {
    p.pick(
      "No suggestion: no rules were evaluated when this shot was logged.",
      de: "Kein Vorschlag: beim Erfassen dieses Bezugs wurden keine Regeln ausgewertet.",
      es: "Sin sugerencia: al registrar esta extracción no se evaluó ninguna regla.")
  }

  /// `Not applied for you: …` — why the change is the barista's to make by hand.
  static func notApplied(_ problem: SuggestedChange.Problem, _ p: Presentation) -> String {
    p.pick("Not applied for you: ", de: "Nicht automatisch angewendet: ", es: "No se aplica automáticamente: ")
      + problem.text(p)
  }

  /// This shot, the one it was compared with, and the recipe's targets, row by row; stacked in
  /// blocks when the table does not fit the width.
  static func table(_ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    let r = review.snapshot
    let previous = review.previous
    let ps = review.previousSnapshot
    var columns: [(title: String, values: [String])] = []
    func column(_ attempt: ShotAttempt, _ s: RecipeSnapshot?, _ basket: Basket?) -> [String] {
      let m = attempt.measurements
      let w = p.words
      return [
        (attempt.grind ?? s?.grind).map { Formatting.grindText($0.text, w) } ?? "",
        basket.map { Formatting.visible($0.name) } ?? "–",
        Formatting.celsius(s?.temperatureC, w),
        Formatting.grams(m.doseG, w), Formatting.grams(m.yieldG, w), Formatting.ratio(attempt.ratio, w),
        Formatting.seconds(m.timeS, w), Formatting.seconds(m.firstDropS, w), Formatting.tags(m.taste, w),
        Formatting.tags(m.flow, w), attempt.rating.map { w.number($0) } ?? "–",
      ]
    }
    columns.append((p.pick("this", de: "dieser", es: "esta"), column(a, r, review.basket)))
    if let previous { columns.append(("#\(previous.id)", column(previous, ps, review.previousBasket))) }
    columns.append(
      (
        p.pick("target", de: "Ziel", es: "objetivo"),
        [
          review.grindUsed == nil ? "" : Formatting.grindText(r.grind.text, p.words), "", "",
          Formatting.grams(r.doseG, p.words), Formatting.grams(r.yieldG, p.words),
          Formatting.ratio(r.ratio, p.words), Formatting.seconds(r.timeS, p.words), "", "", "", "",
        ]
      ))
    let labels = [
      "grind", "basket", "temperature", "dose", "yield", "ratio", "time", "first drop", "taste", "flow", "rating",
    ]
    let shown =
      p.language == .english
      ? labels
      : p.language == .german
        ? [
          "Mahlgrad", "Sieb", "Temperatur", "Dosis", "Ausbeute", "Ratio", "Durchlaufzeit", "erster Tropfen",
          "Geschmack", "Fluss", "Bewertung",
        ]
        : [
          "molienda", "filtro", "temperatura", "dosis", "rendimiento", "ratio", "tiempo", "primera gota", "sabor",
          "flujo", "valoración",
        ]
    var table = TextTable(rightAligned: [false] + columns.map { _ in false })
    table.add([""] + columns.map(\.title))
    for (i, label) in labels.enumerated() {
      // Rows with nothing to say (no basket anywhere, no temperature) are left out.
      let cells = columns.map { $0.values[i] }
      if cells.allSatisfy({ $0 == "" || $0 == "–" }), ["basket", "temperature", "rating"].contains(label) { continue }
      table.add([shown[i]] + cells)
    }
    let rendered = table.render(indent: "  ")
    if let width = p.fitWidth, rendered.split(separator: "\n").contains(where: { TerminalColumns.of($0) > width }) {
      return stacked(table)
    }
    return rendered
  }

  /// The table as one block per column: `this:`, then `  dose 18 g`, …
  static func stacked(_ table: TextTable) -> String {
    guard let header = table.rows.first else { return "" }
    var out = ""
    for c in 1..<header.count {
      out += "  \(header[c]):\n"
      var block = TextTable(rightAligned: [false, false])
      for row in table.rows.dropFirst() where c < row.count && !row[c].isEmpty { block.add([row[0], row[c]]) }
      out += block.render(indent: "    ")
    }
    return out
  }

  /// `grind finer by 1 step (14 → 13.5)`, `basket VST 18 → IMS 20`, `temperature 93 °C → none`.
  static func describe(_ d: RecipeDifference, _ w: Wording = Wording(.english)) -> String {
    let none = w.pick("none", de: "keine", es: "ninguno")
    // The values are the library's English display text ("36.5 g"); names stay as written.
    func shown(_ value: String?) -> String {
      guard let value else { return none }
      switch d.field {
      case .grinder, .basket: return Formatting.visible(value)
      case .grind: return Formatting.grindText(value, w)
      default: return Formatting.shownValue(value, w)
      }
    }
    let values = "\(shown(d.before)) → \(shown(d.after))"
    if let move = d.grindMove {
      let text = w.language == .english ? move.text.lowercasedFirst : w.sentence(move)
      return "\(text) (\(values))"
    }
    return "\(differenceField(d.field.rawValue, w)) \(values)"
  }

  /// A recipe difference's field (`dose`, `Dosis`, `dosis`).
  static func differenceField(_ field: String, _ w: Wording) -> String {
    let words: [String: (de: String, es: String)] = [
      "grinder": ("Mühle", "molino"), "grind": ("Mahlgrad", "molienda"), "basket": ("Sieb", "filtro"),
      "dose": ("Dosis", "dosis"), "yield": ("Ausbeute", "rendimiento"), "time": ("Durchlaufzeit", "tiempo"),
      "temperature": ("Temperatur", "temperatura"),
    ]
    guard let word = words[field] else { return field }
    return w.pick(field, de: word.de, es: word.es)
  }

  /// What happened to the shot since, and what the barista can do now.
  static func status(_ review: Review, _ p: Presentation) -> String {
    var out = voidedOrCorrected(review, p)
    if let event = review.event {
      out += answered(event, review, p)
    } else if review.void == nil, review.correctedBy == nil, let suggestion = review.suggestion {
      out += nextStep(suggestion, review, p)
    }
    return out
  }

  /// Whether the shot was voided, or corrected by a later one.
  private static func voidedOrCorrected(_ review: Review, _ p: Presentation) -> String {
    var out = ""
    if let void = review.void {
      let at = p.clock.long(void.at)
      let reason = Formatting.visible(void.reason)
      out +=
        "\n"
        + p.wrap(
          p.pick(
            "Voided \(at): \(reason). It takes no part in suggestions or trends.",
            de: "Verworfen \(at): \(reason). Der Bezug zählt weder für Vorschläge noch für Trends.",
            es: "Anulada \(at): \(reason). No cuenta para sugerencias ni tendencias."))
    }
    if let correction = review.correctedBy {
      let id = correction.id
      out +=
        "\n"
        + p.wrap(
          p.pick(
            "Corrected by shot #\(id): see 'dialshot suggest \(id)'.",
            de: "Berichtigt durch Bezug #\(id): siehe 'dialshot suggest \(id)'.",
            es: "Corregida por la extracción #\(id): ver 'dialshot suggest \(id)'."))
    }
    return out
  }

  /// The shot's suggestion was accepted or rejected (and perhaps undone): when, and whether the
  /// accept can still be undone.
  private static func answered(_ event: SuggestionEvent, _ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    var out = ""
    let at = p.clock.long(event.at)
    let accepted = event.action == .accepted
    var line = p.pick(
      "This suggestion was \(event.action.rawValue) \(at)",
      de: "Dieser Vorschlag wurde \(at) \(accepted ? "angenommen" : "abgelehnt")",
      es: "Esta sugerencia se \(accepted ? "aceptó" : "rechazó") el \(at)")
    line += (event.note.map { ": \(Formatting.visible($0))" } ?? "") + "."
    if let undo = review.undo {
      let when = p.clock.long(undo.at)
      line += p.pick(
        " It was undone \(when).", de: " Das wurde \(when) rückgängig gemacht.", es: " Se deshizo el \(when).")
    }
    out += "\n" + p.wrap(line)
    if review.undo == nil, event.action == .accepted, let made = event.snapshotID, review.void == nil {
      // Offered only when it will work: `undo` needs the snapshot the accept made to be the
      // recipe still (the review's `supersededBy` is the recipe now, when it is not the shot's).
      if review.supersededBy?.id == made {
        out += p.wrap(
          p.pick(
            "To go back to the recipe before it: dialshot undo \(a.id)",
            de: "Zurück zum Rezept davor: dialshot undo \(a.id)",
            es: "Para volver a la receta anterior: dialshot undo \(a.id)"))
      } else if let now = review.supersededBy {
        let when = p.clock.long(now.createdAt)
        out += p.wrap(
          p.pick(
            "The recipe has changed since (\(when)), so this accept can no longer be undone; set the recipe by hand with 'dialshot recipe set'.",
            de:
              "Das Rezept hat sich seitdem geändert (\(when)), daher lässt sich das Annehmen nicht mehr rückgängig machen; das Rezept von Hand setzen mit 'dialshot recipe set'.",
            es:
              "La receta ha cambiado desde entonces (\(when)), así que ya no se puede deshacer; ajusta la receta a mano con 'dialshot recipe set'."
          ))
      }
    }
    return out
  }

  /// The suggestion is not answered yet: how to accept or reject it, or why it no longer can be.
  private static func nextStep(_ suggestion: StoredSuggestion, _ review: Review, _ p: Presentation) -> String {
    let a = review.attempt
    var out = ""
    if case .insufficientEvidence = suggestion.decision.outcome {
      // Nothing to accept; the words above say what to do instead.
    } else if review.canAccept {
      out +=
        "\n"
        + p.wrap(
          p.pick(
            "Accept with 'dialshot accept \(a.id)', or reject with 'dialshot reject \(a.id)'.",
            de: "Annehmen mit 'dialshot accept \(a.id)', ablehnen mit 'dialshot reject \(a.id)'.",
            es: "Acepta con 'dialshot accept \(a.id)' o rechaza con 'dialshot reject \(a.id)'."))
    } else if let later = review.laterShot, case .adjust = suggestion.decision.outcome {
      out +=
        "\n"
        + p.wrap(
          // One line at 80 columns, so the short review keeps the command.
          p.pick(
            "Shot #\(later.id) is the latest; this one cannot change the recipe: dialshot reject \(a.id)",
            de: "Neuester Bezug ist #\(later.id); dieser ändert das Rezept nicht mehr: dialshot reject \(a.id)",
            es: "La última es la #\(later.id); esta ya no cambia la receta: dialshot reject \(a.id)"))
    } else if let newer = review.supersededBy {
      let when = p.clock.long(newer.createdAt)
      out +=
        "\n"
        + p.wrap(
          p.pick(
            "The recipe has changed since this shot (\(when)), so it can no longer be accepted.",
            de:
              "Das Rezept hat sich seit diesem Bezug geändert (\(when)), der Vorschlag lässt sich nicht mehr annehmen.",
            es: "La receta ha cambiado desde esta extracción (\(when)), así que ya no se puede aceptar."))
    } else if review.canReject {
      out +=
        "\n"
        + p.wrap(
          p.pick(
            "Set the change by hand with 'dialshot recipe set', or reject with 'dialshot reject \(a.id)'.",
            de:
              "Die Änderung von Hand setzen mit 'dialshot recipe set', oder ablehnen mit 'dialshot reject \(a.id)'.",
            es: "Haz el cambio a mano con 'dialshot recipe set' o rechaza con 'dialshot reject \(a.id)'."))
    }
    return out
  }
}

extension String {
  /// The text with its first letter lowercased ("Grind finer…" → "grind finer…").
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
