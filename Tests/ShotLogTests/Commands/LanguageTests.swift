import DialRules
import DialRulesTestSupport
import Testing

@testable import ShotLogCommands

/// `dialshot` in the barista's language (issue 21 item 4): `--lang`, else `LC_ALL`, `LC_MESSAGES`,
/// `LANG` in POSIX precedence; English for `C`, `POSIX` and languages it does not speak. The whole
/// review, the help and the errors; goldens in `Fixtures/languages/` (`DIALRULES_UPDATE_GOLDENS=1`).
@Suite struct DialShotLanguageTests {
  /// The dial-in loop of one morning, each command's output after its command line.
  func session(_ variables: [String: String], extra: [String] = []) -> String {
    let s = Scratch.guji()
    var out = ""
    for command in [
      ["log", "21", "36.5", "sour", "--long"], ["accept"], ["log", "30", "38", "bitter"], ["log", "29", "38"],
      ["suggest", "2"], ["reject", "2"], ["suggest", "99"], ["log", "9", "36", "--taste", "sour,thin", "--yes"],
      ["log", "28", "36", "--taste", "none"], ["log", "28", "36", "sour", "--flow", "channeling"],
    ] {
      let result = s.run(command + extra, variables: variables)
      out += "$ dialshot \(command.joined(separator: " ")) (status \(result.status))\n" + result.out + result.err + "\n"
    }
    return out
  }

  func help(_ variables: [String: String]) -> String {
    let s = Scratch()
    // The overview, both ways of asking for a command's help, then every command's `--help`.
    let commands = [["--help"], ["help", "suggest"]] + DialShotCLI.commands.map { [$0.name, "--help"] }
    return commands.map { command in
      "$ dialshot \(command.joined(separator: " "))\n" + s.run(command, variables: variables, useDatabase: false).out
    }.joined(separator: "\n")
  }

  @Test(arguments: [("de", "de_DE.UTF-8"), ("es", "es_ES.UTF-8")])
  func theWholeReviewIsInTheLanguageOfLANG(_ code: String, _ lang: String) {
    let out = session(["LANG": lang])
    if let failure = Golden.check(out, against: "Fixtures/languages/dialshot-session.\(code).txt") {
      Issue.record("\(failure)")
    }
    #expect(!out.contains("Suggestion:") && !out.contains("Preview of the next recipe"), "\(out)")
  }

  @Test(arguments: [("de", "de_DE.UTF-8"), ("es", "es_ES@euro")])
  func theHelpIsInTheLanguageOfLANG(_ code: String, _ lang: String) {
    let out = help(["LANG": lang])
    if let failure = Golden.check(out, against: "Fixtures/languages/dialshot-help.\(code).txt") {
      Issue.record("\(failure)")
    }
  }

  @Test(arguments: ["fr_FR.UTF-8", "C", "POSIX", "C.UTF-8", "", "pt"])
  func anUnknownLanguageFallsBackToEnglish(_ lang: String) {
    let english = session([:])
    #expect(english.contains("Suggestion: Grind finer by 1 step"))
    #expect(session(["LANG": lang]) == english)
    #expect(help(["LANG": lang]) == help([:]))
  }

  @Test func theFirstOfLC_ALLLC_MESSAGESAndLANGThatIsSetDecides() {
    let s = Scratch.guji()
    func headline(_ variables: [String: String], _ extra: [String] = []) -> String {
      let out = s.run(["suggest", "1"] + extra, variables: variables).out
      return String(
        out.split(separator: "\n").first { $0.contains("1 Stufe") || $0.contains("1 punto") || $0.contains("1 step") }
          ?? "")
    }
    s.expect(["log", "21", "36", "sour"])
    #expect(headline(["LANG": "de_DE.UTF-8"]) == "Vorschlag: 1 Stufe feiner mahlen")
    #expect(headline(["LANG": "de", "LC_MESSAGES": "es_ES.UTF-8"]) == "Sugerencia: Moler 1 punto más fino")
    #expect(headline(["LANG": "de", "LC_MESSAGES": "es", "LC_ALL": "de_AT"]) == "Vorschlag: 1 Stufe feiner mahlen")
    // Empty variables do not count; a set one naming another language means English, not the next.
    #expect(headline(["LANG": "es", "LC_ALL": ""]) == "Sugerencia: Moler 1 punto más fino")
    #expect(headline(["LANG": "es", "LC_ALL": "C"]) == "Suggestion: Grind finer by 1 step")
    // --lang wins over the environment, after the command or before it.
    #expect(headline(["LC_ALL": "de_DE.UTF-8"], ["--lang", "es"]) == "Sugerencia: Moler 1 punto más fino")
    #expect(headline(["LANG": "es"], ["--lang=en"]) == "Suggestion: Grind finer by 1 step")
    let before = s.run(["--lang", "de", "suggest", "1"], variables: ["LANG": "es"]).out
    #expect(before.contains("Vorschlag: 1 Stufe feiner mahlen"), "\(before)")
  }

