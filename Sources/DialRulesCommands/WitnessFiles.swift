import DialRules
import Foundation

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
    let root = dir.hasPrefix("/") ? dir : io.currentDirectory + "/" + dir
    for report in reports {
      var target = root
      if reports.count > 1 {
        let name = URL(fileURLWithPath: report.file.path).deletingPathExtension().lastPathComponent
        target += "/" + (name.isEmpty ? "stdin" : name)
      }
      let files = (report.analysis?.findings ?? []).compactMap { finding -> (String, String)? in
        guard let witness = finding.witness, let id = witness.id else { return nil }
        return (id + ".json", JSONPrettyPrinter.format(witness.jsonText))
      }
      if files.isEmpty { continue }
      do {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for (name, text) in files {
          try Data(text.utf8).write(to: URL(fileURLWithPath: target + "/" + name), options: .atomic)
        }
      } catch {
        throw WriteError(message: "\(dir): error: cannot write witness files: \(error.localizedDescription)")
      }
    }
  }
}
