import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// `dialshot pull` on a real pseudo-terminal 24, 30, 40 and 80 columns wide (issue 22 item 4):
/// `Tests/Terminal/pty_pull.py` runs a whole pull and replays the output through a small terminal
/// emulator. No line may run past the last column (a line the terminal wraps breaks the in-place
/// redraw: at 40 columns the key hints wrapped, and every redraw left a status line behind), the
/// header breaks between words, and the yield typed over the pre-filled target replaces it.
@Suite(.serialized) struct PullTerminalWidthTests {
  @Test(arguments: [24, 30, 40, 80])
  func aWholePullFitsTheTerminal(_ columns: Int) throws {
    let s = Scratch.guji()
    let dialshot = try #require(BuiltProducts.executable("dialshot"))
    let script = PackageRoot.file("Tests/Terminal/pty_pull.py")
    let run = try BuiltProducts.run(
      executableAt: "/usr/bin/env", ["python3", script, dialshot, s.database, String(columns), "38.5"])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try JSONScanner.readTree(SourceFile(path: "result", text: run.stdout)).get()
    let rows: [String] =
      if case .array(let items)? = result["screen"]?.content { items.compactMap(\.string) } else { [] }
    let screen = rows.joined(separator: "\n")
    #expect(result["returncode"]?.numberText == "0", "\(screen)")
    // Nothing ran past the last column: every line took the one row it was counted as.
    let wraps = result["wraps"]?.numberText
    #expect(wraps == "0", "the terminal wrapped rows: \(run.stdout)")
    // The redraws happened in place: one status line at the end, none left behind.
    #expect(rows.filter { $0.hasPrefix("Stopped") }.count == 1, "\(screen)")
    #expect(!rows.contains { $0.hasPrefix("Running") || $0.hasPrefix("Ready") }, "\(screen)")
    // The header's words are whole, on however many rows.
    let headerRows = rows.prefix { !$0.hasPrefix("Stopped") }
    let headerWords: [Substring] = headerRows.joined(separator: " ").split(separator: " ")
    let expectedWords: [Substring] = "Pull: Guji — 18 g → 36 g in 28 s, grind 14".split(separator: " ")
    #expect(headerWords == expectedWords, "\(screen)")
    if columns < PullLayout.oneLineBelow {
      #expect(!screen.contains("███"), "below \(PullLayout.oneLineBelow) columns the timer is one line")
    } else {
      #expect(screen.contains("███"))
    }
    // 38.5 typed over the pre-filled 36 is 38.5, not 3638.5.
    let store = try s.store()
    #expect(try store.shots.findAttempt("latest").measurements.yieldG == ExactNumber("38.5"))
  }
}
