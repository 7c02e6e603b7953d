import DialRules

extension SuggestedChange.Problem {
  /// Why the change cannot be applied for the barista, in `language`: "grinder 'Kinu' has
  /// free-text settings, so one step cannot be computed"; "die Mühle 'Kinu' hat freie
  /// Einstellungen …". (`ShotLogSentence.notApplied` is its message id.)
  public func message(in language: RuleLanguage) -> String { text(Wording(language)) }

  func text(_ w: Wording) -> String {
    switch self {
    case .grinderHasNoScale(let grinder):
      return w.pick(
        "grinder '\(grinder)' has free-text settings, so one step cannot be computed",
        de: "die Mühle '\(grinder)' hat freie Einstellungen ohne Skala, eine Stufe lässt sich nicht berechnen",
        es: "el molino '\(grinder)' tiene ajustes de texto libre, así que no se puede calcular un punto")
    case .grindNotNumeric(let grind):
      return w.pick(
        "the grind setting '\(grind)' is not a number, so it cannot be moved by steps",
        de: "der Mahlgrad '\(grind)' ist keine Zahl und lässt sich nicht um Stufen verstellen",
        es: "la molienda '\(grind)' no es un número, así que no se puede mover por puntos")
    case .atLimit(let note):
      return Self.limitNote(note, w)
    case .noTemperature:
      return w.pick(
        "the recipe has no temperature to change", de: "das Rezept hat keine Temperatur, die sich ändern ließe",
        es: "la receta no tiene temperatura que cambiar")
    case .unreadable(let field, let text):
      return w.pick(
        "the preview's new \(field) '\(text)' could not be read",
        de: "der neue Wert '\(text)' (\(w.field(field))) der Vorschau ist nicht lesbar",
        es: "no se pudo leer el nuevo valor '\(text)' (\(w.field(field))) de la vista previa")
    }
  }

  /// An `atLimit` note (DialRules' preview note, or the shot log's own about a yield out of range)
  /// in `w`'s language.
  static func limitNote(_ note: String, _ w: Wording) -> String {
    guard w.language != .english else { return note }
    if note == "the grind cannot move further" {
      return w.pick(note, de: "der Mahlgrad lässt sich nicht weiter verstellen", es: "la molienda no puede ir más allá")
    }
    if note.hasPrefix("the new yield ") {
      return w.pick(
        note, de: "die neue Ausbeute liegt außerhalb des möglichen Bereichs",
        es: "el nuevo rendimiento queda fuera del rango posible")
    }
    return w.previewNote(note)
  }
}
