import DialRules

/// A problem or a notice about one place in an import file, named by its JSON path
/// (`$.attempts[12].record.shot.time_s`) and, when known, its line and column in the file.
public struct LogImportIssue: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem: the two that concern the file as a whole are told apart so an app can
  /// word them itself; every other problem is described by `message`. May grow: end a `switch`
  /// with `@unknown default`.
  public enum Kind: Hashable, Sendable {
    /// The file is not a shot log export (its `format` is not `dialshot-export`).
    case notAnExport
    /// An export of a version this library does not read (newer, or unknown).
    case unsupportedVersion(Int)
    /// A problem with one value, reference or row; `message` says what.
    case other
  }

  /// What kind of problem.
  public var kind: Kind
  /// The JSON path of the value (`$` is the document).
  public var path: String
  /// What is wrong, in English: lowercase, naming the value and what was expected.
  public var message: String
  /// The 1-based line of the value in the file, when known.
  public var line: Int?
  /// The 1-based column (in characters) of the value in the file, when known.
  public var column: Int?

  /// An issue of any kind.
  init(kind: Kind, path: String, message: String, line: Int?, column: Int?) {
    self.kind = kind
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  /// `12:5: $.attempts[0].uuid: expected a UUID…` (the position only when known).
  public var description: String {
    (line.map { "\($0):\(column ?? 1): " } ?? "") + "\(path): \(message)"
  }

  /// An issue as found, with a span into the file; turned into an `LogImportIssue` (line and column)
  /// once, when the preview is put together.
  struct Found: Hashable, Sendable {
    var kind: Kind = .other
    var path: String
    var message: String
    var span: SourceSpan?

    func issue(in file: SourceFile) -> LogImportIssue {
      let position = span.map { file.position(of: $0.start) }
      return LogImportIssue(kind: kind, path: path, message: message, line: position?.line, column: position?.column)
    }
  }
}

/// How many rows of each kind.
public struct LogImportCounts: Hashable, Sendable {
  /// User settings (the machine note, the rules file).
  public var settings = 0
  /// Beans.
  public var beans = 0
  /// Bags of beans.
  public var bags = 0
  /// Grinders.
  public var grinders = 0
  /// Baskets.
  public var baskets = 0
  /// Recipe snapshots.
  public var snapshots = 0
  /// Shot attempts.
  public var attempts = 0
  /// Accept and reject events.
  public var events = 0
  /// Voided shots.
  public var voids = 0
  /// Undone accepts.
  public var undos = 0

  /// All counts zero.
  init() {}

  /// The sum of all counts.
  public var total: Int {
    settings + beans + bags + grinders + baskets + snapshots + attempts + events + voids + undos
  }

  /// `3 beans, 1 grinder, …` — only the non-zero kinds; `nothing` when all are zero.
  package var summary: String {
    let parts: [(Int, String, String)] = [
      (settings, "setting", "settings"), (beans, "bean", "beans"), (bags, "bag", "bags"),
      (grinders, "grinder", "grinders"),
      (baskets, "basket", "baskets"), (snapshots, "recipe snapshot", "recipe snapshots"),
      (attempts, "shot", "shots"), (events, "accept/reject event", "accept/reject events"),
      (voids, "void", "voids"), (undos, "undo", "undos"),
    ]
    let shown = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
    return shown.isEmpty ? "nothing" : shown.joined(separator: ", ")
  }
}

/// What importing a file would do, computed without writing anything.
public struct LogImportPreview: Sendable {
  /// Rows that would be added.
  public var added = LogImportCounts()
  /// Rows already in the database with the same content.
  public var unchanged = LogImportCounts()
  /// Profiles or settings already present whose editable values differ; the database's values
  /// are kept. Informational: they do not block the import.
  public var kept: [LogImportIssue] = []
  /// Clashes that make the import impossible (a different bean with the same name, an attempt
  /// with the same UUID but other values).
  public var conflicts: [LogImportIssue] = []
  /// Places where the file is malformed or inconsistent — including a shot whose stated decision
  /// is not what the rules it names give for its record.
  public var invalid: [LogImportIssue] = []
  /// How many of the file's decisions were derived again from their records, with the rules they
  /// name, and found to be what the file says.
  public var checkedDecisions = 0
  /// Rules the file's decisions name that this log does not have: those decisions cannot be
  /// checked; they are imported as the file says and marked unchecked (`StoredSuggestion.checked`).
  public var decidedElsewhere: [OtherRules] = []
  /// For a replacing import: what the database holds now and the import removes.
  public var removed = LogImportCounts()
  /// Whether this previews a replacing import (`applyLogImport(_:token:replacing:)`).
  public var replacing = false

  /// Rules named by decisions in the file that this log cannot check.
  public struct OtherRules: Hashable, Sendable {
    /// The ruleset's name as the file gives it.
    public var name: String
    /// Its content hash.
    public var hash: String
    /// How many shots it decided.
    public var shots = 0

    /// Rules as named by the file.
    init(name: String, hash: String) {
      self.name = name
      self.hash = hash
    }
  }
  /// Ties the preview to these exact file bytes and this database state; `apply` requires it.
  public var token: String = ""

  /// True when the file is valid and nothing conflicts.
  public var canApply: Bool { invalid.isEmpty && conflicts.isEmpty }

  /// An empty preview.
  init() {}
}
