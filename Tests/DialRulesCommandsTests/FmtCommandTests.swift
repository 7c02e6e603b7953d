import DialRulesTestSupport
import Foundation
import Testing

@Suite struct FmtCommandTests {
  static let messy = "dialrules 1\nrule a when sour then grind finer because \"x\"\n"
  static let tidy = "dialrules 1\n\nrule a\n  when sour\n  then grind finer\n  because \"x\"\n"

  @Test func standardInputToStandardOutput() {
    let r = dialrules("fmt", stdin: Self.messy)
    #expect(r.status == 0)
    #expect(r.out == Self.tidy)
  }

  @Test func checkListsFilesThatWouldChangeAndExitsOne() throws {
    let dir = try temporaryDirectory()
    try Self.messy.write(toFile: dir + "/m.dialrules", atomically: true, encoding: .utf8)
    try Self.tidy.write(toFile: dir + "/t.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("fmt", "--check", dir + "/m.dialrules", dir + "/t.dialrules")
    #expect(r.status == 1)
    #expect(r.out == dir + "/m.dialrules\n")
    #expect(dialrules("fmt", "--check", dir + "/t.dialrules").status == 0)
  }

  @Test func writeRewritesInPlace() throws {
    let dir = try temporaryDirectory()
    try Self.messy.write(toFile: dir + "/m.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("fmt", "--write", dir + "/m.dialrules")
    #expect(r.status == 0)
    #expect(try String(contentsOfFile: dir + "/m.dialrules", encoding: .utf8) == Self.tidy)
  }

  @Test func diffShowsChangedLines() {
    let r = dialrules("fmt", "--diff", stdin: Self.messy)
    #expect(r.status == 0)
    #expect(r.out.contains("+4:   when sour"))
  }

  @Test func syntaxErrorsLeaveTheFileAloneAndExitTwo() throws {
    let dir = try temporaryDirectory()
    let broken = "dialrules 1\nrule a when (sour\n"
    try broken.write(toFile: dir + "/b.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("fmt", "--write", dir + "/b.dialrules")
    #expect(r.status == 2)
    #expect(r.err.contains("error[P001]"))
    #expect(try String(contentsOfFile: dir + "/b.dialrules", encoding: .utf8) == broken)
  }

  /// A directory stands for every `*.dialrules` below it, in sorted order; hidden entries and other
  /// files are skipped.
  @Test func directoriesHoldRuleFiles() throws {
    #expect(dialrules("fmt", "--check", "rules/") == (0, "", ""))
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/b/c", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/.hidden", withIntermediateDirectories: true)
    for name in ["z.dialrules", "b/c/m.dialrules", "b/a.dialrules", ".hidden/h.dialrules", "notes.txt"] {
      try Self.messy.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }
    try Self.tidy.write(toFile: dir + "/b/tidy.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("fmt", "--check", dir)
    #expect(r.status == 1)
    #expect(r.out == "\(dir)/b/a.dialrules\n\(dir)/b/c/m.dialrules\n\(dir)/z.dialrules\n")
    #expect(dialrules("fmt", "--write", dir + "/b").status == 0)
    #expect(try String(contentsOfFile: dir + "/b/c/m.dialrules", encoding: .utf8) == Self.tidy)
    #expect(try String(contentsOfFile: dir + "/z.dialrules", encoding: .utf8) == Self.messy)
    let empty = try temporaryDirectory()
    let none = dialrules("fmt", "--check", empty)
    #expect(none.status == 2)
    #expect(none.err == "\(empty): error: no rule files (*.dialrules) in this directory\n")
  }

  /// `fmt` needs only a file that parses: type errors are `lint`'s business (README, exit codes).
  @Test func typeErrorsAreFormattedAndExitZero() {
    let r = dialrules("fmt", "Fixtures/diagnostics/T001-unit-mismatch.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("dialrules 1\n"))
    #expect(r.err.isEmpty)
  }

  @Test func conflictingFlagsAreUsageErrors() {
    #expect(dialrules("fmt", "--check", "--write", "x").status == 64)
    #expect(dialrules("fmt", "--write").status == 64)
  }
}
