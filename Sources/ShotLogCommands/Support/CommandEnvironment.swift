import CommandLineSupport
import DialRules
import ShotLog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a command may touch outside its arguments: output streams, environment variables,
/// clocks, the terminal and the rules. `live()` is the real process; tests build their own with
/// fixed times and captured output.
package struct CommandEnvironment {
  /// The streams and the working directory relative paths are resolved against.
  package var io: CommandIO
  package var stdout: any OutputSink { io.standardOutput }
  package var stderr: any OutputSink { io.standardError }
  /// Environment variables (`DIALSHOT_DB`, `DIALSHOT_RULES`, `XDG_DATA_HOME`, `HOME`).
  package var variables: [String: String]
  /// "Now" for new rows.
  package var now: @Sendable () -> Timestamp
  /// UUIDs for new rows.
  package var ids: any IdentifierSource
  /// The shot timer's clock.
  package var monotonic: any MonotonicClock
  /// Opens the interactive terminal for `pull`; nil when standard input is not a terminal.
  package var openTerminal: (() throws -> any TerminalIO)?
  /// Rules to use instead of loading a file; for tests of the review, accept and reject paths.
  package var rulesOverride: RuleSet?
  /// How long a command waits for another process's database lock.
  package var busyTimeoutMilliseconds: Int32 = 10_000

  package init(
    io: CommandIO, variables: [String: String] = [:], now: @escaping @Sendable () -> Timestamp,
    ids: any IdentifierSource = RandomIdentifiers(), monotonic: any MonotonicClock = SystemMonotonicClock(),
    openTerminal: (() throws -> any TerminalIO)? = nil, rulesOverride: RuleSet? = nil
  ) {
    self.io = io
    self.variables = variables
    self.now = now
    self.ids = ids
    self.monotonic = monotonic
    self.openTerminal = openTerminal
    self.rulesOverride = rulesOverride
  }

  /// Streams on the given sinks (captured output in tests), with empty standard input and the
  /// process's working directory.
  package init(
    stdout: any OutputSink, stderr: any OutputSink, variables: [String: String] = [:],
    now: @escaping @Sendable () -> Timestamp, ids: any IdentifierSource = RandomIdentifiers(),
    monotonic: any MonotonicClock = SystemMonotonicClock(), openTerminal: (() throws -> any TerminalIO)? = nil,
    rulesOverride: RuleSet? = nil
  ) {
    self.init(
      io: CommandIO(
        stdout: stdout, stderr: stderr, stdin: [], stderrIsTerminal: false,
        currentDirectory: CommandIO.workingDirectory()),
      variables: variables, now: now, ids: ids, monotonic: monotonic, openTerminal: openTerminal,
      rulesOverride: rulesOverride)
  }

  /// The running process: real streams, environment, wall clock and terminal.
  package static func live() -> CommandEnvironment {
    let interactive = FileDescriptor.isTerminal(0) && FileDescriptor.isTerminal(1)
    return CommandEnvironment(
      io: .process(), variables: ProcessEnvironment.variables(), now: { Timestamp.now() },
      openTerminal: interactive ? { try RawTerminal() } : nil)
  }
}

/// A clock that only moves forward, for timing shots; injected so tests control time.
public protocol MonotonicClock {
  /// Milliseconds since an arbitrary fixed point.
  func milliseconds() -> Int64
}

/// `CLOCK_MONOTONIC`: unaffected by wall-clock changes during a shot.
public struct SystemMonotonicClock: MonotonicClock {
  public init() {}
  public func milliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}
