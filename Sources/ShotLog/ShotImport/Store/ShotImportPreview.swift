import DialRules

/// A file from another app to import: its name (shown in messages and kept with each shot) and
/// its bytes.
public struct ShotImportFile: Sendable {
  /// The name, as given (a path's last component is kept with each shot).
  public var name: String
  /// The content.
  public var bytes: [UInt8]

  /// A file.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// How to import other apps' shots.
public struct ShotImportOptions: Sendable {
  /// The formats allowed (`ImportFormat.sourceNames` for `--from NAME`); nil to detect.
  public var formats: [ImportFormat]?
  /// Read a taste verdict from each shot's notes (`TasteFromNotes`).
  public var tasteFromNotes: Bool
  /// The target time of the recipe the imported shots are compared with (docs/importing.md, "The
  /// recipe of an imported shot").
  public var recipeTimeS: ExactNumber
  /// The rules that decide each imported shot, as logging it would.
  public var rules: RuleSet

  /// Options; by default the format is detected, taste stays unknown, the recipe time is 28 s
  /// and the built-in espresso rules decide.
  public init(
    formats: [ImportFormat]? = nil, tasteFromNotes: Bool = false, recipeTimeS: ExactNumber = ExactNumber(28),
    rules: RuleSet = .defaultEspresso
  ) {
    self.formats = formats
    self.tasteFromNotes = tasteFromNotes
    self.recipeTimeS = recipeTimeS
    self.rules = rules
  }
}

/// Why an import of other apps' files cannot go ahead. May grow.
public enum ShotImportError: Error, Sendable, CustomStringConvertible {
  /// A file cannot be read; nothing was imported.
  case unreadable(ShotImportProblem)
  /// The files or the database changed since the preview that gave this token.
  case staleToken(String)
  /// The store failed.
  case store(ShotLogError)

  /// The message, as the command line prints it.
  public var description: String {
    switch self {
    case .unreadable(let problem): problem.description
    case .staleToken(let token):
      "the files or the database changed since the preview (token \(token)); preview the import again"
    case .store(let error): "\(error)"
    }
  }
}

/// What importing other apps' files would do, computed without writing anything.
public struct ShotImportPreview: Sendable {
  /// One shot of the files, in the order they hold them.
  public struct Entry: Sendable {
    /// What the import does with a shot. May grow.
    public enum Status: Hashable, Sendable {
      /// Imported as a new attempt.
      case new
      /// Already in the log (the same source and id): attempt `#id`.
      case alreadyImported(attemptID: Int64)
      /// Another file of this import holds the same shot (Decent's `.shot` and JSON of one
      /// shot): imported once, from `file`, with the values that file lacks taken from this one.
      case sameShotAs(file: String)
    }

    /// The shot as read (for a merged shot: the first file's values completed by the others').
    public var shot: ImportedShot
    /// What happens to it.
    public var status: Status
    /// The bean it is logged under (an existing bean's name, or a new one's).
    public var bean: String
    /// The grinder it is logged under.
    public var grinder: String
    /// The taste read from its notes (`--taste-from-notes`), when they name one.
    public var tasteFromNotes: TagSet<TasteTag>?
  }

  /// Every file as read: format, whether detected, skipped entries, notices.
  public var files: [ImportedFile]
  /// Every shot of every file.
  public var entries: [Entry]
  /// Values that differ between two files holding the same shot (the first file's is kept).
  public var differences: [String]
  /// Beans the import creates, by name.
  public var newBeans: [String]
  /// Grinders the import creates (with free-text settings), by name.
  public var newGrinders: [String]
  /// Ties the preview to these files, these options and this database state.
  public var token: String

  /// The shots that would be added.
  public var added: [Entry] { entries.filter { $0.status == .new } }

  /// How many new shots per value of `key` (bean, grinder, source), the most first, ties by name.
  public func counts(by key: (Entry) -> String) -> [(name: String, count: Int)] {
    var counts: [String: Int] = [:]
    for entry in added { counts[key(entry), default: 0] += 1 }
    return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
  }
}
