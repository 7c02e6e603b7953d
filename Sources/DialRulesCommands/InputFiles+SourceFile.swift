import CommandLineSupport
import DialRules

extension InputFiles {
  /// Reads `path` (or standard input for `-`, shown as `<stdin>`) as a `SourceFile` shown under
  /// its given name, within `limit` bytes.
  static func read(_ path: String, io: CommandIO, limit: Int = smallFileLimit) throws(FileError) -> SourceFile {
    let bytes = try InputFiles.bytes(path, io: io, limit: limit)
    return SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
  }
}

extension FileSearch {
  /// The rule files `path` stands for: itself, or every `*.dialrules` below a directory.
  static func ruleFiles(_ path: String, io: CommandIO) throws(FileError) -> [String] {
    try expand(path, suffix: ".dialrules", what: "rule files (*.dialrules)", io: io)
  }

  /// The fixture shots `paths` stand for: files as given, every `*.json` below a directory.
  static func fixtureShots(_ paths: [String], io: CommandIO) throws(FileError) -> [String] {
    try expand(paths, suffix: ".json", what: "fixture shots (*.json)", io: io)
  }
}
