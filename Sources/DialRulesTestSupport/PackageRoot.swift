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

  /// The files in `directory` (relative to the package) whose names end with `suffix`, sorted.
  public static func files(in directory: String, suffix: String, from filePath: String = #filePath) -> [String] {
    let dir = file(directory, from: filePath)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory + "/" + $0 }
  }

  /// The contents of a package file as text.
  public static func read(_ relative: String, from filePath: String = #filePath) throws -> String {
    try String(contentsOfFile: file(relative, from: filePath), encoding: .utf8)
  }
}
