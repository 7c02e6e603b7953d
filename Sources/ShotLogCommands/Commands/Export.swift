import CommandLineSupport
import ShotLog

/// `dialshot export`: the whole log as a versioned, restorable JSON document, the shots as a flat
/// CSV table for spreadsheets, or every shot's decided record as shot JSON Lines for rule authors.
/// See docs/shot-log.md for the formats.
enum ExportCommand: Command {
  static let name = "export"
  static let abstract = "Write the whole log as JSON (restorable), CSV, or shot JSON Lines"
  static let usage = ["dialshot export --json FILE", "dialshot export --csv FILE", "dialshot export --shots FILE"]
  static let details = """
    FILE '-' writes to standard output. Files are written atomically (a temporary file renamed into
    place), so an interrupted export never leaves half a file; a FILE that is a FIFO or a device
    (/dev/stdout, a link to /proc/self/fd/N) is written directly, never replaced.

    Options:
      --json FILE    the export document: every profile, recipe snapshot, shot (in shot JSON v1
                     form), decision and accept/reject event; 'dialshot import' restores it
      --csv FILE     one row per shot, RFC 4180 quoting, one header row (not importable)
      --shots FILE   one shot JSON v1 object per line: every shot's record as the rules decided on
                     it (recipe, grinder, measurements, previous shot), oldest first; for
                     'dialrules eval|diff|lint --shots' (not importable)
    """
  static let spec = ArgumentSpec(options: ["--json", "--csv", "--shots"], maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let json = arguments.value("--json")
    let csv = arguments.value("--csv")
    let shots = arguments.value("--shots")
    guard [json, csv, shots].compactMap({ $0 }).count == 1 else {
      throw UsageError("give exactly one of --json FILE, --csv FILE or --shots FILE")
    }
    let store = try context.store(.readOnly)
    let bytes =
      try json != nil ? store.exportJSON() : csv != nil ? store.exportCSV() : store.exportShotsJSONL()
    let path = json ?? csv ?? shots ?? "-"
    if path == "-" {
      context.out.write(String(decoding: bytes, as: UTF8.self))
    } else {
      try AtomicFile.write(bytes, to: path, io: context.io)
      let count = try store.attemptCount()
      context.err.line("Exported \(count) shot\(count == 1 ? "" : "s") to \(path).")
    }
    return .success
  }
}
