import CommandLineSupport
import DialRules

/// `lint --witness-dir`: every finding's witness shot as a shot JSON v1 file, laid out like the
/// fixtures in `Fixtures/shots/`, named after the witness id (`A001-harsh-strong-1.json`) so a
/// reviewer can commit the interesting ones as goldens.
enum WitnessFiles {
  /// A directory or file that could not be written (exit status 2).
  struct WriteError: Error {
    var message: String
  }

  /// Writes the witnesses of all reports under `dir` (created if needed). With several rule files,
  /// each gets a subdirectory named after the file, so equal witness ids cannot collide.
  static func write(_ reports: [LintReport], to dir: String, io: CommandIO) throws(WriteError) {
    for report in reports {
      var target = dir
      if reports.count > 1 {
        let name = fileStem(report.file.path)
        target += "/" + (name.isEmpty ? "stdin" : name)
      }
      let files = (report.analysis?.findings ?? []).flatMap(\.witnesses).compactMap { witness -> (String, String)? in
        guard let id = witness.id else { return nil }
        return (id + ".json", JSONPrettyPrinter.format(witness.jsonText))
      }
      if files.isEmpty { continue }
      do {
        try Directories.create(target, io: io)
        for (name, text) in files { try AtomicFile.write(text, to: target + "/" + name, io: io) }
      } catch {
        throw WriteError(message: error.message)
      }
    }
  }

  /// The last path component without its extension: `rules/espresso.dialrules` → `espresso`.
  static func fileStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
