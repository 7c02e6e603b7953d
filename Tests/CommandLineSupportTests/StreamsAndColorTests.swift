import Testing

@testable import CommandLineSupport

/// Captured streams, and the colour decision.
@Suite struct StreamsAndColorTests {
  @Test func capturedStreamsKeepWhatWasWritten() {
    let io = CommandIO.captured(currentDirectory: "/somewhere")
    io.out("a")
    io.out(bytes: Array("b\n".utf8))
    io.err("c\n")
    io.standardError.line("d")
    io.flush()
    #expect(io.stdout == "ab\n")
    #expect(io.stderr == "c\nd\n")
    #expect(!io.stderrIsTerminal)
    #expect(io.resolve("x/y") == "/somewhere/x/y")
    #expect(io.resolve("/abs") == "/abs")
  }

  @Test func streamsOnGivenSinks() {
    let out = BufferSink()
    let err = BufferSink()
    let io = CommandIO(stdout: out, stderr: err, stdin: [], stderrIsTerminal: true, currentDirectory: "/")
    io.out("o")
    io.err("e")
    #expect(out.text == "o" && err.text == "e")
    // Only a captured run reports its text through the CommandIO itself.
    #expect(io.stdout.isEmpty && io.stderr.isEmpty)
    #expect(io.stderrIsTerminal)
  }

  @Test(arguments: [
    (ColorChoice.always, false, true), (.always, true, true), (.never, false, false), (.never, true, false),
    (.auto, false, false), (.auto, true, true),
  ])
  func colourDecision(_ choice: ColorChoice, terminal: Bool, colors: Bool) {
    #expect(choice.colors(terminal: terminal) == colors)
  }

  @Test func theColorOptionIsResolvedAgainstStandardError() throws {
    let spec = ArgumentSpec(options: [ColorChoice.option])
    let plain = CommandIO.captured()
    let terminal = CommandIO(
      stdout: BufferSink(), stderr: BufferSink(), stdin: [], stderrIsTerminal: true, currentDirectory: "/")
    #expect(try !ColorChoice.resolve(ArgumentScanner.scan([], spec), io: plain))
    #expect(try ColorChoice.resolve(ArgumentScanner.scan([], spec), io: terminal))
    #expect(try ColorChoice.resolve(ArgumentScanner.scan(["--color=always"], spec), io: plain))
    #expect(try !ColorChoice.resolve(ArgumentScanner.scan(["--color", "never"], spec), io: terminal))
    let refused = #expect(throws: UsageError.self) {
      try ColorChoice.resolve(ArgumentScanner.scan(["--color=sometimes"], spec), io: plain)
    }
    #expect(refused?.message == "'sometimes' is not a valid value for '--color'; use auto, always, never")
  }
}
