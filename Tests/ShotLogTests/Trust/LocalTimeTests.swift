import CommandLineSupport
import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Local time by default (TZ from the environment), `--utc` to switch; `--at` reads local times.
@Suite struct LocalTimeTests {
  static let berlin = ["TZ": "Europe/Berlin"]

  @Test func reviewsAndHistoryShowLocalTimeAndAtReadsIt() throws {
    let s = Scratch.guji()
    let logged = s.run(
      ["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01 09:05", "--long"],
      variables: Self.berlin)
    #expect(logged.status == 0, "\(logged.err)")
    #expect(logged.out.hasPrefix("Shot #1 — Guji on Niche Zero, 2026-03-01 09:05 CET"), "\(logged.out)")
    #expect(try s.store().findAttempt("1").pulledAt == Timestamp.parse("2026-03-01T08:05:00Z"))
    // A time of day alone is today's (the clock says 13:0x in Berlin).
    s.run(["log", "--time", "28", "--yield", "36", "--taste", "balanced", "--at", "12:30"], variables: Self.berlin)
    #expect(try s.store().findAttempt("2").pulledAt == Timestamp.parse("2026-03-01T11:30:00Z"))
    // An explicit offset or Z is taken as given.
    s.run(["log", "--time", "28", "--yield", "36", "--at", "2026-03-01T10:00:00Z"], variables: Self.berlin)
    #expect(try s.store().findAttempt("3").pulledAt == Timestamp.parse("2026-03-01T10:00:00Z"))
    let history = s.run(["history"], variables: Self.berlin).out
    #expect(history.contains("pulled (Europe/Berlin)"))
    #expect(history.contains("2026-03-01 09:05"))
    let utc = s.run(["history", "--utc"], variables: Self.berlin).out
    #expect(utc.contains("pulled (UTC)") && utc.contains("2026-03-01 08:05"))
    // --utc reads --at as UTC too.
    s.run(["log", "--time", "28", "--yield", "36", "--utc", "--at", "2026-03-01 10:30"], variables: Self.berlin)
    #expect(try s.store().findAttempt("4").pulledAt == Timestamp.parse("2026-03-01T10:30:00Z"))
  }

  /// Error messages name times as the rest of the output does: local time, or UTC with --utc.
  @Test func errorsNameTimesInLocalTime() throws {
    let s = Scratch(start: "2026-03-01T08:00:00Z")
    s.setUpGuji()
    #expect(s.run(["log", "--time", "21", "--yield", "36", "--taste", "sour"], variables: Self.berlin).status == 0)
    #expect(s.run(["accept"], variables: Self.berlin).status == 0)
    let again = s.run(["reject"], variables: Self.berlin)
    #expect(again.status == 1)
    #expect(again.err.contains("was already accepted at 2026-03-01 09:0") && again.err.contains(" CET"), "\(again.err)")
    let utc = s.run(["reject", "--utc"], variables: Self.berlin)
    #expect(utc.err.contains("was already accepted at 2026-03-01 08:0") && utc.err.contains(" UTC"), "\(utc.err)")
    let future = s.run(["log", "--time", "27", "--at", "2026-03-02 10:00"], variables: Self.berlin)
    #expect(future.err.contains("--at: 2026-03-02 10:00 CET is in the future"), "\(future.err)")
  }

  @Test func localDaysBoundHistory() throws {
    let s = Scratch(start: "2026-03-03T12:00:00Z")
    s.setUpGuji()
    // 23:30 UTC on the 1st is 00:30 on the 2nd in Berlin.
    s.expect(["log", "--time", "28", "--yield", "36", "--at", "2026-03-01T23:30:00Z"])
    func shots(_ extra: [String]) -> Int {
      s.run(["history", "--from", "2026-03-02", "--to", "2026-03-02"] + extra, variables: Self.berlin).out
        .split(separator: "\n").filter { $0.hasPrefix("1 ") }.count
    }
    #expect(shots([]) == 1)
    #expect(shots(["--utc"]) == 0)
  }

  @Test func clockChangesAreNamedNotGuessed() throws {
    let s = Scratch(start: "2026-11-01T12:00:00Z")
    s.setUpGuji()
    let gap = s.run(["log", "--time", "28", "--at", "2026-03-29 02:30"], variables: Self.berlin)
    #expect(gap.status == 2)
    #expect(gap.err.contains("2026-03-29 02:30 does not exist in Europe/Berlin: the clocks skipped it"), "\(gap.err)")
    let twice = s.run(["log", "--time", "28", "--at", "2026-10-25 02:30"], variables: Self.berlin)
    #expect(twice.status == 2)
    #expect(twice.err.contains("happened twice"), "\(twice.err)")
    #expect(twice.err.contains("2026-10-25T02:30+02:00 or 2026-10-25T02:30+01:00"), "\(twice.err)")
    let resolved = s.run(["log", "--time", "28", "--at", "2026-10-25T02:30+01:00"], variables: Self.berlin)
    #expect(resolved.status == 0, "\(resolved.err)")
    #expect(
      s.run(["log", "--time", "28", "--at", "yesterday"], variables: Self.berlin).err.contains("expected a time"))
  }

  /// The zone rules agree with the C library's `date` for the same TZ: summer and winter, both
  /// hemispheres, half-hour offsets, far past and far future (the TZif footer's rule).
  @Test(arguments: [
    "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC", "CET-1CEST,M3.5.0,M10.5.0/3",
  ])
  func localTimesMatchTheSystemsDate(_ zone: String) throws {
    let io = CommandIO(
      stdout: BufferSink(), stderr: BufferSink(), stdin: [], stderrIsTerminal: false,
      currentDirectory: CommandIO.workingDirectory())
    let (rules, problem) = TimeZoneRules.fromEnvironment(zone, zoneDirectory: nil, io: io)
    #expect(problem == nil)
    let clock = LocalClock(zone: rules, isUTC: false)
    var checked = 0
    for instant in [
      "1975-06-01T12:00:00Z", "2026-01-15T08:15:00Z", "2026-03-29T00:59:00Z", "2026-03-29T01:00:00Z",
      "2026-07-01T12:00:00Z", "2026-10-25T00:59:00Z", "2026-10-25T01:00:00Z", "2041-12-24T18:30:00Z",
      "2080-06-30T23:45:00Z",
    ] {
      guard let time = Timestamp.parse(instant) else { continue }
      let seconds = time.millisecondsSinceEpoch / 1000
      let run = try BuiltProducts.run(
        executableAt: "/usr/bin/env", ["TZ=\(zone)", "date", "-d", "@\(seconds)", "+%Y-%m-%d %H:%M %Z"])
      #expect(run.status == 0)
      #expect(clock.long(time) + "\n" == run.stdout, "\(zone) at \(instant)")
      checked += 1
    }
    #expect(checked == 9)
  }
}
