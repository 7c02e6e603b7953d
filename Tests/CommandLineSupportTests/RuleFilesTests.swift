import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import CommandLineSupport

/// `RuleFiles.load`, the one way `dialrules` and `dialshot` load a rule file: a file error comes
/// back unprinted for the tool to word, a file that does not compile prints its errors (and, when
/// asked, its warnings) in `lint`'s listing, and one that compiles is a working `RuleSet`.
@Suite struct RuleFilesTests {
  /// Compiles, with one warning (C017, a `let` never used).
  static let working = """
    dialrules 1
    ruleset "t"

    let slow = shot.time > 35 s

    rule sour_fast
      when sour
      then grind finer
      because "x"

    """

  @Test func aWorkingFileIsARuleSetAndItsWarningsShowOnlyWhenAsked() throws {
    let dir = TemporaryDirectory(prefix: "rule-files")
    try dir.write("a.dialrules", Self.working)
    let quiet = CommandIO.captured(currentDirectory: dir.path)
    let rules = try RuleFiles.load("a.dialrules", io: quiet).get()
    #expect(rules.ruleIDs == ["sour_fast"])
    #expect(rules.source.path == "a.dialrules")
    #expect(rules.warnings.map(\.code) == ["C017"])
    #expect(quiet.stderr == "")
    let all = CommandIO.captured(currentDirectory: dir.path)
    _ = try RuleFiles.load("a.dialrules", io: all, shown: .all).get()
    #expect(all.stderr.hasPrefix("a.dialrules:4:5: warning[C017]:"), "\(all.stderr)")
  }

  @Test func standardInputIsNamedAsSuch() throws {
    let io = CommandIO.captured(stdin: Self.working)
    let rules = try RuleFiles.load("-", io: io).get()
    #expect(rules.source.path == "<stdin>")
  }

  @Test func aFileThatCannotBeReadIsItsFileErrorUnprinted() {
    let dir = TemporaryDirectory(prefix: "rule-files")
    let io = CommandIO.captured(currentDirectory: dir.path)
    let result = RuleFiles.load("missing.dialrules", io: io, shown: .all)
    #expect(result.failure == .unreadable(.notFound(path: "missing.dialrules")))
    #expect(io.stderr == "")
  }

  @Test func aFileThatDoesNotCompilePrintsWhatItIsAskedFor() throws {
    let dir = TemporaryDirectory(prefix: "rule-files")
    // An error (a name that is not an observation) beside the warning.
    try dir.write("bad.dialrules", Self.working.replacingOccurrences(of: "when sour", with: "when sourr"))
    let errors = CommandIO.captured(currentDirectory: dir.path)
    #expect(RuleFiles.load("bad.dialrules", io: errors).failure == .doesNotCompile(path: "bad.dialrules"))
    #expect(errors.stderr.hasPrefix("bad.dialrules:7:8: error[C002]: unknown name 'sourr'"), "\(errors.stderr)")
    #expect(errors.stderr.contains(": error["))
    #expect(!errors.stderr.contains("C017"))
    let all = CommandIO.captured(currentDirectory: dir.path)
    #expect(RuleFiles.load("bad.dialrules", io: all, shown: .all).failure == .doesNotCompile(path: "bad.dialrules"))
    #expect(all.stderr.contains("warning[C017]") && all.stderr.contains(": error["), "\(all.stderr)")
    let quiet = CommandIO.captured(currentDirectory: dir.path)
    #expect(
      RuleFiles.load("bad.dialrules", io: quiet, shown: .nothing).failure == .doesNotCompile(path: "bad.dialrules"))
    #expect(quiet.stderr == "")
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
