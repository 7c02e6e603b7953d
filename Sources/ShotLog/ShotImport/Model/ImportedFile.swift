import DialRules

/// What one file from another app holds, read but not yet imported: its shots, the entries that
/// are not shots the log can take (with why), and remarks about the file as a whole.
public struct ImportedFile: Hashable, Sendable {
  /// The file, as named.
  public var file: String
  /// The format it was read as.
  public var format: ImportFormat
  /// Whether the format was told from the content (no `--from`).
  public var detected: Bool
  /// The shots, in the order the file holds them.
  public var shots: [ImportedShot]
  /// Entries that are not imported, each with the reason (a Chemex brew: not an espresso).
  public var skipped: [SkippedEntry]
  /// Remarks about the file (`the machine block is damaged; it holds only machine state and was
  /// not read`).
  public var notices: [String]

  /// A file read as `format`.
  init(file: String, format: ImportFormat, detected: Bool) {
    self.file = file
    self.format = format
    self.detected = detected
    self.shots = []
    self.skipped = []
    self.notices = []
  }
}

/// An entry of a file that is not imported, and why.
public struct SkippedEntry: Hashable, Sendable {
  /// The source's id for it, when it has one.
  public var id: String?
  /// Why it is not imported, in words (`not an espresso (Chemex, POUR OVER)`).
  public var reason: String

  /// Why, as a value, when the reader said so with one (`text(in:)` words it in other languages).
  var why: Why?

  /// Why an entry is skipped.
  enum Why: Hashable, Sendable {
    /// A Beanconqueror brew without `config.uuid` (`field` is its place in the file).
    case noIdentifier(field: String)
    /// Its preparation is not in the file.
    case preparationMissing
    /// Not an espresso: the preparation's name and style, when given.
    case notAnEspresso(name: String?, style: String?)
  }

  /// A skipped entry.
  init(id: String?, reason: String) {
    self.id = id
    self.reason = reason
  }

  /// A skipped entry, for a reason the library can word in every language.
  init(id: String?, _ why: Why) {
    self.init(id: id, reason: Self.text(why, Wording(.english)))
    self.why = why
  }
}
