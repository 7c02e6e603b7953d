import Observation
import ShotLog

/// The app's model of the shot log, as SwiftUI views read it: on the main actor (this target's
/// default isolation), observable, and kept current by the store's changes — this app's writes
/// and those of any other connection (a widget, an extension).
@Observable final class LogModel {
  private(set) var beans: [Bean] = []
  private(set) var history: [HistoryRow] = []
  /// The revision of the last change the model has read.
  private(set) var revision = 0
  /// How many changes came from another connection.
  private(set) var changesFromElsewhere = 0
  private(set) var lastError: ShotLogError?

  @ObservationIgnored let log: AsyncShotLogStore
  @ObservationIgnored private var following: Task<Void, Never>?

  init(log: AsyncShotLogStore) { self.log = log }

  /// Reads what the screen shows, then follows the log's changes until it is closed.
  func follow() async {
    let changes = await log.changes()
    await reload()
    following = Task {
      for await change in changes {
        if change.origin == .otherConnection { changesFromElsewhere += 1 }
        await reload()
        revision = change.revision
      }
    }
  }

  func reload() async {
    do {
      beans = try await log.profiles.beans()
      history = try await log.shots.history()
    } catch .closed {
      // The log was closed while a change was being read: nothing more to show.
    } catch {
      lastError = error
    }
  }

  /// Waits until `condition` holds, re-checking whenever a property it reads changes (what a
  /// SwiftUI view does when it redraws).
  func waitUntil(_ condition: @escaping () -> Bool) async {
    while !condition() {
      await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
        withObservationTracking {
          _ = condition()
        } onChange: {
          resume.resume()
        }
      }
    }
  }
}
