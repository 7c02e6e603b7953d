/// The shot timer's state machine, free of any I/O: start, mark the first drop, stop, undo an
/// accidental stop, cancel. Times are milliseconds of a monotonic clock.
struct ShotTimer: Equatable {
  enum State: Equatable {
    case ready
    case running(startedAt: Int64)
    case stopped(startedAt: Int64, stoppedAt: Int64)
    case cancelled
  }

  private(set) var state: State = .ready
  /// Milliseconds from the start to the first drop, when marked.
  private(set) var firstDrop: Int64?

  /// Starts timing; ignored unless ready.
  mutating func start(at now: Int64) {
    if case .ready = state { state = .running(startedAt: now) }
  }

  /// Marks the first drop (again, to correct it); only while running.
  mutating func markFirstDrop(at now: Int64) {
    if case .running(let start) = state { firstDrop = now - start }
  }

  /// Stops timing; only while running.
  mutating func stop(at now: Int64) {
    if case .running(let start) = state { state = .stopped(startedAt: start, stoppedAt: now) }
  }

  /// Undoes a stop: the shot kept running meanwhile, so timing continues from the original start.
  mutating func undoStop() {
    if case .stopped(let start, _) = state { state = .running(startedAt: start) }
  }

  mutating func cancel() { state = .cancelled }

  /// Milliseconds shown at `now`: 0 before the start, frozen once stopped.
  func elapsed(at now: Int64) -> Int64 {
    switch state {
    case .ready, .cancelled: return 0
    case .running(let start): return max(0, now - start)
    case .stopped(let start, let stop): return max(0, stop - start)
    }
  }

  /// Milliseconds as seconds rounded to the nearest tenth, the precision a shot timer shows.
  static func tenths(_ milliseconds: Int64) -> Int64 { (milliseconds + 50) / 100 }
}
