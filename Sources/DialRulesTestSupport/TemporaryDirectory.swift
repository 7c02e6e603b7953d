import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the value goes away.
public final class TemporaryDirectory: Sendable {
  /// The directory's absolute path.
  public let path: String

  public init(prefix: String = "dialrules-test") {
    var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
      guard let base = buffer.baseAddress else { return nil }
      return mkdtemp(base)
    }
    path = made.map { String(cString: $0) } ?? (NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString)")
    if made == nil { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The absolute path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` as UTF-8 to `name` inside the directory.
  public func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  /// The text of `name` inside the directory, or nil when it cannot be read.
  public func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  /// The names in the directory, sorted (hidden ones included: temporary files are hidden).
  public func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
