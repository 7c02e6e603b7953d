/// Why the shot log database could not be used. Every case names the file and says what to do;
/// none of them leaves the file changed.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not an SQLite database at all (checked before SQLite touches it).
  case notADatabase(path: String)
  /// SQLite found the file damaged.
  case corrupted(path: String, detail: String)
  /// The database was written by a newer dialshot: it records migrations this build does not know.
  case newerSchema(path: String, unknownMigrations: [String])
  /// An SQLite database that some other program created.
  case foreignDatabase(path: String, tables: [String])
  /// A write was needed but the file (or its directory) is read-only.
  case readOnly(path: String)
  /// The file does not exist and may not be created (read-only access).
  case missing(path: String)
  /// The file could not be opened (permissions, a missing directory, …).
  case cannotOpen(path: String, detail: String)
  /// Another process kept the database locked for longer than the busy timeout.
  case busy(path: String)
  /// The disk is full or an I/O error occurred.
  case ioError(path: String, detail: String)

  public var description: String {
    switch self {
    case .notADatabase(let path):
      return "\(path): not a dialshot database (the file is not an SQLite database); it was left untouched"
    case .corrupted(let path, let detail):
      return
        "\(path): the database file is damaged (\(detail)); it was left untouched — restore it from an export or a backup copy"
    case .newerSchema(let path, let unknown):
      return
        "\(path): the database was written by a newer dialshot (unknown schema migrations: \(unknown.joined(separator: ", "))); this version will not modify it — upgrade dialshot"
    case .foreignDatabase(let path, let tables):
      let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
      return
        "\(path): an SQLite database that dialshot did not create (tables: \(shown)); it was left untouched — pass another file with --db"
    case .readOnly(let path):
      return "\(path): the database is read-only; nothing was written"
    case .missing(let path):
      return "\(path): no such database file"
    case .cannotOpen(let path, let detail):
      return "\(path): cannot open the database (\(detail))"
    case .busy(let path):
      return "\(path): another process kept the database locked too long; nothing was written — try again"
    case .ioError(let path, let detail):
      return "\(path): input/output error (\(detail)); the last change was not saved"
    }
  }

  /// Classifies an SQLite failure on the file at `path`; nil when it is not about the file (a
  /// bug in a statement, a constraint), which callers treat as an internal error.
  init?(_ error: SQLiteError, path: String) {
    switch error.code.primary {
    case .notADatabase: self = .notADatabase(path: path)
    case .corrupt: self = .corrupted(path: path, detail: error.message)
    case .readOnly: self = .readOnly(path: path)
    case .busy, .locked: self = .busy(path: path)
    case .cantOpen, .permission: self = .cannotOpen(path: path, detail: error.message)
    case .ioError, .full: self = .ioError(path: path, detail: error.message)
    default: return nil
    }
  }
}

/// A request the shot log cannot carry out as asked: an unknown name, a duplicate, a value out of
/// range, or an action that does not apply (accepting a suggestion twice).
public struct ShotLogError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// A referenced bean, grinder, basket, recipe or attempt does not exist.
    case notFound
    /// A value is malformed or out of range.
    case invalid
    /// The request clashes with what is stored (a duplicate name, an already answered suggestion).
    case conflict
    /// The request is understood but does not apply (nothing to accept, no grinder scale).
    case refused
  }
  public var kind: Kind
  public var message: String
  public var help: String?

  public init(_ kind: Kind, _ message: String, help: String? = nil) {
    self.kind = kind
    self.message = message
    self.help = help
  }

  public var description: String { message }
}
