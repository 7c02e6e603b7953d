import DialRules

extension ShotLogError {
  /// The error as a sentence in `language`, naming the file or the value, with the language's
  /// number format: in English exactly `description`; in German and Spanish the same facts in a
  /// barista's words ("kein Kaffee namens 'Guji'", "ningún café llamado 'Guji'"). The case itself
  /// is the message id (`ShotLogSentence.error`), its associated values the arguments.
  public func message(in language: RuleLanguage) -> String {
    guard language != .english else { return description }
    return Self.words(self, Wording(language))
  }

  // One switch for German and Spanish per family of errors: `w.pick` holds both, beside the
  // English `description`.
  private static func words(_ e: ShotLogError, _ w: Wording) -> String {
    switch e.family {
    case .databaseFile: databaseWords(e, w)
    case .lookup: lookupWords(e, w)
    case .value: valueWords(e, w)
    case .recipe: recipeWords(e, w)
    case .answer: answerWords(e, w)
    case .correction: correctionWords(e, w)
    case .import, .damagedContent, .bug: importAndDamageWords(e, w)
    }
  }

  /// The database file: opening, reading and writing it.
  private static func databaseWords(_ e: ShotLogError, _ w: Wording) -> String {
    switch e {
    case .notADatabase(let path):
      return w.pick("", de: "\(path): keine SQLite-Datenbank", es: "\(path): no es una base de datos SQLite")
    case .damaged(let path, let detail):
      return w.pick(
        "", de: "\(path): die Datenbankdatei ist beschädigt (\(detail))",
        es: "\(path): el archivo de la base de datos está dañado (\(detail))")
    case .newerSchema(let path, let unknown):
      let list = unknown.joined(separator: ", ")
      return w.pick(
        "", de: "\(path): von einer neueren Version geschrieben (unbekannte Migrationen: \(list))",
        es: "\(path): escrita por una versión más nueva (migraciones desconocidas: \(list))")
    case .foreignDatabase(let path, _):
      return w.pick(
        "", de: "\(path): eine SQLite-Datenbank, aber kein Bezugsprotokoll",
        es: "\(path): una base de datos SQLite que no es un registro de extracciones")
    case .readOnly(let path):
      return w.pick(
        "", de: "\(path): die Datenbank ist schreibgeschützt", es: "\(path): la base de datos es de solo lectura")
    case .noSuchFile(let path):
      return w.pick(
        "", de: "\(path): Datenbankdatei nicht gefunden", es: "\(path): no existe el archivo de la base de datos")
    case .cannotOpen(let path, let detail):
      return w.pick(
        "", de: "\(path): die Datenbank lässt sich nicht öffnen (\(detail))",
        es: "\(path): no se puede abrir la base de datos (\(detail))")
    case .noSuchDirectory(let path, let directory):
      return w.pick(
        "", de: "\(path): das Verzeichnis \(directory) existiert nicht",
        es: "\(path): el directorio \(directory) no existe")
    case .emptyFile(let path):
      return w.pick(
        "", de: "\(path): eine leere Datei, kein Bezugsprotokoll",
        es: "\(path): un archivo vacío, no un registro de extracciones")
    case .busy(let path):
      return w.pick(
        "", de: "\(path): die Datenbank blieb von einer anderen Verbindung gesperrt",
        es: "\(path): otra conexión mantuvo bloqueada la base de datos")
    case .ioError(let path, let detail):
      return w.pick(
        "", de: "\(path): Ein-/Ausgabefehler (\(detail))", es: "\(path): error de entrada/salida (\(detail))")
    case .closed(let path):
      return w.pick(
        "", de: "\(path): das Bezugsprotokoll wurde geschlossen", es: "\(path): el registro de extracciones se cerró")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Lookups: a profile, bag or shot that is not there, or more than one.
  private static func lookupWords(_ e: ShotLogError, _ w: Wording) -> String {
    switch e {
    case .profileNotFound(let kind, let reference, _, _):
      return w.pick("", de: "\(kind.none(w)) namens '\(reference)'", es: "\(kind.none(w)) llamado '\(reference)'")
    case .ambiguousProfile(let kind, let reference):
      return w.pick(
        "", de: "'\(reference)' passt auf mehr als \(kind.one(w))",
        es: "'\(reference)' coincide con más de \(kind.one(w))")
    case .ambiguousName(let kind, let reference, let matches):
      let list = matches.joined(separator: ", ")
      return w.pick(
        "", de: "'\(reference)' passt auf mehr als \(kind.one(w)): \(list)",
        es: "'\(reference)' coincide con más de \(kind.one(w)): \(list)")
    case .unknownProfileID(let kind, let id):
      return w.pick(
        "", de: "\(kind.none(w)) mit der Id \(id) in diesem Protokoll",
        es: "\(kind.none(w)) con el id \(id) en este registro")
    case .bagNotFound(let bean, let reference, _):
      return w.pick(
        "", de: "der Kaffee '\(bean)' hat keine Packung '\(reference)'",
        es: "el café '\(bean)' no tiene la bolsa '\(reference)'")
    case .unknownBagID(let id):
      return w.pick(
        "", de: "keine Packung mit der ID \(id) im Protokoll", es: "no hay ninguna bolsa con el id \(id) en el registro"
      )
    case .shotNotFound(let reference):
      return w.pick("", de: "kein Bezug '\(reference)'", es: "ninguna extracción '\(reference)'")
    case .ambiguousShot(let reference):
      return w.pick(
        "", de: "'\(reference)' passt auf mehr als einen Bezug", es: "'\(reference)' coincide con más de una extracción"
      )
    case .noShotsYet:
      return w.pick("", de: "noch keine Bezüge erfasst", es: "todavía no hay extracciones registradas")
    case .noRecipe(let bean):
      return w.pick("", de: "der Kaffee '\(bean)' hat noch kein Rezept", es: "el café '\(bean)' aún no tiene receta")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Values: names, settings, numbers, tags, ratings and times that are not valid.
  private static func valueWords(_ e: ShotLogError, _ w: Wording) -> String {
    let n = w.number
    switch e {
    case .invalidName(let kind, let problem):
      return w.pick(
        "", de: "ungültiger Name für \(kind.one(w)) (\(problem.text(w)))",
        es: "nombre no válido para \(kind.one(w)) (\(problem.text(w)))")
    case .invalidGrindSetting(let problem):
      return w.pick(
        "", de: "ungültiger Mahlgrad (\(problem.text(w)))", es: "molienda no válida (\(problem.text(w)))")
    case .invalidText(let problem):
      return w.pick("", de: "ungültiger Text (\(problem.text(w)))", es: "texto no válido (\(problem.text(w)))")
    case .duplicateName(let kind, let name, _):
      return w.pick(
        "", de: "\(kind.one(w).capitalizedFirst) namens '\(name)' gibt es schon",
        es: "ya existe \(kind.one(w)) llamado '\(name)'")
    case .invalidGrinderScale(let problem):
      return w.pick(
        "", de: "ungültige Skala der Mühle (\(problem.text(w)))", es: "escala del molino no válida (\(problem.text(w)))"
      )
    case .invalidNumber(let quantity, let text, let problem):
      return w.pick(
        "", de: "'\(text)' ist kein Wert für \(quantity.name(w)) (\(problem.text(w)))",
        es: "'\(text)' no es un valor de \(quantity.name(w)) (\(problem.text(w)))")
    case .quantityOutOfRange(let quantity, let value):
      return w.pick(
        "", de: "\(n(value)) liegt außerhalb des Bereichs für \(quantity.name(w))",
        es: "\(n(value)) está fuera del rango de \(quantity.name(w))")
    case .unknownTag(let vocabulary, let word, _, _):
      return w.pick(
        "", de: "unbekannte Angabe '\(word)' für \(vocabularyName(vocabulary, w))",
        es: "etiqueta de \(vocabularyName(vocabulary, w)) desconocida: '\(word)'")
    case .contradictoryTags(let vocabulary, let words):
      let list = words.joined(separator: ", ")
      return w.pick(
        "", de: "Angaben für \(vocabularyName(vocabulary, w)), die sich widersprechen: \(list)",
        es: "etiquetas de \(vocabularyName(vocabulary, w)) que se contradicen: \(list)")
    case .firstDropNotBeforeEnd(let drop, let time):
      return w.pick(
        "", de: "der erste Tropfen bei \(n(drop)) s kommt nicht vor dem Ende des Bezugs (\(n(time)) s)",
        es: "la primera gota a los \(n(drop)) s no llega antes del final de la extracción (\(n(time)) s)")
    case .invalidRating(let text):
      return w.pick(
        "", de: "die Bewertung '\(text)' liegt nicht zwischen 0 und 5 in halben Schritten",
        es: "la valoración '\(text)' no va de 0 a 5 en medios puntos")
    case .grindDoesNotFit(let grind, let grinder, _, _):
      return w.pick(
        "", de: "der Mahlgrad '\(grind)' passt nicht auf die Skala von '\(grinder)'",
        es: "la molienda '\(grind)' no encaja en la escala de '\(grinder)'")
    case .futureTime(let time, _):
      return w.pick("", de: "\(time.iso8601) liegt in der Zukunft", es: "\(time.iso8601) está en el futuro")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Recipes: a first recipe, a change, or a snapshot that does not fit.
  private static func recipeWords(_ e: ShotLogError, _ w: Wording) -> String {
    let n = w.number
    switch e {
    case .firstRecipeIncomplete(let bean):
      return w.pick(
        "", de: "das erste Rezept für '\(bean)' braucht Mühle, Dosis, Ausbeute, Durchlaufzeit und Mahlgrad",
        es: "la primera receta de '\(bean)' necesita molino, dosis, rendimiento, tiempo y molienda")
    case .recipeUnchanged(let bean):
      return w.pick(
        "", de: "das Rezept für '\(bean)' hat diese Werte schon", es: "la receta de '\(bean)' ya tiene estos valores")
    case .scaledYieldOutOfRange(_, let yield):
      return w.pick(
        "", de: "die umgerechnete Ausbeute \(n(yield)) g liegt außerhalb des Bereichs",
        es: "el rendimiento escalado de \(n(yield)) g está fuera de rango")
    case .scaleDoesNotFitRecipe(let grinder, let bean, let grind, _):
      return w.pick(
        "", de: "die neue Skala von '\(grinder)' passt nicht zum Mahlgrad '\(grind)' von '\(bean)'",
        es: "la nueva escala de '\(grinder)' no encaja con la molienda '\(grind)' de '\(bean)'")
    case .snapshotOfAnotherBean(let bean):
      return w.pick(
        "", de: "der Rezeptstand gehört nicht zu '\(bean)'", es: "esa versión de la receta no es de '\(bean)'")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Answering a suggestion: accept or reject, and what stands in the way.
  private static func answerWords(_ e: ShotLogError, _ w: Wording) -> String {
    switch e {
    case .noSuggestion(let shot):
      return w.pick("", de: "Bezug #\(shot) hat keinen Vorschlag", es: "la extracción #\(shot) no tiene sugerencia")
    case .alreadyAnswered(let shot, let event):
      return w.pick(
        "", de: "der Vorschlag zu Bezug #\(shot) wurde schon \(event.action.word(w))",
        es: "la sugerencia de la extracción #\(shot) ya fue \(event.action.word(w))")
    case .nothingToAnswer(let shot, _):
      return w.pick(
        "", de: "Bezug #\(shot) hat keine Änderung zum Annehmen oder Ablehnen",
        es: "la extracción #\(shot) no tiene ningún cambio que aceptar o rechazar")
    case .recipeChangedSince(let shot, let bean, _):
      return w.pick(
        "", de: "das Rezept für '\(bean)' hat sich seit Bezug #\(shot) geändert",
        es: "la receta de '\(bean)' cambió después de la extracción #\(shot)")
    case .notLatestShot(let shot, let bean, let latest):
      return w.pick(
        "", de: "Bezug #\(shot) ist nicht der neueste von '\(bean)' (das ist #\(latest))",
        es: "la extracción #\(shot) no es la última de '\(bean)' (la última es la #\(latest))")
    case .cannotApply(let adjustment, let problem):
      return w.pick(
        "", de: "'\(w.sentence(adjustment))' lässt sich nicht anwenden (\(problem.text(w)))",
        es: "no se puede aplicar '\(w.sentence(adjustment))' (\(problem.text(w)))")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Corrections: voids, amendments and undos.
  private static func correctionWords(_ e: ShotLogError, _ w: Wording) -> String {
    switch e {
    case .shotVoided(let shot, _):
      return w.pick("", de: "Bezug #\(shot) wurde verworfen", es: "la extracción #\(shot) fue anulada")
    case .shotCorrected(let shot, let by):
      return w.pick(
        "", de: "Bezug #\(shot) wurde durch #\(by) berichtigt", es: "la extracción #\(shot) fue corregida por la #\(by)"
      )
    case .nothingToAmend(let shot):
      return w.pick(
        "", de: "die Berichtigung würde Bezug #\(shot) nicht ändern",
        es: "la corrección no cambiaría la extracción #\(shot)")
    case .nothingToUndo(let shot):
      return w.pick(
        "", de: "Bezug #\(shot) hat keine angenommene Rezeptänderung, die sich rückgängig machen ließe",
        es: "la extracción #\(shot) no tiene ningún cambio de receta aceptado que deshacer")
    case .alreadyUndone(let shot, _):
      return w.pick(
        "", de: "der angenommene Vorschlag zu Bezug #\(shot) wurde schon rückgängig gemacht",
        es: "la sugerencia aceptada de la extracción #\(shot) ya se deshizo")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// Import, damaged content and bugs.
  private static func importAndDamageWords(_ e: ShotLogError, _ w: Wording) -> String {
    switch e {
    case .staleImportToken(let token):
      return w.pick(
        "", de: "das Import-Token \(token) passt nicht mehr", es: "el token de importación \(token) ya no coincide")
    case .importBlocked(let invalid, let conflicts):
      return w.pick(
        "", de: "der Import hat \(invalid) ungültige und \(conflicts) widersprüchliche Einträge",
        es: "la importación tiene \(invalid) entradas no válidas y \(conflicts) en conflicto")
    case .unreadableDecision(let attempt, let detail):
      return w.pick(
        "", de: "gespeicherter Bezug \(attempt) hat eine unlesbare Entscheidung: \(detail)",
        es: "la extracción guardada \(attempt) tiene una decisión ilegible: \(detail)")
    case .unreadableRecipeValue(let snapshot, let field, let text):
      return w.pick(
        "", de: "gespeichertes Rezept \(snapshot) hat einen unlesbaren Wert für \(field): '\(text)'",
        es: "la receta guardada \(snapshot) tiene un valor ilegible de \(field): '\(text)'")
    case .danglingReference(let shot):
      return w.pick(
        "", de: "Bezug #\(shot) verweist auf ein fehlendes Rezept, einen fehlenden Kaffee oder eine fehlende Mühle",
        es: "la extracción #\(shot) remite a una receta, un café o un molino que faltan")
    case .internalError(let detail):
      return w.pick("", de: "interner Fehler: \(detail)", es: "error interno: \(detail)")
    // `words` sends only this family's cases here (`ShotLogError.family`).
    default: return e.description
    }
  }

  /// `taste`, `flow` in `w`'s language.
  private static func vocabularyName(_ vocabulary: String, _ w: Wording) -> String {
    switch vocabulary {
    case "taste": w.pick(vocabulary, de: "Geschmack", es: "sabor")
    case "flow": w.pick(vocabulary, de: "Fluss", es: "flujo")
    default: vocabulary
    }
  }
}

extension ProfileKind {
  /// `kein Kaffee`, `keine Mühle`, `kein Sieb`; `ningún café`, `ningún molino`, `ningún filtro`.
  fileprivate func none(_ w: Wording) -> String {
    switch self {
    case .bean: w.pick("no bean", de: "kein Kaffee", es: "ningún café")
    case .grinder: w.pick("no grinder", de: "keine Mühle", es: "ningún molino")
    case .basket: w.pick("no basket", de: "kein Sieb", es: "ningún filtro")
    }
  }

  /// `einen Kaffee`, `eine Mühle`, `ein Sieb`; `un café`, `un molino`, `un filtro`.
  fileprivate func one(_ w: Wording) -> String {
    switch self {
    case .bean: w.pick("a bean", de: "einen Kaffee", es: "un café")
    case .grinder: w.pick("a grinder", de: "eine Mühle", es: "un molino")
    case .basket: w.pick("a basket", de: "ein Sieb", es: "un filtro")
    }
  }
}

extension SuggestionEvent.Action {
  /// `angenommen`, `aceptada`.
  fileprivate func word(_ w: Wording) -> String {
    switch self {
    case .accepted: w.pick(rawValue, de: "angenommen", es: "aceptada")
    case .rejected: w.pick(rawValue, de: "abgelehnt", es: "rechazada")
    }
  }
}

extension Quantity {
  /// The quantity's name in `w`'s language: `dose`, `Dosis`, `dosis`.
  func name(_ w: Wording) -> String {
    switch self {
    case .dose: w.pick("dose", de: "Dosis", es: "dosis")
    case .yield: w.pick("yield", de: "Ausbeute", es: "rendimiento")
    case .time: w.pick("time", de: "Durchlaufzeit", es: "tiempo")
    case .firstDrop: w.pick("first drop", de: "ersten Tropfen", es: "primera gota")
    case .temperature: w.pick("temperature", de: "Temperatur", es: "temperatura")
    case .capacity: w.pick("capacity", de: "Fassungsvermögen", es: "capacidad")
    case .bagWeight: w.pick("bag weight", de: "Packungsgewicht", es: "peso de la bolsa")
    }
  }
}

extension ShotLogError.TextProblem {
  fileprivate func text(_ w: Wording) -> String {
    switch self {
    case .empty: w.pick("empty", de: "leer", es: "vacío")
    case .tooLong(let limit): w.pick("too long", de: "länger als \(limit) Bytes", es: "más de \(limit) bytes")
    case .controlCharacter(let scalar):
      w.pick(
        "control character", de: "enthält ein Steuerzeichen (U+\(hex(scalar)))",
        es: "contiene un carácter de control (U+\(hex(scalar)))")
    }
  }

  private func hex(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension ShotLogError.NumberProblem {
  fileprivate func text(_ w: Wording) -> String {
    switch self {
    case .notANumber: w.pick("not a number", de: "keine Zahl", es: "no es un número")
    case .tooManyDecimals:
      w.pick("too many decimals", de: "zu viele Nachkommastellen, höchstens 9", es: "demasiados decimales, máximo 9")
    case .tooLarge: w.pick("too large", de: "zu groß", es: "demasiado grande")
    }
  }
}

extension GrinderScale.Problem {
  fileprivate func text(_ w: Wording) -> String {
    switch self {
    case .stepNotPositive:
      w.pick("step not positive", de: "die Stufe muss größer als 0 sein", es: "el paso debe ser mayor que 0")
    case .outOfRange:
      w.pick(
        "out of range", de: "Einstellungen müssen zwischen -100000 und 100000 liegen",
        es: "los ajustes deben estar entre -100000 y 100000")
    case .minimumNotBelowMaximum:
      w.pick(
        "minimum not below maximum", de: "das Minimum muss unter dem Maximum liegen",
        es: "el mínimo debe ser menor que el máximo")
    }
  }
}

extension String {
  /// The text with its first letter in capitals ("eine Mühle" → "Eine Mühle").
  fileprivate var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
