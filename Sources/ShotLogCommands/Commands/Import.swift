import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot import`: merges or restores a JSON export in two steps. Without --apply it validates
/// the whole file — deriving every shot's decision again from its record — and prints a preview:
/// what would be added, what is already there, what conflicts (naming the field), what is invalid
/// (each with its JSON path), which decisions came from rules this log does not have, and a token.
/// With --apply TOKEN it imports in one transaction, refusing if the file or the database changed
/// since that preview. --replace restores the file exactly instead of merging.
enum ImportCommand: Command {
  static let name = "import"
  static let abstract = "Preview, then apply, an import of a JSON export"
  static let usage = [
    "dialshot import FILE [--replace] [--rules FILE]", "dialshot import FILE [--replace] --apply TOKEN [--rules FILE]",
  ]
  static let details = """
    Merging (the default): rows are matched by UUID; a row already in the database with the same
    values is skipped; a bean, grinder or basket edited since is kept as the database has it (shown
    as a notice). A different profile with the same name, or a shot, recipe snapshot, answer, void
    or undo with the same UUID but other values, is a conflict that names the field that differs.

    Replacing (--replace): everything in the database is removed and the file's rows are inserted
    in the file's order, in one transaction: a backup is restored exactly, shot numbers included.

    Nothing in the file is taken on trust: every shot's decision is derived again from its record
    with the rules the file names (by content hash: the built-in rules, the configured rules file
    or --rules). A decision that differs is invalid and shown; one whose rules are not at hand is
    imported marked "decided by other rules" and listed. Nothing is imported while anything is
    invalid or conflicting, and a failed import leaves the database exactly as it was.

    Exit status: 0 the preview is clean (or the import was applied), 1 conflicts, 2 the file is
    invalid or unreadable, or the token is stale.

    Options:
      --apply TOKEN    import, if the file and the database are as they were at the preview
      --replace        restore the file exactly, replacing everything in the database
      --rules FILE     rules the file's decisions may name, to check them
    """
  static let spec = ArgumentSpec(
    options: ["--apply", "--rules"], flags: ["--replace"], minPositionals: 1, maxPositionals: 1)

  /// How many issues of each kind are printed before "… and N more".
  static let shownIssues = 50

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let path = arguments.positionals[0]
    let bytes = try InputFiles.bytes(path, io: context.io, limit: InputFiles.batchFileLimit)
    let replacing = arguments.flag("--replace")
    if let token = arguments.value("--apply") {
      let store = try context.store()
      // A stale token is bad input for this command (status 2, see ErrorText), not a finding.
      let done = try store.applyImport(bytes, token: token, rules: try rules(context, store), replacing: replacing)
      if replacing {
        context.out.line("Replaced \(done.removed.summary) with \(done.added.summary) from \(path).")
      } else {
        context.out.line("Imported \(done.added.summary) from \(path).")
      }
      return .success
    }
    // A preview only reads: against a log that does not exist yet, it is checked against an empty
    // one in memory, and no file is created.
    let (databasePath, _) = try context.databasePath()
    let store =
      Platform.exists(databasePath, io: context.io)
      ? try context.store(.readOnly)
      : try ShotLogStore.openInMemory(clock: context.environment.now, ids: context.environment.ids)
    let preview = try store.previewImport(bytes, rules: try rules(context, store), replacing: replacing)
    context.out.write(render(preview, path: path))
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

  static func render(_ preview: ImportPreview, path: String) -> String {
    var out = "Import preview for \(path)\(preview.replacing ? " (replacing everything)" : ""):\n"
    if preview.replacing { out += "  would remove:     \(preview.removed.summary)\n" }
    out += "  would add:        \(preview.added.summary)\n"
    if !preview.replacing { out += "  already present:  \(preview.unchanged.summary)\n" }
    if preview.checkedDecisions > 0 {
      out += "  decisions:        \(preview.checkedDecisions) derived again from their records and found as stated\n"
    }
    for other in preview.decidedElsewhere {
      out +=
        "  decided by other rules: \(other.shots) shot\(other.shots == 1 ? "" : "s") by '\(other.name)' (content hash \(other.hash)), which this log does not have; imported unchecked (pass --rules FILE to check them)\n"
    }
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
    } else if preview.added.total == 0, !preview.replacing {
      out += "Nothing to import: everything is already in the database.\n"
    } else {
      out +=
        "To import, run: dialshot import \(path)\(preview.replacing ? " --replace" : "") --apply \(preview.token)\n"
    }
    return out
  }
}
