import DialRules
import Synchronization

/// The shot log for an app: one `Sendable` handle to share between the main actor, background
/// tasks and other actors, whose methods are `async throws(ShotLogError)`, with observation of
/// every change — this store's writes and other connections' — and `close()`.
///
/// ```swift
/// let log = try await AsyncShotLogStore.open(at: path)
/// let bean = try await log.profiles.addBean(name: "Guji Natural")
/// let changes = await log.changes()  // every write from now on, from here or elsewhere
/// let shot = try await log.shots.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
/// try await log.shots.accept(shot.attempt)
/// await log.close()  // ends `changes`; later calls throw `ShotLogError.closed`
/// ```
///
/// **What it is.** An actor over a `ShotLogStore`, with the same parts (`profiles`, `shots`,
/// `exchange`, `shotImport`, `replay`): each method of a part forwards to the synchronous part's
/// method of the same name (same arguments, results, errors and guarantees — every write one
/// transaction, a failed call changes nothing), so the two never differ. `withStore(_:)` runs any
/// other synchronous method the same way.
///
/// **Off the caller's thread.** The actor runs on a thread of its own (a serial executor), where
/// all SQLite work happens: a write that waits up to `busyTimeoutMilliseconds` for another
/// connection's lock blocks that thread — never the main actor, and never a thread of Swift's
/// shared cooperative pool. Calls run one at a time, in the order they reach the actor.
///
/// **Observation.** `changes()` is an `AsyncSequence` of ``ShotLogChange`` values whose revision
/// grows by one with each change:
/// - a call through this store that wrote reports `.thisStore` before the call returns;
/// - a commit by another connection to the file (another store, an app extension, `dialshot`,
///   another process) is found by SQLite's `PRAGMA data_version`, which the store reads after each
///   of its own calls and, while anyone observes, every `pollInterval` (1 second unless you pass
///   another, `nil` for never): such a change is reported within one interval, at the next call
///   through this store, or at once by ``checkForChanges()``, whichever comes first. Several commits
///   in between are one `.otherConnection` change. An in-memory log has no other connections.
///
/// **Closing.** `close()` closes the SQLite connection, finishes every `changes()` sequence, and
/// makes every later call throw `ShotLogError.closed`. A store that is released without `close()`
/// closes the same way.
///
/// **Previews and tests.** ``inMemory(clock:ids:)`` is an empty, migrated log in memory only,
/// gone when the store is: give a SwiftUI preview or a test its own, fill it with the same calls.
public actor AsyncShotLogStore {
  /// The thread everything runs on.
  private let executor: SerialThreadExecutor
  /// The synchronous store; nil once closed.
  private var store: ShotLogStore?
  /// The file path the store was opened with (`:memory:` for an in-memory log).
  public nonisolated let path: String
  /// True when the file could only be opened for reading; writes throw `ShotLogError.readOnly`.
  public private(set) var isReadOnly = false
  private let pollInterval: Duration?
  /// The revision of the last change reported.
  private var lastRevision = 0
  /// `PRAGMA data_version` when last read.
  private var dataVersion: Int64 = 0
  private var observers: [Int: AsyncStream<ShotLogChange>.Continuation] = [:]
  private var nextObserver = 0
  private var pollTask: Task<Void, Never>?
  /// How many calls have started on the store's thread (see `callsBegun`).
  private let begun = Mutex(0)

  /// The actor's jobs run on the store's own thread.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private init(path: String, executor: SerialThreadExecutor, pollInterval: Duration?) {
    self.path = path
    self.executor = executor
    self.pollInterval = pollInterval
  }

  /// Opens the shot log at `path` on a thread of its own, creating and migrating the file when
  /// `access` allows; see `ShotLogStore.open(at:access:clock:ids:busyTimeoutMilliseconds:)` for
  /// what is refused, and why.
  ///
  /// - Parameters:
  ///   - path: the database file; with `.readWrite` it is created when missing (its directory
  ///     must exist).
  ///   - access: `.readOnly` never creates, migrates or writes the file.
  ///   - clock: "now" for the times the log records; the system clock unless a test fixes it.
  ///   - ids: the UUIDs of new rows; random unless a test wants a predictable sequence.
  ///   - busyTimeoutMilliseconds: how long a write waits for another connection's lock before it
  ///     fails with `ShotLogError.busy`; the wait blocks the store's own thread only.
  ///   - pollInterval: how often `PRAGMA data_version` is read while someone observes `changes()`,
  ///     to find other connections' writes; `nil` to look only after this store's own calls and
  ///     in `checkForChanges()`.
  public static func open(
    at path: String, access: ShotLogStore.Access = .readWrite,
    clock: @escaping @Sendable () -> Timestamp = { Timestamp.now() }, ids: any IdentifierSource = RandomIdentifiers(),
    busyTimeoutMilliseconds: Int = 10_000, pollInterval: Duration? = .seconds(1)
  ) async throws(ShotLogError) -> AsyncShotLogStore {
    try await start(path: path, pollInterval: pollInterval) { () throws(ShotLogError) in
      try ShotLogStore.open(
        at: path, access: access, clock: clock, ids: ids, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }
  }

  /// An empty, migrated shot log in memory only — for SwiftUI previews and tests: nothing touches
  /// the disk, and the log is gone when the store is closed or released. No other connection can
  /// see it, so every change it reports is its own.
  ///
  /// - Parameters:
  ///   - clock: "now" for the times the log records; the system clock unless a test fixes it.
  ///   - ids: the UUIDs of new rows; random unless a test wants a predictable sequence.
  public static func inMemory(
    clock: @escaping @Sendable () -> Timestamp = { Timestamp.now() }, ids: any IdentifierSource = RandomIdentifiers()
  ) async throws(ShotLogError) -> AsyncShotLogStore {
    try await start(path: ":memory:", pollInterval: nil) { () throws(ShotLogError) in
      try ShotLogStore.openInMemory(clock: clock, ids: ids)
    }
  }

  /// A store whose synchronous store `open` makes, on the new store's thread.
  private static func start(
    path: String, pollInterval: Duration?, _ open: @Sendable () throws(ShotLogError) -> ShotLogStore
  ) async throws(ShotLogError) -> AsyncShotLogStore {
    guard let executor = SerialThreadExecutor() else {
      throw .cannotOpen(path: path, detail: "no thread could be started for the store")
    }
    let log = AsyncShotLogStore(path: path, executor: executor, pollInterval: pollInterval)
    try await log.attach(open)
    return log
  }

  private func attach(_ open: () throws(ShotLogError) -> ShotLogStore) throws(ShotLogError) {
    let opened = try open()
    dataVersion = (try? opened.connection.dataVersion()) ?? 0
    isReadOnly = opened.isReadOnly
    store = opened
  }

  deinit {
    pollTask?.cancel()
    for observer in observers.values { observer.finish() }
  }

  /// Whether `close()` was called.
  public var isClosed: Bool { store == nil }

  /// Closes the SQLite connection and finishes every `changes()` sequence; every later call
  /// throws `ShotLogError.closed`. A call already under way finishes first. Closing twice does
  /// nothing.
  public func close() {
    guard store != nil else { return }
    store = nil
    pollTask?.cancel()
    pollTask = nil
    for observer in observers.values { observer.finish() }
    observers = [:]
  }

  /// Runs `body` with the synchronous store, on the store's thread: for the methods this type does
  /// not forward itself. Its writes are reported by `changes()` like any other call's.
  ///
  /// The store is only lent for the call: `body` cannot keep it (it is not `Sendable`).
  public func withStore<T: Sendable>(_ body: @Sendable (ShotLogStore) throws(ShotLogError) -> T) throws(ShotLogError)
    -> T
  {
    try perform(body)
  }

  /// Runs one call on the synchronous store, then reports what changed: a write of its own when
  /// it succeeded and changed rows, another connection's commit when `PRAGMA data_version` moved.
  func perform<T>(_ body: (ShotLogStore) throws(ShotLogError) -> T) throws(ShotLogError) -> T {
    guard let store else { throw .closed(path: path) }
    let before = begin(store)
    // The outcome is kept as a value, not rethrown from a `catch`: Swift 6.3.1 can miscompile a
    // typed error rethrown after other work in the same function.
    let outcome = Result { () throws(ShotLogError) -> T in try body(store) }
    finish(store, before: before, succeeded: outcome.isSuccess)
    return try outcome.get()
  }

  /// `perform(_:)` for the shot import, whose errors are `ShotImportError`.
  func performImport<T>(_ body: (ShotLogStore) throws(ShotImportError) -> T) throws(ShotImportError) -> T {
    guard let store else { throw .store(.closed(path: path)) }
    let before = begin(store)
    let outcome = Result { () throws(ShotImportError) -> T in try body(store) }
    finish(store, before: before, succeeded: outcome.isSuccess)
    return try outcome.get()
  }

  /// Counts the call and returns the connection's change count before it.
  private func begin(_ store: ShotLogStore) -> Int64 {
    begun.withLock { $0 += 1 }
    return store.connection.totalChanges
  }

  /// Reports the call's own write — only a successful call writes: a failed one is rolled back —
  /// and then any other connection's commit.
  private func finish(_ store: ShotLogStore, before: Int64, succeeded: Bool) {
    if succeeded && store.connection.totalChanges != before { report(.thisStore) }
    noticeOtherConnections(store)
  }

  /// How many calls have started on the store's thread: tests use it to know that a call is under
  /// way (waiting for a lock, say) without looking at a clock.
  nonisolated var callsBegun: Int { begun.withLock { $0 } }

  // MARK: Observation

  /// The changes from now on, in order, until `close()`: this store's writes and those of other
  /// connections to the file (see the type's documentation for when each is reported).
  ///
  /// Each call makes a new sequence; every sequence sees every change. A sequence keeps the
  /// changes its reader has not taken yet; stop iterating (or cancel the task) to end it. After
  /// `close()`, the sequence is empty.
  public func changes() -> AsyncStream<ShotLogChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: ShotLogChange.self, bufferingPolicy: .unbounded)
    guard store != nil else {
      continuation.finish()
      return stream
    }
    let id = nextObserver
    nextObserver += 1
    observers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.removeObserver(id) }
    }
    startPolling()
    return stream
  }

  /// The revision of the last change reported (0 before the first).
  public var revision: Int { lastRevision }

  /// Reads `PRAGMA data_version` now and reports another connection's commit since the last look,
  /// without waiting for the poll: for when the app comes to the foreground, say.
  public func checkForChanges() throws(ShotLogError) {
    guard let store else { throw .closed(path: path) }
    noticeOtherConnections(store)
  }

  private func removeObserver(_ id: Int) {
    observers[id] = nil
    if observers.isEmpty {
      pollTask?.cancel()
      pollTask = nil
    }
  }

  /// Reports `.otherConnection` when another connection committed since the last look.
  private func noticeOtherConnections(_ store: ShotLogStore) {
    // A failed read (the disk went away) is not a change; the next call reports its own error.
    guard let version = try? store.connection.dataVersion(), version != dataVersion else { return }
    dataVersion = version
    report(.otherConnection)
  }

  private func report(_ origin: ShotLogChange.Origin) {
    lastRevision += 1
    let change = ShotLogChange(revision: lastRevision, origin: origin)
    for observer in observers.values { observer.yield(change) }
  }

  /// While anyone observes, looks for other connections' commits every `pollInterval`. The task
  /// holds the store weakly, so a store nobody references is still released (and closed).
  private func startPolling() {
    guard pollTask == nil, let interval = pollInterval, store != nil else { return }
    pollTask = Task.detached { [weak self] in
      while !Task.isCancelled {
        do { try await Task.sleep(for: interval) } catch { return }
        guard let store = self else { return }
        await store.poll()
      }
    }
  }

  private func poll() {
    guard let store else { return }
    noticeOtherConnections(store)
  }
}
