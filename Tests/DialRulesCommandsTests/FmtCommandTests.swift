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
    #expect(r.out.contains("\n+  when sour\n"))
    #expect(r.out.contains("\n@@ -"))
  }

  /// `fmt --diff` is a unified diff that `patch -p0` applies, giving exactly what `fmt --write`
  /// writes — for files with changes at the start, in the middle and at the end, CRLF line ends,
  /// and a last line without a newline (issue 23: it printed numbered lines `patch` rejects).
  @Test func diffIsAUnifiedDiffThatPatchApplies() throws {
    let dir = try temporaryDirectory()
    let long = (1...12).map { "let v\($0) = shot.time < \($0) s\n" }.joined()
    let cases = [
      Self.messy, Self.tidy + "rule late when sour then no change because \"x\"",
      "dialrules 1\n" + long + "rule a when v1 and v2 and v3 and v4 and v5 and v6 and v7 and v8 and v9 and v10 and v11"
        + " and v12 then no change because \"x\"\n\n\n\nlet  v13 = sour\n",
      "dialrules 1\r\nrule a\r\n  when sour\r\n  then grind finer 1 step\r\n  because \"x\"\r\n",
    ]
    for (n, text) in cases.enumerated() {
      let name = "case\(n).dialrules"
      try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
      let diff = dialrules(in: dir, "fmt", "--diff", name)
      #expect(diff.status == 0, "\(diff.err)")
      #expect(diff.out.hasPrefix("--- \(name)\n+++ \(name)\n@@ -"), "\(diff.out)")
      let patch = try BuiltProducts.run(
        executableAt: "/usr/bin/env", ["patch", "-p0", "--quiet", "--no-backup-if-mismatch"], stdin: diff.out, in: dir)
      #expect(patch.status == 0, "case \(n): \(patch.stdout)\(patch.stderr)\n\(diff.out)")
      let patched = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
      #expect(patched == dialrules("fmt", stdin: text).out, "case \(n)")
      #expect(dialrules(in: dir, "fmt", "--diff", name).out.isEmpty, "case \(n) still differs")
    }
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
