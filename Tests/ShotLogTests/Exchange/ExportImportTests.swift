import DialRules
import Foundation
import Testing

@testable import ShotLog

/// Export and previewed import (issue 5 §5).
@Suite struct ExportImportTests {
  /// A log with a bit of everything: archived and free-text profiles, a basket, notes that need
  /// escaping, accepted and rejected suggestions, a recipe history with parents.
  static func richLog() -> Scratch {
    let s = Scratch()
    s.setUpGuji()
    s.expect(["profiles", "bean", "add", "Decaf \"Swiss\", water", "--notes", "line one\nline two ☕"])
    s.expect(["profiles", "grinder", "add", "Comandante", "--settings", "clicks from closed"])
    s.expect(["profiles", "basket", "add", "VST 18", "--capacity", "18"])
    s.expect(["recipe", "set", "Guji", "--basket", "VST 18", "--temperature", "93", "--why", "new basket"])
    s.expect([
      "recipe", "set", "Decaf", "--grinder", "Comandante", "--dose", "17.5", "--yield", "40", "--time", "30", "--grind",
      "22 clicks",
    ])
    s.expect([
      "log", "Guji", "--time", "21", "--yield", "36.4", "--taste", "sour", "--first-drop", "6.2", "--notes",
      "fast, \"sour\"",
    ])
    s.expect(["accept"])
    s.expect(["log", "Guji", "--time", "27.5", "--yield", "36", "--taste", "bitter"])
    s.expect(["reject", "--note", "fine"])
    s.expect(["log", "Decaf", "--time", "31", "--yield", "40.1", "--taste", "none", "--flow", "channeling"])
    s.expect(["log", "Guji", "--time", "29", "--yield", "35.9"])
    s.expect(["profiles", "machine", "--note", "Lelit Bianca, 9 bar"])
    s.expect(["profiles", "bean", "archive", "Decaf"])
    return s
  }

  @Test func exportImportExportIsIdentical() throws {
    let source = Self.richLog()
    let exported = source.expect(["export", "--json", "-"]).out
    let file = source.directory.file("export.json")
    try exported.write(toFile: file, atomically: true, encoding: .utf8)

    let target = Scratch(start: "2027-01-01T00:00:00Z")
    let preview = target.expect(["import", file])
    #expect(
      preview.out.contains(
        "would add:        1 setting, 2 beans, 2 bags, 2 grinders, 1 basket, 4 recipe snapshots, 4 shots, 2 accept/reject events"
      ))
    let token = try #require(
      preview.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    target.expect(["import", file, "--apply", token])
    let again = target.expect(["export", "--json", "-"]).out
    #expect(again == exported)

