#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A serial executor that runs its jobs one at a time, in order, on a thread of its own.
///
/// `AsyncShotLogStore` runs on one of these, so SQLite's blocking calls — a write waiting up to
/// the busy timeout for another connection's lock, the fsync of a commit — block this thread only:
/// never the caller's (the main actor), and never one of the few threads of Swift's cooperative
/// pool that every other task of the app shares. The thread ends when the executor is released
/// (with the store that owns it) and the jobs already queued have run.
///
/// POSIX threads, so the same on Glibc, Musl and Darwin; no Foundation.
final class SerialThreadExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked: the only state is `queue`, which guards everything it holds with its own mutex.
  private let queue: JobQueue

  /// Starts the thread. A failure to create a thread (the process is out of them) is reported as
  /// `nil`, so opening a store can throw instead of crashing.
  init?() {
    queue = JobQueue()
    queue.executor = UnownedSerialExecutor(ordinary: self)
    guard queue.startThread() else { return nil }
  }

  deinit { queue.stop() }

  func enqueue(_ job: consuming ExecutorJob) {
    queue.push(UnownedJob(job))
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// The jobs waiting for the thread, behind a POSIX mutex and condition variable (a condition
/// variable needs its own mutex, so `Synchronization.Mutex` does not fit here).
private final class JobQueue: @unchecked Sendable {
  // @unchecked: `jobs` and `stopping` are only touched with `mutex` held; `executor` is written
  // once before the thread starts, which orders it before every read on the thread.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var jobs: [UnownedJob] = []
  private var stopping = false
  /// The executor the jobs run on (unowned: the executor owns this queue, not the other way round).
  var executor: UnownedSerialExecutor?

  /// Room for SQLite and the rules' evaluation: Darwin gives a secondary thread only 512 KiB.
  private static let stackBytes = 4 << 20

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Starts the detached thread that runs `run()`; it holds the queue until it ends.
  func startThread() -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, Self.stackBytes)
    let context = Unmanaged.passRetained(self).toOpaque()
    // `pthread_t` is a pointer on Darwin and Musl (imported as an optional), an integer on Glibc.
    #if canImport(Darwin) || canImport(Musl)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, &attributes, { context in JobQueue.threadMain(context) }, context)
    guard status == 0 else {
      Unmanaged<JobQueue>.fromOpaque(context).release()
      return false
    }
    #if canImport(Darwin) || canImport(Musl)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return true
  }

  /// The thread's entry point: takes over the reference `startThread` retained.
  private static func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<JobQueue>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }

  func push(_ job: UnownedJob) {
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Lets the thread end once the queue is empty.
  func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Runs the jobs as they come, in order, until `stop()` and an empty queue.
  private func run() {
    while true {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
      let batch = jobs
      jobs = []
      pthread_mutex_unlock(mutex)
      if batch.isEmpty { return }
      guard let executor else { preconditionFailure("SerialThreadExecutor: a job arrived before its executor") }
      for job in batch { job.runSynchronously(on: executor) }
    }
  }
}