  @Test func aBadLangIsAUsageErrorNamingTheChoices() {
    let s = Scratch.guji()
    for command in [["suggest", "--lang", "fr"], ["--lang", "fr", "suggest"], ["log", "28", "--lang=deutsch"]] {
      let result = s.run(command)
      #expect(result.status == 64, "\(command)")
      #expect(result.err.contains("'--lang' must be one of en, de, es, found '"), "\(result.err)")
    }
  }

  @Test func errorsAreInTheLanguage() {
    let s = Scratch.guji()
    s.expect(["log", "21", "36", "sour"])
    let german = s.run(["suggest", "99"], variables: ["LANG": "de_DE.UTF-8"])
    #expect(german.status == 2)
    #expect(german.err == "dialshot: Fehler: kein Bezug #99\n", "\(german.err)")
    let spanish = s.run(["use", "Gujj"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(spanish.status == 2)
    #expect(
      spanish.err == "dialshot: error: ningún café llamado 'Gujj'\nayuda: ¿querías decir 'Guji'?\n", "\(spanish.err)")
    let english = s.run(["suggest", "99"])
    #expect(english.err == "dialshot: error: no shot #99\n")
  }

  /// A review shown later (`suggest`) words its rules' texts with the configured rule file's
  /// translations, as the review `log` printed did; without that file, as stored (English).
  @Test func suggestUsesTheConfiguredRulesTranslations() throws {
    let s = Scratch.guji()
    let path = s.directory.file("own.dialrules")
    try """
    dialrules 1

    ruleset "own"

    rule sour
      when sour
      then grind finer 1 step
      because "Sour: grind finer." de "Sauer: feiner mahlen." es "Ácido: más fino."
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let logged = s.run(["log", "28", "36", "sour", "--rules", path], variables: ["LANG": "de_DE.UTF-8"])
    #expect(logged.out.contains("  warum: Sauer: feiner mahlen."), "\(logged.out)\(logged.err)")
    let configured = s.run(["suggest", "1"], variables: ["LANG": "es_ES.UTF-8", "DIALSHOT_RULES": path])
    #expect(configured.out.contains("  por qué: Ácido: más fino."), "\(configured.out)\(configured.err)")
    #expect(configured.err == "")
    let unconfigured = s.run(["suggest", "1"], variables: ["LANG": "es_ES.UTF-8"])
    #expect(unconfigured.out.contains("  por qué: Sour: grind finer."), "\(unconfigured.out)")
  }

  /// No command's help stays English under de/es, so a new command cannot silently ship
  /// untranslated: every prose line of its English help (three or more plain words, not a usage
  /// line or an option's name) is gone from the German and Spanish help.
  @Test(arguments: DialShotCLI.commands.map { $0.name })
  func everyCommandsHelpIsTranslated(_ name: String) throws {
    let command = try #require(DialShotCLI.commands.first { $0.name == name })
    func isProse(_ line: Substring) -> Bool {
      let text = line.drop { $0 == " " }
      guard !text.hasPrefix("dialshot "), !text.hasPrefix("-") else { return false }
      let words = text.split(separator: " ").filter { word in
        word.count >= 3 && word.allSatisfy { $0.isLetter && $0.isLowercase }
      }
      return words.count >= 3
    }
    let english = command.helpText(in: .english).split(separator: "\n").filter(isProse)
    #expect(!english.isEmpty, "\(name): no prose in its English help to compare")
    for language in [RuleLanguage.german, .spanish] {
      let translated = Set(command.helpText(in: language).split(separator: "\n"))
      let untranslated = english.filter { translated.contains($0) }
      #expect(untranslated.isEmpty, "\(name) --help in \(language) is still English: \(untranslated)")
    }
  }

  /// The translated help must not fall behind the English: every option the English help of a
  /// translated command names is named in its German and Spanish help too.
  @Test(arguments: CommandWords.details.keys.sorted())
  func theTranslatedHelpNamesEveryOptionOfTheEnglish(_ name: String) throws {
    let command = try #require(DialShotCLI.commands.first { $0.name == name })
    func options(_ text: String) -> Set<Substring> {
      // An option's name ends at the punctuation around it in prose: "(--taste-from-notes)", "'--at'".
      let tokens = text.split(whereSeparator: { " \n,()'\";".contains($0) })
      return Set(tokens.filter { $0.hasPrefix("--") })
    }
    let english = options(command.helpText(in: .english))
    for language in [RuleLanguage.german, .spanish] {
      let missing = english.subtracting(options(command.helpText(in: language)))
      #expect(missing.isEmpty, "\(name) --help in \(language) lacks \(missing.sorted())")
    }
  }
}
