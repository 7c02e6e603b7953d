import DialRules
import Foundation

/// Golden-file comparison with an update mode that fails until reviewed.
///
/// `DIALRULES_UPDATE_GOLDENS=1 swift test` rewrites expected outputs (and writes missing ones);
/// the test still fails and names the file, so every change is read in `git diff` before it is
/// committed. CI never sets the variable.
public enum Golden {
  public static var updating: Bool { ProcessInfo.processInfo.environment["DIALRULES_UPDATE_GOLDENS"] == "1" }

  /// Compares `actual` with the golden at `relative` (package-relative). Returns nil when they
  /// match, else a failure message with a line diff; in update mode writes the file first.
  public static func check(
    _ actual: String, against relative: String, updating: Bool = Golden.updating, filePath: String = #filePath
  ) -> String? {
    let path = PackageRoot.file(relative, from: filePath)
    let expected = try? String(contentsOfFile: path, encoding: .utf8)
    if expected == actual { return nil }
    if updating {
      do {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        return "wrote golden \(relative): review it with 'git diff' and run the tests again"
      } catch {
        return "could not write golden \(relative): \(error)"
      }
    }
    guard let expected else {
      return "missing golden \(relative); run with DIALRULES_UPDATE_GOLDENS=1 to create it, then review it"
    }
    return "\(relative) differs from the actual output:\n"
      + LineDiff.report(expected: expected, actual: actual, indent: "")
  }
}

extension Golden {
  /// Like `check`, for expectations that are seeded once and never overwritten (house style §17):
  /// in update mode only a missing golden is written; an existing one is compared. To accept a
  /// change, delete the golden, regenerate it and review it.
  public static func checkSeeded(
    _ actual: String, against relative: String, updating: Bool = Golden.updating, filePath: String = #filePath
  ) -> String? {
    let exists = FileManager.default.fileExists(atPath: PackageRoot.file(relative, from: filePath))
    return check(actual, against: relative, updating: updating && !exists, filePath: filePath)
  }
}
