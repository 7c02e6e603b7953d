/// One change to a shot log, as `AsyncShotLogStore.changes()` reports it: something was written,
/// so what a screen shows from the log may be out of date.
///
/// A change says where the write came from, not what it was: read again what you show (the
/// history, the bean's recipe). Several writes by another connection between two checks are one
/// change.
public struct ShotLogChange: Hashable, Sendable {
  /// Where a write came from.
  public enum Origin: Hashable, Sendable {
    /// A call on this `AsyncShotLogStore` that wrote.
    case thisStore
    /// Another connection to the same file: another store in this process, a widget or an app
    /// extension, `dialshot`.
    case otherConnection
  }

  /// This store's count of the changes it has seen, starting at 1 after opening: each change has a
  /// revision greater than the one before, so a model can tell whether what it read is current.
  public var revision: Int
  /// Where the write came from.
  public var origin: Origin

  /// A change with `revision` from `origin` (for previews and tests; the store makes the real ones).
  public init(revision: Int, origin: Origin) {
    self.revision = revision
    self.origin = origin
  }
}
