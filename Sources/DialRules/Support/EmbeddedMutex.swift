// Embedded Swift for wasm32 (the browser playground, Tests/Playground/build.sh) has the
// Synchronization module but no `Mutex`: the target has no threads. This stand-in has the one
// method the library uses, `withLock`, and is compiled only there; every other build uses the
// standard library's `Mutex`.
#if hasFeature(Embedded)
  /// A single-threaded stand-in for `Synchronization.Mutex` (Embedded Swift only): a box whose
  /// `withLock` lends its value to `body`.
  final class Mutex<Value>: @unchecked Sendable {
    private var value: Value

    init(_ value: consuming Value) { self.value = value }

    /// Runs `body` with the value, which it may change.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
      try body(&value)
    }
  }
#endif
