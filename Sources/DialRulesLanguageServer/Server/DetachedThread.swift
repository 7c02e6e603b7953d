#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a POSIX thread, with the default attributes (stack size) for a new thread, that runs a
/// closure and ends with it: the server loop's reader and its analysis worker.
enum DetachedThread {
  static func start(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(
      &thread, nil,
      { raw in
        Body.run(raw)
        return nil
      }, box)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
  }

  /// The closure, boxed to pass through `pthread_create`'s pointer argument.
  private final class Body {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// Takes back the box `start` retained and runs its closure.
    static func run(_ raw: UnsafeMutableRawPointer?) {
      guard let raw else { return }
      Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().body()
    }
  }
}
