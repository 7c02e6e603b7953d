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
    return "\(relative) differs from the actual output:\n" + LineDiff.describe(expected: expected, actual: actual)
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

/// A readable line diff: the first differing line, then a unified-style listing of the changes.
public enum LineDiff {
  public static func describe(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out = ""
    if let first = zip(e, a).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      out += "first difference at line \(first + 1)\n"
    } else {
      out += "first difference at line \(min(e.count, a.count) + 1)\n"
    }
    for change in a.difference(from: e) {
      switch change {
      case .remove(let offset, let line, _): out += "-\(offset + 1): \(line)\n"
      case .insert(let offset, let line, _): out += "+\(offset + 1): \(line)\n"
      }
    }
    return out
  }
}
