import DialRulesTestSupport
import Foundation
import Testing

/// The built `dialrules` binary, run as a user runs it: every documented exit code, with stdout
/// and stderr checked.
@Suite struct EndToEndTests {
  @Test func exitZeroDecidesTheBatch() throws {
    let r = try BuiltProducts.run("dialrules", ["eval", "rules/espresso.dialrules", "Fixtures/shots/batch.jsonl"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.split(separator: "\n").count == 11)
    #expect(r.stdout.hasPrefix("{\"id\":"))
    #expect(r.stderr.isEmpty)
  }

  @Test func exitOneForLintErrors() throws {
    let r = try BuiltProducts.run("dialrules", ["lint", "Fixtures/diagnostics/C003-duplicate-rule.dialrules"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("error[C003]: rule id 'a' is already used"))
    #expect(r.stdout.contains("1 error"))
  }

  @Test func exitTwoForMissingInput() throws {
    let r = try BuiltProducts.run("dialrules", ["explain", "rules/espresso.dialrules", "missing.json"])
    #expect(r.status == 2)
    #expect(r.stderr == "missing.json: error: no such file\n")
    #expect(r.stdout.isEmpty)
  }

  @Test func exitSixtyFourForUsage() throws {
    let r = try BuiltProducts.run("dialrules", ["evaluate"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("unknown command 'evaluate'"))
    #expect(r.stderr.contains("did you mean 'eval'?"))
  }

  @Test func exitSeventyWhenTheFormatterWouldChangeMeaning() throws {
    var env = ProcessInfo.processInfo.environment
    env["DIALRULES_FAULT"] = "fmt-unsound"
    let r = try BuiltProducts.run("dialrules", ["fmt", "rules/espresso.dialrules"], environment: env)
    #expect(r.status == 70)
    #expect(r.stderr.contains("internal error"))
    #expect(r.stdout.isEmpty)
  }

  @Test func readsStandardInputThroughAPipe() throws {
    let shot = try PackageRoot.read("Fixtures/shots/sour-fast.json")
    let r = try BuiltProducts.run(
      "dialrules", ["explain", "--format", "json", "rules/espresso.dialrules", "-"], stdin: shot)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""decided_by":["sour_fast"]"#))
  }

  /// Commands whose output must not depend on the run, the locale, the time zone or Swift's
  /// per-process hash seed: every command that prints, including errors on stderr.
  static let deterministicCommands: [[String]] = [
    ["lint", "rules/espresso.dialrules"],
    ["lint", "--format", "json", "rules/espresso.dialrules", "Fixtures/diagnostics/C002-unknown-name.dialrules"],
    ["explain", "rules/espresso.dialrules", "Fixtures/shots/yield-plus-2-float-trap-bitter.json"],
    ["explain", "rules/espresso.dialrules", "Fixtures/shots/strong-harsh-on-time.json"],
    ["explain", "--format", "json", "rules/espresso.dialrules", "Fixtures/shots/back-off-after-finer.json"],
    ["eval", "rules/espresso.dialrules", "Fixtures/shots/batch.jsonl"],
    ["eval", "rules/espresso.dialrules", "Fixtures/bad-inputs/batch-mixed-line-endings.jsonl"],
    ["test", "rules/espresso.dialrules", "Fixtures/shots"],
    ["table", "rules/espresso.dialrules"],
    ["fmt", "Fixtures/fmt/comments.dialrules"],
  ]

  /// Byte-identical stdout, stderr and status across runs (each process draws a new hash seed, so
  /// iterating a Set or Dictionary into the output would show here), across locales and time
  /// zones (a German decimal comma, a +13:45 zone).
  @Test(arguments: deterministicCommands)
  func outputIsIdenticalAcrossRunsLocalesAndTimeZones(_ args: [String]) throws {
    var german = ProcessInfo.processInfo.environment
    german["LANG"] = "de_DE.UTF-8"
    german["LC_ALL"] = "de_DE.UTF-8"
    german["TZ"] = "Pacific/Chatham"
    var plain = ProcessInfo.processInfo.environment
    plain["LANG"] = "C"
    plain["LC_ALL"] = "C"
    plain["TZ"] = "UTC"
    let first = try BuiltProducts.run("dialrules", args)
    #expect(first.status != 70 && !(first.stdout + first.stderr).isEmpty)
    for environment in [nil, german, plain] {
      let again = try BuiltProducts.run("dialrules", args, environment: environment)
      #expect(again.status == first.status)
      #expect(again.stdout == first.stdout, "stdout differs for \(args)")
      #expect(again.stderr == first.stderr, "stderr differs for \(args)")
    }
  }

  /// The executable links no Foundation (nor, through it, FoundationInternationalization and ICU):
  /// loading them costs milliseconds of start-up on every run (docs/performance.md, issue 25).
  /// `ldd` lists every library the loader maps, needed directly or through another.
  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "ldd lists an ELF binary's libraries"))
  func theExecutableLinksNoFoundation() throws {
    let binary = try #require(BuiltProducts.executable("dialrules"), "dialrules is built next to the tests")
    let r = try BuiltProducts.run(executableAt: "/usr/bin/ldd", [binary])
    #expect(r.status == 0, "\(r.stderr)")
    let libraries = r.stdout.split(separator: "\n").compactMap { line in
      line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }
    #expect(libraries.contains { $0.hasPrefix("libswiftCore.so") }, "\(r.stdout)")
    let foundation = libraries.filter { $0.lowercased().contains("foundation") || $0.lowercased().contains("icu") }
    #expect(foundation.isEmpty, "\(r.stdout)")
  }
}
