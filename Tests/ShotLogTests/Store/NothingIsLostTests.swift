import DialRulesTestSupport
import Foundation
import Synchronization
import Testing

@testable import ShotLog

/// Issue 5 §6: a damaged or foreign file is refused untouched, a read-only database still reads,
/// two processes writing at once lose nothing, and a process killed mid-write leaves a consistent
/// database holding every committed shot.
@Suite struct NothingIsLostTests {
  @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
    let scratch = Scratch()
    let text = Array("bean,dose\nGuji,18\n".utf8)
    _ = FileManager.default.createFile(atPath: scratch.database, contents: Data(text))
    for arguments in [["history"], ["profiles", "bean", "add", "Guji"], ["log", "--time", "25"]] {
      let result = scratch.run(arguments)
      #expect(result.status == 2)
      #expect(result.err.contains("not a dialshot database (the file is not an SQLite database)"))
    }
    #expect(fileBytes(scratch.database) == text)
    #expect(!FileManager.default.fileExists(atPath: scratch.database + "-wal"))
  }

  @Test func aDamagedDatabaseIsRefusedUntouched() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    for i in 0..<5 { scratch.expect(["log", "--time", "\(21 + i)", "--yield", "36", "--taste", "sour"]) }
    // Keep SQLite's 100-byte header, overwrite the rest of the first pages with garbage.
    var bytes = fileBytes(scratch.database)
    #expect(bytes.count > 8192)
    for i in 100..<8192 { bytes[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: scratch.database))
    for arguments in [["history"], ["log", "--time", "25"], ["export", "--json", "-"]] {
      let result = scratch.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.err)")
      #expect(result.err.contains("damaged") || result.err.contains("not a dialshot database"), "\(result.err)")
    }
    #expect(fileBytes(scratch.database) == bytes)
  }

  @Test func aReadOnlyDatabaseStillReadsAndRefusesWrites() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    scratch.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    let before = fileBytes(scratch.database)
    // Opened read-only (what a write-protected file gets): reads work, every write is refused
    // before SQLite is asked, and the file does not change.
    let store = try scratch.store(.readOnly)
    #expect(store.isReadOnly)
    #expect(try store.shots.history(HistoryFilter()).count == 1)
    #expect(throws: ShotLogError.readOnly(path: scratch.database)) { try store.profiles.addBean(name: "Other") }
    #expect(fileBytes(scratch.database) == before)

    // Through the file's permissions, as another user would meet them: run the real binary as
    // `nobody` (the tests usually run as root, who may write anything) or, failing that, write-
    // protect the file.
    let binary = try #require(
      BuiltProducts.executable("dialshot"), "the dialshot executable is built next to the tests")
    var command: (String, [String])?
    if geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
      chmod(scratch.directory.path, 0o755)
      command = ("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary])
    } else if geteuid() != 0 {
      chmod(scratch.database, 0o444)
      command = (binary, [])
    }
    if let (program, prefix) = command {
      defer { chmod(scratch.database, 0o644) }
      let read = try BuiltProducts.run(executableAt: program, prefix + ["history", "--db", scratch.database])
      #expect(read.status == 0, "\(read.stderr)")
      #expect(read.stdout.contains("Guji"))
      let write = try BuiltProducts.run(
        executableAt: program, prefix + ["log", "--db", scratch.database, "--time", "25"])
      #expect(write.status == 2)
      #expect(write.stderr.contains("the database is read-only; nothing was written"))
      #expect(fileBytes(scratch.database) == before)
    }
  }

  @Test func aMissingDatabaseIsNotCreatedByAReadCommand() throws {
    let scratch = Scratch()
    let result = scratch.run(["history"])
    #expect(result.status == 2)
    #expect(result.err.contains("no such database file"))
    #expect(!FileManager.default.fileExists(atPath: scratch.database))
  }

  // The time limits are hang guards, not speed checks: far above the seconds these take even on a
  // loaded machine, they only stop a stuck child process from stalling the whole suite.
  @Test(.timeLimit(.minutes(10))) func twoProcessesWritingAtOnceLoseNothing() throws {
    let binary = try #require(
      BuiltProducts.executable("dialshot"), "the dialshot executable is built next to the tests")
    let scratch = Scratch()
    scratch.setUpGuji()
    let perWriter = 15
    let failures = Mutex<[String]>([])
    let database = scratch.database
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for i in 0..<perWriter {
        let arguments = ["log", "--db", database, "--time", "\(20 + i)", "--yield", "36", "--notes", "w\(writer)-\(i)"]
        do {
          let result = try BuiltProducts.run(executableAt: binary, arguments)
          if result.status != 0 {
            failures.withLock { $0.append("w\(writer)-\(i): \(result.status) \(result.stderr)") }
          }
        } catch {
          failures.withLock { $0.append("w\(writer)-\(i): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let store = try scratch.store()
    let notes = Set(try store.connection.query("SELECT notes FROM shot_attempts") { $0.text(0) })
    #expect(notes.count == 2 * perWriter)
    for writer in 0..<2 { for i in 0..<perWriter { #expect(notes.contains("w\(writer)-\(i)")) } }
    #expect(try store.integrityProblems() == [])
  }

  #if os(Linux)
    @Test(.timeLimit(.minutes(10))) func aProcessKilledMidWriteLeavesEveryCommittedShot() throws {
      let binary = try #require(
        BuiltProducts.executable("dialshot"), "the dialshot executable is built next to the tests")
      let scratch = Scratch()
      scratch.setUpGuji()
      // Kills are placed by work done, not by time: the i-th process is killed after its k-th change
      // to the database's files (as the kernel reports them), for k from 0 to 3 times the changes
      // one uncontended `log` makes — before, during and after its write transaction (3, not 1.5:
      // a run can make more changes than the warm-up's, and then none of them finished — seen once).
      let changes = try FileChanges(in: scratch.directory.path)
      var counts: [Int] = []
      for i in 0..<3 {
        let process = try FileChanges.start(
          binary, ["log", "--db", scratch.database, "--time", "25", "--notes", "warm-up \(i)"])
        counts.append(changes.wait(for: .max, orEndOf: process))
        process.process.waitUntilExit()
        #expect(process.process.terminationStatus == 0)
        changes.drain()
      }
      let lifetime = counts.sorted()[1]
      #expect(lifetime > 0, "a log writes to the database's files")
      var committed: [String] = []
      var started = 3
      var killed = 0
      for i in 0..<40 {
        let running = try FileChanges.start(
          binary, ["log", "--db", scratch.database, "--time", "25", "--yield", "36", "--notes", "k\(i)"])
        let process = running.process
        started += 1
        // From 0 to 3 lifetimes of changes, in a scrambled order.
        _ = changes.wait(for: lifetime * 3 * ((i * 17) % 40) / 40, orEndOf: running)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        changes.drain()
        if process.terminationReason == .exit && process.terminationStatus == 0 {
          committed.append("k\(i)")
        } else {
          killed += 1
        }
      }
      #expect(killed > 0, "at least one process should have been killed")
      #expect(!committed.isEmpty, "at least one process should have finished")
      let store = try scratch.store()
      #expect(try store.integrityProblems() == [])
      let notes = Set(try store.connection.query("SELECT notes FROM shot_attempts") { $0.text(0) })
      for note in committed { #expect(notes.contains(note), "committed shot \(note) is missing") }
      #expect(notes.count <= started)
      // The database still takes writes afterwards.
      scratch.expect(["log", "--time", "27", "--yield", "36"])
    }
  #endif
}

#if os(Linux)
  /// The changes to the files of one directory, as inotify reports them (Linux): a counter of work
  /// done by another process, to act at a point of its work rather than after a guessed time.
  final class FileChanges {
    let descriptor: Int32

    init(in directory: String) throws {
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_MODIFY | IN_CREATE | IN_DELETE)) >= 0
      else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(descriptor) }

    /// A started process and the read end of a pipe that becomes readable when it has ended.
    struct Running {
      let process: Process
      let ended: Pipe
    }

    /// Starts `executable` with its output discarded.
    static func start(_ executable: String, _ arguments: [String]) throws -> Running {
      let process = Process()
      let ended = Pipe()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.terminationHandler = { _ in try? ended.fileHandleForWriting.close() }
      try process.run()
      return Running(process: process, ended: ended)
    }

    /// Waits until `count` changes have been reported or `running` has ended (a minute without
    /// either ends the wait, so a stuck child fails the test instead of hanging it); returns the
    /// changes seen.
    func wait(for count: Int, orEndOf running: Running) -> Int {
      var seen = 0
      let end = running.ended.fileHandleForReading.fileDescriptor
      while seen < count {
        var fds = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: end, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, 60_000)
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0 else { break }
        if fds[0].revents & Int16(POLLIN) != 0 {
          seen += read()
        } else {
          break
        }
      }
      return seen
    }

    /// Reads and counts the changes reported so far.
    @discardableResult func drain() -> Int {
      var total = 0
      while case let n = read(), n > 0 { total += n }
      return total
    }

    /// The events in one read (none when there are none to read).
    private func read() -> Int {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let n = Glibc.read(descriptor, &buffer, buffer.count)
      guard n > 0 else { return 0 }
      var events = 0
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= n {
        let nameLength = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
        offset += MemoryLayout<inotify_event>.size + Int(nameLength)
        events += 1
      }
      return events
    }
  }
#endif
