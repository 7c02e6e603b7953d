#if DEBUG
  import Synchronization
#endif

/// Counts the work a stage does on an input, so tests can bound growth without a clock: "doubling
/// the input at most doubles the bytes the renderer decodes" holds on a loaded machine too, where
/// "rendering takes under five seconds" does not (`docs/robustness.md`, §3).
///
/// Counting exists in debug builds only (the ones `swift test` makes): `count(_:_:)` is empty in
/// release builds, so the benchmarks and shipped binaries pay nothing for it. In a debug build a
/// count is one task-local read when no meter is installed. A meter counts only the work done
/// inside `measure`, in the task that calls it, so tests running in parallel do not see each
/// other's work.
final class WorkMeter: Sendable {
  /// What is counted. Each unit is counted at one place, named here.
  enum Unit: Hashable, Sendable, CaseIterable {
    /// Candidates a "did you mean" search looked at (`Suggestion.nearest`).
    case suggestionCandidates
    /// Bytes of source text scanned to find columns or decoded to show an excerpt
    /// (`SourceFile.continuationCount`, `DiagnosticRenderer.printable`).
    case sourceBytes
    /// Bytes of each shot JSON document the scanner read before it finished or stopped
    /// (`ShotJSONParser.readDocument`; the scanner only moves forward).
    case jsonBytes
  }

  /// Whether counts are recorded in this build (debug builds only).
  static var isCounting: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  #if DEBUG
    private let counts = Mutex<[Unit: Int]>([:])
    @TaskLocal private static var current: WorkMeter?
  #endif

  init() {}

  /// Records `amount` units of work for the meter measuring this task, if any.
  @inline(__always)
  static func count(_ unit: Unit, _ amount: Int = 1) {
    #if DEBUG
      current?.counts.withLock { $0[unit, default: 0] += amount }
    #endif
  }

  /// Runs `body` with this meter counting the work done in it. (`body` cannot throw: Embedded
  /// Swift, which builds the playground from the same source, has no untyped throws.)
  func measure<R>(_ body: () -> R) -> R {
    #if DEBUG
      Self.$current.withValue(self) { body() }
    #else
      body()
    #endif
  }

  /// The units of `unit` counted so far.
  subscript(unit: Unit) -> Int {
    #if DEBUG
      counts.withLock { $0[unit, default: 0] }
    #else
      0
    #endif
  }

  /// The units of `unit` that `body` costs.
  static func units(_ unit: Unit, in body: () -> Void) -> Int {
    let meter = WorkMeter()
    meter.measure(body)
    return meter[unit]
  }
}
