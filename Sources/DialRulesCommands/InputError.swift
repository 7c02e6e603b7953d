import DialRules
import Foundation

/// A file a command was given that it could not read. Exit status 2.
public enum InputError: Error, Equatable, Sendable {
  case notFound(path: String)
  case isDirectory(path: String)
  case unreadable(path: String, reason: String)
  case tooLarge(path: String, limit: Int)

  /// `path: error: …` — the same shape as a diagnostic without a line.
  public var message: String {
    switch self {
    case .notFound(let p): "\(p): error: no such file"
    case .isDirectory(let p): "\(p): error: is a directory, expected a file"
    case .unreadable(let p, let reason): "\(p): error: cannot read: \(reason)"
    case .tooLarge(let p, let limit): "\(p): error: file is larger than \(limit / (1 << 20)) MiB"
    }
  }
}

/// Reads input files with the limits of `docs/robustness.md`, never trapping on odd paths.
enum InputFiles {
  /// Rule files and single shot files.
  static let smallFileLimit = 1 << 20
  /// JSON Lines batches.
  static let batchFileLimit = 1 << 30

  /// Reads `path` (or standard input for `-`) as a `SourceFile` shown under its given name.
  static func read(_ path: String, io: CommandIO, limit: Int = smallFileLimit) throws(InputError) -> SourceFile {
    if path == "-" { return SourceFile(path: "<stdin>", bytes: try io.readStandardInput(limit: limit)) }
    let full = path.hasPrefix("/") ? path : io.currentDirectory + "/" + path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
      throw .notFound(path: path)
    }
    if isDirectory.boolValue { throw .isDirectory(path: path) }
    let fd = open(full, O_RDONLY)
    if fd < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes = [UInt8]()
    var st = stat()
    if fstat(fd, &st) == 0 {
      if Int(st.st_size) > limit { throw .tooLarge(path: path, limit: limit) }
      bytes.reserveCapacity(Int(st.st_size))
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      bytes.append(contentsOf: buffer[0..<n])
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
    }
    return SourceFile(path: path, bytes: bytes)
  }
}
