#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few operating-system calls ShotLog makes itself, in one place: whether a file exists or
/// may be written, its first bytes (read before SQLite sees the file), and the wall clock. POSIX,
/// so the same on Glibc, Musl and Darwin.
enum Platform {
  /// Whether something exists at `path`.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Whether this process may write `path`.
  static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  /// The first `count` bytes of the file at `path` (fewer when it is shorter), or why it cannot
  /// be read.
  static func firstBytes(of path: String, count: Int) -> Result<[UInt8], PlatformError> {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return .failure(PlatformError.current()) }
    defer { _ = close(fd) }
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
    guard got >= 0 else { return .failure(PlatformError.current()) }
    return .success(Array(buffer.prefix(got)))
  }

  /// The wall clock, in milliseconds since 1970-01-01T00:00:00Z.
  static func wallClockMilliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}

/// A failed system call: the C library's message for `errno`.
struct PlatformError: Error {
  var message: String

  /// The error `errno` holds now.
  static func current() -> PlatformError { PlatformError(message: String(cString: strerror(errno))) }
}
