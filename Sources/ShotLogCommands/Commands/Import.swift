import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot import`: merges or restores the log's own JSON export, or imports shots from other
/// apps' files (docs/importing.md), in two steps. Without --apply it reads and checks everything —
/// deriving every exported shot's decision again from its record, deciding every other app's shot
/// as logging it would — and prints a preview and a token; with --apply TOKEN it imports in one
/// transaction, refusing if a file or the database changed since that preview. --replace restores
/// an export exactly instead of merging. A preview only reads: it never creates the database.
enum ImportCommand: Command {
  static let name = "import"
  static let abstract = "Preview, then apply, an import of an export or of other apps' shots"
  static let usage = [
    "dialshot import FILE [--replace] [--rules FILE] [--apply TOKEN]",
    "dialshot import [--from APP] [--taste-from-notes] [--recipe-time S] [--rules FILE] FILE… [--apply TOKEN]",
  ]
  static let details = """
    A file that is dialshot's own JSON export is merged by default: rows are matched by UUID; a
    row already in the database with the same values is skipped; a bean, grinder or basket edited
    since is kept as the database has it (shown as a notice). A different profile with the same
    name, or a shot, recipe snapshot, answer, void or undo with the same UUID but other values, is
    a conflict that names the field that differs.

    Replacing (--replace, an export only): everything in the database is removed and the file's
    rows are inserted in the file's order, in one transaction: a backup is restored exactly, shot
    numbers included.

    Nothing in an export is taken on trust: every shot's decision is derived again from its record
    with the rules the file names (by content hash: the built-in rules, the configured rules file
    or --rules). A decision that differs is invalid and shown; one whose rules are not at hand is
    imported marked "decided by other rules" and listed.

    Any other file is read as another app's: a Beanconqueror backup (.zip or JSON) or brew,
    Decent .shot or v2 JSON, a Visualizer shot, Gaggiuino, Meticulous or GaggiMate shots, or a
    Smart Espresso Profiler CSV. The format is told from the content (the preview says which)
    unless --from names it. The preview counts the new shots per bean, grinder and source, lists
    what is skipped and why and what each shot could not carry over. Each new shot is decided by
    the rules (--rules, else as 'dialshot log') against its own recipe snapshot and the previous
    shot of its bean and grinder, and keeps that record, as a logged shot does. Re-importing a file
    adds nothing: each shot keeps its source's own id. Taste stays unknown unless
    --taste-from-notes reads it from the notes (shown as "from notes"). See docs/importing.md for
    every format.

    Nothing is imported while anything is invalid or conflicting, and a failed import leaves the
    database exactly as it was.

    Exit status: 0 the preview is clean (or the import was applied), 1 conflicts, 2 a file is
    invalid or unreadable, or the token is stale.

    Options:
      --apply TOKEN        import, if the files and the database are as they were at the preview
      --replace            restore an export exactly, replacing everything in the database
      --rules FILE         rules an export's decisions may name, to check them; the rules that
                           decide other apps' shots (default: as 'dialshot log')
      --from APP           beanconqueror, visualizer, decent, gaggiuino, meticulous, gaggimate or sep
      --taste-from-notes   read a taste verdict from each shot's notes (docs/importing.md)
      --recipe-time S      the target time of imported shots' recipes (default 28)
    """
  static let spec = ArgumentSpec(
    options: ["--apply", "--from", "--recipe-time", "--rules"], flags: ["--taste-from-notes", "--replace"],
    minPositionals: 1)

  /// How many issues of each kind are printed before "… and N more".
  static let shownIssues = 50
  /// How many shots the preview lists one by one.
  static let shownShots = 20

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let paths = arguments.positionals
    let foreignOptions =
      ["--from", "--recipe-time"].contains { arguments.value($0) != nil } || arguments.flag("--taste-from-notes")
    if paths.count == 1, !foreignOptions {
      let bytes = try InputFiles.bytes(paths[0], io: context.io, limit: InputFiles.batchFileLimit)
      if isShotLogExport(bytes) { return try restore(bytes, path: paths[0], arguments, context) }
      try refuseReplace(arguments)
      return try foreign([ShotImportFile(name: paths[0], bytes: bytes)], arguments, context)
    }
    var files: [ShotImportFile] = []
    for path in paths {
      let bytes = try InputFiles.bytes(path, io: context.io, limit: InputFiles.batchFileLimit)
      if isShotLogExport(bytes) {
        throw UsageError(
          "\(path) is a dialshot export: restore it on its own, without other files or options",
          de: "\(path) ist ein dialshot-Export: allein wiederherstellen, ohne andere Dateien oder Optionen",
          es: "\(path) es una exportación de dialshot: restáurala sola, sin otros archivos ni opciones")
      }
      files.append(ShotImportFile(name: path, bytes: bytes))
    }
    try refuseReplace(arguments)
    return try foreign(files, arguments, context)
  }

  /// `--replace` restores a dialshot export; other apps' shots are only ever added.
  static func refuseReplace(_ arguments: ParsedArguments) throws {
    if arguments.flag("--replace") {
      throw UsageError(
        "'--replace' restores a dialshot export; other apps' shots are added to the log, never replace it",
        de:
          "'--replace' stellt einen dialshot-Export wieder her; Bezüge anderer Apps kommen zum Protokoll dazu und ersetzen es nie",
        es:
          "'--replace' restaura una exportación de dialshot; las extracciones de otras apps se añaden al registro, nunca lo sustituyen"
      )
    }
  }

  /// The store a preview reads: the database when it exists; else an empty one in memory, so that
  /// previewing never creates the file.
  static func previewStore(_ context: CommandContext) throws -> ShotLogStore {
    let (databasePath, _) = try context.databasePath()
    return Platform.exists(databasePath, io: context.io)
      ? try context.store(.readOnly)
      : try ShotLogStore.openInMemory(clock: context.environment.now, ids: context.environment.ids)
  }

  /// Whether `bytes` begin as dialshot's own export does: `{`, then `"format": "dialshot-export"`.
  static func isShotLogExport(_ bytes: [UInt8]) -> Bool {
    var squeezed: [UInt8] = []
    for b in bytes.prefix(256) where b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 { squeezed.append(b) }
    if squeezed.starts(with: [0xEF, 0xBB, 0xBF]) { squeezed.removeFirst(3) }
    return squeezed.starts(with: Array(#"{"format":"dialshot-export""#.utf8))
  }

  // MARK: - Other apps' files

  static func options(_ arguments: ParsedArguments, _ context: CommandContext, store: ShotLogStore) throws
    -> ShotImportOptions
  {
    var options = ShotImportOptions(tasteFromNotes: arguments.flag("--taste-from-notes"))
    if let from = arguments.value("--from") {
      guard let formats = ImportFormat.sourceNames.first(where: { $0.name == from })?.formats else {
        let names = ImportFormat.sourceNames.map(\.name).joined(separator: ", ")
        throw UsageError(
          "'--from' takes one of \(names); found '\(from)'",
          de: "'--from' nimmt eines von \(names); gefunden '\(from)'",
          es: "'--from' admite uno de \(names); se encontró '\(from)'")
      }
      options.formats = formats
    }
    if let time = arguments.value("--recipe-time") {
      options.recipeTimeS = try Quantity.time.parse(time)
    }
    options.rules = try RulesLoader.rules(context, store: store)
    return options
  }

  static func foreign(_ files: [ShotImportFile], _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    let applying = arguments.value("--apply") != nil
    let store = applying ? try context.store() : try previewStore(context)
    let options = try options(arguments, context, store: store)
    do throws(ShotImportError) {
      if let token = arguments.value("--apply") {
        let (done, ids) = try store.shotImport.applyShotImport(files, options: options, token: token)
        let skipped = done.files.reduce(0) { $0 + $1.skipped.count }
        let p = context.presentation
        var shots = Formatting.shots(ids.count, p.words)
        if let first = ids.min(), let last = ids.max() { shots += " (#\(first)–#\(last))" }
        let n = files.count
        var line = p.pick(
          "Imported \(shots) from \(n) file\(n == 1 ? "" : "s")",
          de: "\(shots) aus \(n) \(n == 1 ? "Datei" : "Dateien") importiert",
          es: "Importación de \(n) \(n == 1 ? "archivo" : "archivos"): \(shots)")
        if skipped > 0 {
          line += p.pick("; \(skipped) skipped", de: "; \(skipped) übersprungen", es: "; \(skipped) omitidas")
        }
        context.out.line(line + ".")
        return .success
      }
      let preview = try store.shotImport.previewShotImport(files, options: options)
      context.out.write(
        ShotImportRenderer(shown: shownShots, clock: context.presentation.clock, words: context.presentation.words)
          .render(
            preview, command: applyCommand(arguments)))
      return .success
    } catch .unreadable(let problem) {
      context.err.write(
        "dialshot: error: \(problem)\n"
          + context.presentation.pick(
            "Nothing was imported.", de: "Es wurde nichts importiert.", es: "No se importó nada.") + "\n")
      return .invalidInput
    } catch .staleToken(let token) {
      throw CommandError(
        .invalid, "the files or the database changed since the preview (token \(token))",
        de: "die Dateien oder die Datenbank haben sich seit der Vorschau geändert (Token \(token))",
        es: "los archivos o la base de datos cambiaron desde la vista previa (token \(token))",
        help: Phrase(
          "preview the import again and apply the new token",
          de: "die Vorschau des Imports wiederholen und das neue Token anwenden",
          es: "vuelve a previsualizar la importación y aplica el nuevo token"))
    } catch .store(let error) {
      throw error
    }
  }

  /// The command that applies the preview: this one, with `--apply` and the token to come.
  static func applyCommand(_ arguments: ParsedArguments) -> String {
    var words = ["dialshot", "import"]
    if let from = arguments.value("--from") { words += ["--from", ShellWords.quoted(from)] }
    if arguments.flag("--taste-from-notes") { words.append("--taste-from-notes") }
    if let time = arguments.value("--recipe-time") { words += ["--recipe-time", ShellWords.quoted(time)] }
    if let rules = arguments.value("--rules") { words += ["--rules", ShellWords.quoted(rules)] }
    if let db = arguments.value("--db") { words += ["--db", ShellWords.quoted(db)] }
    return (words + arguments.positionals.map(ShellWords.quoted)).joined(separator: " ")
  }

  // MARK: - The log's own export

  static func restore(_ bytes: [UInt8], path: String, _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    let replacing = arguments.flag("--replace")
    if let token = arguments.value("--apply") {
      let store = try context.store()
      // A stale token is bad input for this command (status 2, see ErrorText), not a finding.
      let done = try store.exchange.applyLogImport(
        bytes, token: token, rules: try rules(context, store), replacing: replacing)
      let p = context.presentation
      let added = summary(done.added, p.words)
      if replacing {
        let removed = summary(done.removed, p.words)
        context.out.line(
          p.pick(
            "Replaced \(removed) with \(added) from \(path).", de: "\(removed) ersetzt durch \(added) aus \(path).",
            es: "Sustituido el contenido (\(removed)) por \(added) de \(path)."))
      } else {
        context.out.line(
          p.pick(
            "Imported \(added) from \(path).", de: "\(added) aus \(path) importiert.",
            es: "Importado de \(path): \(added)."))
      }
      return .success
    }
    let store = try previewStore(context)
    let preview = try store.exchange.previewLogImport(bytes, rules: try rules(context, store), replacing: replacing)
    context.out.write(render(preview, path: path, command: applyCommand(arguments), context.presentation.words))
    if !preview.invalid.isEmpty { return .invalidInput }
    if !preview.conflicts.isEmpty { return .findings }
    return .success
  }

  /// The rules besides the built-in ones that the file's decisions can be checked against: the
  /// ones `--rules`, `$DIALSHOT_RULES` or the configuration name.
  static func rules(_ context: CommandContext, _ store: ShotLogStore) throws -> [RuleSet] {
    guard try RulesLoader.path(context, store: store) != nil || context.environment.rulesOverride != nil else {
      return []
    }
    return [try RulesLoader.rules(context, store: store)]
  }

  /// - Parameter command: the command that applies the preview, without `--apply TOKEN`: the file
  ///   and options as given, quoted for a shell (`--db` too, so it imports into the log previewed).
  static func render(
    _ preview: LogImportPreview, path: String, command: String? = nil, _ w: Wording = Wording(.english)
  ) -> String {
    let everything =
      preview.replacing ? w.pick(" (replacing everything)", de: " (ersetzt alles)", es: " (lo sustituye todo)") : ""
    var out =
      w.pick("Import preview for ", de: "Vorschau des Imports von ", es: "Vista previa de la importación de ")
      + "\(path)\(everything):\n"
    out += countLines(preview, w)
    out += issueSections(preview, path: path, w)
    out += verdict(preview, path: path, command: command, w)
    return out
  }

  /// What the import would remove, add and find already present, and the decisions checked or
  /// decided by rules this log does not have.
  private static func countLines(_ preview: LogImportPreview, _ w: Wording) -> String {
    var out = ""
    // The labels padded to one column (`TerminalColumns`, as a table pads them).
    let labels =
      w.language == .english
      ? ["would remove:", "would add:", "already present:", "decisions:"]
      : w.language == .german
        ? ["würde entfernen:", "würde hinzufügen:", "schon vorhanden:", "Entscheidungen:"]
        : ["se quitaría:", "se añadiría:", "ya presente:", "decisiones:"]
    let width = labels.map { TerminalColumns.of($0) }.max() ?? 0
    func line(_ i: Int, _ text: String) -> String {
      "  " + labels[i] + String(repeating: " ", count: width + 2 - TerminalColumns.of(labels[i])) + text + "\n"
    }
    if preview.replacing { out += line(0, summary(preview.removed, w)) }
    out += line(1, summary(preview.added, w))
    if !preview.replacing { out += line(2, summary(preview.unchanged, w)) }
    if preview.checkedDecisions > 0 {
      let n = preview.checkedDecisions
      out += line(
        3,
        w.pick(
          "\(n) derived again from their records and found as stated",
          de: "\(n) aus ihren Aufzeichnungen neu abgeleitet und wie angegeben gefunden",
          es: "\(n) derivadas de nuevo de sus registros y halladas tal como constan"))
    }
    for other in preview.decidedElsewhere {
      let (shots, name, hash) = (Formatting.shots(other.shots, w), Formatting.visible(other.name), other.hash)
      out +=
        w.pick(
          "  decided by other rules: \(shots) by '\(name)' (content hash \(hash)), which this log does not have; imported unchecked (pass --rules FILE to check them)",
          de:
            "  von anderen Regeln entschieden: \(shots) von '\(name)' (Inhaltshash \(hash)), die dieses Protokoll nicht hat; ungeprüft importiert (mit --rules FILE prüfen)",
          es:
            "  decididas por otras reglas: \(shots) por '\(name)' (hash de contenido \(hash)), que este registro no tiene; se importan sin comprobar (usa --rules FILE para comprobarlas)"
        ) + "\n"
    }
    return out
  }

  /// The invalid, conflicting and kept entries (the first `shownIssues` of each).
  private static func issueSections(_ preview: LogImportPreview, path: String, _ w: Wording) -> String {
    var out = ""
    func section(_ title: String, _ issues: [LogImportIssue]) {
      guard !issues.isEmpty else { return }
      out += "\(title) (\(issues.count)):\n"
      for issue in issues.prefix(shownIssues) { out += "  \(issue.rendered(file: path, w))\n" }
      if issues.count > shownIssues {
        let more = issues.count - shownIssues
        out += w.pick("  … and \(more) more", de: "  … und \(more) weitere", es: "  … y \(more) más") + "\n"
      }
    }
    section(w.pick("Invalid", de: "Ungültig", es: "No válido"), preview.invalid)
    section(w.pick("Conflicts", de: "Konflikte", es: "Conflictos"), preview.conflicts)
    section(
      w.pick(
        "Kept as in the database", de: "Wie in der Datenbank behalten", es: "Se conserva como en la base de datos"),
      preview.kept)
    return out
  }

  /// Why nothing can be imported, or that nothing needs to be, or the command that imports.
  private static func verdict(_ preview: LogImportPreview, path: String, command: String?, _ w: Wording) -> String {
    var out = ""
    if !preview.invalid.isEmpty {
      out +=
        w.pick(
          "Nothing can be imported until the file is fixed.",
          de: "Nichts lässt sich importieren, solange die Datei fehlerhaft ist.",
          es: "No se puede importar nada hasta que se corrija el archivo.") + "\n"
    } else if !preview.conflicts.isEmpty {
      out +=
        w.pick(
          "Nothing can be imported while there are conflicts.",
          de: "Nichts lässt sich importieren, solange es Konflikte gibt.",
          es: "No se puede importar nada mientras haya conflictos.") + "\n"
    } else if preview.added.total == 0, !preview.replacing {
      out +=
        w.pick(
          "Nothing to import: everything is already in the database.",
          de: "Nichts zu importieren: alles ist schon in der Datenbank.",
          es: "Nada que importar: todo está ya en la base de datos.") + "\n"
    } else {
      let run =
        command.map { $0 + (preview.replacing ? " --replace" : "") }
        ?? "dialshot import \(ShellWords.quoted(path))\(preview.replacing ? " --replace" : "")"
      out +=
        w.pick("To import, run: ", de: "Zum Importieren: ", es: "Para importar, ejecuta: ")
        + "\(run) --apply \(preview.token)\n"
    }
    return out
  }

  /// `3 beans, 1 grinder, …` (the log's own English words, `LogImportCounts.summary`) in `w`'s
  /// language: only the non-zero kinds; `nothing` when all are zero.
  static func summary(_ counts: LogImportCounts, _ w: Wording) -> String {
    guard w.language != .english else { return counts.summary }
    let de = w.language == .german
    let parts: [(Int, (String, String), (String, String))] = [
      (counts.settings, ("Einstellung", "Einstellungen"), ("ajuste", "ajustes")),
      (counts.beans, ("Kaffee", "Kaffees"), ("café", "cafés")),
      (counts.bags, ("Packung", "Packungen"), ("bolsa", "bolsas")),
      (counts.grinders, ("Mühle", "Mühlen"), ("molino", "molinos")),
      (counts.baskets, ("Sieb", "Siebe"), ("filtro", "filtros")),
      (counts.snapshots, ("Rezeptstand", "Rezeptstände"), ("versión de receta", "versiones de receta")),
      (counts.attempts, ("Bezug", "Bezüge"), ("extracción", "extracciones")),
      (counts.events, ("Annahme/Ablehnung", "Annahmen/Ablehnungen"), ("aceptación/rechazo", "aceptaciones/rechazos")),
      (counts.voids, ("Verwerfung", "Verwerfungen"), ("anulación", "anulaciones")),
      (counts.undos, ("Rücknahme", "Rücknahmen"), ("deshecho", "deshechos")),
    ]
    let shown = parts.filter { $0.0 > 0 }.map { n, german, spanish in
      let (one, many) = de ? german : spanish
      return "\(n) \(n == 1 ? one : many)"
    }
    return shown.isEmpty ? w.pick("", de: "nichts", es: "nada") : shown.joined(separator: ", ")
  }
}

/// Words for a shell command line: quoted when they hold anything but safe characters.
enum ShellWords {
  static func quoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@+,".contains($0)) }
    if safe && !word.isEmpty { return word }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
