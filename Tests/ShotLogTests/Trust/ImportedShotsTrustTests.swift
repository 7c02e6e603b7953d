import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Shots imported from other apps (issue 11) under issue 10's promise: each is decided once, when
/// it is imported, against its own recipe snapshot and the previous shot that counts, and keeps
/// that record; shots already in the log keep theirs, even when an imported one is pulled before
/// them; and the log's own export carries an imported shot's source and curves, so a restore is
/// exact and re-importing the app's file afterwards adds nothing.
@Suite struct ImportedShotsTrustTests {
  /// A Visualizer shot of the scratch log's bean and grinder, as Visualizer serves it.
  static func visualizerShot(id: String, at time: String, seconds: String, notes: String) -> String {
    """
    {"id": "\(id)", "start_time": "\(time)", "duration": "\(seconds)", "profile_title": "Default",
     "bean_type": "Guji", "bean_brand": "Tim Wendelboe", "grinder_model": "Niche Zero", "grinder_setting": "14",
     "bean_weight": "18.0", "drink_weight": "36.0", "espresso_enjoyment": 70, "espresso_notes": "\(notes)",
     "timeframe": ["0.0", "0.25", "0.5"], "data": {"espresso_pressure": ["0.0", "4.5", "9.05"]}}
    """
  }

  /// Imports `paths` with `options` (preview, then apply with its token).
  static func importFiles(_ s: Scratch, _ paths: [String], options: [String] = []) throws {
    let preview = s.expect(["import"] + options + paths)
    let token = try #require(ShotImportStoreTests.token(preview.out), "\(preview.out)")
    s.expect(["import"] + options + paths + ["--apply", token])
  }

  /// Each attempt line of an export (without the comma that separates it from a next one), by
  /// the attempt's uuid.
  static func attemptLines(_ export: String) -> [String: String] {
    var out: [String: String] = [:]
    for line in export.split(separator: "\n") where line.contains("\"record\"") {
      guard let start = line.range(of: "{\"uuid\":\"") else { continue }
      out[String(line[start.upperBound...].prefix(36))] = line.hasSuffix(",") ? String(line.dropLast()) : String(line)
    }
    return out
  }

  @Test func anImportedShotIsDecidedOnceAndLeavesOtherShotsAlone() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T08:00:00Z"])
    s.expect(["accept", "1"])
    // Later that day, on the accepted recipe (a shot is pulled with the recipe of its time).
    s.clock.set("2026-03-01T15:00:00Z")
    s.expect(["log", "--time", "22", "--yield", "36", "--taste", "bitter", "--at", "2026-03-01T14:10:00Z"])
    let before = Self.attemptLines(String(decoding: try s.store(.readOnly).exchange.exportJSON(), as: UTF8.self))
    #expect(before.count == 2)

    // Pulled between the two, from another app: slow and bitter (read from its notes).
    let file = s.directory.file("visualizer.json")
    try Self.visualizerShot(id: "v-1", at: "2026-03-01T14:05:00Z", seconds: "34.0", notes: "bitter").write(
      toFile: file, atomically: true, encoding: .utf8)
    try Self.importFiles(s, [file], options: ["--from", "visualizer", "--taste-from-notes"])

    let store = try s.store(.readOnly)
    let imported = try store.shots.findAttempt("3")
    #expect(try store.shotImport.importSource(attemptID: imported.id)?.id == "v-1")
    // Compared with shot 1, the shot that counted at its pull time, and decided by the rules.
    #expect(imported.previousID == 1)
    #expect(imported.record.previous?.shot == (try store.shots.findAttempt("1")).measurements)
    #expect(imported.record.shot?.taste == [.bitter] && imported.record.shot?.timeS == ExactNumber(34))
    let stored = try #require(imported.suggestion)
    #expect(stored.checked)
    #expect(stored.decision == RuleSet.defaultEspresso.decide(imported.record))
    #expect(stored.decision.outcome != .insufficientEvidence(.noRule), "\(stored.decision.text)")

    // Shots 1 and 2 are exactly as they were: their export lines, and shot 2's previous shot.
    let after = Self.attemptLines(String(decoding: try store.exchange.exportJSON(), as: UTF8.self))
    for (uuid, line) in before { #expect(after[uuid] == line, "shot \(uuid) changed") }
    let second = try store.shots.review(try store.shots.findAttempt("2"))
    #expect(second.previous?.id == 1)
    #expect(second.record.previous?.adjustment == .grind(.finer, steps: 1))
    #expect(s.expect(["suggest", "2"]).out.contains("grind finer by 1 step"))

    // Every exported record, decided again, gives its stored decision — the imported one too.
    let export = SourceFile(path: "export.json", bytes: try store.exchange.exportJSON())
    let tree = try JSONScanner.readTree(export).get()
    let attempts = tree["attempts"]?.elements ?? []
    #expect(attempts.count == 3)
    for item in attempts {
      let node = try #require(item["record"])
      let record = try ShotJSONReader.read(export, in: node.span.start..<node.span.end).get()
      let decision = try #require(item["suggestion"]?["decision"])
      #expect(RuleSet.defaultEspresso.decide(record).text == decision["text"]?.string)
    }
    // Replay and export --shots read the stored records, not ones made again.
    let lines = s.expect(["export", "--shots", "-"]).out.split(separator: "\n")
    #expect(lines.count == 3)
    let replay = s.expect(["replay", PackageRoot.file("rules/espresso.dialrules")])
    #expect(replay.out.contains("over 3 shots: 0 decided differently"), "\(replay.out)")
  }

