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

  @Test func outputIsIndependentOfLocaleAndTimeZone() throws {
    var a = ProcessInfo.processInfo.environment
    a["LANG"] = "de_DE.UTF-8"
    a["LC_ALL"] = "de_DE.UTF-8"
    a["TZ"] = "Pacific/Chatham"
    var b = ProcessInfo.processInfo.environment
    b["LANG"] = "C"
    b["LC_ALL"] = "C"
    b["TZ"] = "UTC"
    let args = ["explain", "rules/espresso.dialrules", "Fixtures/shots/yield-plus-2-float-trap-bitter.json"]
    let x = try BuiltProducts.run("dialrules", args, environment: a)
    let y = try BuiltProducts.run("dialrules", args, environment: b)
    #expect(x.status == 0)
    #expect(x.stdout == y.stdout)
    #expect(!x.stdout.isEmpty)
  }
}
