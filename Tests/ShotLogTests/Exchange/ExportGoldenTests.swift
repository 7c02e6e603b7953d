import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// The export's exact bytes, kept as goldens: the JSON export is a restorable contract
/// (docs/shot-log.md) and must not change by accident, so any refactoring of the writer is checked
/// against these files. `DIALRULES_UPDATE_GOLDENS=1 swift test` rewrites them (and fails, naming
/// what it wrote, so the change is reviewed in `git diff`) — the shared `Golden` helper.
@Suite struct ExportGoldenTests {
  static let directory = "Fixtures/shot-log"

  /// Texts that need every kind of escape (quotes, backslashes, the control characters JSON has
  /// short escapes for and ones it has not), non-ASCII, exact decimals, and an accepted yield
  /// change with a negative delta.
  static func escapingLog() -> Scratch {
    let s = Scratch()
    s.expect(["profiles", "bean", "add", "Café \\ \"Ñandú\" ☕", "--roaster", "tab\there"])
    s.expect([
      "profiles", "grinder", "add", "Lagom P64", "--step", "0.25", "--min", "-5", "--max", "12.5", "--finer", "higher",
    ])
    s.expect([
      "recipe", "set", "Café", "--grinder", "Lagom", "--dose", "18.05", "--yield", "40.125", "--time", "27.5",
      "--grind", "3.25", "--temperature", "92.5", "--temperature-note", "bell\u{07} nul-less \u{1F} end",
    ])
    s.expect([
      "log", "Café", "--time", "27", "--yield", "40", "--taste", "bitter", "--notes", "bs\u{08} ff\u{0C} cr\r lf\n",
    ])
    s.expect(["accept", "--note", "\u{7F} delete and \u{2028} separator"])
    s.expect(["log", "Café", "--time", "20", "--yield", "38", "--taste", "sour,thin"])
    s.expect(["reject", "--note", "slash / and \\ backslash"])
    // A flow problem abstains (the default table's `gushing`), so this shot is not rejected.
    s.expect(["log", "Café", "--time", "20", "--yield", "38", "--taste", "sour,thin", "--flow", "gushing"])
    return s
  }

  @Test(arguments: [
    ("rich-log.export.json", "--json", false), ("rich-log.export.csv", "--csv", false),
    ("escaping-log.export.json", "--json", true), ("escaping-log.export.csv", "--csv", true),
  ])
  func theExportIsTheGolden(_ name: String, _ flag: String, _ escaping: Bool) throws {
    let log = escaping ? Self.escapingLog() : ExportImportTests.richLog()
    let actual = Array(log.expect(["export", flag, "-"]).out.utf8)
    let relative = Self.directory + "/" + name
    if let failure = Golden.check(String(decoding: actual, as: UTF8.self), against: relative) {
      Issue.record("\(failure)")
      return
    }
    // `String` equality is canonical equivalence; the contract is the exact bytes.
    #expect(actual == (try PackageRoot.bytes(relative)), "the export differs from \(relative) in its bytes")
  }
}
