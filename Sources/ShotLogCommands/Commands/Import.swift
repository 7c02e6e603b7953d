import CommandLineSupport
import ShotLog

/// `dialshot import`: restores a JSON export in two steps. Without --apply it validates the whole
/// file and prints a preview — what would be added, what is already there, what conflicts, what is
/// invalid (each with its JSON path) — and a token. With --apply TOKEN it imports in one
/// transaction, refusing if the file or the database changed since that preview.
enum ImportCommand: Command {
  static let name = "import"
  static let abstract = "Preview, then apply, an import of a JSON export"
  static let usage = ["dialshot import FILE", "dialshot import FILE --apply TOKEN"]
  static let details = """
    Rows are matched by UUID: a row already in the database with the same values is skipped; a bean,
    grinder or basket edited since is kept as the database has it (shown as a notice). A different
    profile with the same name, or a shot, recipe snapshot or answer with the same UUID but other
    values, is a conflict. Nothing is imported while anything is invalid or conflicting, and a
    failed import leaves the database exactly as it was.

    Exit status: 0 the preview is clean (or the import was applied), 1 conflicts, 2 the file is
    invalid or unreadable, or the token is stale.

    Options:
      --apply TOKEN    import, if the file and the database are as they were at the preview
    """
  static let spec = ArgumentSpec(options: ["--apply"], minPositionals: 1, maxPositionals: 1)

  /// How many issues of each kind are printed before "… and N more".
  static let shownIssues = 50

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let path = arguments.positionals[0]
    let bytes = try InputFiles.bytes(path, io: context.io, limit: InputFiles.batchFileLimit)
    let store = try context.store()
    if let token = arguments.value("--apply") {
      // A stale token is bad input for this command (status 2, see ErrorText), not a finding.
      let done = try store.applyImport(bytes, token: token)
      context.out.line("Imported \(done.added.summary) from \(path).")
      return .success
    }
    let preview = try store.previewImport(bytes)
    context.out.write(render(preview, path: path))
    if !preview.invalid.isEmpty { return .invalidInput }
    if !preview.conflicts.isEmpty { return .findings }
    return .success
  }

  static func render(_ preview: ImportPreview, path: String) -> String {
    var out = "Import preview for \(path):\n"
    out += "  would add:        \(preview.added.summary)\n"
    out += "  already present:  \(preview.unchanged.summary)\n"
    func section(_ title: String, _ issues: [ImportIssue]) {
      guard !issues.isEmpty else { return }
      out += "\(title) (\(issues.count)):\n"
      for issue in issues.prefix(shownIssues) { out += "  \(issue.rendered(file: path))\n" }
      if issues.count > shownIssues { out += "  … and \(issues.count - shownIssues) more\n" }
    }
    section("Invalid", preview.invalid)
    section("Conflicts", preview.conflicts)
    section("Kept as in the database", preview.kept)
    if !preview.invalid.isEmpty {
      out += "Nothing can be imported until the file is fixed.\n"
    } else if !preview.conflicts.isEmpty {
      out += "Nothing can be imported while there are conflicts.\n"
    } else if preview.added.total == 0 {
      out += "Nothing to import: everything is already in the database.\n"
    } else {
      out += "To import, run: dialshot import \(path) --apply \(preview.token)\n"
    }
    return out
  }
}
