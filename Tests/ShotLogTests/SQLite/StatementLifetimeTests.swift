import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// A prepared statement must stay usable (or at least harmless) for as long as anyone holds it:
/// it keeps its database open, so nothing reaches into a closed SQLite connection. (This used to
/// crash: statements held their connection `unowned`, and a statement kept after its store was
/// gone stepped a finalized handle of a closed database.)
@Suite struct StatementLifetimeTests {
  /// Run in a child process, so that the crash it guards against fails this test instead of
  /// taking the whole test run down.
  @Test func aStatementKeptAfterItsStoreIsGoneStillWorks() async {
    await #expect(processExitsWith: .success) {
      let directory = TemporaryDirectory()
      var store: ShotLogStore? = try ShotLogStore.open(
        at: directory.file("kept.sqlite"), clock: { Timestamp(millisecondsSinceEpoch: 0) })
      let statement = try #require(store).connection.prepare("SELECT count(*) FROM beans")
      store = nil
      #expect(store == nil)
      try statement.bind([])
      #expect(try statement.step())
      #expect(Row(statement: statement).int(0) == 0)
      statement.reset()
    }
  }
}
