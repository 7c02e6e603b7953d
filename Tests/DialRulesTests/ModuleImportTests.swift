import DialRulesTestSupport
import Foundation
import Testing

/// What `Sources/DialRules` imports, as `docs/robustness.md` states it: no Foundation, nothing but
/// the standard library, `Synchronization` and the C library — and the C library only in the JSON
/// core's scanner and the shot JSON reader, which call `memcmp` and `memchr`.
@Suite struct ModuleImportTests {
  @Test func theLanguageLibraryImportsOnlyTheStandardLibrarySynchronizationAndTheCLibrary() throws {
    let cLibrary: Set = ["Glibc", "Musl", "Darwin"]
    var importsOfC: Set<String> = []
    var files = 0
    let sources = try #require(FileManager.default.enumerator(atPath: PackageRoot.file("Sources/DialRules")))
    for case let path as String in sources where path.hasSuffix(".swift") {
      let file = "Sources/DialRules/" + path
      files += 1
      for line in try PackageRoot.read(file).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "import"), words[..<at].allSatisfy({ $0.hasPrefix("@") }),
          at + 1 < words.count
        else { continue }
        let module = String(words[at + 1])
        #expect(cLibrary.contains(module) || module == "Synchronization", "\(file) imports \(module)")
        if cLibrary.contains(module) { importsOfC.insert(file) }
      }
    }
    #expect(files > 100)
    #expect(
      importsOfC == ["Sources/DialRules/JSON/JSONScanner.swift", "Sources/DialRules/ShotJSON/ShotJSONReader.swift"])
  }
}

/// What `Sources/ShotLog` imports: DialRules, SQLite (the system module or the CSQLite shim),
/// zlib, `Synchronization` and the C library; never Foundation, which `DialRulesFoundation`
/// bridges to.
@Suite struct ShotLogImportTests {
  @Test func theShotLogLibraryDoesNotImportFoundation() throws {
    let allowed: Set = ["DialRules", "SQLite3", "CSQLite", "CZlib", "Synchronization", "Glibc", "Musl", "Darwin"]
    var files = 0
    let sources = try #require(FileManager.default.enumerator(atPath: PackageRoot.file("Sources/ShotLog")))
    for case let path as String in sources where path.hasSuffix(".swift") {
      files += 1
      for line in try PackageRoot.read("Sources/ShotLog/" + path).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "import"), words[..<at].allSatisfy({ $0.hasPrefix("@") }),
          at + 1 < words.count
        else { continue }
        #expect(allowed.contains(String(words[at + 1])), "Sources/ShotLog/\(path) imports \(words[at + 1])")
      }
    }
    #expect(files > 50)
  }
}
