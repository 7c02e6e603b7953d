import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Logging at the machine (issue 22 item 3): the one-line form, numbers that look like a typo,
/// names typed without accents, and the smaller problems of `log`. Each failed before its fix.
@Suite struct OneLineLoggingTests {
  @Test func timeYieldAndTasteInOneLine() throws {
    let s = Scratch.guji()
    let line = "dialshot log 28 36 sour"
    #expect(line.count + 1 <= 25, "at most 25 keystrokes with Enter")
    s.expect(Array(line.split(separator: " ").dropFirst().map(String.init)))
    var shot = try s.store().shots.findAttempt("latest").measurements
    #expect(shot.timeS == ExactNumber(28))
    #expect(shot.yieldG == ExactNumber(36))
    #expect(shot.taste == TagSet([.sour]))
    #expect(shot.doseG == ExactNumber(18))  // The recipe's.
    // With the bean first, units after the numbers, a decimal comma and two tastes.
    s.expect(["log", "guji", "27s", "36,5g", "sour", "thin"])
    shot = try s.store().shots.findAttempt("latest").measurements
    #expect(shot.timeS == ExactNumber(27))
    #expect(shot.yieldG == ExactNumber("36.5"))
    #expect(shot.taste == TagSet([.sour, .thin]))
    // The time alone, and the options take units and a decimal comma too.
    s.expect(["log", "26,5"])
    #expect(try s.store().shots.findAttempt("latest").measurements.timeS == ExactNumber("26.5"))
    s.expect(["log", "--time", "29s", "--yield", "37,5", "--dose", "18g"])
    shot = try s.store().shots.findAttempt("latest").measurements
    #expect(shot.timeS == ExactNumber(29))
    #expect(shot.yieldG == ExactNumber("37.5"))
  }

