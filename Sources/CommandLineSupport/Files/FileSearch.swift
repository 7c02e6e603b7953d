#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Command-line paths that may name directories: `fmt rules/`, `lint rules/`, `test … Fixtures/shots`.
///
/// A directory stands for every file below it whose name ends with the suffix, at any depth, in
/// one deterministic order (byte order of the paths). Hidden entries (names starting with `.`,
/// such as `.git` or `.build`, or an interrupted atomic write) are skipped, and symbolic links to
/// directories are not followed, so the walk always ends; a symbolic link to a file counts as the
/// file.
package enum FileSearch {
  /// The files `path` stands for: itself when it is not a directory (a file, `-` for standard
  /// input, or a path that does not exist, which reading it then reports); else the matching files
  /// below it, shown as `path/relative/name` (with `path` as given). A directory holding none is an
  /// error (`what` names the files looked for: `rule files (*.dialrules)`), since a check over no
  /// files would pass without checking anything.
  package static func expand(_ path: String, suffix: String, what: String, io: CommandIO) throws(FileError)
    -> [String]
  {
    guard path != "-", isDirectory(io.resolve(path), following: true) else { return [path] }
    var found: [String] = []
    try walk(io.resolve(path), relative: "", shownAs: path, suffix: suffix, into: &found)
    guard !found.isEmpty else { throw .noMatchingFiles(path: path, what: what) }
    let prefix = path.hasSuffix("/") ? path : path + "/"
    return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { prefix + $0 }
  }

  /// Every expansion of `paths`, in order.
  package static func expand(_ paths: [String], suffix: String, what: String, io: CommandIO) throws(FileError)
    -> [String]
  {
    var out: [String] = []
    for path in paths { out += try expand(path, suffix: suffix, what: what, io: io) }
    return out
  }

  static func walk(_ full: String, relative: String, shownAs path: String, suffix: String, into found: inout [String])
    throws(FileError)
  {
    guard let dir = opendir(full) else {
      throw .unreadable(path: relative.isEmpty ? path : path + "/" + relative, reason: FileDescriptor.errorText())
    }
    defer { closedir(dir) }
    var entries: [(name: String, type: UInt8)] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
    }
    for (name, type) in entries {
      let child = full + "/" + name
      let shown = relative.isEmpty ? name : relative + "/" + name
      // The entry's type as the directory lists it spares a `stat` per file (`test` over a
      // fixture folder lists three files a fixture); links and unknown types are asked.
      let isDirectory: Bool
      let isRegular: Bool
      switch Int(type) {
      case Int(DT_DIR): (isDirectory, isRegular) = (true, false)
      case Int(DT_REG): (isDirectory, isRegular) = (false, true)
      case Int(DT_LNK): (isDirectory, isRegular) = (false, name.hasSuffix(suffix) && isRegularFile(child))
      default:
        isDirectory = Self.isDirectory(child, following: false)
        isRegular = !isDirectory && name.hasSuffix(suffix) && isRegularFile(child)
      }
      if isDirectory {
        try walk(child, relative: shown, shownAs: path, suffix: suffix, into: &found)
      } else if isRegular, name.hasSuffix(suffix) {
        found.append(shown)
      }
    }
  }

  /// Whether `full` is a directory; through a symbolic link only when `following`.
  static func isDirectory(_ full: String, following: Bool) -> Bool {
    var info = stat()
    let status = following ? stat(full, &info) : lstat(full, &info)
    return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `full` is a regular file, following symbolic links.
  static func isRegularFile(_ full: String) -> Bool {
    var info = stat()
    return stat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
