#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creating directories for output (witness files, proposed fixtures, the default database).
package enum Directories {
  /// Creates `path` and its missing parents, like `mkdir -p`; relative paths are resolved by
  /// `io`. Errors name the path as given.
  package static func create(_ path: String, io: CommandIO) throws(FileError) {
    let full = io.resolve(path)
    var current = ""
    for component in full.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o777) != 0 && errno != EEXIST {
        throw .cannotCreateDirectory(path: path, reason: FileDescriptor.errorText())
      }
    }
    var info = stat()
    guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .cannotCreateDirectory(path: path, reason: FileDescriptor.errorText(ENOTDIR))
    }
  }
}
