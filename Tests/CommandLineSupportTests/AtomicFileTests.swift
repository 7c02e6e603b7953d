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

  // Targets that are not regular files: written in place, never renamed over (issue 22 item 1).

  @Test func aFIFOIsWrittenToAndStaysAFIFO() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    #expect(mkfifo(dir.file("pipe"), 0o600) == 0)
    // The reader opens first (without waiting for a writer), so the write does not block.
    let reader = open(dir.file("pipe"), O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try AtomicFile.write("through the pipe\n", to: "pipe", io: .captured(currentDirectory: dir.path))
    #expect(Self.drain(reader) == "through the pipe\n")
    #expect(Self.kind(dir.file("pipe")) == S_IFIFO)
    #expect(try dir.listing() == ["pipe"])
  }

  @Test func aCharacterDeviceIsWrittenToAndStaysADevice() throws {
    // /dev/null itself when not root (renaming in /dev is then refused, so the old code failed
    // there with an error); as root, a node for the same device made in a temporary directory,
    // so that a regression replaces that node and not the machine's /dev/null.
    let dir = TemporaryDirectory(prefix: "cls-test")
    let device: String
    if getuid() == 0 {
      device = dir.file("null")
      #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    } else {
      device = "/dev/null"
    }
    try AtomicFile.write("discarded\n", to: device, io: .captured())
    #expect(Self.kind(device) == S_IFCHR)
    #expect(try dir.listing() == (getuid() == 0 ? ["null"] : []))
  }

  @Test func aLinkToADescriptorWritesIntoThatDescriptor() throws {
    // A link to /proc/self/fd/N — what /dev/stdout is — reaches the pipe behind the descriptor.
    let dir = TemporaryDirectory(prefix: "cls-test")
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    try FileManager.default.createSymbolicLink(atPath: dir.file("out"), withDestinationPath: "/proc/self/fd/\(ends[1])")
    try AtomicFile.write("to the descriptor\n", to: dir.file("out"), io: .captured())
    close(ends[1])
    #expect(Self.drain(ends[0]) == "to the descriptor\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("out")) == "/proc/self/fd/\(ends[1])")
    #expect(try dir.listing() == ["out"])
  }

  @Test func aFIFOWithItsReaderInAnotherThreadGetsEverything() throws {
    // A reader that opens after the writer: the write waits for it, as `cat > fifo` does, and a
    // content larger than the pipe's buffer arrives whole.
    let dir = TemporaryDirectory(prefix: "cls-test")
    #expect(mkfifo(dir.file("pipe"), 0o600) == 0)
    let content = String(repeating: "0123456789abcdef", count: 16_384)
    let received = Received()
    let path = dir.file("pipe")
    // A second name for the FIFO, outside the directory checked, so that a write that replaced
    // the FIFO cannot leave the reader waiting in open forever: opening it here wakes the reader.
    let spare = TemporaryDirectory(prefix: "cls-test")
    #expect(link(path, spare.file("same-pipe")) == 0)
    let thread = Thread {
      let fd = open(path, O_RDONLY)
      received.text = fd >= 0 ? AtomicFileTests.drain(fd) : nil
      if fd >= 0 { close(fd) }
      received.done.signal()
    }
    thread.start()
    try AtomicFile.write(content, to: path, io: .captured())
    let waker = open(spare.file("same-pipe"), O_WRONLY | O_NONBLOCK)
    if waker >= 0 { close(waker) }
    received.done.wait()
    #expect(received.text == content)
    #expect(Self.kind(path) == S_IFIFO)
  }

  /// What a reader thread received.
  private final class Received: @unchecked Sendable {
    var text: String?
    let done = DispatchSemaphore(value: 0)
  }

  /// Everything readable from `fd` until end of file (or, non-blocking, until nothing is left).
  static func drain(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      bytes += buffer[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The file type bits of `path` (links not followed).
  static func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
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
