/// The store's surface by concern: the store itself opens and checks the file and keeps the log's
/// settings; everything else is one of five small views over it, each a value that holds the
/// store and uses its one connection (making one costs nothing; a part kept in a variable keeps
/// the store alive, like the store itself). What each part may throw is listed by
/// ``ShotLogError/Family``.
///
/// ```swift
/// let log = try ShotLogStore.open(at: path)
/// let bean = try log.profiles.addBean(name: "Guji Natural")        // beans, grinders, bags, recipes
/// let shot = try log.shots.logShot(measurements, of: bean)         // the dial-in loop
/// let backup = try log.exchange.exportJSON()                       // the log's own format
/// let preview = try log.shotImport.previewShotImport(files)        // other apps' shot files
/// let report = try log.replay.report(with: candidateRules)         // history under other rules
/// ```
extension ShotLogStore {
  /// Beans, grinders, baskets, the bags of a bean, and each bean's recipe as immutable snapshots:
  /// what a shot is pulled with (``Profiles``).
  public var profiles: Profiles { Profiles(store: self) }

  /// The dial-in loop: log a shot and read its decision, review it, accept or reject the
  /// suggestion, correct the log (void, amend, undo), look shots up, and the history (``Shots``).
  public var shots: Shots { Shots(store: self) }

  /// The log's own formats out and back in: the export document, CSV and shot JSON Lines, and the
  /// import of an export document with a preview (``Exchange``).
  public var exchange: Exchange { Exchange(store: self) }

  /// Other apps' shot files (Beanconqueror, Decent, Visualizer, …) imported with a preview, and
  /// what such an import brought along: sources, ratings, curves (``ShotImport``).
  public var shotImport: ShotImport { ShotImport(store: self) }

  /// The log's history under other rules, and its shot records, for rule authors (``Replay``).
  public var replay: Replay { Replay(store: self) }

  /// Beans, grinders and baskets (the editable profiles, found by name or UUID prefix), the bags
  /// of a bean, and each bean's recipe as a chain of immutable snapshots.
  ///
  /// Reached as `store.profiles`. Its methods throw ``ShotLogError`` of the families
  /// ``ShotLogError/Family/databaseFile``, ``ShotLogError/Family/lookup``,
  /// ``ShotLogError/Family/value`` and ``ShotLogError/Family/recipe`` (and, as every part,
  /// ``ShotLogError/Family/damagedContent`` and ``ShotLogError/Family/bug``).
  public struct Profiles {
    /// The store whose connection the view uses.
    let store: ShotLogStore
  }

  /// The dial-in loop: log a shot (the rules decide at once), review it, answer its suggestion,
  /// correct the log, find shots and read the history.
  ///
  /// Reached as `store.shots`. Its methods throw ``ShotLogError`` of the families
  /// ``ShotLogError/Family/databaseFile``, ``ShotLogError/Family/lookup``,
  /// ``ShotLogError/Family/value``, ``ShotLogError/Family/recipe`` (a recipe snapshot of another
  /// bean), ``ShotLogError/Family/answer`` and ``ShotLogError/Family/correction`` (and
  /// ``ShotLogError/Family/damagedContent``, ``ShotLogError/Family/bug``).
  public struct Shots {
    /// The store whose connection the view uses.
    let store: ShotLogStore
  }

  /// The log's own formats: the export document (JSON, version 2), CSV, shot JSON Lines for
  /// `dialrules`, and a *log import* of an export document — merged by UUID, or replacing
  /// everything — with a preview first.
  ///
  /// Reached as `store.exchange`. Its methods throw ``ShotLogError`` of the families
  /// ``ShotLogError/Family/databaseFile`` and ``ShotLogError/Family/import`` (and
  /// ``ShotLogError/Family/damagedContent``, ``ShotLogError/Family/bug``); what is wrong inside
  /// the document is listed in the preview, not thrown.
  public struct Exchange {
    /// The store whose connection the view uses.
    let store: ShotLogStore
  }

  /// A *shot import*: other apps' shot files read by ``ImportReader``, previewed, then applied as
  /// new shots; and what such an import brought along for each shot (its source, the app's rating,
  /// the recorded curves).
  ///
  /// Reached as `store.shotImport`. The preview and the apply throw ``ShotImportError`` (an
  /// unreadable file, a stale preview, or a ``ShotLogError`` of the store); the reads throw
  /// ``ShotLogError`` of the family ``ShotLogError/Family/databaseFile``.
  public struct ShotImport {
    /// The store whose connection the view uses.
    let store: ShotLogStore
  }

  /// The log's history for rule authors: what other rules would have suggested for every shot
  /// that counts, and the shots' records as `DialRules` reads them.
  ///
  /// Reached as `store.replay`. Its methods throw ``ShotLogError`` of the family
  /// ``ShotLogError/Family/databaseFile`` (and ``ShotLogError/Family/damagedContent``,
  /// ``ShotLogError/Family/bug``); the rules are not changed, nothing is written.
  public struct Replay {
    /// The store whose connection the view uses.
    let store: ShotLogStore
  }
}

/// What every part of the store reaches through it: the connection, the transactions, the clock
/// and the identifiers, so a part's methods read as the store's own.
protocol ShotLogStorePart {
  /// The store whose connection the part uses.
  var store: ShotLogStore { get }
}

extension ShotLogStorePart {
  /// The store's connection.
  var connection: Connection { store.connection }
  /// The current time from the store's clock.
  var now: Timestamp { store.now }
  /// A new UUID from the store's source.
  func newUUID() -> String { store.newUUID() }
  /// `ShotLogStore.guarded(_:)`.
  func guarded<T>(_ body: () throws -> T) throws(ShotLogError) -> T { try store.guarded(body) }
  /// `ShotLogStore.write(_:)`: one immediate transaction, joined when one is open.
  func write<T>(_ body: () throws -> T) throws(ShotLogError) -> T { try store.write(body) }
  /// `ShotLogStore.read(_:)`: one consistent read.
  func read<T>(_ body: () throws -> T) throws(ShotLogError) -> T { try store.read(body) }
}

extension ShotLogStore.Profiles: ShotLogStorePart {}
extension ShotLogStore.Shots: ShotLogStorePart {}
extension ShotLogStore.Exchange: ShotLogStorePart {}
extension ShotLogStore.ShotImport: ShotLogStorePart {}
extension ShotLogStore.Replay: ShotLogStorePart {}
