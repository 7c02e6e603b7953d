import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot export`: the whole log as a versioned, restorable JSON document, the shots as a flat
/// CSV table for spreadsheets, or every shot's decided record as shot JSON Lines for rule authors.
/// See docs/shot-log.md for the formats.
enum ExportCommand: Command {
  static let name = "export"
  static let abstract = "Write the whole log as JSON (restorable), CSV, or shot JSON Lines"
  static let usage = [
    "dialshot export --json FILE", "dialshot export --csv FILE [--local-time] [--excel]",
    "dialshot export --shots FILE",
  ]
  static let details = """
    FILE '-' writes to standard output. Files are written atomically (a temporary file renamed into
    place), so an interrupted export never leaves half a file; a FILE that is a FIFO or a device
    (/dev/stdout, a link to /proc/self/fd/N) is written directly, never replaced.

    Options:
      --json FILE    the export document: every profile, recipe snapshot, shot (in shot JSON v1
                     form), decision and accept/reject event; 'dialshot import' restores it
      --csv FILE     one row per shot, RFC 4180 quoting, one header row (not importable)
      --local-time   (with --csv) a pulled_at_local column after pulled_at: the local time
                     (TZ, or UTC with --utc) as 2026-03-01 09:15:00
      --excel        (with --csv) the form a spreadsheet opens cleanly: a UTF-8 byte order mark,
                     and where the locale (LC_ALL, LC_NUMERIC, LANG) writes a decimal comma — de,
                     es, fr, it, nl, pt and others — ';' between fields and numbers as 36,5
      --shots FILE   one shot JSON v1 object per line: every shot's record as the rules decided on
                     it (recipe, grinder, measurements, previous shot), oldest first; for
                     'dialrules eval|diff|lint --shots' (not importable)
    """
  static let spec = ArgumentSpec(
    options: ["--json", "--csv", "--shots"], flags: ["--local-time", "--excel"], maxPositionals: 0)

  /// Languages whose numbers are written with a decimal comma (and whose spreadsheets therefore
  /// separate CSV fields with `;`).
  static let decimalCommaLanguages: Set<String> = [
    "de", "es", "fr", "it", "nl", "pt", "da", "sv", "nb", "nn", "no", "fi", "pl", "cs", "sk", "sl", "hr", "hu",
    "ro", "ru", "uk", "tr", "el", "id", "ca", "eu", "gl", "is", "et", "lv", "lt", "bg", "sr",
  ]

  /// Whether the locale of the environment (`LC_ALL`, else `LC_NUMERIC`, else `LANG`) writes
  /// numbers with a decimal comma: `de_DE.UTF-8`, `es_ES`, `fr`.
  static func usesDecimalComma(_ variables: [String: String]) -> Bool {
    let locale = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
    let language = locale.prefix { $0.isLetter }.lowercased()
    return decimalCommaLanguages.contains(language)
  }

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let json = arguments.value("--json")
    let csv = arguments.value("--csv")
    let shots = arguments.value("--shots")
    guard [json, csv, shots].compactMap({ $0 }).count == 1 else {
      throw UsageError(
        "give exactly one of --json FILE, --csv FILE or --shots FILE",
        de: "genau eines von --json FILE, --csv FILE oder --shots FILE angeben",
        es: "indica exactamente uno de --json FILE, --csv FILE o --shots FILE")
    }
    for flag in ["--local-time", "--excel"] where arguments.flag(flag) && csv == nil {
      throw UsageError(
        "'\(flag)' applies to --csv only", de: "'\(flag)' gilt nur für --csv", es: "'\(flag)' vale solo para --csv")
    }
    let store = try context.store(.readOnly)
    let bytes: [UInt8]
    if json != nil {
      bytes = try store.exchange.exportJSON()
    } else if csv != nil {
      var form = CSVForm()
      if arguments.flag("--excel") {
        form.byteOrderMark = true
        if Self.usesDecimalComma(context.environment.variables) {
          form.separator = UInt8(ascii: ";")
          form.decimalComma = true
        }
      }
      if arguments.flag("--local-time") {
        let clock = context.presentation.clock
        form.localTime = { time in
          let seconds = clock.local(time)
          let second = ((seconds % 60) + 60) % 60
          return Timestamp(millisecondsSinceEpoch: seconds * 1000).shortText + (second < 10 ? ":0" : ":")
            + String(second)
        }
      }
      bytes = try store.exchange.exportCSV(form)
    } else {
      bytes = try store.exchange.exportShotsJSONL()
    }
    let path = json ?? csv ?? shots ?? "-"
    if path == "-" {
      context.out.write(String(decoding: bytes, as: UTF8.self))
    } else {
      try AtomicFile.write(bytes, to: path, io: context.io)
      context.err.line(
        try summary(path: path, shotsOnly: shots != nil, bytes: bytes, store, context.presentation.words))
    }
    return .success
  }

  /// `Exported 29 shots to FILE.` — the shots the file holds: for `--shots` the records written
  /// (one per line), with the voided and corrected ones left out counted.
  static func summary(
    path: String, shotsOnly: Bool, bytes: [UInt8], _ store: ShotLogStore, _ w: Wording = Wording(.english)
  ) throws -> String {
    let all = try store.shots.attemptCount()
    let written = shotsOnly ? bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } : all
    let left = all - written
    let shots = Formatting.shots(written, w)
    return w.pick(
      "Exported \(shots) to \(path)", de: "\(shots) nach \(path) exportiert", es: "Exportación a \(path): \(shots)")
      + (left > 0
        ? w.pick(
          " (\(left) voided or corrected left out).", de: " (\(left) verworfene oder berichtigte ausgelassen).",
          es: " (\(left) anuladas o corregidas, omitidas).") : ".")
  }
}
