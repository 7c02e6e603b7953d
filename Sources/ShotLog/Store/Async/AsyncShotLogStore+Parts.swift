/// The async store by concern, as the synchronous one: each part has the methods of the
/// `ShotLogStore` part of the same name, `async`, run one at a time on the store's thread and
/// reported by `changes()` like any other call. A part is a `Sendable` value holding the actor,
/// so it can be kept, passed to a view model or sent to a task.
///
/// ```swift
/// let log = try await AsyncShotLogStore.open(at: path)
/// let bean = try await log.profiles.addBean(name: "Guji Natural")
/// let shot = try await log.shots.logShot(measurements, of: bean)
/// try await log.shots.accept(shot.attempt)
/// ```
extension AsyncShotLogStore {
  /// Beans, grinders, baskets, bags and recipes (``Profiles``; `ShotLogStore.profiles`).
  public nonisolated var profiles: Profiles { Profiles(log: self) }

  /// The dial-in loop: log, review, answer, correct, find, history (``Shots``; `ShotLogStore.shots`).
  public nonisolated var shots: Shots { Shots(log: self) }

  /// The log's own formats out and back in (``Exchange``; `ShotLogStore.exchange`).
  public nonisolated var exchange: Exchange { Exchange(log: self) }

  /// Other apps' shot files, and what their import brought along (``ShotImport``;
  /// `ShotLogStore.shotImport`).
  public nonisolated var shotImport: ShotImport { ShotImport(log: self) }

  /// The log's history under other rules (``Replay``; `ShotLogStore.replay`).
  public nonisolated var replay: Replay { Replay(log: self) }

  /// `ShotLogStore.Profiles`, async: beans, grinders, baskets, the bags of a bean, and each bean's
  /// recipe as immutable snapshots. Throws the same ``ShotLogError`` families, and
  /// ``ShotLogError/closed(path:)`` once the store is closed.
  public struct Profiles: Sendable {
    /// The store the calls run on.
    let log: AsyncShotLogStore
  }

  /// `ShotLogStore.Shots`, async: log a shot, review it, answer its suggestion, correct the log,
  /// find shots, the history. Throws the same ``ShotLogError`` families, and
  /// ``ShotLogError/closed(path:)`` once the store is closed.
  public struct Shots: Sendable {
    /// The store the calls run on.
    let log: AsyncShotLogStore
  }

  /// `ShotLogStore.Exchange`, async: the export document, CSV, shot JSON Lines, and the log import
  /// with its preview. Throws the same ``ShotLogError`` families, and
  /// ``ShotLogError/closed(path:)`` once the store is closed.
  public struct Exchange: Sendable {
    /// The store the calls run on.
    let log: AsyncShotLogStore
  }

  /// `ShotLogStore.ShotImport`, async: other apps' shot files previewed and imported, and what the
  /// import brought along. The preview and the apply throw ``ShotImportError``
  /// (`.store(.closed)` once the store is closed).
  public struct ShotImport: Sendable {
    /// The store the calls run on.
    let log: AsyncShotLogStore
  }

  /// `ShotLogStore.Replay`, async: what other rules would have suggested, and the shot records.
  public struct Replay: Sendable {
    /// The store the calls run on.
    let log: AsyncShotLogStore
  }

  /// Runs one call of a part on the synchronous store, on the store's thread (`perform(_:)`).
  func run<T: Sendable>(_ body: @Sendable (ShotLogStore) throws(ShotLogError) -> T) throws(ShotLogError) -> T {
    try perform(body)
  }

  /// `run(_:)` for the shot import, whose errors are `ShotImportError`.
  func runImport<T: Sendable>(_ body: @Sendable (ShotLogStore) throws(ShotImportError) -> T) throws(ShotImportError)
    -> T
  {
    try performImport(body)
  }
}
