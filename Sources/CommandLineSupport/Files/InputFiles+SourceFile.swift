import DialRules

extension InputFiles {
  /// Reads `path` (or standard input for `-`, shown as `<stdin>`) as a `SourceFile` shown under
  /// its given name, within `limit` bytes.
  package static func sourceFile(_ path: String, io: CommandIO, limit: Int = smallFileLimit) throws(FileError)
    -> SourceFile
  {
    let bytes = try InputFiles.bytes(path, io: io, limit: limit)
    return SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
  }
}
