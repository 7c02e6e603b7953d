import DialRules

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
  var path: String {
    switch self {
    case .notFound(let p), .isDirectory(let p), .unreadable(let p, _), .tooLarge(let p, _), .unwritable(let p, _),
      .cannotCreateDirectory(let p, _), .noMatchingFiles(let p, _):
      p
    }
  }

  /// What went wrong, lowercase: `no such file`, `cannot read: Permission denied`.
  var problem: String {
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

  /// What went wrong in `language` (the system's own reason, `Permission denied`, stays as the
  /// system words it).
  func problem(in language: RuleLanguage) -> String {
    let w = Wording(language)
    return switch self {
    case .notFound: w.pick(problem, de: "Datei nicht gefunden", es: "no existe el archivo")
    case .isDirectory: w.pick(problem, de: "ist ein Verzeichnis, keine Datei", es: "es un directorio, no un archivo")
    case .unreadable(_, let reason): w.pick(problem, de: "nicht lesbar: \(reason)", es: "no se puede leer: \(reason)")
    case .tooLarge(_, let limit):
      w.pick(
        problem, de: "die Datei ist größer als \(limit / (1 << 20)) MiB",
        es: "el archivo ocupa más de \(limit / (1 << 20)) MiB")
    case .unwritable(_, let reason):
      w.pick(problem, de: "nicht schreibbar: \(reason)", es: "no se puede escribir: \(reason)")
    case .cannotCreateDirectory(_, let reason):
      w.pick(
        problem, de: "das Verzeichnis lässt sich nicht anlegen: \(reason)",
        es: "no se puede crear el directorio: \(reason)")
    case .noMatchingFiles(_, let what):
      w.pick(problem, de: "keine \(what) in diesem Verzeichnis", es: "ningún \(what) en este directorio")
    }
  }

  /// `path: problem` in `language`, for `dialshot: Fehler: …`.
  package func description(in language: RuleLanguage) -> String { "\(path): \(problem(in: language))" }

  /// `path: error: problem` — the shape of a diagnostic without a line (`dialrules`).
  package var message: String { "\(path): error: \(problem)" }

  /// `path: problem` — for a tool that puts its own prefix first (`dialshot: error: …`).
  package var description: String { "\(path): \(problem)" }
}
