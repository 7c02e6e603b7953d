import Foundation
import Testing

@testable import ShotLogCommands

/// The argument and file conventions `dialshot` shares with `dialrules` (`CommandLineSupport`).
@Suite struct ShotLogCommandLineConventionTests {
  @Test func aForgottenValueDoesNotSwallowTheNextOption() {
    let s = Scratch()
    s.setUpGuji()
    // Before the shared scanner, '--db' became the time and the database path the bean name.
    let r = s.run(["log", "--time"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("Error: option '--time' needs a value, found '--db'; write '--time=--db' if that is"))
    #expect(r.err.hasSuffix("See 'dialshot log --help' for more information.\n"))
    #expect(s.run(["log", "--time=25", "--notes=--see-above"]).status == 0)
  }

  @Test func helpWinsAndDoesNothingElse() throws {
    let s = Scratch()
    let target = s.directory.file("--help")
    let r = s.run(["export", "--json", "--help"])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("Write the whole log as JSON"))
    #expect(!FileManager.default.fileExists(atPath: target))
    // After '--' it is an argument like any other.
    let ended = s.run(["history", "--", "--help"])
    #expect(ended.status == 64)
    #expect(ended.err.hasPrefix("Error: unexpected argument '--help'\n"))
  }

  @Test func aRuleFileOverOneMebibyteIsRefusedBeforeParsing() throws {
    let s = Scratch()
    s.setUpGuji()
    let path = s.directory.file("big.dialrules")
    try Data(("#" + String(repeating: "x", count: 1 << 20)).utf8).write(to: URL(fileURLWithPath: path))
    let r = s.run(["log", "--time", "25", "--rules", path])
    #expect(r.status == 2)
    #expect(r.err == "dialshot: error: \(path): file is larger than 1 MiB\n")
  }

  @Test func fileErrorsNameThePath() {
    let s = Scratch()
    s.setUpGuji()
    let missing = s.run(["import", s.directory.file("nope.json")])
    #expect(missing.status == 2)
    #expect(missing.err == "dialshot: error: \(s.directory.file("nope.json")): no such file\n")
    let directory = s.run(["import", s.directory.path])
    #expect(directory.err == "dialshot: error: \(s.directory.path): is a directory, expected a file\n")
    let unwritable = s.run(["export", "--json", s.directory.file("no/such/dir/x.json")])
    #expect(unwritable.status == 2)
    #expect(
      unwritable.err
        == "dialshot: error: \(s.directory.file("no/such/dir/x.json")): cannot write: No such file or directory\n")
  }
}
