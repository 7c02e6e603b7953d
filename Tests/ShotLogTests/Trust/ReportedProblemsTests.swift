import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// The problems issue 10 lists, one test each, as a new barista met them. Each of these failed
/// before the fix (written first and seen failing); they keep the behaviour from coming back.
@Suite struct ReportedProblemsTests {
  // MARK: 1. Editing a grinder re-interprets history.

  @Test func problem1_editingAGrinderDoesNotReinterpretHistory() throws {
    let s = Scratch.guji()
    // Three accepted finer moves: 14 → 13.5 → 13 → 12.5.
    for _ in 0..<3 {
      s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
      s.expect(["accept"])
    }
    s.expect(["log", "--time", "27", "--yield", "36", "--taste", "balanced"])
    let before = s.expect(["compare", "1", "4"]).out
    #expect(cells(before, "grind").last == "−1.5 (3 steps finer)")
    // A shot whose suggestion is still open, previewed on the old scale.
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let review = s.expect(["suggest", "5"]).out
    #expect(review.contains("12.5 → 12"))

    s.expect(["profiles", "grinder", "edit", "niche", "--finer", "higher", "--step", "1"])

    let after = s.expect(["compare", "1", "4"]).out
    #expect(cells(after, "grind").last == "−1.5 (3 steps finer)")
    let first = s.expect(["suggest", "1"]).out
    #expect(first.contains("14 → 13.5"), "shot 1's accepted move is still previewed on its own scale:\n\(first)")
    #expect(!first.contains("14 → 15"))
    let open = s.expect(["suggest", "5"]).out
    #expect(open.contains("12.5 → 12"), "\(open)")
  }

  // MARK: 2. A back-dated shot changes other shots' context.

  @Test func problem2_aBackDatedShotLeavesOtherShotsContextAlone() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T08:00:00Z"])
    s.expect(["accept", "1"])
    // Later that day, on the accepted recipe: a back-dated shot is pulled with the recipe of its
    // time, so these come after the accept.
    s.clock.set("2026-03-01T15:00:00Z")
    let second = s.expect([
      "log", "--time", "22", "--yield", "36", "--taste", "bitter", "--at", "2026-03-01T14:10:00Z",
    ])
    #expect(second.out.contains("Grind coarser by 1 step"))
    s.expect(["log", "--time", "30", "--yield", "36", "--taste", "bitter", "--at", "2026-03-01T14:05:00Z"])

    let store = try s.store(.readOnly)
    let attempt = try store.shots.findAttempt("2")
    let review = try store.shots.review(attempt)
    #expect(review.previous?.id == 1, "shot 2 was logged after shot 1; its previous shot stays #1")
    #expect(review.record.previous?.adjustment == .grind(.finer, steps: 1))
    let shown = s.expect(["suggest", "2"]).out
    #expect(!shown.contains("#3"), "\(shown)")
    #expect(shown.contains("grind finer by 1 step"), "\(shown)")

