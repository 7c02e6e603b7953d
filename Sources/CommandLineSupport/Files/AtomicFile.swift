#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replacing a file all at once: the bytes go to a new temporary file beside it, are flushed to
/// disk, and the temporary file is renamed over the target. A failure at any step removes the
/// temporary file and leaves the target exactly as it was, so an interrupted `fmt --write` or
/// export never leaves half a file.
///
/// A target that exists and is not a regular file — a FIFO, a character device such as
/// `/dev/stdout` or `/dev/null`, a link to a descriptor under `/proc/self/fd` — is written to
/// directly and never renamed over: renaming would put a regular file where the pipe or device
/// was (as root, in `/dev`), and whoever reads the pipe would get nothing.
package enum AtomicFile {
  /// Writes `bytes` to `path` (resolved by `io`). An existing file keeps its permissions; a
  /// symbolic link keeps pointing where it did and the file it names is replaced; a target that
  /// is not a regular file (pipe, device) is written in place. Errors name the path as given.
  package static func write(_ bytes: [UInt8], to path: String, io: CommandIO) throws(FileError) {
    try write(bytes, to: io.resolve(path), shownAs: path) { fd, chunk in FileDescriptor.writeAll(fd, chunk) }
  }

  /// Text as UTF-8.
  package static func write(_ text: String, to path: String, io: CommandIO) throws(FileError) {
    try write(Array(text.utf8), to: path, io: io)
  }

  /// The steps, with the write of the contents injectable so tests can fail it halfway.
  /// `writeContents` returns the `errno` of a failure, or nil.
  static func write(
    _ bytes: [UInt8], to full: String, shownAs path: String,
    writeContents: (Int32, UnsafeRawBufferPointer) -> Int32?
  ) throws(FileError) {
    if isSpecialFile(full) {
      try writeInPlace(bytes, to: full, shownAs: path, writeContents: writeContents)
      return
    }
    let target = resolvingLink(full)
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var existing = stat()
    let keepMode = stat(target, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG

    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<16 {
      temporary = "\(directory.isEmpty ? "" : directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw .unwritable(path: path, reason: FileDescriptor.errorText()) }

    func abandon(_ code: Int32) -> FileError {
      close(fd)
      unlink(temporary)
      return .unwritable(path: path, reason: FileDescriptor.errorText(code))
    }
    if keepMode, fchmod(fd, existing.st_mode & 0o7777) != 0 { throw abandon(errno) }
    if let code = bytes.withUnsafeBytes({ writeContents(fd, $0) }) { throw abandon(code) }
    if fsync(fd) != 0 { throw abandon(errno) }
    if close(fd) != 0 {
      let code = errno
      unlink(temporary)
      throw .unwritable(path: path, reason: FileDescriptor.errorText(code))
    }
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw .unwritable(path: path, reason: FileDescriptor.errorText(code))
    }
    // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
    let directoryFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// Whether `path` exists (following links) and is neither a regular file nor a directory: a
  /// FIFO, a character or block device, a socket. A directory is left to the rename, which
  /// refuses it with its own error and leaves it alone.
  static func isSpecialFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  /// Opens the existing pipe or device for writing (through any links, so `/proc/self/fd/1`
  /// reaches the descriptor's pipe) and writes the bytes to it. Nothing is truncated, created or
  /// renamed; a FIFO waits for its reader as `cat > fifo` does.
  private static func writeInPlace(
    _ bytes: [UInt8], to full: String, shownAs path: String,
    writeContents: (Int32, UnsafeRawBufferPointer) -> Int32?
  ) throws(FileError) {
    var fd: Int32
    repeat { fd = open(full, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw .unwritable(path: path, reason: FileDescriptor.errorText()) }
    if let code = bytes.withUnsafeBytes({ writeContents(fd, $0) }) {
      close(fd)
      throw .unwritable(path: path, reason: FileDescriptor.errorText(code))
    }
    if close(fd) != 0, errno != EINTR { throw .unwritable(path: path, reason: FileDescriptor.errorText()) }
  }

  /// The file a symbolic link names (so the link survives the rename), else `path`.
  static func resolvingLink(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
      return path
    }
    defer { free(real) }
    return String(cString: real)
  }
}
