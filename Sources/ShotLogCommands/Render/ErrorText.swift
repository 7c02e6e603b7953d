import CommandLineSupport
import DialRules
import ShotLog

// The command line's wording of everything that can go wrong: ShotLog's typed errors (which carry
// no sentences of their own), the problems the commands find in their arguments, and the exit
// status of each. All of `dialshot`'s error text lives here.

/// A problem a command found in its own input (an option value it could not read), with its
/// message, an optional remedy, and how it exits.
struct CommandError: Error {
  /// What the problem means for the exit status.
  enum Kind {
    /// Something named does not exist (status 2).
    case notFound
    /// A value is malformed or out of range (status 2).
    case invalid
    /// The request clashes with what is stored (status 1).
    case conflict
    /// The request is understood but does not apply (status 1).
    case refused
  }

  var kind: Kind
  /// What is wrong, in each language (`dialshot: error: …`).
  var message: Phrase
  /// What to do about it, when there is a remedy (`help: …`).
  var help: Phrase?

  /// An error in English, German and Spanish, with its remedy in the three.
  init(_ kind: Kind, _ english: String, de german: String, es spanish: String, help: Phrase? = nil) {
    self.kind = kind
    self.message = Phrase(english, de: german, es: spanish)
    self.help = help
  }

  var exitStatus: ExitCode {
    switch kind {
    case .notFound, .invalid: .invalidInput
    case .conflict, .refused: .findings
    }
  }
}

extension ShotLogError {
  /// The message after `dialshot: error: `, times in UTC.
  var message: String { message(in: .utc) }

  /// The message after `dialshot: error: `, with times as `clock` shows them (local time unless
  /// `--utc`, like the rest of the output).
  func message(in clock: LocalClock) -> String {
    switch family {
    case .databaseFile: databaseFileMessage()
    case .lookup: lookupMessage()
    case .value: valueMessage(in: clock)
    case .recipe: recipeMessage()
    case .answer: answerMessage(in: clock)
    case .correction: correctionMessage(in: clock)
    case .import, .damagedContent, .bug: importAndDamageMessage()
    }
  }

