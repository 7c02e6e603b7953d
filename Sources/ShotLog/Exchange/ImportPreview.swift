/// A problem or a notice about one place in an import file, named by its JSON path
/// (`attempts[12].record.shot.time_s`).
public struct ImportIssue: Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String
  public init(_ path: String, _ message: String) {
    self.path = path
    self.message = message
  }
  public var description: String { "\(path): \(message)" }
}

/// How many rows of each kind.
public struct ImportCounts: Hashable, Sendable {
  public var settings = 0
  public var beans = 0
  public var grinders = 0
  public var baskets = 0
  public var snapshots = 0
  public var attempts = 0
  public var events = 0

  public init() {}

  public var total: Int { settings + beans + grinders + baskets + snapshots + attempts + events }

  /// `3 beans, 1 grinder, …` — only the non-zero kinds; `nothing` when all are zero.
  public var summary: String {
    let parts: [(Int, String, String)] = [
      (settings, "setting", "settings"), (beans, "bean", "beans"), (grinders, "grinder", "grinders"),
      (baskets, "basket", "baskets"), (snapshots, "recipe snapshot", "recipe snapshots"),
      (attempts, "shot", "shots"), (events, "accept/reject event", "accept/reject events"),
    ]
    let shown = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
    return shown.isEmpty ? "nothing" : shown.joined(separator: ", ")
  }
}

/// What importing a file would do, computed without writing anything.
public struct ImportPreview: Sendable {
  /// Rows that would be added.
  public var added = ImportCounts()
  /// Rows already in the database with the same content.
  public var unchanged = ImportCounts()
  /// Profiles or settings already present whose editable values differ; the database's values
  /// are kept. Informational: they do not block the import.
  public var kept: [ImportIssue] = []
  /// Clashes that make the import impossible (a different bean with the same name, an attempt
  /// with the same UUID but other values).
  public var conflicts: [ImportIssue] = []
  /// Places where the file is malformed or inconsistent.
  public var invalid: [ImportIssue] = []
  /// Ties the preview to these exact file bytes and this database state; `apply` requires it.
  public var token: String = ""

  /// True when the file is valid and nothing conflicts.
  public var canApply: Bool { invalid.isEmpty && conflicts.isEmpty }

  public init() {}
}
