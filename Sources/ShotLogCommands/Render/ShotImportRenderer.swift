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

  func render(_ preview: ShotImportPreview, command: String) -> String {
    var out = "Import preview (\(preview.files.count) file\(preview.files.count == 1 ? "" : "s")):\n"
    let width = preview.files.map(\.file.count).max() ?? 0
    for file in preview.files {
      let how = file.detected ? "detected" : "--from"
      var line = "  " + file.file + String(repeating: " ", count: width - file.file.count) + "  "
      line += "\(file.format.described) (\(how)): \(Self.count(file.shots.count, "shot"))"
      if !file.skipped.isEmpty { line += ", \(file.skipped.count) skipped" }
      out += line + "\n"
      for notice in file.notices { out += "    note: \(notice)\n" }
    }
    let added = preview.added
    out += "\nWould add \(Self.count(added.count, "shot"))"
    let already = preview.entries.filter { if case .alreadyImported = $0.status { true } else { false } }
    if !already.isEmpty { out += "; \(already.count) already imported" }
    let merged = preview.entries.filter { if case .sameShotAs = $0.status { true } else { false } }
    if !merged.isEmpty { out += "; \(merged.count) the same shot as in another file" }
    out += ".\n"
    if !added.isEmpty {
      let newBeans = Set(preview.newBeans)
      let newGrinders = Set(preview.newGrinders)
      func list(_ counts: [(name: String, count: Int)], new: Set<String>) -> String {
        counts.map { "\($0.count) \($0.name)" + (new.contains($0.name) ? " (new)" : "") }.joined(separator: ", ")
      }
      out += "  per bean:     " + list(preview.counts { $0.bean }, new: newBeans) + "\n"
      out += "  per grinder:  " + list(preview.counts { $0.grinder }, new: newGrinders) + "\n"
      out +=
        "  per source:   "
        + list(preview.counts { "\($0.shot.source.format.appName) (\($0.shot.source.file))" }, new: [])
        + "\n"
      let tasted = added.filter { $0.tasteFromNotes != nil }.count
      if tasted > 0 { out += "  taste from notes: \(Self.count(tasted, "shot"))\n" }
    }
    for entry in merged {
      if case .sameShotAs(let file) = entry.status {
        out +=
          "  \(entry.shot.source.file) holds the same shot as \(file) (\(entry.shot.source.idSpace) \(entry.shot.source.id))\n"
      }
    }
    for difference in preview.differences { out += "  differs: \(difference)\n" }

    let skipped = preview.files.flatMap { file in file.skipped.map { (file.file, $0) } }
    if !skipped.isEmpty {
      out += "\nSkipped (\(skipped.count)):\n"
      for (file, entry) in skipped.prefix(ImportCommand.shownIssues) {
        out += "  \(file): \(entry.id.map { $0 + ": " } ?? "")\(entry.reason)\n"
      }
      if skipped.count > ImportCommand.shownIssues {
        out += "  … and \(skipped.count - ImportCommand.shownIssues) more\n"
      }
    }

    if !added.isEmpty {
      out +=
        "\nShots\(added.count > shown ? " (the first \(shown) of \(added.count))" : ""), pulled (\(clock.label)):\n"
      for entry in added.prefix(shown) { out += shot(entry) }
      let withNotices = added.dropFirst(shown).filter { !$0.shot.notices.isEmpty }.count
      if withNotices > 0 {
        out += "  … \(Self.count(withNotices, "more shot")) with notes on what was read or left out\n"
      }
      out += "\nTo import, run: \(command) --apply \(preview.token)\n"
    } else {
      out += "\nNothing to import.\n"
    }
    return out
  }

  /// One shot: when, bean and grinder, grind, dose → yield in time, taste, then its notes and
  /// what was not carried over.
  func shot(_ entry: ShotImportPreview.Entry) -> String {
    let s = entry.shot
    var line = "  " + (s.pulledAt.map(clock.short) ?? "(no time)") + "  \(entry.bean) · \(entry.grinder)"
    if let grind = s.grind { line += "  grind \(grind)" }
    line += "  \(Formatting.grams(s.doseG)) → \(Formatting.grams(s.yieldG)) in \(Formatting.seconds(s.timeS))"
    if let taste = entry.tasteFromNotes { line += "  taste \(Formatting.tags(taste)) (from notes)" }
    var out = line + "\n"
    if let notes = s.notes { out += "      notes: " + ImportedShot.oneLine(notes) + "\n" }
    for notice in s.notices { out += "      note: " + notice + "\n" }
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
