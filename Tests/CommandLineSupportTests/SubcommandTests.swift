import Testing

@testable import CommandLineSupport

/// A subcommand of a made-up tool, to drive the shared parse, usage errors and dispatch.
enum SampleCommand: Subcommand {
  static let name = "lint"
  static let abstract = "Check things"
  static let usage = ["tool lint [--format text|json] FILE", "tool lint --all"]
  static let details = "OPTIONS:\n  --format FORMAT\n"
  static let program = "tool"
  static var helpText: String { "HELP for \(name)\n" }
  static let spec = ArgumentSpec(options: ["--format"], flags: ["--all"], maxPositionals: 1)
}

enum OtherCommand: Subcommand {
  static let name = "eval"
  static let abstract = "Evaluate things"
  static let usage = ["tool eval FILE"]
  static let details = ""
  static let program = "tool"
  static var helpText: String { "HELP for \(name)\n" }
}

/// Usage errors in the argument-parser shape with status 64, `--help` on standard output with
/// status 0, and the top-level routing both tools share.
@Suite struct SubcommandTests {
  @Test func usageErrorsHaveTheArgumentParserShape() {
    let io = CommandIO.captured()
    let result = SampleCommand.parse(["--frmat", "json"], SampleCommand.spec, io: io)
    #expect(result == .failure(.usage))
    #expect(
      io.stderr == """
        Error: unknown option '--frmat'; did you mean '--format'?
        Usage: tool lint [--format text|json] FILE
        See 'tool lint --help' for more information.

        """)
    #expect(io.stdout.isEmpty)
    #expect(ExitCode.usage.rawValue == 64)
  }

  @Test func helpGoesToStandardOutputWithStatusZero() {
    for line in [["--help"], ["-h"], ["x", "--frmat", "--help"]] {
      let io = CommandIO.captured()
      #expect(SampleCommand.parse(line, SampleCommand.spec, io: io) == .failure(.success))
      #expect(io.stdout == "HELP for lint\n")
      #expect(io.stderr.isEmpty)
    }
  }

  @Test func aGoodLineIsHandedOver() throws {
    let io = CommandIO.captured()
    let parsed = try SampleCommand.parse(["--all", "f"], SampleCommand.spec, io: io).get()
    #expect(parsed.flag("--all") && parsed.positionals == ["f"])
    #expect(io.stdout.isEmpty && io.stderr.isEmpty)
  }

  let program = CommandLineProgram<any Subcommand.Type>(
    name: "tool", versionLine: "tool 1.0", overview: "OVERVIEW\n", commands: [SampleCommand.self, OtherCommand.self],
    describe: { $0 })

  /// Routes `arguments`: the exit status (nil when a command runs), the command and its
  /// arguments, and the captured streams.
  func route(_ arguments: [String]) -> (ExitCode?, String?, [String], out: String, err: String) {
    let io = CommandIO.captured()
    switch program.route(arguments, io: io) {
    case .exit(let code): return (code, nil, [], io.stdout, io.stderr)
    case .run(let command, let rest): return (nil, command.name, rest, io.stdout, io.stderr)
    }
  }

  @Test func noArgumentsShowTheOverviewOnStandardErrorWithStatus64() {
    let r = route([])
    #expect(r.0 == .usage && r.err == "OVERVIEW\n" && r.out.isEmpty)
  }

  @Test func helpAndVersion() {
    for line in [["--help"], ["-h"], ["help"], ["help", "nope"]] {
      let r = route(line)
      #expect(r.0 == .success && r.out == "OVERVIEW\n" && r.err.isEmpty, "\(line)")
    }
    for line in [["help", "eval"], ["--help", "eval"], ["-h", "eval"]] {
      let r = route(line)
      #expect(r.0 == .success && r.out == "HELP for eval\n", "\(line)")
    }
    let v = route(["--version"])
    #expect(v.0 == .success && v.out == "tool 1.0\n")
  }

  @Test func aCommandGetsTheRestOfTheLine() {
    let r = route(["eval", "a", "--help"])
    #expect(r.0 == nil && r.1 == "eval" && r.2 == ["a", "--help"] && r.out.isEmpty && r.err.isEmpty)
  }

  @Test func unknownCommandsSuggestATypoFixOrAPrefix() {
    let typo = route(["lnit"])
    #expect(typo.0 == .usage)
    #expect(
      typo.err == """
        Error: unknown command 'lnit'; did you mean 'lint'?
        Usage: tool <command> [options]
        See 'tool --help' for more information.

        """)
    #expect(route(["evaluate"]).err.hasPrefix("Error: unknown command 'evaluate'; did you mean 'eval'?\n"))
    #expect(route(["ev"]).err.hasPrefix("Error: unknown command 'ev'; did you mean 'eval'?\n"))
    #expect(route(["zzzzzz"]).err.hasPrefix("Error: unknown command 'zzzzzz'\nUsage:"))
    #expect(route([""]).err.hasPrefix("Error: unknown command ''\nUsage:"))
  }
}