    // The exported record of every shot, evaluated again, gives its stored decision.
    let file = SourceFile(path: "export.json", bytes: try store.exchange.exportJSON())
    let export = try JSONScanner.readTree(file).get()
    for item in export["attempts"]?.elements ?? [] {
      let recordJSON = try #require(item["record"])
      let record = try ShotJSONReader.read(file, in: recordJSON.span.start..<recordJSON.span.end).get()
      let stored = try #require(item["suggestion"]?["decision"])
      let again = RuleSet.defaultEspresso.decide(record)
      #expect(again.text == stored["text"]?.string, "\(record.id ?? "?")")
      #expect(again.decidedBy == (stored["decided_by"]?.elements ?? []).compactMap(\.string))
    }
  }

  // MARK: 3. Import trusts decisions.

  @Test func problem3_anImportedDecisionThatNoRuleGivesIsRefused() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let file = s.directory.file("export.json")
    s.expect(["export", "--json", file])
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let finer =
      "\"adjustment\":{\"type\":\"grind\",\"direction\":\"finer\",\"steps\":1},\"text\":\"Grind finer by 1 step\""
    #expect(text.contains(finer))
    let edited = text.replacingOccurrences(
      of: finer,
      with:
        "\"adjustment\":{\"type\":\"grind\",\"direction\":\"coarser\",\"steps\":9},\"text\":\"Grind coarser by 9 steps\""
    )
    let tampered = s.directory.file("tampered.json")
    try edited.write(toFile: tampered, atomically: true, encoding: .utf8)
    let target = Scratch(idStart: 1000)
    let preview = target.run(["import", tampered])
    #expect(preview.status != 0, "\(preview.out)")
    #expect(preview.out.contains("Grind coarser by 9 steps"), "the mismatch is shown: \(preview.out)")
    #expect(!FileManager.default.fileExists(atPath: target.database))
  }

  @Test func problem3_anImportedRecordWithAnEditedTimeIsRefused() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let file = s.directory.file("export.json")
    s.expect(["export", "--json", file])
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"time_s\":21"))
    let tampered = s.directory.file("tampered.json")
    try text.replacingOccurrences(of: "\"time_s\":21", with: "\"time_s\":28").write(
      toFile: tampered, atomically: true, encoding: .utf8)
    let target = Scratch(idStart: 1000)
    let preview = target.run(["import", tampered])
    #expect(preview.status != 0, "\(preview.out)")
    #expect(preview.out.contains("Grind finer by 1 step"), "\(preview.out)")
  }

  // MARK: 4. `pull` races a recipe change.

  @Test func problem4_pullLogsAgainstTheRecipeItShowed() throws {
    let scratch = Scratch.guji()
    let started = try #require(try scratch.store().profiles.activeSnapshot(beanID: 1))
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [(0, .character(" ")), (21_000, .character(" ")), (22_000, .enter), (23_000, .enter)]
        + ScriptedTerminal.typing("1\n", at: 24_000) + [(25_000, .enter), (26_000, .enter), (26_500, .enter)]
        + [(27_000, .enter)],
      clock: clock)
    // While the shot runs, another terminal changes the recipe.
    terminal.actions[2] = { scratch.expect(["recipe", "set", "Guji", "--grind", "16"]) }
    scratch.terminal = { terminal }
    scratch.monotonic = clock
    scratch.expect(["pull"])
    let attempt = try scratch.store().shots.findAttempt("1")
    #expect(attempt.snapshotID == started.id, "the shot was pulled with the recipe on the screen")
  }

  // MARK: 5. Grind settings are not checked against the grinder.

  @Test func problem5_grindSettingsAreCheckedAgainstTheGrinder() throws {
    let s = Scratch.guji()
    let before = fileBytes(s.database)
    for grind in ["51", "abc", "-1"] {
      let result = s.run(["recipe", "set", "--grind", grind])
      #expect(result.status == 2, "--grind \(grind): \(result.out)\(result.err)")
      #expect(result.err.contains("--grind"), "\(result.err)")
    }
    #expect(fileBytes(s.database) == before)
    #expect(try s.store().profiles.activeSnapshot(beanID: 1)?.grind.text == "14")
  }

  @Test func problem5_aClampedPreviewNamesTheRightEndOfTheScale() throws {
    // A record (from anywhere) whose grind lies above a lower-is-finer grinder's maximum: moving
    // finer stops at 50, which is that grinder's coarsest setting, not its finest.
    let shot = ShotRecord(
      id: "x", recipe: ShotRecord.Recipe(doseG: 18, yieldG: 36, timeS: 28, grind: GrindSetting(text: "51")),
      grinder: ShotRecord.Grinder(name: "Niche", step: 0.5, min: 0, max: 50, finer: .lower),
      shot: ShotRecord.Measurements(doseG: 18, yieldG: 36, timeS: 21, taste: [.sour]))
    let preview = try #require(RecipePreview.compute(.grind(.finer, steps: 1), shot: shot))
    let note = preview.changes.first?.note ?? ""
    #expect(!note.contains("finest setting (50)"), "\(note)")
  }

  // MARK: 6. Smaller breaks of the promise.

  @Test func problem6_bareAcceptTakesTheShotJustLogged() throws {
    let s = Scratch.guji()
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01T09:00:00Z"])
    // The shot logged last, not the newest pulled; as it was back-dated before shot 1, its change
    // cannot go into today's recipe (issue 22).
    let accepted = s.expect(["accept"], status: 1).err
    #expect(accepted.contains("shot #2 is not the latest shot"), "\(accepted)")
  }

  @Test func problem6_aFutureTimeIsRefused() throws {
    let s = Scratch.guji()
    let before = fileBytes(s.database)
    let result = s.run(["log", "--time", "21", "--at", "2027-03-01T08:00:00Z"])
    #expect(result.status == 2, "\(result.out)")
    #expect(result.err.contains("future"), "\(result.err)")
    #expect(fileBytes(s.database) == before)
  }

  @Test func problem6_anAmbiguousNameSaysSo() throws {
    let s = Scratch()
    s.expect(["profiles", "bean", "add", "Guji Natural"])
    s.expect(["profiles", "bean", "add", "Guji Washed"])
    let result = s.run(["recipe", "show", "guji w"])
    #expect(result.err.contains("bean 'Guji Washed' has no recipe yet"), "a unique start still works: \(result.err)")
    let ambiguous = s.run(["recipe", "show", "guji"])
    #expect(ambiguous.status == 2)
    #expect(ambiguous.err.contains("more than one bean"), "\(ambiguous.err)")
    #expect(ambiguous.err.contains("Guji Natural") && ambiguous.err.contains("Guji Washed"), "\(ambiguous.err)")
  }

  @Test func problem6_aMissingDirectoryIsNamedNotCalledReadOnly() throws {
    let s = Scratch()
    let result = s.run(["profiles", "bean", "add", "X", "--db", "/nonexistent/dir/x.sqlite"], useDatabase: false)
    #expect(result.status == 2)
    #expect(!result.err.contains("read-only"), "\(result.err)")
    #expect(result.err.contains("/nonexistent/dir"), "\(result.err)")
    #expect(result.err.contains("does not exist"), "\(result.err)")
  }

  @Test func problem6_anEmptyFileIsNotSilentlyMadeADatabase() throws {
    let s = Scratch()
    #expect(FileManager.default.createFile(atPath: s.database, contents: Data()))
    let read = s.run(["history"])
    #expect(read.status == 2)
    #expect(!read.err.contains("read-only"), "\(read.err)")
    #expect(read.err.contains("empty"), "\(read.err)")
    let write = s.run(["profiles", "bean", "add", "X"])
    #expect(write.status == 2, "\(write.out)")
    #expect(write.err.contains("empty"), "\(write.err)")
    #expect(fileBytes(s.database).isEmpty)
  }

  @Test func problem6_aFailedCommandLeavesNoNewDatabase() throws {
    let s = Scratch()
    let bad = s.directory.file("bad.json")
    try "{\"format\": \"dialshot-export\", \"version\": 1, \"beans\": [{}]}".write(
      toFile: bad, atomically: true, encoding: .utf8)
    let failedImport = s.run(["import", bad])
    #expect(failedImport.status == 2)
    let preview = s.run(["import", s.directory.file("nonexistent.json")])
    #expect(preview.status == 2)
    let failedLog = s.run(["log", "--time", "abc"])
    #expect(failedLog.status == 2)
    let read = s.run(["history", "--db", s.directory.file("typo.sqlite")], useDatabase: false)
    #expect(read.status == 2)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: s.directory.path)) ?? []
    #expect(names.filter { $0.hasSuffix(".sqlite") || $0.contains(".sqlite-") }.isEmpty, "\(names)")
  }

  @Test func problem6_contradictoryOrImpreciseShotValuesAreRefused() throws {
    let s = Scratch.guji()
    let before = fileBytes(s.database)
    let cases: [([String], String)] = [
      (["--time", "28", "--first-drop", "40"], "first drop"),
      (["--time", "28", "--taste", "none,sour"], "none"),
      (["--time", "28", "--flow", "gushing", "--flow", "choked"], "gushing"),
      (["--time", "28", "--flow", "none,channeling"], "none"),
      (["--time", "30.0000000001"], "decimals"),
      (["--time", "30.00000000000000000001"], "decimals"),
    ]
    for (arguments, words) in cases {
      let result = s.run(["log"] + arguments)
      #expect(result.status == 2, "\(arguments): \(result.out)")
      #expect(result.err.contains(words), "\(arguments): \(result.err)")
    }
    #expect(fileBytes(s.database) == before)
  }

  @Test func problem6_csvNeutralisesFormulaCells() throws {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "add", "=HYPERLINK(\"http://x\")"])
    s.expect([
      "recipe", "set", "=HYPERLINK", "--grinder", "niche", "--dose", "18", "--yield", "36", "--time", "28", "--grind",
      "14",
    ])
    for note in ["+1", "-cmd", "@SUM(A1)", "\tx", "line\nbreak"] {
      s.expect(["log", "=HYPERLINK", "--time", "28", "--yield", "36", "--notes=\(note)"])
    }
    let csv = s.expect(["export", "--csv", "-"]).out
    let fields = csvFields(csv)
    for field in fields {
      guard let first = field.first else { continue }
      #expect(!"=+-@\t\r".contains(first) || Double(field) != nil, "a formula cell went out: \(field)")
    }
    #expect(fields.contains("'=HYPERLINK(\"http://x\")"))
    #expect(fields.contains("'+1"))
    #expect(fields.contains("'\tx"))
    // A carriage return cannot be typed into a note, but may come from another program's log.
    #expect(Exporter.neutralised("\rx") == "'\rx")
    #expect(Exporter.neutralised("-5") == "-5")
  }

  @Test func problem6_namesCompareAfterNormalisationAndCaseFolding() throws {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "add", "Café"])
    for name in ["café", "CAFÉ", "Cafe\u{301}"] {
      let result = s.run(["profiles", "bean", "add", name])
      #expect(result.status == 1, "\(name) is the same bean: \(result.out)")
      #expect(result.err.contains("already exists"))
    }
    s.expect(["profiles", "bean", "add", "\u{E9}cole"])
    #expect(s.run(["profiles", "bean", "add", "e\u{301}cole"]).status == 1)
    // Found by any of the spellings.
    #expect(s.run(["recipe", "show", "CAFE\u{301}"]).err.contains("no recipe"))
    #expect(s.run(["recipe", "show", "E\u{301}COLE"]).err.contains("no recipe"))
  }

  @Test func problem6_controlCharactersInNamesAreRefused() throws {
    let s = Scratch.guji()
    let before = fileBytes(s.database)
    for name in ["Evil\u{1B}[31m", "two\nlines", "tab\there", "bell\u{7}", "c1\u{9B}x"] {
      let result = s.run(["profiles", "bean", "add", name])
      #expect(result.status == 2, "\(name.debugDescription): \(result.out)")
      #expect(result.err.contains("control character"), "\(result.err)")
      #expect(!result.err.contains("\u{1B}"))
    }
    #expect(s.run(["profiles", "grinder", "add", "G\u{1B}[2J", "--settings", "x"]).status == 2)
    #expect(fileBytes(s.database) == before)
  }
}

