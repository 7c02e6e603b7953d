#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads input files with the limits of `docs/robustness.md`: the size is checked before
/// anything is parsed, and odd paths (missing, a directory, unreadable) are clear errors, never
/// traps.
package enum InputFiles {
  /// Rule files and single shot files.
  package static let smallFileLimit = 1 << 20
  /// JSON Lines batches and shot-log exports.
  package static let batchFileLimit = 1 << 30

  /// The bytes of `path`, or of standard input for `-`, refused once they pass `limit`.
  package static func bytes(_ path: String, io: CommandIO, limit: Int = smallFileLimit) throws(FileError) -> [UInt8] {
    if path == "-" { return try io.readStandardInput(limit: limit) }
    let fd = open(io.resolve(path), O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw .notFound(path: path)
      case EISDIR: throw .isDirectory(path: path)
      default: throw .unreadable(path: path, reason: FileDescriptor.errorText(code))
      }
    }
    defer { close(fd) }
    var info = stat()
    var expected = 0
    var regular = false
    if fstat(fd, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
      if Int(info.st_size) > limit { throw .tooLarge(path: path, limit: limit) }
      expected = Int(info.st_size)
      regular = (info.st_mode & S_IFMT) == S_IFREG
    }
    return try readAll(fd: fd, path: path, limit: limit, expected: expected, regularFile: regular)
  }

  /// Whether something exists at `path`.
  package static func exists(_ path: String, io: CommandIO) -> Bool { access(io.resolve(path), F_OK) == 0 }

  /// Everything readable from `fd`, refused once it passes `limit` bytes. A regular file is read
  /// as long as `fstat` said it was (`expected`) when `regularFile`: one `read` for the usual file.
  static func readAll(fd: Int32, path: String, limit: Int, expected: Int = 0, regularFile: Bool = false)
    throws(FileError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    if expected > 0 {
      // A file of known size: read straight into the final buffer (one byte more, to see whether
      // something that is not a regular file gave more), then go on in chunks only if it did.
      var failure: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
        count = 0
        while count < buffer.count && !(regularFile && count == expected) {
          let n = read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
          if n < 0 {
            if errno == EINTR { continue }
            failure = errno
            return
          }
          if n == 0 { return }
          count += n
        }
      }
      if failure != 0 { throw .unreadable(path: path, reason: FileDescriptor.errorText(failure)) }
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
      if bytes.count <= expected { return bytes }
    }
    // Reserve the whole size up front: growing a 100 MB array by doubling copies it repeatedly.
    if expected > 0 { bytes.reserveCapacity(2 * expected) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: FileDescriptor.errorText())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
    }
    return bytes
  }
}