  @Test func theOneLineFormRefusesWhatItCannotRead() throws {
    let s = Scratch.guji()
    for arguments in [
      ["log", "28", "36", "37"], ["log", "28", "sour", "36"], ["log", "28", "sour", "--taste", "bitter"],
    ] {
      let result = s.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.err)")
    }
    let twice = s.run(["log", "28", "--time", "29"])
    #expect(twice.status == 64)
    #expect(twice.err.contains("the time is given twice"))
    let taste = s.run(["log", "28", "36", "soru"])
    #expect(taste.status == 2)
    #expect(taste.err.contains("did you mean 'sour'?"), "\(taste.err)")
    let missing = s.run(["log"])
    #expect(missing.status == 64)
    #expect(missing.err.contains("needs the shot time"))
    #expect(try s.store().shots.attemptCount() == 0)
  }

  @Test(arguments: [
    (["28", "4.2"], "4.2 g from 18 g is a ratio of 1:0.23, under 1:1"),
    (["28", "80"], "80 g from 18 g is a ratio of 1:4.44, over 1:4"),
    (["2", "36"], "a 2 s shot is shorter than 8 s"),
  ])
  func numbersThatLookLikeATypoAreRefusedWithoutATerminal(_ numbers: [String], _ words: String) throws {
    let s = Scratch.guji()
    let refused = s.run(["log"] + numbers)
    #expect(refused.status == 1)
    #expect(refused.err.contains("this looks like a typo: \(words); nothing was logged"), "\(refused.err)")
    #expect(refused.err.contains("--yes"))
    #expect(try s.store().shots.attemptCount() == 0)
    s.expect(["log"] + numbers + ["--yes"])
    #expect(try s.store().shots.attemptCount() == 1)
  }

  @Test func aTypoIsAskedAboutOnTheTerminal() throws {
    let s = Scratch.guji()
    let clock = FakeClock()
    let no = ScriptedTerminal([(0, .character("n"))], clock: clock)
    s.terminal = { no }
    let refused = s.run(["log", "28", "4.2"])
    #expect(refused.status == 1)
    #expect(no.written.contains("This looks like a typo: 4.2 g from 18 g is a ratio of 1:0.23, under 1:1."))
    #expect(no.written.contains("Log it anyway? [y/N] no"))
    #expect(no.restored)
    #expect(try s.store().shots.attemptCount() == 0)
    let yes = ScriptedTerminal([(0, .character("y"))], clock: clock)
    s.terminal = { yes }
    s.expect(["log", "28", "4.2"])
    #expect(try s.store().shots.findAttempt("latest").measurements.yieldG == ExactNumber("4.2"))
    // A plausible shot asks nothing.
    let silent = ScriptedTerminal([], clock: clock)
    s.terminal = { silent }
    s.expect(["log", "28", "36"])
    #expect(silent.written.isEmpty)
  }

  @Test func namesMatchWithoutCaseOrAccentsAndByTheStartOfAWord() throws {
    let s = Scratch()
    s.expect(["profiles", "bean", "add", "Café Lumen"])
    s.expect(["profiles", "bean", "add", "Fazenda Brazil"])
    s.expect(["profiles", "bean", "add", "São Paulo Sítio"])
    s.expect(["profiles", "bean", "add", "浅煎り エチオピア"])
    s.expect(
      ["profiles", "grinder", "add", "Baratza Sette 270", "--step", "1", "--min", "0", "--max", "30"] + [
        "--finer", "lower",
      ])
    let store = try s.store()
    for reference in ["cafe", "CAFE LUMEN", "café", "cafe\u{301}", "lumen"] {
      #expect(try store.profiles.findBean(reference).name == "Café Lumen", "\(reference)")
    }
    #expect(try store.profiles.findBean("sao").name == "São Paulo Sítio")
    #expect(try store.profiles.findBean("sitio").name == "São Paulo Sítio")
    #expect(try store.profiles.findBean("浅煎り").name == "浅煎り エチオピア")
    #expect(try store.profiles.findBean("エチオピア").name == "浅煎り エチオピア")
    #expect(try store.profiles.findGrinder("sette").name == "Baratza Sette 270")
    #expect(
      throws: ShotLogError.profileNotFound(
        .bean, reference: "brasil", closest: "Fazenda Brazil",
        known: ["Café Lumen", "Fazenda Brazil", "São Paulo Sítio", "浅煎り エチオピア"])
    ) {
      try store.profiles.findBean("brasil")
    }
    let result = s.run(["recipe", "show", "lumon"])
    #expect(result.status == 2)
    #expect(result.err.contains("did you mean 'Café Lumen'?"), "\(result.err)")
  }

  @Test func aNameThatFitsSeveralWordsIsAmbiguous() throws {
    let s = Scratch()
    s.expect(["profiles", "bean", "add", "Guji Natural"])
    s.expect(["profiles", "bean", "add", "Sidamo Natural"])
    let result = s.run(["recipe", "show", "natural"])
    #expect(result.status != 0)
    #expect(result.err.contains("'Guji Natural'") && result.err.contains("'Sidamo Natural'"), "\(result.err)")
  }

  @Test func tasteNoneSaysNoRuleOnce() throws {
    let s = Scratch.guji()
    let rules = s.directory.file("nothing.dialrules")
    try "dialrules 1\nruleset \"nothing\" \"No rules\"\n".write(toFile: rules, atomically: true, encoding: .utf8)
    let out = s.expect(["log", "28", "36", "--taste", "none", "--rules", rules]).out
    #expect(out.components(separatedBy: "No rule covers this shot").count - 1 == 1, "\(out)")
    #expect(out.contains("No rule covers this shot, so no change is suggested."))
  }

  @Test func afterARestoreLogUsesTheBeanOfTheLastShot() throws {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "add", "Kenya AA"])
    s.expect([
      "recipe", "set", "kenya", "--grinder", "niche", "--dose", "18", "--yield", "40", "--time", "30", "--grind", "12",
    ])
    s.expect(["log", "kenya", "29", "40", "balanced"])
    let export = s.directory.file("backup.json")
    s.expect(["export", "--json", export])
    let restored = Scratch()
    let preview = restored.run(["import", export])
    let token = try #require(
      preview.out.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
    #expect(restored.run(["import", export, "--apply", token]).status == 0, "\(preview.out)")
    let logged = restored.run(["log", "--time", "28"])
    #expect(logged.status == 0, "\(logged.err)")
    #expect(logged.out.contains("Kenya AA"))
  }

  @Test func loggingOntoAnArchivedBeanWarns() throws {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "archive", "guji"])
    let result = s.expect(["log", "guji", "28", "36"])
    #expect(result.err.contains("warning: bean 'Guji' is archived; the shot is logged against it"), "\(result.err)")
    let quiet = Scratch.guji()
    #expect(!quiet.expect(["log", "guji", "28", "36"]).err.contains("archived"))
  }
}

/// `amend` questions new numbers as `log` does, and only new numbers.
@Suite struct AmendPlausibilityTests {
  @Test func aCorrectionToATypoIsRefusedWithoutYes() throws {
    let s = Scratch.guji()
    s.expect(["log", "28", "36"])
    let refused = s.run(["amend", "1", "--yield", "4.2"])
    #expect(refused.status == 1)
    #expect(refused.err.contains("this looks like a typo: 4.2 g from 18 g is a ratio of 1:0.23, under 1:1"))
    #expect(try s.store().shots.attemptCount() == 1)
    s.expect(["amend", "1", "--yield", "4.2", "--yes"])
    // A taste added to that shot is not questioned again.
    s.expect(["amend", "2", "--taste", "sour"])
    #expect(try s.store().shots.attemptCount() == 3)
  }
}
