import DialRules

/// Why a file from another app cannot be imported: which file, where in it, and what is wrong.
///
/// The place is as precise as the format allows: a line and column in a text file (JSON, CSV, a
/// Decent `.shot`), the entry of a zip archive and a line and column inside it, or a byte offset
/// in the archive's own structure. Any problem stops the whole import: nothing is written.
public struct ShotImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as it was named on the command line (or by the app).
  public var file: String
  /// The entry of a zip archive the problem is in (`Beanconqueror_Brews_1.json`), if any.
  public var entry: String?
  /// The 1-based line, when the place is in text.
  public var line: Int?
  /// The 1-based column (in characters), when the place is in text.
  public var column: Int?
  /// The byte offset, when the place is in binary structure (a zip header).
  public var offset: Int?
  /// The value the problem is about, as a path in the source's own terms (`BREWS[3].grind_weight`,
  /// `settings.espresso_notes`), when it is about one.
  public var field: String?
  /// What is wrong, in English: lowercase, naming what was expected and what was found.
  public var message: String

  /// A problem at a place.
  package init(
    file: String, entry: String? = nil, line: Int? = nil, column: Int? = nil, offset: Int? = nil,
    field: String? = nil, message: String
  ) {
    self.file = file
    self.entry = entry
    self.line = line
    self.column = column
    self.offset = offset
    self.field = field
    self.message = message
  }

  /// A problem at a span of `source`, the text of `file` (or of one of its entries).
  init(
    file: String, entry: String? = nil, source: SourceFile, span: SourceSpan?, field: String?, message: String
  ) {
    let position = span.map { source.position(of: min($0.start, source.bytes.count)) }
    self.init(
      file: file, entry: entry, line: position?.line, column: position?.column, field: field, message: message)
  }

  /// `backup.zip: Beanconqueror.json:12:5: BREWS[3].grind_weight: expected a number, found an array`:
  /// the editor-clickable form, every part only when known.
  public var description: String {
    var out = file
    if let entry { out += ": " + entry }
    if let line {
      out += ":\(line):\(column ?? 1)"
    } else if let offset {
      out += ": byte \(offset)"
    }
    out += ": "
    if let field { out += field + ": " }
    return out + message
  }
}
