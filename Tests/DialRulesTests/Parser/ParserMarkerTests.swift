import DialRulesTestSupport
import Testing

@testable import DialRules

/// The parser's codes at their places, and its recovery: after an error it resumes at the next
/// clause or declaration, so independent mistakes are each reported once, where they are.
@Suite struct ParserMarkerTests {
  static let rule = "rule r\n  when sour\n  then grind finer\n  because \"x\"\n"

  @Test func aWellFormedFileParsesCleanly() {
    assertDiagnostics("dialrules 1\nruleset \"t\"\n  limit grind 2 steps\nlet a = sour\n" + Self.rule, stage: .parser)
  }

  @Test func expectedTokens() {
    assertDiagnostics(
      "dialrules 1\nrule a\n  when (sour and bitter\n  1️⃣then grind finer\n  because \"x\"\n", stage: .parser,
      [.init("P001", at: "1️⃣", message: "expected ')', found 'then'")])
    assertDiagnostics(
      "dialrules 1\nrule a\n  when 1️⃣)\n  then grind finer\n  because \"x\"\n", stage: .parser,
      [.init("P001", at: "1️⃣", message: "expected a condition or a value, found ')'")])
  }

  @Test func missingVersionHeader() {
    assertDiagnostics(
      "1️⃣ruleset \"t\"\n" + Self.rule, stage: .parser,
      [.init("P002", at: "1️⃣", message: "missing version header 'dialrules 1'")])
  }

  @Test func reservedWordsAsNames() {
    assertDiagnostics(
      "dialrules 1\nlet 1️⃣when = shot.time\nrule 2️⃣then\n  when sour\n  then grind finer\n  because \"x\"\n",
      stage: .parser,
      [
        .init("P003", at: "1️⃣", message: "'when' is a reserved word and cannot be used as a 'let' name"),
        .init("P003", at: "2️⃣"),
      ])
  }

  @Test func amountsNeedASign() {
    assertDiagnostics(
      "dialrules 1\nrule a\n  when thin\n  then yield 1️⃣2 g\n  because \"x\"\n", stage: .parser,
      [.init("P004", at: "1️⃣", message: "expected '+' or '-' before the amount of 'yield'")])
  }

  /// A pattern mistake is one diagnostic that says what a pattern looks like; the rest of the
  /// clause is read as the pattern it was meant to be, so nothing cascades.
  @Test func patternMistakesSayWhatAPatternIs() {
    func rule(_ condition: String) -> String {
      "dialrules 1\nrule a\n  when \(condition)\n  then grind finer\n  because \"x\"\n"
    }
    let steps = rule("previous.adjustment is grind 1️⃣2 steps")
    assertDiagnostics(
      steps, stage: .checker,
      [
        .init(
          "P001", at: "1️⃣",
          message: "expected 'finer' or 'coarser' before the steps of a 'grind' pattern, found number '2'")
      ])
    let grams = rule("previous.adjustment is yield 1️⃣2 g and sour")
    assertDiagnostics(
      grams, stage: .checker,
      [.init("P004", at: "1️⃣", message: "expected '+' or '-' before the amount of the 'yield' pattern")])
    let other = rule("previous.adjustment is 1️⃣finer")
    assertDiagnostics(
      other, stage: .checker,
      [.init("P001", at: "1️⃣", message: "expected an adjustment pattern after 'is', found 'finer'")])
    for source in [steps, grams, other] {
      let help = DiagnosticMarkers.diagnostics(
        of: SourceFile(path: "t", bytes: MarkedSource(source).bytes), stage: .checker
      ).first?.help
      #expect(
        help?.contains("a pattern is 'none', 'no change', 'grind', 'grind finer', 'grind coarser 2 steps'") == true,
        "\(help ?? "")")
    }
  }

  @Test func headersOnceAndFirst() {
    assertDiagnostics(
      "dialrules 1\n1️⃣dialrules 1\n" + Self.rule + "2️⃣ruleset \"late\"\n", stage: .parser,
      [
        .init("P005", at: "1️⃣", message: "'dialrules' may appear only once"),
        .init("P006", at: "2️⃣", message: "'ruleset' must come before every 'let' and 'rule'"),
      ])
  }

  @Test func nestingAndSizeLimits() {
    let depth = Parser.maxNesting
    let deep = String(repeating: "(", count: depth) + "1️⃣(sour" + String(repeating: ")", count: depth + 1)
    assertDiagnostics(
      "dialrules 1\nrule a\n  when \(deep)\n  2️⃣then grind finer\n  because \"x\"\n", stage: .parser,
      [
        .init("P007", at: "1️⃣", message: "expression is nested more than 64 levels deep"),
        // The rest of the condition is skipped, so the parser finds 'then' where it wanted ')'.
        .init("P001", at: "2️⃣"),
      ])
    let parts = (0..<Parser.maxExpressionNodes).map { _ in "sour" }.joined(separator: "\n    and ")
    assertDiagnostics(
      "dialrules 1\nrule a\n  when 1️⃣\(parts)\n  then grind finer\n  because \"x\"\n", stage: .parser,
      [.init("P008", at: "1️⃣", message: "expression has more than 2000 parts")])
  }

  /// Two independent mistakes in different rules: both are reported, each at its place, and
  /// nothing in between (no cascade from the first into the second rule).
  @Test func recoveryReportsIndependentErrorsAtTheirPlaces() {
    assertDiagnostics(
      """
      dialrules 1
      rule a
        when (sour and bitter
        1️⃣then grind finer
        because "x"
      rule b
        when thin
        then yield 2️⃣2 g
        because "y"
      rule c
        when 3️⃣and sour
        then no change
        because "z"
      let 4️⃣rule = sour
      rule d
        when sour
        then grind finer
        because 5️⃣w
      """, stage: .parser,
      [
        .init("P001", at: "1️⃣"), .init("P004", at: "2️⃣"), .init("P001", at: "3️⃣"), .init("P003", at: "4️⃣"),
        .init("P001", at: "5️⃣", message: "expected the rationale in quotes, found 'w'"),
      ])
  }

  /// A lexer error and a parser error in one file: the parser stage shows both.
  @Test func lexerAndParserErrorsTogether() {
    assertDiagnostics(
      "dialrules 1\nrule a\n  when sour 1️⃣@ 2️⃣bitter\n  then grind finer\n  because \"x\"\nrule b\n  when 3️⃣)\n",
      stage: .parser,
      [
        .init("L001", at: "1️⃣"),
        // The '@' is dropped by the lexer, so the parser sees 'sour bitter'.
        .init("P001", at: "2️⃣", message: "expected a new clause or declaration after the 'when' clause, found 'bitter'"),
        .init("P001", at: "3️⃣"),
      ])
  }

  @Test func tooManyErrorsStopTheParser() {
    // One error per rule: the 201st is where the parser stops.
    let broken = String(repeating: "rule a\n  when sour bitter\n", count: Parser.maxErrors)
    let source = MarkedSource("dialrules 1\n" + broken + "rule z\n  when sour 1️⃣bitter\n  when sour bitter\n")
    let codes = DiagnosticMarkers.diagnostics(of: SourceFile(path: "t", bytes: source.bytes), stage: .parser)
    #expect(codes.map(\.code) == Array(repeating: "P001", count: Parser.maxErrors) + ["P009"])
    #expect(codes.last?.span.start == source.offsets["1️⃣"])
  }
}
