import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the command layer makes beyond reading and writing files.
enum Platform {
  /// Whether something exists at `path` (relative to the working directory of `io`).
  static func exists(_ path: String, io: CommandIO) -> Bool { InputFiles.exists(path, io: io) }

  /// Removes a database file and the side files SQLite may have made next to it.
  static func removeDatabase(_ path: String, io: CommandIO) {
    let full = io.resolve(path)
    for suffix in ["", "-wal", "-shm", "-journal"] { _ = unlink(full + suffix) }
  }
}
