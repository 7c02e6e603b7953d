import DialRulesTestSupport
import Foundation
import Testing

@testable import CommandLineSupport

/// Atomic writes: the whole new content or the old file exactly as it was, and never a temporary
/// file left behind.
@Suite struct AtomicFileTests {
  @Test func writesANewFileAndReplacesAnOldOne() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    let io = CommandIO.captured(currentDirectory: dir.path)
    try AtomicFile.write("one\n", to: "out.txt", io: io)
    #expect(dir.read("out.txt") == "one\n")
    try AtomicFile.write(Array("two\n".utf8), to: dir.file("out.txt"), io: .captured())
    #expect(dir.read("out.txt") == "two\n")
    #expect(try dir.listing() == ["out.txt"])
  }

  @Test func anExistingFileKeepsItsPermissions() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try dir.write("script", "old")
    try FileManager.default.setAttributes([.posixPermissions: 0o751], ofItemAtPath: dir.file("script"))
    try AtomicFile.write("new", to: dir.file("script"), io: .captured())
    let mode = try FileManager.default.attributesOfItem(atPath: dir.file("script"))[.posixPermissions] as? Int
    #expect(mode == 0o751)
    #expect(dir.read("script") == "new")
  }

  @Test func aSymbolicLinkStaysALink() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try dir.write("real", "old")
    try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: dir.file("real"))
    try AtomicFile.write("new", to: dir.file("link"), io: .captured())
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link")) == dir.file("real"))
    #expect(dir.read("real") == "new")
    #expect(try dir.listing() == ["link", "real"])
  }

  @Test func aWriteThatFailsHalfwayLeavesTheOldFileAndNoTemporaryFile() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try dir.write("data.json", "the old content")
    var calls = 0
    #expect(throws: FileError.unwritable(path: "data.json", reason: "No space left on device")) {
      try AtomicFile.write(Array("the new, longer content".utf8), to: dir.file("data.json"), shownAs: "data.json") {
        fd, raw in
        calls += 1
        // Half the bytes reach the temporary file, then the disk is full.
        FileDescriptor.writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[..<(raw.count / 2)]))
        return ENOSPC
      }
    }
    #expect(calls == 1)
    #expect(dir.read("data.json") == "the old content")
    #expect(try dir.listing() == ["data.json"])
  }

  @Test func aRenameThatFailsLeavesNoTemporaryFile() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try FileManager.default.createDirectory(atPath: dir.file("target"), withIntermediateDirectories: false)
    try dir.write("target/keep", "x")
    let io = CommandIO.captured(currentDirectory: dir.path)
    #expect(throws: FileError.self) { try AtomicFile.write("new", to: "target", io: io) }
    do {
      try AtomicFile.write("new", to: "target", io: io)
    } catch {
      #expect(error.message.hasPrefix("target: error: cannot write: "))
    }
    #expect(try dir.listing() == ["target"])
    #expect(dir.read("target/keep") == "x")
  }

  @Test func aMissingDirectoryIsAClearError() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    let io = CommandIO.captured(currentDirectory: dir.path)
    #expect(throws: FileError.unwritable(path: "no/such/dir/out.txt", reason: "No such file or directory")) {
      try AtomicFile.write("x", to: "no/such/dir/out.txt", io: io)
    }
    #expect(try dir.listing().isEmpty)
  }

  @Test func directoriesAreCreatedWithTheirParents() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    let io = CommandIO.captured(currentDirectory: dir.path)
    try Directories.create("a/b/c", io: io)
    try Directories.create("a/b/c", io: io)  // Existing: nothing to do.
    try AtomicFile.write("x", to: "a/b/c/f", io: io)
    #expect(dir.read("a/b/c/f") == "x")
    try dir.write("file", "x")
    #expect(throws: FileError.cannotCreateDirectory(path: "file/sub", reason: "Not a directory")) {
      try Directories.create("file/sub", io: io)
    }
    #expect(throws: FileError.cannotCreateDirectory(path: "file", reason: "Not a directory")) {
      try Directories.create("file", io: io)
    }
  }
}
