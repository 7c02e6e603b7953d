import DialRulesTestSupport
import Foundation
import Testing

/// The corpus loader fails loudly, so no corpus test can pass with zero cases.
@Suite struct CorpusTests {
  @Test func anEmptyFolderIsAnErrorNamingIt() throws {
    let directory = TemporaryDirectory()
    let folder = directory.path
    let error = #expect(throws: Corpus.LoadError.self) {
      try Corpus.names(inFolderAt: folder, shownAs: "Fixtures/empty", suffix: ".dialrules")
    }
    #expect(error?.directory == "Fixtures/empty")
    #expect(error?.description.contains("holds no file ending in '.dialrules'") == true)
  }

  @Test func aFolderWithoutMatchingFilesIsAnErrorToo() throws {
    let directory = TemporaryDirectory()
    let folder = directory.path
    for name in ["README.md", ".hidden.dialrules", "notes.txt"] {
      try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    #expect(throws: Corpus.LoadError.self) {
      try Corpus.names(inFolderAt: folder, shownAs: "f", suffix: ".dialrules")
    }
    #expect(throws: Corpus.LoadError.self) {
      try Corpus.names(inFolderAt: folder, shownAs: "f") { $0 != "README.md" && $0 != "notes.txt" }
    }
    #expect(try Corpus.names(inFolderAt: folder, shownAs: "f", suffix: ".md") == ["README.md"])
  }

  @Test func aMissingFolderIsAnErrorNamingIt() throws {
    let error = #expect(throws: Corpus.LoadError.self) {
      try Corpus.files(in: "Fixtures/no-such-folder", suffix: ".json")
    }
    #expect(error?.description.hasPrefix("corpus folder Fixtures/no-such-folder: missing") == true)
    #expect(throws: Corpus.LoadError.self) {
      try Corpus.files(inEach: ["Fixtures/no-such-folder", "Fixtures/nor-this-one"])
    }
  }

  @Test func filesAreSortedPackageRelativePaths() throws {
    let files = try Corpus.files(in: "Fixtures/shots", suffix: ".json")
    #expect(files.count > 10)
    #expect(files == files.sorted())
    #expect(files.allSatisfy { $0.hasPrefix("Fixtures/shots/") && $0.hasSuffix(".json") })
    #expect(try PackageRoot.bytes(files[0]).count > 0)
  }
}
