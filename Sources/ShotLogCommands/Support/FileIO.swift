import Glibc
import ShotLog

/// File access for commands, through POSIX calls: the command layer avoids Foundation so that
/// `dialshot` starts fast (history of one bean must finish, process and all, in 50 ms).
enum FileIO {
  /// Why a file could not be read or written; the message names the path.
  struct Failure: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
  }

  static func errorText() -> String { String(cString: strerror(errno)) }

  /// The whole file.
  static func read(_ path: String) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(path: path, reason: errorText()) }
    defer { close(fd) }
    var info = stat()
    var bytes: [UInt8] = []
    if fstat(fd, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(path: path, reason: "is a directory") }
      // Reserve the whole size up front: growing a 100 MB array by doubling copies it repeatedly.
      bytes.reserveCapacity(Int(info.st_size) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(path: path, reason: errorText())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Replaces `path` with `bytes` atomically: written to a temporary file beside it, flushed, then
  /// renamed over it, so an interrupted export never leaves half a file.
  static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure(path: path, reason: errorText()) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let reason = errorText()
        close(fd)
        unlink(temporary)
        throw Failure(path: path, reason: reason)
      }
      offset += written
    }
    if fsync(fd) != 0 || close(fd) != 0 {
      let reason = errorText()
      unlink(temporary)
      throw Failure(path: path, reason: reason)
    }
    guard rename(temporary, path) == 0 else {
      let reason = errorText()
      unlink(temporary)
      throw Failure(path: path, reason: reason)
    }
  }

  /// Creates `path` and its missing parents, like `mkdir -p`.
  static func makeDirectories(_ path: String) throws(Failure) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o755) != 0 && errno != EEXIST { throw Failure(path: current, reason: errorText()) }
    }
  }

  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
