import Foundation

/// Lists the inputs of corpus tests: the files of package folders.
///
/// A folder that is missing, or holds no matching file, is an error naming it, so a parameterised
/// test (`@Test(arguments: try Corpus.files(in: …))`) can never pass with zero cases: the error
/// fails the test instead. Paths are package-relative and sorted.
public enum Corpus {
  /// A corpus folder that cannot serve as one.
  public struct LoadError: Error, CustomStringConvertible, Equatable {
    /// The folder, as the caller named it.
    public var directory: String
    /// What is wrong with it.
    public var problem: String
    public var description: String { "corpus folder \(directory): \(problem)" }
  }

  /// The files in the package folder `directory` whose names end with `suffix` and that
  /// `include` accepts, as package-relative paths; throws when the folder is missing or none is
  /// left.
  public static func files(
    in directory: String, suffix: String = "", where include: (String) -> Bool = { _ in true },
    from filePath: String = #filePath
  ) throws(LoadError) -> [String] {
    try names(
      inFolderAt: PackageRoot.file(directory, from: filePath), shownAs: directory, suffix: suffix, where: include
    )
    .map { directory + "/" + $0 }
  }

  /// The files of several folders together, for corpora spread over folders that need not all
  /// exist (a fuzz target with no regressions has no folder); throws when none of them holds a
  /// matching file.
  public static func files(
    inEach directories: [String], suffix: String = "", where include: (String) -> Bool = { _ in true },
    from filePath: String = #filePath
  ) throws(LoadError) -> [String] {
    var all: [String] = []
    for directory in directories {
      let path = PackageRoot.file(directory, from: filePath)
      guard FileManager.default.fileExists(atPath: path) else { continue }
      all += try names(inFolderAt: path, shownAs: directory, suffix: suffix, where: include, allowEmpty: true)
        .map { directory + "/" + $0 }
    }
    guard !all.isEmpty else {
      throw LoadError(
        directory: directories.joined(separator: ", "), problem: "no file ending in '\(suffix)' in any of them")
    }
    return all
  }

  /// The names of the files in the folder at the absolute `path` ending with `suffix` and
  /// accepted by `include`, sorted; throws, naming the folder as `shownAs`, when it is missing,
  /// unreadable or (unless `allowEmpty`) has no such file. Dot files are never cases.
  public static func names(
    inFolderAt path: String, shownAs name: String, suffix: String = "", where include: (String) -> Bool = { _ in true },
    allowEmpty: Bool = false
  ) throws(LoadError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LoadError(directory: name, problem: "missing (looked at \(path))")
    }
    guard isDirectory.boolValue else { throw LoadError(directory: name, problem: "not a folder") }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw LoadError(directory: name, problem: "unreadable: \(error)")
    }
    let found = entries.filter { !$0.hasPrefix(".") && $0.hasSuffix(suffix) && include($0) }.sorted()
    guard !found.isEmpty || allowEmpty else {
      throw LoadError(directory: name, problem: "holds no file ending in '\(suffix)', so its tests would have no cases")
    }
    return found
  }
}
