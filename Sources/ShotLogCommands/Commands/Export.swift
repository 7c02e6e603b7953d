import CommandLineSupport
import ShotLog

/// `dialshot export`: the whole log as a versioned, restorable JSON document, or the shots as a flat
/// CSV table for spreadsheets. See docs/shot-log.md for both formats.
enum ExportCommand: Command {
  static let name = "export"
  static let abstract = "Write the whole log as JSON (restorable) or CSV"
  static let usage = ["dialshot export --json FILE", "dialshot export --csv FILE"]
  static let details = """
    FILE '-' writes to standard output. Files are written atomically (a temporary file renamed into
    place), so an interrupted export never leaves half a file.

    Options:
      --json FILE    the export document: every profile, recipe snapshot, shot (in shot JSON v1
                     form), decision and accept/reject event; 'dialshot import' restores it
      --csv FILE     one row per shot, RFC 4180 quoting, one header row (not importable)
    """
  static let spec = ArgumentSpec(options: ["--json", "--csv"], maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let json = arguments.value("--json")
    let csv = arguments.value("--csv")
    guard (json == nil) != (csv == nil) else { throw UsageError("give exactly one of --json FILE or --csv FILE") }
    let store = try context.store(.readOnly)
    let bytes = try json != nil ? store.exportJSON() : store.exportCSV()
    let path = json ?? csv ?? "-"
    if path == "-" {
      context.out.write(String(decoding: bytes, as: UTF8.self))
    } else {
      try AtomicFile.write(bytes, to: path, io: context.io)
      let shots = try store.attemptCount()
      context.err.line("Exported \(shots) shot\(shots == 1 ? "" : "s") to \(path).")
    }
    return .success
  }
}
