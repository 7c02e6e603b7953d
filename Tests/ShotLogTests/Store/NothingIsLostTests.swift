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
    #expect(try store.history(HistoryFilter()).count == 1)
    #expect(throws: ShotLogError.readOnly(path: scratch.database)) { try store.addBean(name: "Other") }
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

  @Test(.timeLimit(.minutes(10))) func aProcessKilledMidWriteLeavesEveryCommittedShot() throws {
    let binary = try #require(
      BuiltProducts.executable("dialshot"), "the dialshot executable is built next to the tests")
    let scratch = Scratch()
    scratch.setUpGuji()
    // How long one uncontended `log` takes here (debug builds and slow machines differ), so the
    // kills can be spread over a process's whole life: before, during and after its write
    // transaction.
    var durations: [Double] = []
    for i in 0..<3 {
      let start = Date()
      let result = try BuiltProducts.run(
        executableAt: binary, ["log", "--db", scratch.database, "--time", "25", "--notes", "warm-up \(i)"])
      #expect(result.status == 0)
      durations.append(Date().timeIntervalSince(start))
    }
    let lifetime = durations.sorted()[1]
    var committed: [String] = []
    var started = 3
    var killed = 0
    for i in 0..<40 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["log", "--db", scratch.database, "--time", "25", "--yield", "36", "--notes", "k\(i)"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      started += 1
      // Delays from 0 to 1.5 lifetimes, in a scrambled order.
      usleep(UInt32(lifetime * 1.5 * 1_000_000 * Double((i * 17) % 40) / 40))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
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
}