    // Importing the same file again finds everything already there.
    let second = target.expect(["import", file])
    #expect(second.out.contains("would add:        nothing"))
    #expect(second.out.contains("Nothing to import"))
  }

  @Test func shotsAtTheEdgesOfTheRangesExportAndImport() throws {
    // dialshot accepts exactly the ranges shot JSON v1 accepts, so nothing it stores can make its
    // own export unreadable.
    let source = Scratch()
    source.setUpGuji()
    source.expect(["recipe", "set", "--temperature", "110", "--yield", "500"])
    source.expect(["log", "--time", "600", "--yield", "500", "--dose", "100", "--first-drop", "599.999999999", "--yes"])
    #expect(source.run(["log", "--time", "25", "--yield", "500.1"]).status == 2)
    #expect(source.run(["recipe", "set", "--temperature", "111"]).status == 2)
    let file = source.directory.file("edges.json")
    source.expect(["export", "--json", file])
    let target = Scratch(idStart: 1000)
    let preview = target.expect(["import", file])
    #expect(preview.out.contains("1 shot"))
  }

  @Test func theExportIsVersionedCompleteAndInShotJSONVocabulary() throws {
    let source = Self.richLog()
    let text = source.expect(["export", "--json", "-"]).out
    let root = try JSONScanner.readTree(SourceFile(path: "export.json", text: text)).get()
    #expect(root["format"]?.string == "dialshot-export")
    #expect(root["version"]?.numberText == "2")
    #expect(root["bags"]?.elements?.count == 2, "one bag per bean")
    guard let attempts = root["attempts"]?.elements, let first = attempts.first else {
      Issue.record("no attempts")
      return
    }
    guard let uuid = first["uuid"]?.string, let pulled = first["pulled_at"]?.string else {
      Issue.record("attempt without uuid or time")
      return
    }
    #expect(isUUID(uuid))
    #expect(pulled.hasSuffix("Z") && Timestamp.parse(pulled) != nil)
    let record = try #require(first["record"])
    #expect(record["format"]?.string == "dialrules-shot")
    #expect(record["version"]?.numberText == "1")
    #expect(record["shot"]?["taste"]?.elements?.map(\.string) == ["sour"])
    #expect(record["shot"]?["first_drop_s"]?.numberText == "6.2")
    #expect(record["recipe"]?["grind"]?.string == "14")
    #expect(record["grinder"]?["finer"]?.string == "lower")
    #expect(first["suggestion"]?["decision"]?["decided_by"]?.elements?.map(\.string) == ["sour_fast"])
    // The second Guji shot was pulled after accepting "grind finer".
    #expect(attempts[1]["record"]?["previous"]?["adjustment"]?["direction"]?.string == "finer")
    // An explicit empty taste verdict stays distinct from no verdict.
    #expect(attempts[2]["record"]?["shot"]?["taste"]?.elements?.isEmpty == true)
    #expect(attempts[3]["record"]?["shot"]?["taste"] == nil)
    #expect(!text.contains("exported_at"))
  }

  @Test func csvIsRFC4180WithOneHeaderRow() throws {
    let source = Self.richLog()
    let csv = source.expect(["export", "--csv", "-"]).out
    let lines = csv.components(separatedBy: "\r\n")
    #expect(lines.first == Exporter.csvColumns.joined(separator: ","))
    #expect(lines.last == "")  // Every record, the last included, ends in CRLF.
    #expect(csv.contains(",\"fast, \"\"sour\"\"\","))
    #expect(csv.contains("\"Decaf \"\"Swiss\"\", water\""))
    let records = try parseCSV(csv)
    #expect(records.count == 5)
    #expect(records.allSatisfy { $0.count == Exporter.csvColumns.count })
    let column = Dictionary(uniqueKeysWithValues: Exporter.csvColumns.enumerated().map { ($1, $0) })
    #expect(records[1][column["taste"] ?? 0] == "sour")
    #expect(records[1][column["answer"] ?? 0] == "accepted")
    #expect(records[1][column["adjustment"] ?? 0] == "grind finer 1 step")
    #expect(records[3][column["taste"] ?? 0] == "none")
    #expect(records[3][column["flow"] ?? 0] == "channeling")
    #expect(records[4][column["taste"] ?? 0] == "")
  }

  @Test func aStaleTokenIsRefusedAndNothingChanges() throws {
    let source = Self.richLog()
    let file = source.directory.file("export.json")
    source.expect(["export", "--json", file])
    let target = Scratch(idStart: 1000)
    target.expect(["profiles", "bean", "add", "Kenya"])
    let preview = target.expect(["import", file])
    let token = try #require(
      preview.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    // The database changes after the preview.
    target.expect(["profiles", "bean", "add", "Colombia"])
    let before = fileBytes(target.database)
    let refused = target.run(["import", file, "--apply", token])
    #expect(refused.status == 2)
    #expect(refused.err.contains("changed since the preview"))
    #expect(fileBytes(target.database) == before)
    // A fresh preview gives a token that works.
    let fresh = target.expect(["import", file])
    let freshToken = try #require(
      fresh.out.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
    #expect(freshToken != token)
    // The file changes after the preview.
    var bytes = fileBytes(file)
    bytes.append(0x0A)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(target.run(["import", file, "--apply", freshToken]).status == 2)
  }

  @Test func anInvalidFileIsReportedWithPathsAndNotImported() throws {
    let target = Scratch()
    target.expect(["profiles", "bean", "add", "Kenya"])
    let file = target.directory.file("bad.json")
    let text = """
      {"format": "dialshot-export", "version": 1,
       "beans": [{"uuid": "00000000-0000-4000-8000-00000000000a", "name": "X", "created_at": "2026-03-01T08:00:00Z", "roster": "Y"}],
       "grinders": [],
       "recipe_snapshots": [{"uuid": "00000000-0000-4000-8000-00000000000b", "bean": "00000000-0000-4000-8000-00000000000a",
         "grinder": "00000000-0000-4000-8000-0000000000ff", "dose_g": -18, "yield_g": 36, "time_s": 28, "grind": "14",
         "reason": "new", "created_at": "2026-03-01"}],
       "attempts": [{"uuid": "not-a-uuid", "snapshot": "00000000-0000-4000-8000-00000000000b", "pulled_at": "yesterday",
         "created_at": "2026-03-01T08:00:00Z",
         "record": {"format": "dialrules-shot", "version": 1, "shot": {"time_s": 21, "taste": ["suor"]}}}]}
      """
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let before = fileBytes(target.database)
    let result = target.run(["import", file])
    #expect(result.status == 2)
    for expected in [
      "$.beans[0].roster: unknown key 'roster'; did you mean 'roaster'?",
      "$.recipe_snapshots[0].dose_g: must be greater than 0 g, found -18",
      "$.attempts[0].uuid: expected a UUID",
      "$.attempts[0].pulled_at: expected an ISO 8601 date-time",
      // The record is shot JSON v1, read by DialRules' own reader: its J codes and paths.
      "$.attempts[0].record: error[J027]: unknown taste tag 'suor' at 'shot.taste[0]' (did you mean 'sour'?)",
    ] {
      #expect(result.out.contains(expected), "missing: \(expected)\n\(result.out)")
    }
    #expect(result.out.contains("Nothing can be imported until the file is fixed."))
    #expect(target.run(["import", file, "--apply", "0123456789abcdef"]).status == 2)
    #expect(fileBytes(target.database) == before)
  }

  /// Problems are placed in the file: a J diagnostic of a shot record at its own line and column
  /// (read in place by DialRules' shot JSON reader), a field of the export at its value's.
  @Test func anImportErrorInsideAShotNamesItsLineAndColumn() throws {
    let source = Self.richLog()
    let exported = source.expect(["export", "--json", "-"]).out
    // The second shot's record gets a misspelt taste tag.
    var lines = exported.components(separatedBy: "\n")
    let row = try #require(lines.firstIndex { $0.contains(#""taste":["bitter"]"#) })
    lines[row] = lines[row].replacingOccurrences(of: #""taste":["bitter"]"#, with: #""taste":["bittr"]"#)
    lines[row] = lines[row].replacingOccurrences(of: #""pulled_at":"#, with: #""pulled_at":1,"x":"#)
    let file = source.directory.file("misspelt.json")
    try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    func column(of needle: String) throws -> Int {
      let range = try #require(lines[row].range(of: needle))
      return lines[row].distance(from: lines[row].startIndex, to: range.lowerBound) + 1
    }
    let result = Scratch().run(["import", file])
    #expect(result.status == 2)
    for expected in [
      "misspelt.json:\(row + 1):\(try column(of: #""bittr""#)): $.attempts[1].record: error[J027]: unknown taste tag 'bittr'",
      "misspelt.json:\(row + 1):\(try column(of: #"1,"x""#)): $.attempts[1].pulled_at: expected a string, found a number",
      "misspelt.json:\(row + 1):\(try column(of: #""x""#)): $.attempts[1].x: unknown key 'x'",
    ] {
      #expect(result.out.contains(expected), "missing: \(expected)\n\(result.out)")
    }
    // The library gives the same places as data.
    let store = try Scratch().store()
    let preview = try store.exchange.previewLogImport(fileBytes(file))
    let record = try #require(preview.invalid.first { $0.path == "$.attempts[1].record" })
    let expectedColumn = try column(of: #""bittr""#)
    #expect(record.line == row + 1 && record.column == expectedColumn)
    #expect(record.kind == .other)
  }

  @Test func aFileThatIsNotAnExportOrTooNewSaysSo() throws {
    let scratch = Scratch()
    let store = try scratch.store()
    let other = try store.exchange.previewLogImport(Array(#"{"format": "something-else", "version": 1}"#.utf8))
    #expect(other.invalid.map(\.kind) == [.notAnExport])
    let newer = try store.exchange.previewLogImport(Array(#"{"format": "dialshot-export", "version": 7}"#.utf8))
    #expect(newer.invalid.map(\.kind) == [.unsupportedVersion(7)])
    let broken = try store.exchange.previewLogImport(Array("{\"format\": \"dialshot-export\",\n \"beans\": [1,]}".utf8))
    #expect(broken.invalid.count == 1 && broken.invalid[0].line == 2 && broken.invalid[0].column == 14)
    #expect(broken.invalid[0].message.contains("error[J001]"))
    let file = scratch.directory.file("new.json")
    try #"{"format": "dialshot-export", "version": 7}"#.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      scratch.run(["import", file]).out.contains(
        "export version 7 is not supported; this dialshot reads versions 1 to 2 — upgrade dialshot"))
  }

  @Test func aBrokenReferenceIsInvalid() throws {
    let source = Self.richLog()
    var text = source.expect(["export", "--json", "-"]).out
    // Point the first snapshot at a bean that exists nowhere.
    let beanUUID = "00000000-0000-4000-8000-000000000001"
    text = text.replacingOccurrences(
      of: "\"bean\":\"\(beanUUID)\"", with: "\"bean\":\"00000000-0000-4000-8000-0000000000ee\"")
    let file = source.directory.file("broken.json")
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let result = Scratch().run(["import", file])
    #expect(result.status == 2)
    #expect(result.out.contains("$.recipe_snapshots[0].bean: no bean 00000000-0000-4000-8000-0000000000ee"))
  }

  @Test func aNameClashIsAConflict() throws {
    let source = Self.richLog()
    let file = source.directory.file("export.json")
    source.expect(["export", "--json", file])
    let target = Scratch(start: "2027-01-01T00:00:00Z", idStart: 1000)
    target.expect(["profiles", "bean", "add", "guji"])
    let result = target.run(["import", file])
    #expect(result.status == 1)
    #expect(result.out.contains("$.beans[0].name: a different bean named 'Guji' already exists"))
    #expect(result.out.contains("Nothing can be imported while there are conflicts."))
  }

  @Test func aFailedImportLeavesTheDatabaseByteForByte() throws {
    let source = Self.richLog()
    let bytes = Array(source.expect(["export", "--json", "-"]).out.utf8)
    let target = Scratch(start: "2027-01-01T00:00:00Z", idStart: 1000)
    target.expect(["profiles", "bean", "add", "Kenya"])
    let before = fileBytes(target.database)
    do {
      let store = try target.store()
      let preview = try store.exchange.previewLogImport(bytes)
      #expect(preview.canApply)
      var failing = LogImporter(store: store)
      failing.failAfterRows = 7  // Part-way through the recipe snapshots.
      #expect(throws: ShotLogError.internalError(detail: "injected failure after 7 rows")) {
        try failing.apply(bytes, token: preview.token)
      }
      #expect(try store.shots.attemptCount() == 0)
      #expect(try store.profiles.beans().map(\.name) == ["Kenya"])
    }
    #expect(fileBytes(target.database) == before)
  }

  /// A row whose UUID the file already gave a row of its kind is refused, in the same words for
  /// every kind (one check, `Findings.isRepeated`), at the second row.
  @Test func aRepeatedUUIDIsNamedForEveryKindOfRow() throws {
    let text = String(decoding: BenchmarkLog.export(attempts: 40), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var repeated: [String] = []
    for key in ["suggestion_events", "attempts", "recipe_snapshots", "beans"] {
      let opening = try #require(lines.firstIndex(of: "  \"\(key)\": ["))
      let first = lines[opening + 1]
      #expect(first.hasSuffix("},"))
      lines.insert(first, at: opening + 1)
      let uuid = try #require(first.split(separator: "\"").dropFirst(3).first)
      repeated.append("$.\(key)[1].uuid: the uuid \(uuid) appears twice in the file")
    }
    let preview = try Scratch().store().exchange.previewLogImport(Array(lines.joined(separator: "\n").utf8))
    #expect(preview.invalid.map { "\($0.path): \($0.message)" } == repeated.reversed())
  }

  /// Records are read in place, without a tree (issue 14); a record whose id is not its shot's
  /// is still placed at the id itself, line and column.
  @Test func aRecordWithAnotherIDIsPlacedAtTheID() throws {
    let source = Self.richLog()
    let text = source.expect(["export", "--json", "-"]).out
    let store = try source.store()
    let first = try #require(try store.shots.attempt(id: 1))
    let wrong = "00000000-0000-4000-8000-0000000000aa"
    let needle = "\"id\":\"\(first.uuid)\""
    let range = try #require(text.range(of: needle))
    let edited = text.replacingCharacters(in: range, with: "\"id\":\"\(wrong)\"")
    // Where the id's value starts: the line and column (in bytes, from 1) of its opening quote.
    let offset = edited.utf8.distance(from: edited.startIndex, to: range.lowerBound) + 5
    let before = Array(edited.utf8.prefix(offset))
    let line = before.filter { $0 == 10 }.count + 1
    let column = offset - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
    let preview = try Scratch().store().exchange.previewLogImport(Array(edited.utf8))
    let issue = try #require(preview.invalid.first { $0.path == "$.attempts[0].record.id" })
    #expect(issue.message == "expected the attempt's uuid '\(first.uuid)', found '\(wrong)'")
    #expect(issue.line == line)
    #expect(issue.column == column)
  }
}

/// A strict RFC 4180 reader for the tests.
func parseCSV(_ text: String) throws -> [[String]] {
  struct Malformed: Error {}
  var records: [[String]] = []
  var record: [String] = []
  var field = ""
  var quoted = false
  var chars = Array(text.unicodeScalars)[...]
  var atFieldStart = true
  while let c = chars.popFirst() {
    if quoted {
      if c == "\"" {
        if chars.first == "\"" {
          field.unicodeScalars.append("\"")
          chars.removeFirst()
        } else {
          quoted = false
        }
      } else {
        field.unicodeScalars.append(c)
      }
    } else if c == "\"" {
      guard atFieldStart else { throw Malformed() }
      quoted = true
    } else if c == "," {
      record.append(field)
      field = ""
      atFieldStart = true
      continue
    } else if c == "\r" {
      guard chars.popFirst() == "\n" else { throw Malformed() }
      record.append(field)
      records.append(record)
      record = []
      field = ""
      atFieldStart = true
      continue
    } else {
      field.unicodeScalars.append(c)
    }
    atFieldStart = false
  }
  guard !quoted, field.isEmpty, record.isEmpty else { throw Malformed() }
  return records
}
