#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX calls the command layer makes on raw descriptors, written once. The command
/// layer avoids Foundation so that `dialshot` starts fast.
package enum FileDescriptor {
  /// Writes all of `bytes` to `fd`, retrying on `EINTR`. Returns the `errno` of a failed write
  /// (a closed pipe under `| head`, a full disk), or nil when everything was written.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { raw in writeAll(fd, raw) }
  }

  /// `writeAll` on a raw buffer.
  @discardableResult
  static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < raw.count {
      let n = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if n == 0 { return EIO }
      offset += n
    }
    return nil
  }

  /// Whether `fd` is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The text of the current `errno`.
  package static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
