import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// What comes out (issue 22 item 6): counts that say what was written, the CSV's ratio with two
/// decimals, a local-time column, a form a spreadsheet set to German opens cleanly, and recipe
/// history in a barista's words. Each failed before its fix.
@Suite struct ExportFormTests {
  func rows(_ bytes: Data) -> [String] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
  }

  @Test func theShotsExportCountsTheShotsItWrote() throws {
    let s = Scratch.guji()
    s.expect(["log", "21", "36", "sour"])
    s.expect(["log", "40", "36", "bitter"])
    s.expect(["log", "27", "36", "balanced"])
    s.expect(["void", "2", "--why", "scale not tared"])
    let file = s.directory.file("shots.jsonl")
    let result = s.expect(["export", "--shots", file])
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(result.err.contains("Exported 2 shots to \(file) (1 voided or corrected left out)."), "\(result.err)")
    // The full export holds every shot, voided too, and says so.
    #expect(s.expect(["export", "--json", s.directory.file("all.json")]).err.contains("Exported 3 shots"))
  }

  @Test func theCSVRatioHasTwoDecimalsAndALocalTimeColumnOnRequest() throws {
    let s = Scratch.guji()
    let berlin = ["TZ": "Europe/Berlin"]
    #expect(s.run(["log", "28", "36", "--at", "2026-03-01 09:05"], variables: berlin).status == 0)
    let plain = s.directory.file("plain.csv")
    s.expect(["export", "--csv", plain])
    let table = rows(try Data(contentsOf: URL(fileURLWithPath: plain))).map { $0.components(separatedBy: ",") }
    let ratio = try #require(table[0].firstIndex(of: "ratio"))
    #expect(table[1][ratio] == "2.00")
    #expect(!table[0].contains("pulled_at_local"))
    let local = s.directory.file("local.csv")
    #expect(s.run(["export", "--csv", local, "--local-time"], variables: berlin).status == 0)
    let withLocal = rows(try Data(contentsOf: URL(fileURLWithPath: local))).map { $0.components(separatedBy: ",") }
    #expect(Array(withLocal[0].prefix(4)) == ["shot", "uuid", "pulled_at", "pulled_at_local"])
    #expect(withLocal[1][2] == "2026-03-01T08:05:00Z")
    #expect(withLocal[1][3] == "2026-03-01 09:05:00")
    #expect(s.run(["export", "--json", local, "--local-time"]).status == 64)
  }

  @Test func theExcelFormFollowsTheLocale() throws {
    let s = Scratch.guji()
    s.expect(["log", "21", "36.4", "sour", "--notes", "tight, then fast"])
    let german = s.directory.file("de.csv")
    #expect(s.run(["export", "--csv", german, "--excel"], variables: ["LANG": "de_DE.UTF-8"]).status == 0)
    let de = try Data(contentsOf: URL(fileURLWithPath: german))
    #expect(Array(de.prefix(3)) == [0xEF, 0xBB, 0xBF], "a UTF-8 byte order mark")
    let deRows = rows(de.dropFirst(3)).map { $0.components(separatedBy: ";") }
    let header = deRows[0]
    #expect(header.count == ExportFormTests.columnCount)
    let index = { (name: String) in header.firstIndex(of: name) ?? 0 }
    #expect(deRows[1][index("yield_g")] == "36,4")
    #expect(deRows[1][index("ratio")] == "2,02")
    #expect(deRows[1][index("notes")] == "tight, then fast", "a comma needs no quotes between semicolons")
    // Where numbers take a point, the separator stays a comma; the byte order mark is there.
    let english = s.directory.file("en.csv")
    #expect(s.run(["export", "--csv", english, "--excel"], variables: ["LANG": "en_US.UTF-8"]).status == 0)
    let en = try Data(contentsOf: URL(fileURLWithPath: english))
    #expect(Array(en.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(String(decoding: en.dropFirst(3), as: UTF8.self).contains(",36.4,"))
    // LC_ALL wins over LANG; Spanish writes a decimal comma too.
    #expect(ExportCommand.usesDecimalComma(["LC_ALL": "es_ES.UTF-8", "LANG": "en_US"]))
    #expect(!ExportCommand.usesDecimalComma(["LC_ALL": "C", "LANG": "de_DE"]))
    #expect(ExportCommand.usesDecimalComma(["LC_NUMERIC": "de_AT"]))
  }

  static let columnCount = Exporter.csvColumns.count

  @Test func recipeHistoryNamesShotsByNumberAndSuggestionsByTheirWords() throws {
    let s = Scratch.guji()
    let rules = s.directory.file("short.dialrules")
    try ShortReviewTests.rules.write(toFile: rules, atomically: true, encoding: .utf8)
    s.expect(["log", "21", "36", "sour", "--rules", rules])
    s.expect(["accept"])
    s.expect(["undo"])
    let history = s.expect(["recipe", "show", "--history"]).out
    #expect(history.contains("accepted for shot #1: Grind finer by 1 step"), "\(history)")
    #expect(history.contains("undid the accept for shot #1"), "\(history)")
    let uuid = try s.store().shots.findAttempt("1").uuid
    #expect(!history.contains(String(uuid.prefix(8))), "no shot UUID:\n\(history)")
    #expect(!history.contains("sour_fast"), "no rule id:\n\(history)")
  }

  @Test func theRestorePreviewGivesACommandThatRunsAsShown() throws {
    // It printed `dialshot import my backup.json --apply …`: no --db, and the path unquoted.
    let s = Scratch.guji()
    s.expect(["log", "28", "36", "balanced"])
    let backup = s.directory.file("my backup.json")
    s.expect(["export", "--json", backup])
    let target = Scratch()
    let preview = target.expect(["import", backup]).out
    #expect(
      preview.contains("To import, run: dialshot import --db \(target.database) '\(backup)' --apply "), "\(preview)")
  }

  @Test func otherAppsShotsArePreviewedInLocalTime() throws {
    let s = Scratch()
    let files = ShotImportStoreTests.realPaths()
    let utc = s.expect(["import", "--utc"] + files).out
    let berlin = s.run(["import"] + files, variables: ["TZ": "Europe/Berlin"])
    #expect(berlin.status == 0)
    #expect(berlin.out.contains("pulled (Europe/Berlin):"), "\(berlin.out)")
    #expect(utc.contains("pulled (UTC):"))
    // The same shots, an hour or two apart on the clock.
    #expect(berlin.out != utc)
  }
}
