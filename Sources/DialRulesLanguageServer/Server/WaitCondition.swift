#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex with a condition variable (POSIX threads), for the server loop's queues: lock, wait
/// until signalled (or until a timeout, measured on the monotonic clock), signal, unlock. A wait
/// may also end spuriously, so callers wait in a loop that checks what they wait for.
final class WaitCondition: @unchecked Sendable {
  // @unchecked: the pthread objects do their own locking; their storage never moves.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    #if canImport(Darwin)
      pthread_cond_init(condition, nil)
    #else
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }

  func unlock() { pthread_mutex_unlock(mutex) }

  /// Wakes one waiting thread; call it locked.
  func signal() { pthread_cond_signal(condition) }

  /// Unlocks, waits for a signal and locks again; call it locked.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// As `wait()`, but returns after `timeout` at the latest.
  func wait(for timeout: Duration) {
    let parts = timeout.components
    let seconds = Int(max(0, parts.seconds))
    let nanoseconds = parts.seconds < 0 ? 0 : Int(parts.attoseconds / 1_000_000_000)
    #if canImport(Darwin)
      var relative = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
      pthread_cond_timedwait_relative_np(condition, mutex, &relative)
    #else
      var deadline = timespec()
      clock_gettime(CLOCK_MONOTONIC, &deadline)
      let total = Int(deadline.tv_nsec) + nanoseconds
      deadline.tv_sec += seconds + total / 1_000_000_000
      deadline.tv_nsec = .init(total % 1_000_000_000)
      pthread_cond_timedwait(condition, mutex, &deadline)
    #endif
  }
}
