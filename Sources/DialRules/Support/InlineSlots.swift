/// A fixed number of plain values kept inline (no heap allocation), for the few hot paths that
/// need scratch slots: the compact shot's fixed-point values, the shot JSON reader's key spans,
/// the digits of a rounded number.
///
/// `Storage` is a homogeneous tuple of `Element` (`(Int64, Int64, …)`); the slot count is the
/// tuple's size. The standard library's `InlineArray` does the same, but needs iOS 26 / macOS 26,
/// and the libraries run on iOS 18 / macOS 15. An index outside the slots traps, as an array's
/// does: callers check their indices first.
struct InlineSlots<Storage, Element: BitwiseCopyable>: @unchecked Sendable {
  private var storage: Storage

  /// Slots holding `storage`, a tuple of `Element`s (usually all zero).
  @inline(__always)
  init(_ storage: Storage) {
    self.storage = storage
    assert(MemoryLayout<Storage>.size % MemoryLayout<Element>.stride == 0, "storage is not a tuple of elements")
  }

  /// How many slots there are.
  @inline(__always)
  var count: Int { MemoryLayout<Storage>.size / MemoryLayout<Element>.stride }

  /// Calls `body` with the slots as a buffer, valid only inside it. A loop that reads many slots
  /// should read them so: each read through the subscript takes the address of a fresh copy of
  /// the whole storage (for the compact shot's twelve values, a dozen instructions per read).
  @inline(__always)
  func withElements<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    withUnsafeBytes(of: storage) { body($0.assumingMemoryBound(to: Element.self)) }
  }

  @inline(__always)
  subscript(i: Int) -> Element {
    get {
      precondition(i >= 0 && i < count, "slot index out of range")
      return withUnsafeBytes(of: storage) {
        $0.load(fromByteOffset: i &* MemoryLayout<Element>.stride, as: Element.self)
      }
    }
    set {
      precondition(i >= 0 && i < count, "slot index out of range")
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: i &* MemoryLayout<Element>.stride, as: Element.self)
      }
    }
  }
}
