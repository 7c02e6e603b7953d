import DialRulesTestSupport
import Testing

@testable import DialRules

/// The checker's unit, name, clause and cycle errors at their places, with markers
/// (`DiagnosticMarkers`), through the whole front end: any lexer or parser diagnostic in these
/// inputs would fail the test too.
@Suite struct CheckerMarkerTests {
  /// A rule with the given condition and action.
  static func rule(_ id: String, when condition: String, then action: String = "grind finer") -> String {
    "rule \(id)\n  when \(condition)\n  then \(action)\n  because \"x\"\n"
  }

  @Test func aValidFileChecksCleanly() {
    assertDiagnostics(
      "dialrules 1\nruleset \"t\"\n  limit grind 2 steps\nlet fast = shot.time < 20 s\n"
        + Self.rule("a", when: "fast and sour") + Self.rule("b", when: "shot.taste has bitter", then: "yield -2 g"),
      stage: .checker)
  }

  // MARK: - Units and types

  @Test func unitsMustAgree() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "shot.time < 1️⃣18 g")
        + Self.rule("b", when: "shot.time - recipe.time < 2️⃣-3")
        + Self.rule("c", when: "shot.dose + 3️⃣2 s > 20 g"),
      stage: .checker,
      [
        .init("T001", at: "1️⃣", message: "comparison with '<': expected seconds ('s'), found grams ('g')"),
        .init("T001", at: "2️⃣", message: "comparison with '<': expected seconds ('s'), found a plain number"),
        .init("T001", at: "3️⃣"),
      ])
  }

  @Test func conditionsAndValuesAreNotInterchangeable() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "1️⃣shot.time - recipe.time")
        + Self.rule("b", when: "sour and 2️⃣shot.yield"),
      stage: .checker,
      [
        .init("T002", at: "1️⃣", message: "expected a condition, found a value"),
        .init("T002", at: "2️⃣"),
      ])
  }

  @Test func hasAndIsNeedTheirOperands() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "1️⃣shot.time has sour"), stage: .checker,
      [.init("T003", at: "1️⃣", message: "expected a tag set such as 'shot.taste' before 'has', found a value")])
  }

  @Test func isKnownNeedsAValueOrATagSet() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "1️⃣previous.adjustment is known")
        + Self.rule("b", when: "2️⃣sour is known") + Self.rule("c", when: "shot.first_drop is known")
        + Self.rule("d", when: "shot.taste is known and (shot.time - recipe.time) is known"),
      stage: .checker,
      [
        .init(
          "T003", at: "1️⃣",
          message:
            "expected a value or a tag set such as 'shot.first_drop' before 'is known', found 'previous.adjustment'"),
        .init(
          "T003", at: "2️⃣",
          message: "expected a value or a tag set such as 'shot.first_drop' before 'is known', found a condition"),
      ])
  }

  // MARK: - Names

  @Test func unknownNamesAndTags() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "1️⃣shot.tme < 20 s") + Self.rule("b", when: "shot.taste has 2️⃣sweet")
        + Self.rule("c", when: "3️⃣valeu"),
      stage: .checker,
      [
        .init("C002", at: "1️⃣", message: "unknown name 'shot.tme'"),
        .init("C002", at: "2️⃣", message: "unknown taste tag 'sweet'"),
        .init("C002", at: "3️⃣"),
      ])
  }

  @Test func duplicateRulesAndLetsAreReportedAtTheSecond() {
    assertDiagnostics(
      "dialrules 1\nlet fast = shot.time < 20 s\nlet 1️⃣fast = shot.time < 21 s\n" + Self.rule("a", when: "fast")
        + "rule 2️⃣a\n  when bitter\n  then grind coarser\n  because \"y\"\n",
      stage: .checker,
      [
        .init("C004", at: "1️⃣", message: "'fast' is already defined"),
        .init("C003", at: "2️⃣", message: "rule id 'a' is already used"),
      ])
  }

  @Test func unusedLetsAreWarnings() {
    assertDiagnostics(
      "dialrules 1\nlet 1️⃣slow = shot.time > 35 s\n" + Self.rule("a", when: "sour"), stage: .checker,
      [.init("C017", at: "1️⃣", message: "'slow' is defined but never used")])
  }

  @Test func overridesNameExistingRules() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "sour") + "  overrides 1️⃣sour_fst, b, 2️⃣b\n"
        + Self.rule("b", when: "bitter"),
      stage: .checker,
      [
        .init("C006", at: "1️⃣", message: "'overrides' names rule 'sour_fst', which does not exist"),
        .init("C019", at: "2️⃣", message: "rule 'b' is listed twice in 'overrides'"),
      ])
  }

  /// A `let` cannot take a taste or flow word: it would silently change every rule that tests the
  /// tag (`let sour = …`), and `let bitter = bitter or harsh` is not a cycle but a mistake. One
  /// error each, nothing else: the body is still checked, and the name is not "unused".
  @Test func tagWordsAreNotLetNames() {
    assertDiagnostics(
      "dialrules 1\nlet 1️⃣sour = shot.time > 30 s\nlet 2️⃣bitter = bitter or harsh\n"
        + "let 3️⃣channeling = shot.time > 4️⃣2 g\n" + Self.rule("a", when: "sour and bitter"),
      stage: .checker,
      [
        .init(
          "C021", at: "1️⃣",
          message: "'sour' is a taste word: it is reserved for the shot's tags and cannot be a 'let' name"),
        .init("C021", at: "2️⃣"),
        .init(
          "C021", at: "3️⃣",
          message: "'channeling' is a flow word: it is reserved for the shot's tags and cannot be a 'let' name"),
        .init("T001", at: "4️⃣"),
      ])
  }

  /// `shot`, `recipe` and `previous` are reserved words (the parser's P003), and the message says
  /// what they are for.
  @Test func observationWordsAreNotLetNames() {
    assertDiagnostics(
      "dialrules 1\nlet 1️⃣shot = 3\n" + Self.rule("a", when: "sour"), stage: .checker,
      [.init("P003", at: "1️⃣", message: "'shot' is a reserved word and cannot be used as a 'let' name")])
    let compiled = RuleCompiler.compile(SourceFile(path: "t", text: "dialrules 1\nlet recipe = 3\n"))
    #expect(compiled.diagnostics.first?.help?.contains("reserved for the shot record's observations") == true)
  }

  // MARK: - Cycles

  @Test func cyclicLets() {
    assertDiagnostics(
      "dialrules 1\nlet a = b and sour\nlet b = 1️⃣a or bitter\n" + Self.rule("r", when: "a"), stage: .checker,
      [.init("C005", at: "1️⃣", message: "'a' is defined in terms of itself: a → b → a")])
  }

  @Test func overrideCycles() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "sour") + "  overrides 1️⃣a\n", stage: .checker,
      [.init("C012", at: "1️⃣", message: "rule 'a' overrides itself")])
    assertDiagnostics(
      // Reported once, at the rule that closes the cycle.
      "dialrules 1\n" + Self.rule("a", when: "sour") + "  overrides b\n" + Self.rule("b", when: "bitter")
        + "  overrides c\n" + "rule 1️⃣c\n  when thin\n  then grind coarser\n  because \"y\"\n  overrides a\n",
      stage: .checker,
      [.init("C013", at: "1️⃣", message: "'overrides' form a cycle: a → b → c → a")])
  }

  // MARK: - Clauses, limits, headers

  @Test func clausesOnceEach() {
    assertDiagnostics(
      "dialrules 1\nrule 1️⃣a\n  when sour\n  then grind finer\nrule b\n  when sour\n  2️⃣when bitter\n"
        + "  then grind finer\n  because \"x\"\n",
      stage: .checker,
      [
        .init("C007", at: "1️⃣", message: "rule 'a' has no 'because' clause"),
        .init("C008", at: "2️⃣", message: "rule 'b' has more than one 'when' clause"),
      ])
  }

  /// Clauses of the ruleset header are the ruleset's, not a rule's.
  @Test func rulesetClausesAppearOnce() {
    assertDiagnostics(
      "dialrules 1\nruleset \"t\"\n  otherwise no change\n  1️⃣otherwise insufficient \"x\"\n"
        + "  require agreement\n  2️⃣require agreement\n" + Self.rule("a", when: "sour"),
      stage: .checker,
      [
        .init("C008", at: "1️⃣", message: "the ruleset has more than one 'otherwise'"),
        .init("C008", at: "2️⃣", message: "the ruleset has more than one 'require agreement'"),
      ])
  }

  @Test func limitsAndAmounts() {
    assertDiagnostics(
      "dialrules 1\nruleset \"t\"\n  limit grind 2 steps\n  limit 1️⃣grnd 2 steps\n  require 2️⃣agrement\n"
        + Self.rule("a", when: "sour", then: "3️⃣grind finer 3 steps")
        + Self.rule("b", when: "bitter", then: "grind coarser 4️⃣1.5 steps"),
      stage: .checker,
      [
        .init("C010", at: "1️⃣", message: "unknown limit 'grnd'"),
        .init("C020", at: "2️⃣", message: "unknown requirement 'agrement'"),
        .init("C009", at: "3️⃣", message: "'grind finer 3 steps' exceeds the ruleset's limit of 2 steps"),
        .init("C011", at: "4️⃣", message: "grinder steps must be a whole number"),
      ])
  }

  @Test func unsupportedVersion() {
    assertDiagnostics(
      "dialrules 1️⃣2\n" + Self.rule("a", when: "sour"), stage: .checker,
      [.init("C001", at: "1️⃣", message: "unsupported language version '2'")])
  }

  @Test func examplesAreChecked() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "sour")
        + "  example\n    shot time 20 s, 1️⃣time 21 s, taste sour\n    expect grind finer\n"
        + "  example\n    shot 2️⃣tim 20 s, taste sour\n    expect grind finer\n",
      stage: .checker,
      [
        .init("C015", at: "1️⃣", message: "field 'time' is given twice"),
        .init("C016", at: "2️⃣", message: "unknown field 'tim' in 'shot'"),
      ])
  }

  /// `expect insufficient` takes exactly the reasons an example can get, and C016's help lists
  /// exactly those (issue 23: `invalid_shot` checked clean, was listed as valid, and could never
  /// pass).
  @Test func expectedReasonsAreTheOnesAnExampleCanGet() {
    let text =
      "dialrules 1\n" + Self.rule("a", when: "sour") + "  example\n    shot taste sour\n    expect insufficient "
    assertDiagnostics(
      text + "1️⃣invalid_shot\n", stage: .checker,
      [.init("C016", at: "1️⃣", message: "an example cannot expect 'invalid_shot'")])
    for word in ["invalid_shot", "bogus"] {
      let help = RuleCompiler.compile(SourceFile(path: "t", text: text + word + "\n")).diagnostics.first {
        $0.code == "C016"
      }?.help
      #expect(
        help?.hasSuffix("valid reasons: explicit, conflict, incomplete, no_rule") == true, "\(word): \(help ?? "")")
    }
    for reason in ["explicit", "conflict", "incomplete", "no_rule"] {
      #expect(
        !RuleCompiler.compile(SourceFile(path: "t", text: text + reason + "\n")).diagnostics.contains {
          $0.code == "C016"
        })
    }
  }

  /// Independent mistakes of every stage in one file: each at its place, nothing else.
  @Test func mistakesOfEveryStageTogether() {
    assertDiagnostics(
      "dialrules 1\n" + Self.rule("a", when: "sour 1️⃣@ and shot.time < 20 s")
        + Self.rule("b", when: "shot.time < 2️⃣20 g") + Self.rule("c", when: "3️⃣bitterr", then: "yield 4️⃣2 g"),
      stage: .checker,
      [.init("L001", at: "1️⃣"), .init("T001", at: "2️⃣"), .init("C002", at: "3️⃣"), .init("P004", at: "4️⃣")])
  }
}
