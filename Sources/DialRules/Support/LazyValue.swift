import Synchronization

/// A value computed on first use, once, by whichever thread asks first; shared by every copy of
/// the value holding it. For parts of immutable, `Sendable` values that only some callers need
/// (a file's line table, an evaluator's explanation texts).
final class LazyValue<Value: Sendable>: Sendable {
  private let state = Mutex<Value?>(nil)

  init() {}

  /// The value, computing it with `make` the first time.
  func value(_ make: () -> Value) -> Value {
    state.withLock { stored in
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}
