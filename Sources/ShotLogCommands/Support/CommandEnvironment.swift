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
public struct CommandEnvironment {
  public var stdout: any OutputSink
  public var stderr: any OutputSink
  /// Environment variables (`DIALSHOT_DB`, `DIALSHOT_RULES`, `XDG_DATA_HOME`, `HOME`).
  public var variables: [String: String]
  /// "Now" for new rows.
  public var now: @Sendable () -> Timestamp
  /// UUIDs for new rows.
  public var ids: any IdentifierSource
  /// The shot timer's clock.
  public var monotonic: any MonotonicClock
  /// Opens the interactive terminal for `pull`; nil when standard input is not a terminal.
  public var openTerminal: (() throws -> any TerminalIO)?
  /// Rules to use instead of loading a file; for tests of the review, accept and reject paths.
  public var rulesOverride: RuleSet?
  /// How long a command waits for another process's database lock.
  public var busyTimeoutMilliseconds: Int32 = 10_000

  public init(
    stdout: any OutputSink, stderr: any OutputSink, variables: [String: String] = [:],
    now: @escaping @Sendable () -> Timestamp, ids: any IdentifierSource = RandomIdentifiers(),
    monotonic: any MonotonicClock = SystemMonotonicClock(), openTerminal: (() throws -> any TerminalIO)? = nil,
    rulesOverride: RuleSet? = nil
  ) {
    self.stdout = stdout
    self.stderr = stderr
    self.variables = variables
    self.now = now
    self.ids = ids
    self.monotonic = monotonic
    self.openTerminal = openTerminal
    self.rulesOverride = rulesOverride
  }

  /// The running process: real streams, environment, wall clock and terminal.
  public static func live() -> CommandEnvironment {
    var variables: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return CommandEnvironment(
      stdout: FileDescriptorSink(fd: 1), stderr: FileDescriptorSink(fd: 2), variables: variables,
      now: { Timestamp.now() }, openTerminal: isatty(0) == 1 && isatty(1) == 1 ? { try RawTerminal() } : nil)
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
