import Foundation
import Testing

@testable import ShotLog

/// The export's exact bytes, kept as goldens: the JSON export is a restorable contract
/// (docs/shot-log.md) and must not change by accident, so any refactoring of the writer is checked
/// against these files. `DIALRULES_UPDATE_GOLDENS=1 swift test` rewrites them (and fails, listing
/// what it wrote, so the change is reviewed in `git diff`).
@Suite struct ExportGoldenTests {
  static let directory = "Fixtures/shot-log"

  @Test(arguments: [("rich-log.export.json", "--json"), ("rich-log.export.csv", "--csv")])
  func theExportOfTheRichLogIsTheGolden(_ name: String, _ flag: String) throws {
    let actual = Array(ExportImportTests.richLog().expect(["export", flag, "-"]).out.utf8)
    let path = packageRoot() + "/" + Self.directory + "/" + name
    let expected = fileBytes(path)
    if ProcessInfo.processInfo.environment["DIALRULES_UPDATE_GOLDENS"] == "1" || expected.isEmpty {
      try FileManager.default.createDirectory(
        atPath: packageRoot() + "/" + Self.directory, withIntermediateDirectories: true)
      try Data(actual).write(to: URL(fileURLWithPath: path))
      Issue.record("wrote \(Self.directory)/\(name); review it with git diff")
      return
    }
    #expect(actual == expected, "the export differs from \(Self.directory)/\(name)")
  }
}
