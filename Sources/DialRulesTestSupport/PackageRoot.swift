import Foundation

/// Locates files of this package from tests, through the source path rather than bundled
/// resources, so golden updates land in the source tree (house style §17).
public enum PackageRoot {
  /// The directory holding `Package.swift`, found by walking up from `filePath`.
  public static func path(from filePath: String = #filePath) -> String {
    var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
      url.deleteLastPathComponent()
    }
    preconditionFailure("Package.swift not found above \(filePath); please report this as a bug")
  }

  /// An absolute path for `relative` inside the package.
  public static func file(_ relative: String, from filePath: String = #filePath) -> String {
    path(from: filePath) + "/" + relative
  }

  /// The contents of a package file as text.
  public static func read(_ relative: String, from filePath: String = #filePath) throws -> String {
    try String(contentsOfFile: file(relative, from: filePath), encoding: .utf8)
  }

  /// The raw bytes of a package file (fixtures of bad input are often not valid UTF-8).
  public static func bytes(_ relative: String, from filePath: String = #filePath) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(relative, from: filePath))))
  }
}
