import CommandLineSupport
import DialRules

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