/// The fields of an RFC 4180 CSV text, row after row.
func csvFields(_ text: String) -> [String] {
  var fields: [String] = []
  var field = ""
  var quoted = false
  var chars = Array(text)
  var i = 0
  chars.append("\n")
  while i < chars.count {
    let c = chars[i]
    if quoted {
      if c == "\"" {
        if i + 1 < chars.count, chars[i + 1] == "\"" {
          field.append("\"")
          i += 1
        } else {
          quoted = false
        }
      } else {
        field.append(c)
      }
    } else if c == "\"" {
      quoted = true
    } else if c == "," || c == "\r\n" || c == "\n" {
      fields.append(field)
      field = ""
    } else {
      field.append(c)
    }
    i += 1
  }
  return fields
}

/// Problem 6: a signal during `pull` must leave the terminal as it found it. The real binary on a
/// real pseudo-terminal (Python's `pty` support), then `stty -a` on that terminal.
@Suite(.serialized) struct PullSignalTests {
  @Test(arguments: ["INT", "TERM", "HUP"])
  func problem6_aSignalDuringPullRestoresTheTerminal(_ signal: String) throws {
    let s = Scratch.guji()
    let dialshot = try #require(BuiltProducts.executable("dialshot"))
    let script = PackageRoot.file("Tests/Terminal/pty_signal.py")
    let run = try BuiltProducts.run(executableAt: "/usr/bin/env", ["python3", script, dialshot, s.database, signal])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try JSONScanner.readTree(SourceFile(path: "result", text: run.stdout)).get()
    let stty = result["stty"]?.string ?? ""
    let screen = result["screen"]?.string ?? ""
    #expect(screen.contains("Ready."), "the timer screen came up: \(screen)")
    let words = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    #expect(words.contains("icanon") && words.contains("echo"), "SIG\(signal) left the terminal raw: \(stty)")
    #expect(!words.contains("-icanon") && !words.contains("-echo"))
    #expect(screen.hasSuffix("\u{1B}[?25h") || screen.contains("\u{1B}[?25h"), "the cursor is shown again")
    // It ends as the signal asks (by the signal, or with 128 + its number), never hangs.
    let code = result["returncode"]?.numberText.flatMap { Int($0) }
    let number = ["INT": 2, "TERM": 15, "HUP": 1][signal] ?? 0
    #expect(code == -number || code == 128 + number, "returncode \(result["returncode"]?.numberText ?? "none")")
  }
}
