import Foundation

/// A fresh temporary directory for one test, removed when the value goes away.
final class ScratchDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "cls-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  /// The names in the directory, sorted (hidden ones included: temporary files are hidden).
  func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
