/// A file a command could not read or write, naming the path as the user gave it. Exit status 2.
package enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
  case notFound(path: String)
  case isDirectory(path: String)
  case unreadable(path: String, reason: String)
  case tooLarge(path: String, limit: Int)
  case unwritable(path: String, reason: String)
  case cannotCreateDirectory(path: String, reason: String)
  /// A directory given on the command line holds none of the files looked for (`what`:
  /// `rule files (*.dialrules)`).
  case noMatchingFiles(path: String, what: String)

  /// The path as the user gave it (`-` for standard input).
  package var path: String {
    switch self {
    case .notFound(let p), .isDirectory(let p), .unreadable(let p, _), .tooLarge(let p, _), .unwritable(let p, _),
      .cannotCreateDirectory(let p, _), .noMatchingFiles(let p, _):
      p
    }
  }

  /// What went wrong, lowercase: `no such file`, `cannot read: Permission denied`.
  package var problem: String {
    switch self {
    case .notFound: "no such file"
    case .isDirectory: "is a directory, expected a file"
    case .unreadable(_, let reason): "cannot read: \(reason)"
    case .tooLarge(_, let limit): "file is larger than \(limit / (1 << 20)) MiB"
    case .unwritable(_, let reason): "cannot write: \(reason)"
    case .cannotCreateDirectory(_, let reason): "cannot create the directory: \(reason)"
    case .noMatchingFiles(_, let what): "no \(what) in this directory"
    }
  }

  /// `path: error: problem` — the shape of a diagnostic without a line (`dialrules`).
  package var message: String { "\(path): error: \(problem)" }

  /// `path: problem` — for a tool that puts its own prefix first (`dialshot: error: …`).
  package var description: String { "\(path): \(problem)" }
}
