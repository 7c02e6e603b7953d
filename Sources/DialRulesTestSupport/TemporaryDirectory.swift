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
}
