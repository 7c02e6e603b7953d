import DialRules
import Foundation
import Synchronization
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// A monotonic clock the scripted terminal moves.
final class FakeClock: MonotonicClock, @unchecked Sendable {
  // Only touched from the test's own thread.
  var now: Int64 = 0
  func milliseconds() -> Int64 { now }
}

/// Key presses at given clock times; everything written is kept.
final class ScriptedTerminal: TerminalIO {
  var script: [(at: Int64, key: Key)]
  let clock: FakeClock
  var written = ""
  var restored = false
  /// Work done just before the key with this index (0-based) is read: another terminal acting
  /// while the shot runs.
  var actions: [Int: () -> Void] = [:]
  private var keysRead = 0

  init(_ script: [(Int64, Key)], clock: FakeClock) {
    self.script = script
    self.clock = clock
  }

  /// Keys typed one after another at the same time.
  static func typing(_ text: String, at time: Int64) -> [(Int64, Key)] {
    text.map { (time, $0 == "\n" ? Key.enter : Key.character($0)) }
  }

  func readKey(timeoutMilliseconds: Int) throws -> Key? {
    guard let next = script.first else { return .interrupt }  // A finished script hangs up.
    if next.at <= clock.now + Int64(timeoutMilliseconds) {
      actions.removeValue(forKey: keysRead)?()
      keysRead += 1
      script.removeFirst()
      clock.now = max(clock.now, next.at)
      return next.key
    }
    clock.now += Int64(timeoutMilliseconds)
    return nil
  }

  func write(_ text: String) { written += text }
  func restore() { restored = true }
}

@Suite struct ShotTimerTests {
  @Test func startFirstDropStopAndUndo() {
    var timer = ShotTimer()
    #expect(timer.elapsed(at: 500) == 0)
    timer.stop(at: 100)  // Ignored before the start.
    #expect(timer.state == .ready)
    timer.start(at: 1_000)
    timer.markFirstDrop(at: 7_040)
    #expect(timer.firstDrop == 6_040)
    timer.stop(at: 20_000)
    #expect(timer.elapsed(at: 99_000) == 19_000)
    timer.undoStop()
    #expect(timer.elapsed(at: 25_000) == 24_000)  // Timing continued from the original start.
    timer.stop(at: 28_449)
    #expect(ShotTimer.tenths(timer.elapsed(at: 30_000)) == 274)
  }

  @Test func bigDigitsAreFiveRowsTall() {
    let lines = BigReadout.lines("27.4")
    #expect(lines.count == 5)
    #expect(lines[0] == "███ ███   █ █")
    #expect(lines[4] == "███   █ █   █")
    #expect(BigReadout.seconds(tenths: 274) == "27.4")
    #expect(BigReadout.seconds(tenths: 5) == "0.5")
  }
}

@Suite struct PullSessionTests {
  let targets = PullTargets(
    beanName: "Guji", doseG: ExactNumber(18), yieldG: ExactNumber(36), timeS: ExactNumber(28), grind: "14")

