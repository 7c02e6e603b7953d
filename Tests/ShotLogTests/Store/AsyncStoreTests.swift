import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// `AsyncShotLogStore`: its calls run off the caller's thread, its changes are observed (its own
/// writes and another connection's), `close()` ends everything, and errors stay typed. No test
/// waits on the wall clock: each awaits the event it expects (the suite's time limit catches a
/// hang).
@Suite(.timeLimit(.minutes(2))) struct AsyncStoreTests {
  /// A log file in a fresh folder, and the async store over it.
  struct Fixture {
    let folder = TemporaryDirectory()
    var path: String { folder.file("shots.sqlite") }

    func open(pollInterval: Duration? = nil, busyTimeoutMilliseconds: Int = 10_000) async throws(ShotLogError)
      -> AsyncShotLogStore
    {
      try await AsyncShotLogStore.open(
        at: path, clock: TestClock().now, busyTimeoutMilliseconds: busyTimeoutMilliseconds, pollInterval: pollInterval)
    }
  }

  /// A bean with a recipe on a grinder with a scale, ready for shots.
  static func beanWithRecipe(_ log: AsyncShotLogStore) async throws -> Bean {
    let bean = try await log.profiles.addBean(name: "Guji Natural")
    let grinder = try await log.profiles.addGrinder(
      name: "Niche Zero", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
    var recipe = RecipeChange()
    (recipe.grinderID, recipe.doseG, recipe.yieldG, recipe.timeS, recipe.grind) = (grinder.id, 18, 36, 28, "14")
    try await log.profiles.setRecipe(for: bean, recipe)
    return bean
  }

  @Test func aWriteOfItsOwnIsReportedBeforeTheCallReturnsAndAReadIsNot() async throws {
    let fixture = Fixture()
    let log = try await fixture.open()
    var changes = await log.changes().makeAsyncIterator()
    try await log.profiles.addBean(name: "Guji Natural")
    #expect(await log.revision == 1)
    #expect(await changes.next() == ShotLogChange(revision: 1, origin: .thisStore))
    // Reads, and a refused write (it changes nothing), report nothing: the next change is 2.
    _ = try await log.profiles.beans()
    _ = try await log.shots.history()
    await #expect(throws: ShotLogError.duplicateName(.bean, name: "guji natural", archived: false)) {
      try await log.profiles.addBean(name: "guji natural")
    }
    try await log.profiles.addBean(name: "Yirgacheffe")
    #expect(await changes.next() == ShotLogChange(revision: 2, origin: .thisStore))
  }

  /// The dial-in loop through the async store gives what the synchronous store gives.
  @Test func theDialInLoopWorksThroughTheAsyncStore() async throws {
    let log = try await AsyncShotLogStore.inMemory(clock: TestClock().now)
    let bean = try await Self.beanWithRecipe(log)
    let shot = try await log.shots.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
    #expect(shot.decision.text == "Grind finer by 1 step")
    #expect(try await log.shots.review(shot.attempt).canAccept)
    let accepted = try await log.shots.accept(shot.attempt)
    #expect(accepted.snapshot?.grind.text == "13.5")
    #expect(try await log.profiles.activeSnapshot(beanID: bean.id)?.grind.text == "13.5")
    let undone = try await log.shots.undo(shot.attempt)
    #expect(undone.snapshot.grind.text == "14")
    let second = try await log.shots.logShot(.init(doseG: 18, yieldG: 36, timeS: 28, taste: [.balanced]), of: bean)
    try await log.shots.void(second.attempt, reason: "spilled")
    #expect(try await log.shots.history().map(\.attemptID) == [second.attempt.id, shot.attempt.id])
    #expect(try await log.shots.history()[0].counts == false)
    #expect(try await log.shots.attemptCount() == 2)
    #expect(try await log.shots.findAttempt("latest").id == second.attempt.id)
    let direct = try await log.withStore { store throws(ShotLogError) in try store.exchange.exportJSON() }
    #expect(try await log.exchange.exportJSON() == direct)
    #expect(try await log.exchange.exportCSV().isEmpty == false)
    #expect(try await log.replay.report(with: .defaultEspresso).shots.count == 1)
  }

  /// An in-memory log writes no file anywhere and reports only its own changes.
  @Test func anInMemoryLogIsForPreviewsAndTests() async throws {
    let log = try await AsyncShotLogStore.inMemory()
    #expect(log.path == ":memory:")
    #expect(await log.isReadOnly == false)
    var changes = await log.changes().makeAsyncIterator()
    let bean = try await Self.beanWithRecipe(log)
    #expect(try await log.profiles.beans().map(\.id) == [bean.id])
    #expect(await changes.next()?.origin == .thisStore)
    #expect(!FileManager.default.fileExists(atPath: ":memory:"))
    let other = try await AsyncShotLogStore.inMemory()
    #expect(try await other.profiles.beans().isEmpty)
  }

  /// Another connection's commit, found by the poll while the store sits idle.
  @Test func anotherConnectionsWriteIsObservedByThePoll() async throws {
    let fixture = Fixture()
    let log = try await fixture.open(pollInterval: .milliseconds(20))
    var changes = await log.changes().makeAsyncIterator()
    let widget = try ShotLogStore.open(at: fixture.path)
    let bean = try widget.profiles.addBean(name: "From the widget")
    #expect(await changes.next() == ShotLogChange(revision: 1, origin: .otherConnection))
    #expect(try await log.profiles.beans().map(\.id) == [bean.id])
  }

  /// Without a poll, another connection's commit is reported at the next call through the store,
  /// or when asked; several commits in between are one change.
  @Test func anotherConnectionsWriteIsSeenAtTheNextCallOrWhenAsked() async throws {
    let fixture = Fixture()
    let log = try await fixture.open(pollInterval: nil)
    var changes = await log.changes().makeAsyncIterator()
    let other = try await fixture.open(pollInterval: nil)
    try await other.profiles.addBean(name: "One")
    try await other.profiles.addBean(name: "Two")
    #expect(try await log.shots.attemptCount() == 0)
    #expect(await changes.next() == ShotLogChange(revision: 1, origin: .otherConnection))
    try await other.profiles.addGrinder(name: "Niche Zero", scale: nil)
    try await log.checkForChanges()
    #expect(await changes.next() == ShotLogChange(revision: 2, origin: .otherConnection))
    try await log.checkForChanges()  // nothing new
    try await log.profiles.addBasket(name: "VST 18 g")
    #expect(await changes.next() == ShotLogChange(revision: 3, origin: .thisStore))
    #expect(try await log.profiles.beans().map(\.name) == ["One", "Two"])
  }

  /// One store shared by the main actor and a background task, while a second store writes the
  /// same file: every call succeeds, and the changes come with strictly increasing revisions.
  @MainActor @Test func oneStoreIsSharedByTheMainActorAndABackgroundTask() async throws {
    let fixture = Fixture()
    let log = try await fixture.open(pollInterval: .milliseconds(5))
    let other = try await fixture.open(pollInterval: nil)
    let changes = await log.changes()
    let count = 15
    let background = Task.detached {
      for index in 0..<count { try await log.profiles.addBean(name: "Background \(index)") }
    }
    let elsewhere = Task.detached {
      for index in 0..<count { try await other.profiles.addBasket(name: "Basket \(index)") }
    }
    for index in 0..<count { try await log.profiles.addGrinder(name: "Main \(index)", scale: nil) }
    try await background.value
    try await elsewhere.value
    try await log.checkForChanges()
    let last = await log.revision
    await log.close()
    var revisions: [Int] = []
    var origins: [ShotLogChange.Origin: Int] = [:]
    for await change in changes {
      revisions.append(change.revision)
      origins[change.origin, default: 0] += 1
    }
    #expect(revisions == Array(1...last))
    #expect(origins[.thisStore] == 2 * count)
    #expect((origins[.otherConnection] ?? 0) >= 1)
    let check = try ShotLogStore.open(at: fixture.path)
    #expect(try check.profiles.beans().count == count)
    #expect(try check.profiles.grinders().count == count)
    #expect(try check.profiles.baskets().count == count)
  }

  /// A write that waits for another connection's lock waits on the store's thread: the main actor
  /// goes on running meanwhile — here, it is the main actor that releases the lock.
  @MainActor @Test func aWriteWaitingForALockDoesNotBlockTheMainActor() async throws {
    let fixture = Fixture()
    let log = try await fixture.open(busyTimeoutMilliseconds: 120_000)
    let holder = try ShotLogStore.open(at: fixture.path)
    try holder.connection.execute("BEGIN IMMEDIATE")
    let callsBefore = log.callsBegun
    let write = Task { @MainActor in try await log.profiles.addBean(name: "Waited") }
    // Wait until the write has begun on the store's thread (where it now waits for the lock);
    // if it ran on the main actor instead, this loop would never get to run before it failed.
    while log.callsBegun == callsBefore { await Task.yield() }
    try holder.connection.execute("COMMIT")
    let bean = try await write.value
    #expect(bean.name == "Waited")
    #expect(try holder.profiles.beans().map(\.id) == [bean.id])
  }

  /// `close()` finishes every sequence, closes the connection (SQLite removes the WAL files when
  /// the last connection closes) and makes every later call throw `.closed`.
  @Test func closeEndsTheSequencesAndLaterCallsThrowClosed() async throws {
    let fixture = Fixture()
    let log = try await fixture.open(pollInterval: .milliseconds(20))
    let first = await log.changes()
    let second = await log.changes()
    try await log.profiles.addBean(name: "Guji Natural")
    #expect(FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    await log.close()
    #expect(await log.isClosed)
    var seen: [ShotLogChange] = []
    for await change in first { seen.append(change) }
    #expect(seen == [ShotLogChange(revision: 1, origin: .thisStore)])
    var seenToo: [ShotLogChange] = []
    for await change in second { seenToo.append(change) }
    #expect(seenToo == seen)
    #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    await #expect(throws: ShotLogError.closed(path: fixture.path)) { try await log.profiles.beans() }
    await #expect(throws: ShotLogError.closed(path: fixture.path)) { try await log.profiles.addBean(name: "Late") }
    await #expect(throws: ShotLogError.closed(path: fixture.path)) { try await log.checkForChanges() }
    await #expect(throws: ShotLogError.closed(path: fixture.path)) {
      try await log.withStore { store throws(ShotLogError) in try store.shots.attemptCount() }
    }
    do {
      _ = try await log.shotImport.previewShotImport([])
      Issue.record("a closed store previewed an import")
    } catch .store(let error) {
      #expect(error == .closed(path: fixture.path))
    } catch {
      Issue.record("unexpected \(error)")
    }
    var afterClose = 0
    for await _ in await log.changes() { afterClose += 1 }
    #expect(afterClose == 0)
    await log.close()  // a second close does nothing
    #expect(ShotLogError.closed(path: "x.sqlite").description == "x.sqlite: the shot log was closed")
    // The file is intact and opens again.
    #expect(try await fixture.open().profiles.beans().map(\.name) == ["Guji Natural"])
  }

  /// A store released without `close()` closes the same way: its sequences finish.
  @Test func aReleasedStoreFinishesItsSequences() async throws {
    let fixture = Fixture()
    var log: AsyncShotLogStore? = try await fixture.open(pollInterval: .milliseconds(20))
    let changes = await log?.changes()
    try await log?.profiles.addBean(name: "Guji Natural")
    log = nil
    var count = 0
    for await _ in try #require(changes) { count += 1 }
    #expect(count == 1)
  }

  /// Every method throws `ShotLogError` itself (typed throws): a `catch` binds the case directly.
  @Test func errorsAreTyped() async throws {
    let log = try await AsyncShotLogStore.inMemory()
    try await log.profiles.addBean(name: "Guji Natural")
    do {
      _ = try await log.profiles.findBean("Gujo Natural")
      Issue.record("found a bean that is not there")
    } catch .profileNotFound(let kind, let reference, let closest, _) {
      #expect(kind == .bean && reference == "Gujo Natural" && closest == "Guji Natural")
    } catch {
      Issue.record("unexpected \(error)")
    }
    let fixture = Fixture()
    await #expect(throws: ShotLogError.noSuchFile(path: fixture.path)) {
      try await AsyncShotLogStore.open(at: fixture.path, access: .readOnly)
    }
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: fixture.path))
    await #expect(throws: ShotLogError.notADatabase(path: fixture.path)) { try await fixture.open() }
  }
}
