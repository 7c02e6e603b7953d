import CommandLineSupport
import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Synchronization
import Testing

@testable import ShotLogCommands

/// A clock for tests: starts at a fixed time and moves one minute per reading, so rows get
/// distinct, reproducible times.
final class TestClock: Sendable {
  private let next: Mutex<Int64>
  let step: Int64

  init(start: String = "2026-03-01T08:00:00Z", stepSeconds: Int64 = 60) {
    next = Mutex(Timestamp.parse(start)?.millisecondsSinceEpoch ?? 0)
    step = stepSeconds * 1000
  }

  /// Moves the clock to `time` (ISO 8601): the barista comes back later.
  func set(_ time: String) {
    next.withLock { $0 = Timestamp.parse(time)?.millisecondsSinceEpoch ?? $0 }
  }

  func now() -> Timestamp {
    next.withLock { value in
      let current = value
      value += step
      return Timestamp(millisecondsSinceEpoch: current)
    }
  }
}

/// The result of one in-process `dialshot` run.
struct RunResult {
  var status: Int32
  var out: String
  var err: String
}

/// A scratch shot log: a temporary directory, a database path in it, and a fixed clock and UUIDs,
/// with helpers to run `dialshot` in-process against it.
final class Scratch {
  let directory = TemporaryDirectory(prefix: "shotlog-test")
  let clock: TestClock
  let ids: SequentialIdentifiers
  var database: String { directory.file("shots.sqlite") }
  /// Rules to use instead of the built-in ones, when set.
  var rules: RuleSet?
  var terminal: (() throws -> any TerminalIO)?
  var monotonic: any MonotonicClock = SystemMonotonicClock()

  /// - Parameter idStart: where the UUID sequence starts; give a second log a different start so
  ///   its rows do not share UUIDs with the first's.
  init(start: String = "2026-03-01T08:00:00Z", idStart: UInt64 = 0) {
    clock = TestClock(start: start)
    ids = SequentialIdentifiers(startingAt: idStart)
  }

  func environment(_ variables: [String: String] = [:]) -> (CommandEnvironment, BufferSink, BufferSink) {
    let out = BufferSink()
    let err = BufferSink()
    let clock = self.clock
    var environment = CommandEnvironment(
      // UTC unless a test sets TZ: the machine's own zone must not change what tests see.
      stdout: out, stderr: err, variables: ["HOME": directory.path, "TZ": "UTC"].merging(variables) { $1 },
      now: { clock.now() }, ids: ids, monotonic: monotonic, openTerminal: terminal, rulesOverride: rules)
    environment.busyTimeoutMilliseconds = 10_000
    return (environment, out, err)
  }

  /// Runs `dialshot ARGS --db <scratch database>`.
  @discardableResult
  func run(_ arguments: [String], variables: [String: String] = [:], useDatabase: Bool = true) -> RunResult {
    let (environment, out, err) = self.environment(variables)
    let status = DialShotCLI.main(
      arguments: arguments + (useDatabase ? ["--db", database] : []), environment: environment)
    return RunResult(status: status, out: out.text, err: err.text)
  }

  /// Runs and fails the test unless the status is `expected`.
  @discardableResult
  func expect(
    _ arguments: [String], status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) -> RunResult {
    let result = run(arguments)
    #expect(
      result.status == expected, "dialshot \(arguments.joined(separator: " ")): \(result.err)\(result.out)",
      sourceLocation: sourceLocation)
    return result
  }

  /// A scratch log set up with `setUpGuji`, its clock starting at `start`: noon by default, so shots
  /// can be back-dated into the morning without ever being in the future.
  static func guji(start: String = "2026-03-01T12:00:00Z") -> Scratch {
    let s = Scratch(start: start)
    s.setUpGuji()
    return s
  }

  /// A bean "Guji", a Niche Zero (step 0.5, 0…50, lower is finer) and the recipe 18 g → 36 g in
  /// 28 s at grind 14.
  func setUpGuji(grind: String = "14") {
    expect(["profiles", "bean", "add", "Guji", "--roaster", "Tim Wendelboe", "--roast-date", "2026-02-20"])
    expect([
      "profiles", "grinder", "add", "Niche Zero", "--step", "0.5", "--min", "0", "--max", "50", "--finer", "lower",
    ])
    expect([
      "recipe", "set", "Guji", "--grinder", "Niche Zero", "--dose", "18", "--yield", "36", "--time", "28", "--grind",
      grind,
    ])
  }

  /// Opens the scratch database directly.
  func store(_ access: ShotLogStore.Access = .readWrite) throws -> ShotLogStore {
    let clock = self.clock
    return try ShotLogStore.open(at: database, access: access, clock: { clock.now() }, ids: ids)
  }
}

/// The bytes of a file, or empty when it cannot be read.
func fileBytes(_ path: String) -> [UInt8] {
  (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
}
