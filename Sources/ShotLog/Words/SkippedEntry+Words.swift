import DialRules

// The reasons an entry of another app's file is skipped, in English, German and Spanish.

extension SkippedEntry {
  /// Why it is not imported, in `language`: `reason` in English (or when the reason has no
  /// translation), `kein Espresso (Chemex, POUR OVER)`, `no es un espresso (Chemex, POUR OVER)`.
  public func text(in language: RuleLanguage) -> String {
    guard language != .english, let why else { return reason }
    return Self.text(why, Wording(language))
  }

  static func text(_ why: Why, _ w: Wording) -> String {
    switch why {
    case .noIdentifier(let field):
      return w.pick(
        "\(field) has no config.uuid, so a later import could not recognise it",
        de: "\(field) hat keine config.uuid, ein späterer Import könnte den Bezug nicht wiedererkennen",
        es: "\(field) no tiene config.uuid, así que una importación posterior no podría reconocer la extracción")
    case .preparationMissing:
      return w.pick(
        "its preparation is not in the file, so it cannot be told an espresso",
        de: "die Zubereitung fehlt in der Datei, also ist nicht zu erkennen, ob es ein Espresso ist",
        es: "su preparación no está en el archivo, así que no se sabe si es un espresso")
    case .notAnEspresso(let name, let style):
      let details = (name.map { "\($0), " } ?? "") + (style ?? w.pick("no style", de: "kein Stil", es: "sin estilo"))
      return w.pick(
        "not an espresso (\(details))", de: "kein Espresso (\(details))", es: "no es un espresso (\(details))")
    }
  }
}