  @Test func voidedAndCorrectedShotsAreLeftOutOfReplayAndTheShotsExport() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["log", "--time", "26", "--yield", "36"])
    s.expect(["log", "--time", "24", "--yield", "36", "--taste", "sour"])
    s.expect(["amend", "2", "--taste", "balanced"])
    s.expect(["void", "3", "--why", "scale not tared"])
    let lines = s.expect(["export", "--shots", "-"]).out.split(separator: "\n")
    let store = try s.store(.readOnly)
    let uuids = try [1, 4].map { try store.shots.findAttempt("\($0)").uuid }
    #expect(lines.count == 2, "\(lines)")
    #expect(zip(lines, uuids).allSatisfy { $0.contains($1) })
    let replay = s.expect(["replay", PackageRoot.file("rules/espresso.dialrules")])
    #expect(replay.out.contains("over 2 shots"), "\(replay.out)")
  }

  @Test func aLogWithImportedShotsRestoresExactlyAndMergesWithItsSources() throws {
    let s = Scratch(start: "2026-03-01T12:00:00Z")
    let file = s.directory.file("visualizer.json")
    try Self.visualizerShot(id: "v-7", at: "2026-03-01T08:05:00Z", seconds: "27.0", notes: "balanced").write(
      toFile: file, atomically: true, encoding: .utf8)
    try Self.importFiles(s, [file], options: ["--from", "visualizer"])
    let backup = s.directory.file("backup.json")
    s.expect(["export", "--json", backup])
    let bytes = fileBytes(backup)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.contains(#""source":{"format":"visualizer","file":"visualizer.json","id":"v-7","rating":3.5"#), "\(text)")
    #expect(text.contains(#""curves":[{"kind":"pressure","t_ms":[0,250,500],"values":[0,450,905]}]"#), "\(text)")

    // Restored over the log: the same bytes again, and the app's file is still known.
    let preview = s.expect(["import", backup, "--replace"])
    let token = try #require(ShotImportStoreTests.token(preview.out), "\(preview.out)")
    s.expect(["import", backup, "--replace", "--apply", token])
    s.expect(["export", "--json", backup + ".again"])
    #expect(fileBytes(backup + ".again") == bytes)
    #expect(s.expect(["import", "--from", "visualizer", file]).out.contains("Nothing to import."))

    // Merged into another log: the source and curves come along.
    let other = Scratch(start: "2026-03-01T12:00:00Z", idStart: 5000)
    let merge = other.expect(["import", backup])
    other.expect(["import", backup, "--apply", try #require(ShotImportStoreTests.token(merge.out))])
    let store = try other.store(.readOnly)
    let only = try store.shots.findAttempt("1")
    #expect(try store.shotImport.importSource(attemptID: only.id)?.id == "v-7")
    #expect(try store.shotImport.curves(attemptID: only.id).first?.values == [0, 450, 905])
    #expect(other.expect(["import", "--from", "visualizer", file]).out.contains("Nothing to import."))
    #expect(fileBytes(backup) == (try store.exchange.exportJSON()))
  }

  @Test(arguments: [
    (#""id":"v-7""#, #""id":"v-8""#, 1, "source is"),
    (#""values":[0,450,905]"#, #""values":[0,450]"#, 2, "$.attempts[0].curves[0]"),
    (#""kind":"pressure""#, #""kind":"torque""#, 2, "unknown curve kind 'torque'"),
    (#""format":"visualizer""#, #""format":"espresso-app""#, 2, "unknown app format 'espresso-app'"),
  ])
  func anEditedSourceOrCurveIsRefused(_ edit: (from: String, to: String, status: Int32, says: String)) throws {
    let s = Scratch(start: "2026-03-01T12:00:00Z")
    let file = s.directory.file("visualizer.json")
    try Self.visualizerShot(id: "v-7", at: "2026-03-01T08:05:00Z", seconds: "27.0", notes: "balanced").write(
      toFile: file, atomically: true, encoding: .utf8)
    try Self.importFiles(s, [file], options: ["--from", "visualizer"])
    let backup = s.directory.file("backup.json")
    s.expect(["export", "--json", backup])
    let text = String(decoding: fileBytes(backup), as: UTF8.self)
    #expect(text.contains(edit.from))
    let edited = s.directory.file("edited.json")
    try text.replacingOccurrences(of: edit.from, with: edit.to).write(toFile: edited, atomically: true, encoding: .utf8)
    let before = fileBytes(s.database)
    let result = s.run(["import", edited])
    #expect(result.status == edit.status, "\(result.out)\(result.err)")
    #expect(result.out.contains(edit.says), "\(result.out)")
    #expect(fileBytes(s.database) == before)
  }
}
