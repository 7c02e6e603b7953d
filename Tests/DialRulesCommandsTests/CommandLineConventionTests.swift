import CommandLineSupport
import DialRulesCommands
import DialRulesTestSupport
import Foundation
import Testing

/// Runs `dialrules` in-process from `directory` (the package root by default).
private func run(_ arguments: [String], in directory: String = PackageRoot.path()) -> (
  status: Int32, out: String, err: String
) {
  let io = CommandIO.captured(currentDirectory: directory)
  let status = DialRulesCLI.main(arguments: arguments, io: io)
  return (status, io.stdout, io.stderr)
}

/// The argument conventions `dialrules` shares with `dialshot` (`CommandLineSupport`), seen
/// through real subcommands.
@Suite struct CommandLineConventionTests {
  @Test func helpWinsOverOtherMistakesOnTheLine() {
    for line in [["lint", "--help", "--frmat"], ["lint", "--frmat", "--help"], ["fmt", "--check", "--write", "-h"]] {
      let r = run(line)
      #expect(r.status == 0, "\(line)")
      #expect(r.out.hasPrefix("OVERVIEW: "), "\(line)")
      #expect(r.err.isEmpty, "\(line)")
    }
  }

  @Test func aForgottenValueDoesNotSwallowTheNextOption() throws {
    let dir = try temporaryDirectory()
    // Before the shared scanner, this wrote witness files into a directory named '--help'.
    let help = run(["lint", "--witness-dir", "--help", "rules/espresso.dialrules"], in: dir)
    #expect(help.status == 0)
    #expect(help.out.hasPrefix("OVERVIEW: "))
    #expect(!FileManager.default.fileExists(atPath: dir + "/--help"))
    let next = dialrules("explain", "--format", "--color", "never", "a", "b")
    #expect(next.status == 64)
    #expect(
      next.err.hasPrefix(
        "Error: option '--format' needs a value, found '--color'; write '--format=--color' if that is the value\n"))
  }

  @Test func anOptionGivenTwiceIsAUsageErrorUnlessRepeatable() {
    let twice = dialrules("lint", "--format", "json", "--format", "text", "rules/espresso.dialrules")
    #expect(twice.status == 64)
    #expect(twice.err.hasPrefix("Error: option '--format' given more than once\n"))
    #expect(twice.err.hasSuffix("See 'dialrules lint --help' for more information.\n"))
    let fixtures = dialrules(
      "diff", "--fixtures", "Fixtures/shots/back-off-after-finer.json", "--fixtures",
      "Fixtures/shots/back-off-after-finer-2-steps.json", "rules/espresso.dialrules", "rules/espresso.dialrules")
    #expect(fixtures.status == 0, "\(fixtures.err)")
    #expect(fixtures.out.contains("shots: 0 of 2 decide differently"), "\(fixtures.out)")
  }

  @Test func unknownCommandsHaveTheUsageErrorShape() {
    let r = dialrules("evalute")
    #expect(r.status == 64)
    #expect(
      r.err == """
        Error: unknown command 'evalute'; did you mean 'eval'?
        Usage: dialrules <command> [options]
        See 'dialrules --help' for more information.

        """)
  }

  @Test func fmtWriteKeepsTheFilesPermissions() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/m.dialrules"
    try FmtCommandTests.messy.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    #expect(dialrules("fmt", "--write", path).status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == FmtCommandTests.tidy)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["m.dialrules"])
  }
}