  @Test func aWholeShotFromStartToNotes() throws {
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [
        (1_000, .character(" ")), (7_000, .character("d")), (28_400, .character(" ")), (30_000, .enter),
        (31_000, .enter),
      ]  // Keep the pre-filled yield.
        + ScriptedTerminal.typing("1", at: 32_000) + [(32_500, .enter)]  // Taste: sour.
        + [(33_000, .enter)]  // Flow: nothing noticed.
        + ScriptedTerminal.typing("tight puck\n", at: 34_000) + ScriptedTerminal.typing("4.5\n", at: 35_000),
      clock: clock)
    let result = try PullSession(terminal: terminal, clock: clock, targets: targets).run()
    #expect(
      result
        == .shot(
          PulledShot(
            timeS: ExactNumber("27.4") ?? .zero, firstDropS: ExactNumber(6), yieldG: ExactNumber(36),
            taste: TagSet([.sour]), flow: nil, notes: "tight puck", rating: ExactNumber("4.5"))))
    #expect(terminal.written.contains("Pull: Guji — 18 g → 36 g in 28 s, grind 14"))
    #expect(terminal.written.contains("First drop at 6.0 s."))
    #expect(terminal.written.contains("███"))  // The big readout was drawn.
  }

  @Test func anAccidentalStopCanBeUndone() throws {
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [
        (0, .character(" ")), (10_000, .character(" ")), (11_000, .character("u")), (25_300, .character(" ")),
        (26_000, .enter),
      ]
        + [(27_000, .backspace)] + ScriptedTerminal.typing("8.5\n", at: 27_100)  // 36 → 38.5
        + ScriptedTerminal.typing("0\n", at: 28_000)  // Taste: explicitly none.
        + ScriptedTerminal.typing("1\n", at: 29_000)  // Flow: channeling.
        + [(30_000, .enter), (30_500, .enter)], clock: clock)  // No notes, no rating.
    let result = try PullSession(terminal: terminal, clock: clock, targets: targets).run()
    guard case .shot(let shot) = result else {
      Issue.record("expected a shot, got \(result)")
      return
    }
    #expect(shot.timeS == ExactNumber("25.3"))
    #expect(shot.yieldG == ExactNumber("38.5"))
    #expect(shot.taste == TagSet())
    #expect(shot.flow == TagSet([.channeling]))
    #expect(shot.notes == nil)
  }

  @Test func typingReplacesThePrefilledYield() throws {
    // Issue 22: typing 38.5 at the prompt pre-filled with 40 gave 4038.5.
    let clock = FakeClock()
    let forty = PullTargets(
      beanName: "Guji", doseG: ExactNumber(18), yieldG: ExactNumber(40), timeS: ExactNumber(28), grind: "14")
    let terminal = ScriptedTerminal(
      [(0, .enter), (25_000, .enter), (25_500, .enter)] + ScriptedTerminal.typing("38.5\n", at: 26_000)
        + [(27_000, .enter), (27_500, .enter), (28_000, .enter), (28_500, .enter)], clock: clock)
    let result = try PullSession(terminal: terminal, clock: clock, targets: forty).run()
    guard case .shot(let shot) = result else {
      Issue.record("expected a shot, got \(result)")
      return
    }
    #expect(shot.yieldG == ExactNumber("38.5"))
    #expect(terminal.written.contains("\u{1B}[7m40\u{1B}[27m"), "the pre-filled value is shown selected")
  }

  @Test func backspaceEditsThePrefilledYieldAndEnterKeepsIt() throws {
    let clock = FakeClock()
    let keep = ScriptedTerminal(
      [(0, .enter), (25_000, .enter), (25_500, .enter), (26_000, .enter)]
        + [(27_000, .enter), (27_500, .enter), (28_000, .enter), (28_500, .enter)], clock: clock)
    guard case .shot(let kept) = try PullSession(terminal: keep, clock: clock, targets: targets).run() else {
      Issue.record("expected a shot")
      return
    }
    #expect(kept.yieldG == ExactNumber(36))
    // Backspace edits instead: 36 → 3 → 37.
    let clock2 = FakeClock()
    let edit = ScriptedTerminal(
      [(0, .enter), (25_000, .enter), (25_500, .enter), (26_000, .backspace)]
        + ScriptedTerminal.typing("7\n", at: 26_100)
        + [(27_000, .enter), (27_500, .enter), (28_000, .enter), (28_500, .enter)], clock: clock2)
    guard case .shot(let edited) = try PullSession(terminal: edit, clock: clock2, targets: targets).run() else {
      Issue.record("expected a shot")
      return
    }
    #expect(edited.yieldG == ExactNumber(37))
  }

  @Test(arguments: [20, 30, 40, 80])
  func everyRedrawnLineFitsTheWidth(_ width: Int) throws {
    // What the pty test checks on a real terminal, on the text written: after the last carriage
    // return of each row, no line reaches the last column.
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [(0, .character(" ")), (6_000, .character("d")), (27_400, .character(" ")), (28_000, .enter)]
        + ScriptedTerminal.typing("38.5\n", at: 29_000) + ScriptedTerminal.typing("13\n", at: 30_000)
        + ScriptedTerminal.typing("2\n", at: 31_000)
        + ScriptedTerminal.typing("a long note about the puck\n", at: 32_000)
        + ScriptedTerminal.typing("4\n", at: 33_000), clock: clock)
    let result = try PullSession(terminal: terminal, clock: clock, targets: targets, width: width).run()
    guard case .shot(let shot) = result else {
      Issue.record("expected a shot, got \(result)")
      return
    }
    #expect(shot.taste == TagSet([.sour, .balanced]))
    #expect(shot.notes == "a long note about the puck")
    let plain = terminal.written.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    for row in plain.split(separator: "\n", omittingEmptySubsequences: false) {
      let shown = row.split(separator: "\r", omittingEmptySubsequences: false).last ?? ""
      #expect(TerminalColumns.of(shown) < width, "\(width) columns: '\(shown)'")
    }
  }

  @Test func anImplausibleYieldIsAskedAgain() throws {
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [(0, .enter), (25_000, .enter), (25_500, .enter)]
        + [(26_000, .backspace), (26_000, .backspace)] + ScriptedTerminal.typing("0\n", at: 26_000)
        + [(26_500, .backspace)] + ScriptedTerminal.typing("37\n", at: 26_600)
        + [(27_000, .enter), (27_500, .enter), (28_000, .enter), (28_500, .enter)], clock: clock)
    let result = try PullSession(terminal: terminal, clock: clock, targets: targets).run()
    #expect(terminal.written.contains("yield: must be greater than 0 g"))
    guard case .shot(let shot) = result else {
      Issue.record("expected a shot")
      return
    }
    #expect(shot.yieldG == ExactNumber(37))
    #expect(shot.taste == nil)  // Nothing chosen: not tasted.
  }

  @Test(arguments: [Key.character("q"), .escape, .interrupt])
  func cancellingLogsNothing(_ key: Key) throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    let clock = FakeClock()
    let terminal = ScriptedTerminal([(0, .character(" ")), (5_000, key)], clock: clock)
    scratch.terminal = { terminal }
    scratch.monotonic = clock
    let result = scratch.expect(["pull"])
    #expect(terminal.written.contains("Cancelled; nothing was logged."))
    #expect(terminal.restored)
    #expect(result.out.isEmpty)
    #expect(try scratch.store().shots.attemptCount() == 0)
  }

  @Test func pullLogsReviewsAndAcceptsThroughTheRealRules() throws {
    let scratch = Scratch()
    scratch.setUpGuji()
    let clock = FakeClock()
    let terminal = ScriptedTerminal(
      [(0, .character(" ")), (21_000, .character(" ")), (22_000, .enter), (23_000, .enter)]
        + ScriptedTerminal.typing("1\n", at: 24_000) + [(25_000, .enter), (26_000, .enter), (26_500, .enter)]
        + [(27_000, .character("a"))], clock: clock)
    scratch.terminal = { terminal }
    scratch.monotonic = clock
    scratch.expect(["pull"])
    #expect(terminal.written.contains("Suggestion: Grind finer by 1 step"))
    #expect(terminal.written.contains("Accepted for shot #1: Grind finer by 1 step."))
    let store = try scratch.store()
    let attempt = try store.shots.findAttempt("latest")
    #expect(attempt.measurements.timeS == ExactNumber(21))
    #expect(attempt.measurements.doseG == ExactNumber(18))  // The recipe's dose.
    #expect(attempt.measurements.yieldG == ExactNumber(36))  // The pre-filled target.
    #expect(try store.profiles.activeSnapshot(beanID: attempt.beanID)?.grind.text == "13.5")
  }

  @Test func pullWithoutATerminalPointsToLog() {
    let scratch = Scratch()
    scratch.setUpGuji()
    let result = scratch.run(["pull"])
    #expect(result.status == 2)
    #expect(result.err.contains("needs an interactive terminal"))
    #expect(result.err.contains("dialshot log"))
  }
}
