import CommandLineSupport
import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// Local time by default (TZ from the environment), `--utc` to switch; `--at` reads local times.
@Suite struct LocalTimeTests {
  /// The zones these tests read: the repository's copy of the tz database (`Fixtures/zoneinfo`),
  /// not the machine's.
  static let zoneDirectory = PackageRoot.file("Fixtures/zoneinfo")
  static let berlin = ["TZ": "Europe/Berlin", "TZDIR": zoneDirectory]

  @Test func reviewsAndHistoryShowLocalTimeAndAtReadsIt() throws {
    let s = Scratch.guji()
    let logged = s.run(
      ["log", "--time", "21", "--yield", "36", "--taste", "sour", "--at", "2026-03-01 09:05", "--long"],
      variables: Self.berlin)
    #expect(logged.status == 0, "\(logged.err)")
    #expect(logged.out.hasPrefix("Shot #1 — Guji on Niche Zero, 2026-03-01 09:05 CET"), "\(logged.out)")
    #expect(try s.store().shots.findAttempt("1").pulledAt == Timestamp.parse("2026-03-01T08:05:00Z"))
    // A time of day alone is today's (the clock says 13:0x in Berlin).
    s.run(["log", "--time", "28", "--yield", "36", "--taste", "balanced", "--at", "12:30"], variables: Self.berlin)
    #expect(try s.store().shots.findAttempt("2").pulledAt == Timestamp.parse("2026-03-01T11:30:00Z"))
    // An explicit offset or Z is taken as given.
    s.run(["log", "--time", "28", "--yield", "36", "--at", "2026-03-01T10:00:00Z"], variables: Self.berlin)
    #expect(try s.store().shots.findAttempt("3").pulledAt == Timestamp.parse("2026-03-01T10:00:00Z"))
    let history = s.run(["history"], variables: Self.berlin).out
    #expect(history.contains("pulled (Europe/Berlin)"))
    #expect(history.contains("2026-03-01 09:05"))
    let utc = s.run(["history", "--utc"], variables: Self.berlin).out
    #expect(utc.contains("pulled (UTC)") && utc.contains("2026-03-01 08:05"))
    // --utc reads --at as UTC too.
    s.run(["log", "--time", "28", "--yield", "36", "--utc", "--at", "2026-03-01 10:30"], variables: Self.berlin)
    #expect(try s.store().shots.findAttempt("4").pulledAt == Timestamp.parse("2026-03-01T10:30:00Z"))
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

  /// Summer and winter, a minute either side of both 2026 clock changes in Europe, far past and
  /// far future.
  static let instants = [
    "1975-06-01T12:00:00Z", "2026-01-15T08:15:00Z", "2026-03-29T00:59:00Z", "2026-03-29T01:00:00Z",
    "2026-07-01T12:00:00Z", "2026-10-25T00:59:00Z", "2026-10-25T01:00:00Z", "2041-12-24T18:30:00Z",
    "2080-06-30T23:45:00Z",
  ]
  /// Each zone at `instants`, as the C library's `date` showed it (`TZ=ZONE date -d @SECONDS
  /// '+%Y-%m-%d %H:%M %Z'`, GNU coreutils 9.1, over the files of `Fixtures/zoneinfo`), recorded
  /// so that the test reads only the repository.
  static let recordedDate: [String: [String]] = [
    "Europe/Berlin": [
      "1975-06-01 13:00 CET", "2026-01-15 09:15 CET", "2026-03-29 01:59 CET",
      "2026-03-29 03:00 CEST", "2026-07-01 14:00 CEST", "2026-10-25 02:59 CEST",
      "2026-10-25 02:00 CET", "2041-12-24 19:30 CET", "2080-07-01 01:45 CEST",
    ],
    "America/New_York": [
      "1975-06-01 08:00 EDT", "2026-01-15 03:15 EST", "2026-03-28 20:59 EDT",
      "2026-03-28 21:00 EDT", "2026-07-01 08:00 EDT", "2026-10-24 20:59 EDT",
      "2026-10-24 21:00 EDT", "2041-12-24 13:30 EST", "2080-06-30 19:45 EDT",
    ],
    "Australia/Sydney": [
      "1975-06-01 22:00 AEST", "2026-01-15 19:15 AEDT", "2026-03-29 11:59 AEDT",
      "2026-03-29 12:00 AEDT", "2026-07-01 22:00 AEST", "2026-10-25 11:59 AEDT",
      "2026-10-25 12:00 AEDT", "2041-12-25 05:30 AEDT", "2080-07-01 09:45 AEST",
    ],
    "Asia/Kolkata": [
      "1975-06-01 17:30 IST", "2026-01-15 13:45 IST", "2026-03-29 06:29 IST",
      "2026-03-29 06:30 IST", "2026-07-01 17:30 IST", "2026-10-25 06:29 IST",
      "2026-10-25 06:30 IST", "2041-12-25 00:00 IST", "2080-07-01 05:15 IST",
    ],
    "UTC": [
      "1975-06-01 12:00 UTC", "2026-01-15 08:15 UTC", "2026-03-29 00:59 UTC",
      "2026-03-29 01:00 UTC", "2026-07-01 12:00 UTC", "2026-10-25 00:59 UTC",
      "2026-10-25 01:00 UTC", "2041-12-24 18:30 UTC", "2080-06-30 23:45 UTC",
    ],
    "CET-1CEST,M3.5.0,M10.5.0/3": [
      "1975-06-01 14:00 CEST", "2026-01-15 09:15 CET", "2026-03-29 01:59 CET",
      "2026-03-29 03:00 CEST", "2026-07-01 14:00 CEST", "2026-10-25 02:59 CEST",
      "2026-10-25 02:00 CET", "2041-12-24 19:30 CET", "2080-07-01 01:45 CEST",
    ],
  ]

  /// The zone rules agree with the C library's `date` for the same TZ: summer and winter, both
  /// hemispheres, half-hour offsets, far past and far future (the TZif footer's rule).
  @Test(arguments: [
    "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC", "CET-1CEST,M3.5.0,M10.5.0/3",
  ])
  func localTimesMatchTheRecordedDate(_ zone: String) throws {
    let io = CommandIO(
      stdout: BufferSink(), stderr: BufferSink(), stdin: [], stderrIsTerminal: false,
      currentDirectory: CommandIO.workingDirectory())
    let (rules, problem) = TimeZoneRules.fromEnvironment(zone, zoneDirectory: Self.zoneDirectory, io: io)
    #expect(problem == nil)
    let clock = LocalClock(zone: rules, isUTC: false)
    let expected = try #require(Self.recordedDate[zone])
    #expect(expected.count == Self.instants.count)
    for (instant, date) in zip(Self.instants, expected) {
      let time = try #require(Timestamp.parse(instant))
      #expect(clock.long(time) == date, "\(zone) at \(instant)")
    }
  }
}
