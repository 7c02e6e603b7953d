import DialRules
import ShotLog

/// The preview of an import of other apps' files: each file with its format, the new shots per
/// bean, grinder and source, what is skipped and why, the first shots one by one with what they
/// could not carry over, and the command that applies it.
struct ShotImportRenderer {
  /// How many shots are listed one by one.
  var shown: Int
  /// The clock times are shown in: local (`TZ`), as `history` shows them, or UTC with `--utc`.
  var clock: LocalClock = .utc

  /// The language the preview is worded in.
  var words = Wording(.english)

  func render(_ preview: ShotImportPreview, command: String) -> String {
    filesSection(preview) + summarySection(preview) + skippedSection(preview) + shotsSection(preview, command: command)
  }

  /// The heading and each file with its format, its shots, and its notices.
  private func filesSection(_ preview: ShotImportPreview) -> String {
    let w = words
    var text = ""
    func out(_ line: String) { text += line + "\n" }
    let files = preview.files.count
    out(
      w.pick(
        "Import preview (\(files) file\(files == 1 ? "" : "s")):",
        de: "Vorschau des Imports (\(files) \(files == 1 ? "Datei" : "Dateien")):",
        es: "Vista previa de la importación (\(files) \(files == 1 ? "archivo" : "archivos")):"))
    let width = preview.files.map(\.file.count).max() ?? 0
    for file in preview.files {
      let how = file.detected ? w.pick("detected", de: "erkannt", es: "detectado") : "--from"
      var line = "  " + file.file + String(repeating: " ", count: width - file.file.count) + "  "
      line += "\(file.format.described) (\(how)): \(Formatting.shots(file.shots.count, w))"
      if !file.skipped.isEmpty {
        line += w.pick(
          ", \(file.skipped.count) skipped", de: ", \(file.skipped.count) übersprungen",
          es: ", \(file.skipped.count) omitidas")
      }
      out(line)
      for notice in file.notices { out("    " + w.pick("note: ", de: "Hinweis: ", es: "nota: ") + notice) }
    }
    return text
  }

  /// What the import would add (and what it would not: shots already imported, or the same shot
  /// in two files), the new shots per bean, grinder and source, and the differences found.
  private func summarySection(_ preview: ShotImportPreview) -> String {
    let w = words
    var text = ""
    func out(_ line: String) { text += line + "\n" }
    let added = preview.added
    var would =
      "\n" + w.pick("Would add ", de: "Würde hinzufügen: ", es: "Se añadirían: ") + Formatting.shots(added.count, w)
    let already = preview.entries.filter { if case .alreadyImported = $0.status { true } else { false } }
    if !already.isEmpty {
      would += w.pick(
        "; \(already.count) already imported", de: "; \(already.count) schon importiert",
        es: "; \(already.count) ya importadas")
    }
    let merged = preview.entries.filter { if case .sameShotAs = $0.status { true } else { false } }
    if !merged.isEmpty {
      would += w.pick(
        "; \(merged.count) the same shot as in another file",
        de: "; \(merged.count) derselbe Bezug wie in einer anderen Datei",
        es: "; \(merged.count) la misma extracción que en otro archivo")
    }
    out(would + ".")
    if !added.isEmpty { text += countsSection(preview, added: added) }
    for entry in merged {
      if case .sameShotAs(let file) = entry.status {
        let (source, id) = (entry.shot.source.file, "\(entry.shot.source.idSpace) \(entry.shot.source.id)")
        out(
          w.pick(
            "  \(source) holds the same shot as \(file) (\(id))",
            de: "  \(source) enthält denselben Bezug wie \(file) (\(id))",
            es: "  \(source) contiene la misma extracción que \(file) (\(id))"))
      }
    }
    for difference in preview.differences {
      out(w.pick("  differs: ", de: "  weicht ab: ", es: "  difiere: ") + difference)
    }
    return text
  }

  /// The new shots per bean, grinder and source (new profiles marked), and how many got their
  /// taste from their notes.
  private func countsSection(_ preview: ShotImportPreview, added: [ShotImportPreview.Entry]) -> String {
    let w = words
    var text = ""
    func out(_ line: String) { text += line + "\n" }
    let newBeans = Set(preview.newBeans)
    let newGrinders = Set(preview.newGrinders)
    let new = w.pick(" (new)", de: " (neu)", es: " (nuevo)")
    func list(_ counts: [(name: String, count: Int)], new names: Set<String>) -> String {
      counts.map { "\($0.count) \($0.name)" + (names.contains($0.name) ? new : "") }.joined(separator: ", ")
    }
    let labels =
      w.language == .english
      ? ["per bean:", "per grinder:", "per source:"]
      : w.language == .german
        ? ["je Kaffee:", "je Mühle:", "je Quelle:"] : ["por café:", "por molino:", "por origen:"]
    let pad = (labels.map { TerminalColumns.of($0) }.max() ?? 0) + 2
    func label(_ i: Int) -> String {
      "  " + labels[i] + String(repeating: " ", count: pad - TerminalColumns.of(labels[i]))
    }
    out(label(0) + list(preview.counts { $0.bean }, new: newBeans))
    out(label(1) + list(preview.counts { $0.grinder }, new: newGrinders))
    out(label(2) + list(preview.counts { "\($0.shot.source.format.appName) (\($0.shot.source.file))" }, new: []))
    let tasted = added.filter { $0.tasteFromNotes != nil }.count
    if tasted > 0 {
      out(
        w.pick("  taste from notes: ", de: "  Geschmack aus den Notizen: ", es: "  sabor de las notas: ")
          + Formatting.shots(tasted, w))
    }
    return text
  }

