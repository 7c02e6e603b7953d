import DialRulesTestSupport
import Foundation
import Testing

@testable import CommandLineSupport

/// Reading input: the size limit before anything is parsed, and a clear error for every odd path.
@Suite struct InputFilesTests {
  func failure(_ path: String, io: CommandIO, limit: Int = InputFiles.smallFileLimit) -> FileError? {
    do {
      _ = try InputFiles.bytes(path, io: io, limit: limit)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsAFileRelativeToTheWorkingDirectory() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try dir.write("a.txt", "hello")
    let io = CommandIO.captured(currentDirectory: dir.path)
    #expect(try InputFiles.bytes("a.txt", io: io) == Array("hello".utf8))
    #expect(try InputFiles.bytes(dir.file("a.txt"), io: .captured()) == Array("hello".utf8))
    #expect(InputFiles.exists("a.txt", io: io))
    #expect(!InputFiles.exists("b.txt", io: io))
  }

  @Test func errorsNameThePathAsGiven() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    try dir.write("file", "x")
    let io = CommandIO.captured(currentDirectory: dir.path)
    let missing = failure("no/such.txt", io: io)
    #expect(missing == .notFound(path: "no/such.txt"))
    #expect(missing?.message == "no/such.txt: error: no such file")
    #expect(missing?.description == "no/such.txt: no such file")
    // A path through a file is missing too (ENOTDIR), not a read error.
    #expect(failure("file/inside", io: io) == .notFound(path: "file/inside"))
    let directory = failure(".", io: io)
    #expect(directory == .isDirectory(path: "."))
    #expect(directory?.message == ".: error: is a directory, expected a file")
  }

  @Test func aReadThatFailsSaysWhy() {
    // Reading /proc/self/mem at offset 0 fails with EIO, whoever runs the test.
    let error = failure("/proc/self/mem", io: .captured())
    #expect(error == .unreadable(path: "/proc/self/mem", reason: "Input/output error"))
    #expect(error?.message == "/proc/self/mem: error: cannot read: Input/output error")
  }

  @Test func theLimitIsInclusiveAndCheckedForFilesAndStandardInput() throws {
    let dir = TemporaryDirectory(prefix: "cls-test")
    let limit = 1 << 20
    try dir.write("exact", String(repeating: "x", count: limit))
    try dir.write("over", String(repeating: "x", count: limit + 1))
    let io = CommandIO.captured(currentDirectory: dir.path)
    #expect(try InputFiles.bytes("exact", io: io).count == limit)
    let over = failure("over", io: io)
    #expect(over == .tooLarge(path: "over", limit: limit))
    #expect(over?.message == "over: error: file is larger than 1 MiB")
    #expect(failure("exact", io: io, limit: 1000) == .tooLarge(path: "exact", limit: 1000))
    #expect(FileError.tooLarge(path: "b", limit: InputFiles.batchFileLimit).problem == "file is larger than 1024 MiB")

    let stdin = CommandIO.captured(stdin: String(repeating: "y", count: 11))
    #expect(try InputFiles.bytes("-", io: stdin, limit: 11).count == 11)
    #expect(failure("-", io: stdin, limit: 10) == .tooLarge(path: "-", limit: 10))
  }

  @Test func aFileThatGrowsPastTheLimitWhileBeingReadIsRefused() throws {
    // /dev/zero reports size 0 to fstat and never ends: only the read loop's count stops it.
    #expect(failure("/dev/zero", io: .captured(), limit: 1 << 17) == .tooLarge(path: "/dev/zero", limit: 1 << 17))
  }

  @Test func capturedStandardInputIsEmptyUnlessGiven() throws {
    #expect(try InputFiles.bytes("-", io: .captured()).isEmpty)
    #expect(try InputFiles.bytes("-", io: .captured(stdin: "é")) == Array("é".utf8))
  }
}
