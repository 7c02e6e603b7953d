import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// Every formatter case proves itself three ways (house style §14): the output equals the
/// reviewed golden, it parses back to the same tree and comments (checked inside `FormatRunner`),
/// and formatting it again changes nothing.
@Suite struct FormatterTests {
  static func format(_ text: String, path: String = "t.dialrules") throws -> String {
    try FormatRunner.format(SourceFile(path: path, text: text)).get()
  }

  @Test(arguments: try Corpus.files(in: "Fixtures/fmt", suffix: ".dialrules"))
  func fixtureFormatsToGoldenAndIsStable(_ relative: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.file(relative)))
    let formatted = try FormatRunner.format(SourceFile(path: relative, bytes: Array(bytes))).get()
    if let failure = Golden.check(formatted, against: relative + ".formatted") { Issue.record("\(failure)") }
    #expect(try Self.format(formatted) == formatted, "formatting twice changed the text")
  }

  /// The shipped rules and every valid fixture rule file are already formatted (dogfooding).
  @Test func repositoryRuleFilesAreFormatted() throws {
    let files = try ["rules/espresso.dialrules"] + Corpus.files(in: "Fixtures/fmt", suffix: ".formatted")
    for relative in files {
      let text = try PackageRoot.read(relative)
      #expect(try Self.format(text, path: relative) == text, "\(relative) is not formatted")
    }
  }

  @Test func refusesFilesWithSyntaxErrors() {
    let result = FormatRunner.format(SourceFile(path: "t", text: "dialrules 1\nrule a when (sour\n"))
    guard case .failure(.syntaxErrors(let d)) = result else {
      Issue.record("expected syntax errors, got \(result)")
      return
    }
    #expect(d.contains { $0.code == "P001" })
  }

  @Test func keepsEveryComment() throws {
    let text =
      "dialrules 1\n# a\nlet x = sour # b\n# c\nrule r # d\n  when x # e\n  then no change\n  because \"y\" # f\n# g\n"
    let out = try Self.format(text)
    for marker in ["# a", "# b", "# c", "# d", "# e", "# f", "# g"] { #expect(out.contains(marker), "lost \(marker)") }
  }

  @Test func breaksLongConditionsAtTopLevelConnectives() throws {
    let parts = (0..<12).map { "shot.time > \($0) s" }.joined(separator: " and ")
    let out = try Self.format("dialrules 1\nrule r\n  when \(parts)\n  then no change\n  because \"y\"\n")
    #expect(out.contains("\n    and shot.time > 11 s\n"))
    #expect(out.split(separator: "\n").allSatisfy { $0.count <= RuleFormatter.lineWidth })
  }

  /// Files without syntax errors whose canonical layout would put more than `Lexer.maxLineLength` bytes on one
  /// line (a long `let`, a long `overrides` list, a string or comment that filled its source
  /// line): the output is wrapped, every line is accepted by the lexer, and it is a fixed point.
  /// Before, `fmt` refused its own output as unsound (exit 70). Inputs in
  /// `Fixtures/regressions/formatter/`.
  @Test(arguments: try Corpus.files(in: "Fixtures/regressions/formatter", suffix: ".dialrules"))
  func linesStayWithinTheLexersLimit(_ relative: String) throws {
    let bytes = try PackageRoot.bytes(relative)
    let out = try FormatRunner.format(SourceFile(path: relative, bytes: bytes)).get()
    #expect(out.split(separator: "\n").allSatisfy { $0.utf8.count <= Lexer.maxLineLength })
    #expect(try Self.format(out) == out, "formatting twice changed the text")
  }
}