  /// The database file: opening, reading and writing it.
  private func databaseFileMessage() -> String {
    switch self {
    case .notADatabase(let path):
      return "\(path): not a dialshot database (the file is not an SQLite database); it was left untouched"
    case .damaged(let path, let detail):
      return
        "\(path): the database file is damaged (\(detail)); it was left untouched — restore it from an export or a backup copy"
    case .newerSchema(let path, let unknown):
      return
        "\(path): the database was written by a newer dialshot (unknown schema migrations: \(unknown.joined(separator: ", "))); this version will not modify it — upgrade dialshot"
    case .foreignDatabase(let path, let tables):
      let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
      return
        "\(path): an SQLite database that dialshot did not create (tables: \(shown)); it was left untouched — pass another file with --db"
    case .readOnly(let path):
      return "\(path): the database is read-only; nothing was written"
    case .noSuchFile(let path):
      return "\(path): no such database file"
    case .cannotOpen(let path, let detail):
      return "\(path): cannot open the database (\(detail))"
    case .noSuchDirectory(let path, let directory):
      return "\(path): the directory \(directory) does not exist; nothing was created"
    case .emptyFile(let path):
      return "\(path): the file is empty, so it is not a dialshot database; it was left untouched"
    case .busy(let path):
      return "\(path): another process kept the database locked too long; nothing was written — try again"
    case .ioError(let path, let detail):
      return "\(path): input/output error (\(detail)); the last change was not saved"
    case .closed(let path):
      // Only an `AsyncShotLogStore` closes, and dialshot never opens one: reaching this is a bug.
      return "\(path): the shot log was closed"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// A profile, bag or shot that is not there, or more than one.
  private func lookupMessage() -> String {
    switch self {
    case .profileNotFound(let kind, let reference, _, _):
      return "no \(kind.rawValue) named '\(Formatting.visible(reference))'"
    case .ambiguousProfile(let kind, let reference):
      return "'\(reference)' matches more than one \(kind.rawValue); give more of the id"
    case .ambiguousName(let kind, let reference, let matches):
      let shown = matches.prefix(6).map { "'\(Formatting.visible($0))'" }.joined(separator: ", ")
      return
        "'\(Formatting.visible(reference))' matches more than one \(kind.rawValue): \(shown)\(matches.count > 6 ? ", …" : "")"
    case .unknownProfileID(let kind, let id):
      return "no \(kind.rawValue) with id \(id)"
    case .bagNotFound(let bean, let reference, let count):
      return
        "'\(Formatting.visible(bean))' has no bag '\(Formatting.visible(reference))' (it has \(count) bag\(count == 1 ? "" : "s"))"
    case .unknownBagID(let id):
      return "no bag with id \(id)"
    case .shotNotFound(let reference):
      if let number = ShotLogStore.shotNumber(in: reference) { return "no shot #\(number)" }
      return "no shot '\(reference)'"
    case .ambiguousShot(let reference):
      return "'\(reference)' matches more than one shot; give more of the id"
    case .noShotsYet:
      return "no shots logged yet"
    case .noRecipe(let bean):
      return "bean '\(bean)' has no recipe yet"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// A name, setting, number, tag, rating or time that is not valid.
  private func valueMessage(in clock: LocalClock) -> String {
    switch self {
    case .invalidName(let kind, let problem):
      return problem.text(subject: "a \(kind.rawValue) name")
    case .invalidGrindSetting(let problem):
      return "--grind: " + problem.text(subject: "the grind setting")
    case .invalidText(let problem):
      return problem.text(subject: "the text")
    case .duplicateName(let kind, let name, let archived):
      return "a \(kind.rawValue) named '\(name)' already exists\(archived ? " (archived)" : "")"
    case .invalidGrinderScale(let problem):
      return problem.text
    case .invalidNumber(let quantity, _, _), .quantityOutOfRange(let quantity, _):
      return "\(quantity.option): \(valueText ?? "")"
    case .unknownTag(let vocabulary, let word, _, _):
      return "--\(vocabulary): unknown \(vocabulary) tag '\(Formatting.visible(word))'"
    case .contradictoryTags(let vocabulary, let words):
      if words.first == "none" {
        return
          "--\(vocabulary): 'none' cannot go with \(words.dropFirst().joined(separator: ", ")): none means no \(vocabulary) tag applies"
      }
      return
        "--\(vocabulary): \(words.joined(separator: " and ")) contradict each other: a shot does not both gush and choke"
    case .firstDropNotBeforeEnd(let drop, let time):
      return
        "--first-drop: the first drop (\(drop.decimalText) s) must come before the end of the shot (\(time.decimalText) s)"
    case .invalidRating(let text):
      return "--rating: expected 0 to 5 in half steps (3, 3.5, 4), found '\(Formatting.visible(text))'"
    case .grindDoesNotFit(let grind, let grinder, let scale, let problem):
      let scaleText = "\(scale.min.decimalText) to \(scale.max.decimalText), step \(scale.step.decimalText)"
      switch problem {
      case .notANumber:
        return
          "--grind: '\(Formatting.visible(grind))' is not a setting of \(Formatting.visible(grinder)), whose scale is numeric (\(scaleText))"
      case .outsideScale:
        return "--grind: \(grind) is outside the scale of \(Formatting.visible(grinder)) (\(scaleText))"
      }
    case .futureTime(let time, _):
      return "--at: \(clock.long(time)) is in the future; a shot cannot have been pulled yet"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// A first recipe, a change, or a snapshot that does not fit.
  private func recipeMessage() -> String {
    switch self {
    case .firstRecipeIncomplete(let bean):
      return "bean '\(bean)' has no recipe yet; the first one needs --grinder, --dose, --yield, --time and --grind"
    case .recipeUnchanged(let bean):
      return "nothing changed: the recipe for '\(bean)' already has these values"
    case .scaledYieldOutOfRange(_, let yield):
      return "scaled yield: " + Self.rangeText(yield, .yield)
    case .scaleDoesNotFitRecipe(let grinder, let bean, let grind, let problem):
      let words = problem == .notANumber ? "is not a number" : "lies outside it"
      return
        "the new scale of \(Formatting.visible(grinder)) does not fit the recipe of '\(Formatting.visible(bean))': its grind \(Formatting.visible(grind)) \(words); nothing was changed"
    case .snapshotOfAnotherBean(let bean):
      return "the recipe shown is not one of '\(Formatting.visible(bean))'"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// Accepting or rejecting a suggestion, and what stands in the way.
  private func answerMessage(in clock: LocalClock) -> String {
    switch self {
    case .noSuggestion(let shot):
      return "shot #\(shot) has no suggestion: no rules were evaluated when it was logged"
    case .alreadyAnswered(let shot, let event):
      return "the suggestion for shot #\(shot) was already \(event.action.rawValue) at \(clock.long(event.at))"
    case .nothingToAnswer(let shot, let decision):
      return "nothing to accept or reject for shot #\(shot): \(decision.text)"
    case .recipeChangedSince(let shot, let bean, let current):
      return
        "the recipe for '\(bean)' changed since shot #\(shot) (now \(current.reason.rawValue) at \(clock.long(current.createdAt))); the suggestion no longer applies"
    case .notLatestShot(let shot, let bean, let latest):
      return
        "shot #\(shot) is not the latest shot of '\(Formatting.visible(bean))' (#\(latest) is), so its change cannot go into today's recipe"
    case .cannotApply(let adjustment, let problem):
      return "cannot apply '\(adjustment.ruleText)' automatically: \(problem.text)"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// Voids, amendments and undos.
  private func correctionMessage(in clock: LocalClock) -> String {
    switch self {
    case .shotVoided(let shot, let void):
      return "shot #\(shot) was voided (\(Formatting.visible(void.reason))); it takes no part in suggestions"
    case .shotCorrected(let shot, let by):
      return "shot #\(shot) was corrected by shot #\(by)"
    case .nothingToAmend(let shot):
      return "nothing to correct: shot #\(shot) already has these values"
    case .nothingToUndo(let shot):
      return "shot #\(shot) has no accepted recipe change to undo"
    case .alreadyUndone(let shot, let undo):
      return "the accepted suggestion of shot #\(shot) was already undone at \(clock.long(undo.at))"
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// An import that cannot go ahead, a stored value the log cannot read, a bug.
  private func importAndDamageMessage() -> String {
    switch self {
    case .staleImportToken(let token):
      return "the file or the database changed since the preview (token \(token) no longer matches)"
    case .importBlocked:
      return "the file has invalid or conflicting entries; see the preview"
    case .unreadableDecision(let attempt, let detail):
      return "stored attempt \(attempt) has an unreadable decision: \(detail)"
    case .unreadableRecipeValue(let snapshot, let field, let text):
      return "stored recipe \(snapshot) has an unreadable \(field) '\(text)'"
    case .danglingReference(let shot):
      return "shot #\(shot) refers to a missing recipe, bean or grinder"
    case .internalError(let detail):
      return detail
    // `message(in:)` sends only this family's cases here (`ShotLogError.family`).
    default: return description
    }
  }

  /// The message in the presentation's language: the English of `message(in:)` above, else the
  /// library's sentence (`ShotLogError.message(in:)`), a shot named by its number.
  func message(_ p: Presentation) -> String {
    guard p.language != .english else { return message(in: p.clock) }
    if case .shotNotFound(let reference) = self, let number = ShotLogStore.shotNumber(in: reference) {
      return p.pick("", de: "kein Bezug #\(number)", es: "ninguna extracción #\(number)")
    }
    return message(in: p.language)
  }

  /// The `help:` line in the presentation's language, when there is a remedy.
  func help(_ p: Presentation) -> String? {
    guard p.language != .english, let english = help else { return help }
    switch self {
    case .profileNotFound(let kind, _, let closest, let known):
      if known.isEmpty {
        return p.pick("", de: "eins anlegen mit", es: "añade uno con")
          + " 'dialshot profiles \(kind.rawValue) add NAME'"
      }
      if let closest { return Phrase.didYouMean(closest).text(in: p.language) }
      return p.pick("", de: "bekannt: ", es: "conocidos: ") + known.prefix(8).joined(separator: ", ")
    case .shotNotFound:
      return p.pick(
        "", de: "eine Nummer aus 'dialshot history' angeben, oder 'latest'",
        es: "usa un número de 'dialshot history', o 'latest'")
    case .noRecipe(let bean):
      return p.pick("", de: "eins anlegen mit", es: "crea una con")
        + " 'dialshot recipe set \(bean) --grinder … --dose … --yield … --time … --grind …'"
    case .duplicateName:
      return p.pick(
        "", de: "einen anderen Namen wählen oder den vorhandenen bearbeiten",
        es: "elige otro nombre o edita el existente")
    case .unknownTag(_, _, let closest, let known):
      if let closest { return Phrase.didYouMean(closest).text(in: p.language) }
      return p.pick("", de: "bekannt: ", es: "conocidas: ") + known.joined(separator: ", ")
    case .recipeChangedSince:
      return p.pick(
        "", de: "einen Bezug mit dem aktuellen Rezept machen, oder 'dialshot recipe set' verwenden",
        es: "saca una extracción con la receta actual, o usa 'dialshot recipe set'")
    case .shotCorrected(_, let by):
      return p.pick("", de: "die Berichtigung verwenden:", es: "usa la corrección:") + " 'dialshot suggest \(by)'"
    case .notLatestShot(_, _, let latest):
      return p.pick(
        "",
        de:
          "auf den neuesten Bezug antworten: 'dialshot suggest \(latest)', oder das Rezept von Hand setzen mit 'dialshot recipe set'",
        es:
          "responde a la última extracción: 'dialshot suggest \(latest)', o ajusta la receta a mano con 'dialshot recipe set'"
      )
    case .bagNotFound(let bean, _, _):
      return p.pick(
        "", de: "eine Packungsnummer aus", es: "indica un número de bolsa de")
        + " 'dialshot profiles bean bags \(ShellWords.quoted(Formatting.visible(bean)))'"
        + p.pick("", de: " angeben, oder 'current'", es: ", o 'current'")
    case .emptyFile:
      return p.pick(
        "",
        de: "die leere Datei löschen, um dort ein neues Protokoll anzulegen, oder mit --db eine andere Datei angeben",
        es: "borra el archivo vacío para empezar ahí un registro nuevo, o indica otro archivo con --db")
    case .grindDoesNotFit:
      return p.pick(
        "", de: "eine Zahl auf der Skala der Mühle angeben, oder eine Mühle mit freien Einstellungen verwenden",
        es: "indica un número de la escala del molino, o usa un molino con ajustes libres")
    case .scaleDoesNotFitRecipe(_, let bean, _, _):
      return p.pick("", de: "zuerst einen passenden Mahlgrad setzen:", es: "primero ajusta una molienda que encaje:")
        + " dialshot recipe set '\(Formatting.visible(bean))' --grind SETTING"
    case .staleImportToken:
      return p.pick(
        "", de: "'dialshot import FILE' erneut ausführen, für eine frische Vorschau und ein neues Token",
        es: "vuelve a ejecutar 'dialshot import FILE' para ver una vista previa y un token nuevos")
    default:
      return english
    }
  }

  /// The `help:` line, when there is a remedy.
  var help: String? {
    switch self {
    case .profileNotFound(let kind, _, let closest, let known):
      if known.isEmpty { return "add one with 'dialshot profiles \(kind.rawValue) add NAME'" }
      return closest.map { "did you mean '\($0)'?" } ?? "known: \(known.prefix(8).joined(separator: ", "))"
    case .shotNotFound(let reference):
      return ShotLogStore.shotNumber(in: reference) == nil ? "use a number from 'dialshot history', or 'latest'" : nil
    case .noRecipe(let bean):
      return "create one with 'dialshot recipe set \(bean) --grinder … --dose … --yield … --time … --grind …'"
    case .duplicateName(let kind, _, _):
      return "choose another name, or edit the existing \(kind.rawValue)"
    case .unknownTag(_, _, let closest, let known):
      return closest.map { "did you mean '\($0)'?" } ?? "known: \(known.joined(separator: ", "))"
    case .bagNotFound(let bean, _, _):
      return
        "give a bag number from 'dialshot profiles bean bags \(ShellWords.quoted(Formatting.visible(bean)))', or 'current'"
    case .recipeChangedSince:
      return "pull a shot with the current recipe, or use 'dialshot recipe set'"
    case .notLatestShot(_, _, let latest):
      return
        "answer the latest shot: 'dialshot suggest \(latest)', or set the recipe by hand with 'dialshot recipe set'"
    case .shotCorrected(_, let by):
      return "act on the correction: 'dialshot suggest \(by)'"
    case .emptyFile:
      return "remove the empty file to start a new log there, or pass another file with --db"
    case .grindDoesNotFit:
      return "give a number on the grinder's scale, or use a grinder with free-text settings"
    case .scaleDoesNotFitRecipe(_, let bean, _, _):
      return "set a grind that fits first: dialshot recipe set '\(Formatting.visible(bean))' --grind SETTING"
    case .staleImportToken:
      return "run 'dialshot import FILE' again to see a fresh preview and token"
    default:
      return nil
    }
  }

  /// How `dialshot` exits on this error (docs/design.md §8): 2 for input it could not process (a file, a
  /// name, a value), 1 for a request that does not apply to what is stored, 70 for a bug.
  var exitStatus: ExitCode {
    switch self {
    case .duplicateName, .recipeUnchanged, .noSuggestion, .alreadyAnswered, .nothingToAnswer, .recipeChangedSince,
      .notLatestShot, .cannotApply, .importBlocked, .shotVoided, .shotCorrected, .nothingToAmend, .nothingToUndo,
      .alreadyUndone,
      .scaleDoesNotFitRecipe:
      return .findings
    case .internalError, .closed:
      return .internalError
    default:
      return .invalidInput
    }
  }

  /// For a number or quantity error, what is wrong with the value (without the option's name).
  var valueText: String? {
    switch self {
    case .invalidNumber(let quantity, let text, let problem):
      switch problem {
      case .tooManyDecimals: return "'\(text)' has too many decimals (at most 9)"
      case .tooLarge: return "'\(text)' is too large"
      case .notANumber: return "expected a number in \(quantity.unit), found '\(text)'"
      }
    case .quantityOutOfRange(let quantity, let value):
      return Self.rangeText(value, quantity)
    default:
      return nil
    }
  }

  /// `must be greater than 0 g, found -1` or `600.5 s is implausibly large (at most 600)`.
  static func rangeText(_ value: ExactNumber, _ quantity: Quantity) -> String {
    if value <= .zero { return "must be greater than 0 \(quantity.unit), found \(value.decimalText)" }
    return "\(value.decimalText) \(quantity.unit) is implausibly large (at most \(quantity.maximum.decimalText))"
  }
}

extension Quantity {
  /// The option a value of this quantity is given with.
  var option: String {
    switch self {
    case .dose: "--dose"
    case .yield: "--yield"
    case .time: "--time"
    case .firstDrop: "--first-drop"
    case .temperature: "--temperature"
    case .capacity: "--capacity"
    case .bagWeight: "--weight"
    }
  }

  /// Reads the value of `option` (the option's name goes into the message of any problem).
  /// Typed text as `parse` reads it: a decimal comma (`36,5`) as a point, and this quantity's unit
  /// right after the number (`28s`, `36g`, `36.5 g`) left off. Anything else is left as typed,
  /// for `parse` to refuse with its own words.
  static func typed(_ text: String, unit: String) -> String {
    var t = text.trimmed
    if t.hasSuffix(unit), let digit = String(t.dropLast(unit.count)).trimmed.last, digit.isASCII, digit.isNumber {
      t = String(t.dropLast(unit.count)).trimmed
    }
    let parts = t.split(separator: ",", omittingEmptySubsequences: false)
    if parts.count == 2, !t.contains("."),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    {
      t = parts.joined(separator: ".")
    }
    return t
  }

  func parse(_ text: String, option: String) throws(CommandError) -> ExactNumber {
    do {
      return try parse(Self.typed(text, unit: unit))
    } catch {
      throw CommandError(
        .invalid, "\(option): \(error.valueText ?? error.message)", de: "\(option): \(error.message(in: .german))",
        es: "\(option): \(error.message(in: .spanish))")
    }
  }
}

extension ShotLogError.TextProblem {
  /// `a bean name cannot be empty`, `the grind setting is longer than 1000 bytes`.
  func text(subject: String) -> String {
    switch self {
    case .empty: "\(subject) cannot be empty"
    case .tooLong(let limit): "\(subject) is longer than \(limit) bytes"
    case .controlCharacter(let scalar):
      "\(subject) holds a control character (U+\(scalarHex(scalar))): names and settings are one line of plain text"
    }
  }
}

extension GrinderScale.Problem {
  /// What is wrong with the scale.
  var text: String {
    switch self {
    case .stepNotPositive: "the grinder step must be greater than 0"
    case .outOfRange: "grinder settings must lie between -100000 and 100000"
    case .minimumNotBelowMaximum: "the grinder minimum must be below its maximum"
    }
  }
}

extension SuggestedChange.Problem {
  /// Why the preview is missing, with what to do instead, in the presentation's language.
  func text(_ p: Presentation) -> String {
    guard p.language != .english else { return text }
    let hint: String
    switch self {
    case .grinderHasNoScale, .grindNotNumeric:
      hint = p.pick(
        "", de: "; neuen Mahlgrad setzen mit 'dialshot recipe set --grind'",
        es: "; ajusta la nueva molienda con 'dialshot recipe set --grind'")
    case .noTemperature:
      hint = p.pick(
        "", de: "; eine setzen mit 'dialshot recipe set --temperature'",
        es: "; ponle una con 'dialshot recipe set --temperature'")
    case .atLimit, .unreadable:
      hint = ""
    }
    return message(in: p.language) + hint
  }

  /// Why the preview is missing, with what to do instead.
  var text: String {
    switch self {
    case .grinderHasNoScale(let grinder):
      "grinder '\(grinder)' has free-text settings, so one step cannot be computed; set the new grind with 'dialshot recipe set --grind'"
    case .grindNotNumeric(let grind):
      "the grind setting '\(grind)' is not a number, so it cannot be moved by steps; set the new grind with 'dialshot recipe set --grind'"
    case .atLimit(let note):
      note
    case .noTemperature:
      "the recipe has no temperature to change; set one with 'dialshot recipe set --temperature'"
    case .unreadable(let field, let text):
      "the preview's new \(field) '\(text)' could not be read"
    }
  }
}

extension LogImportIssue {
  /// The issue's message, in the command line's words for the problems that concern the file as a
  /// whole.
  var text: String { text(Wording(.english)) }

  /// The message in `w`'s language: the two problems of the file as a whole in each language;
  /// the others (`.other`, about one value) in the library's English words.
  func text(_ w: Wording) -> String {
    switch kind {
    case .notAnExport:
      return w.pick(
        "expected \"dialshot-export\"; this is not a dialshot export",
        de: "\"dialshot-export\" erwartet; das ist kein Export von dialshot",
        es: "se esperaba \"dialshot-export\"; esto no es una exportación de dialshot")
    case .unsupportedVersion(let version):
      let newer =
        version > ExportDocument.version
        ? w.pick(" — upgrade dialshot", de: " — dialshot aktualisieren", es: " — actualiza dialshot") : ""
      let (low, high) = (ExportDocument.readableVersions.lowerBound, ExportDocument.readableVersions.upperBound)
      return w.pick(
        "export version \(version) is not supported; this dialshot reads versions \(low) to \(high)\(newer)",
        de:
          "Exportversion \(version) wird nicht unterstützt; dieses dialshot liest die Versionen \(low) bis \(high)\(newer)",
        es:
          "la versión de exportación \(version) no es compatible; este dialshot lee las versiones \(low) a \(high)\(newer)"
      )
    case .other:
      return message
    }
  }

  /// `file:line:column: $.path: message`, the place as far as it is known, the message in `w`'s
  /// language where it has one.
  func rendered(file: String, _ w: Wording = Wording(.english)) -> String {
    let place = line.map { "\(file):\($0):\(column ?? 1)" } ?? file
    return "\(place): \(path): \(text(w))"
  }
}