  /// What the files hold that is skipped, and why (the first `ImportCommand.shownIssues`).
  private func skippedSection(_ preview: ShotImportPreview) -> String {
    let w = words
    var text = ""
    func out(_ line: String) { text += line + "\n" }
    let skipped = preview.files.flatMap { file in file.skipped.map { (file.file, $0) } }
    if !skipped.isEmpty {
      out("\n" + w.pick("Skipped", de: "Übersprungen", es: "Omitidas") + " (\(skipped.count)):")
      for (file, entry) in skipped.prefix(ImportCommand.shownIssues) {
        out("  \(file): \(entry.id.map { $0 + ": " } ?? "")\(entry.text(in: w.language))")
      }
      if skipped.count > ImportCommand.shownIssues {
        let more = skipped.count - ImportCommand.shownIssues
        out(w.pick("  … and \(more) more", de: "  … und \(more) weitere", es: "  … y \(more) más"))
      }
    }
    return text
  }

  /// The first `shown` new shots one by one, and the command that applies the import; or that
  /// there is nothing to import.
  private func shotsSection(_ preview: ShotImportPreview, command: String) -> String {
    let w = words
    var text = ""
    func out(_ line: String) { text += line + "\n" }
    let added = preview.added
    if !added.isEmpty {
      let first =
        added.count > shown
        ? w.pick(
          " (the first \(shown) of \(added.count))", de: " (die ersten \(shown) von \(added.count))",
          es: " (las primeras \(shown) de \(added.count))") : ""
      out(
        "\n" + w.pick("Shots", de: "Bezüge", es: "Extracciones") + first + ", "
          + w.pick("pulled", de: "gezogen", es: "hechas") + " (\(clock.label)):")
      for entry in added.prefix(shown) { text += shot(entry) }
      let withNotices = added.dropFirst(shown).filter { !$0.shot.notices.isEmpty }.count
      if withNotices > 0 {
        out(
          w.pick(
            "  … \(Self.count(withNotices, "more shot")) with notes on what was read or left out",
            de: "  … \(withNotices) weitere mit Hinweisen darauf, was gelesen oder ausgelassen wurde",
            es: "  … \(withNotices) más con notas sobre lo que se leyó o se omitió"))
      }
      out(
        "\n" + w.pick("To import, run: ", de: "Zum Importieren: ", es: "Para importar, ejecuta: ")
          + "\(command) --apply \(preview.token)")
    } else {
      out("\n" + w.pick("Nothing to import.", de: "Nichts zu importieren.", es: "Nada que importar."))
    }
    return text
  }

  /// One shot: when, bean and grinder, grind, dose → yield in time, taste, then its notes and
  /// what was not carried over.
  func shot(_ entry: ShotImportPreview.Entry) -> String {
    let s = entry.shot
    let w = words
    var line =
      "  " + (s.pulledAt.map(clock.short) ?? w.pick("(no time)", de: "(ohne Zeit)", es: "(sin hora)"))
      + "  \(entry.bean) · \(entry.grinder)"
    if let grind = s.grind {
      line +=
        "  " + w.pick("grind", de: "Mahlgrad", es: "molienda") + " "
        + (w.language == .english ? grind : Formatting.grindText(grind, w))
    }
    line +=
      "  \(Formatting.grams(s.doseG, w)) → \(Formatting.grams(s.yieldG, w))" + w.pick(" in ", de: " in ", es: " en ")
      + Formatting.seconds(s.timeS, w)
    if let taste = entry.tasteFromNotes {
      line +=
        "  " + w.pick("taste", de: "Geschmack", es: "sabor") + " " + Formatting.tags(taste, w)
        + w.pick(" (from notes)", de: " (aus den Notizen)", es: " (de las notas)")
    }
    var out = line + "\n"
    if let notes = s.notes {
      out += "      " + w.pick("notes: ", de: "Notizen: ", es: "notas: ") + ImportedShot.oneLine(notes) + "\n"
    }
    for notice in s.notices { out += "      " + w.pick("note: ", de: "Hinweis: ", es: "nota: ") + notice + "\n" }
    return out
  }

  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

extension ImportedShot {
  /// Notes on one line: line breaks as ` / `, at most 100 characters.
  static func oneLine(_ text: String) -> String {
    let flat = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " / ")
    return flat.count > 100 ? String(flat.prefix(100)) + "…" : flat
  }
}
