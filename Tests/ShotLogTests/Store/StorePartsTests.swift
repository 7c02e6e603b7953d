import DialRules
import DialRulesTestSupport
import Testing

@testable import ShotLog

/// The store by concern: its parts are views over the one connection (what one writes, another
/// reads at once, in the same transaction), and the flat names the store had before the split
/// still work as the same calls.
@Suite struct StorePartsTests {
  /// A log in memory with a bean whose recipe is set on a grinder with a scale.
  static func logWithRecipe() throws -> (ShotLogStore, Bean) {
    let log = try ShotLogStore.openInMemory(clock: TestClock().now, ids: SequentialIdentifiers())
    let bean = try log.profiles.addBean(name: "Guji Natural")
    let grinder = try log.profiles.addGrinder(
      name: "Niche Zero", scale: GrinderScale(step: 0.5, min: 0, max: 50, finer: .lower))
    var recipe = RecipeChange()
    recipe.grinderID = grinder.id
    recipe.doseG = 18
    recipe.yieldG = 36
    recipe.timeS = 28
    recipe.grind = "14"
    try log.profiles.setRecipe(for: bean, recipe)
    return (log, bean)
  }

  @Test func thePartsShareTheStoresConnection() throws {
    let (log, bean) = try Self.logWithRecipe()
    let shot = try log.shots.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
    let accepted = try log.shots.accept(shot.attempt)
    // The snapshot the loop made is the profile's current recipe; the export and the replay see
    // the shot.
    #expect(try log.profiles.activeSnapshot(beanID: bean.id)?.id == accepted.snapshot?.id)
    #expect(try log.profiles.activeSnapshot(beanID: bean.id)?.grind.text == "13.5")
    #expect(try log.replay.shotRecords().map(\.attemptID) == [shot.attempt.id])
    #expect(try log.replay.report(with: .defaultEspresso).shots.count == 1)
    #expect(try log.shotImport.importSource(attemptID: shot.attempt.id) == nil)
    let document = try log.exchange.exportJSON()
    let copy = try ShotLogStore.openInMemory(clock: TestClock().now)
    let preview = try copy.exchange.previewLogImport(document)
    try copy.exchange.applyLogImport(document, token: preview.token)
    #expect(try copy.shots.history().map(\.uuid) == log.shots.history().map(\.uuid))
  }

  /// A part's error is the store's: a write through a part of a read-only store is refused with
  /// the file's error, and a lookup names what was not found.
  @Test func aPartThrowsTheStoresErrors() throws {
    let folder = TemporaryDirectory()
    let path = folder.file("shots.sqlite")
    _ = try ShotLogStore.open(at: path)
    let readOnly = try ShotLogStore.open(at: path, access: .readOnly)
    #expect(throws: ShotLogError.readOnly(path: path)) { try readOnly.profiles.addBean(name: "Guji") }
    #expect(ShotLogError.readOnly(path: path).family == .databaseFile)
    let (log, _) = try Self.logWithRecipe()
    #expect(throws: ShotLogError.noShotsYet) { try log.shots.findAttempt("latest") }
    #expect(ShotLogError.noShotsYet.family == .lookup)
  }

  @Test func theFlatNamesStillWorkAsTheSameCalls() async throws {
    let (log, bean) = try Self.logWithRecipe()
    let flat: any FlatCalls = Flat()
    let shot = try flat.logShot(log, of: bean)
    #expect(try log.shots.latestAttempt()?.id == shot.attempt.id)
    #expect(try flat.beans(log) == log.profiles.beans())
    #expect(try flat.exportJSON(log) == log.exchange.exportJSON())
    #expect(try flat.replay(log).shots.count == log.replay.report(with: .defaultEspresso).shots.count)

    let shared = try await AsyncShotLogStore.inMemory(clock: TestClock().now)
    try await shared.profiles.addBean(name: "Guji Natural")
    #expect(try await flat.beans(shared) == shared.profiles.beans())
  }
}

/// Calls through the deprecated flat names. The witnesses are deprecated themselves, so calling
/// the old names in them draws no warning, and the test calls them through the protocol.
private protocol FlatCalls {
  func logShot(_ log: ShotLogStore, of bean: Bean) throws -> LoggedShot
  func beans(_ log: ShotLogStore) throws -> [Bean]
  func exportJSON(_ log: ShotLogStore) throws -> [UInt8]
  func replay(_ log: ShotLogStore) throws -> ReplayReport
  func beans(_ log: AsyncShotLogStore) async throws -> [Bean]
}

private struct Flat: FlatCalls {
  @available(*, deprecated)
  func logShot(_ log: ShotLogStore, of bean: Bean) throws -> LoggedShot {
    try log.logShot(.init(doseG: 18, yieldG: 36.4, timeS: 21, taste: [.sour]), of: bean)
  }

  @available(*, deprecated)
  func beans(_ log: ShotLogStore) throws -> [Bean] { try log.beans() }

  @available(*, deprecated)
  func exportJSON(_ log: ShotLogStore) throws -> [UInt8] { try log.exportJSON() }

  @available(*, deprecated)
  func replay(_ log: ShotLogStore) throws -> ReplayReport { try log.replay(.defaultEspresso) }

  @available(*, deprecated)
  func beans(_ log: AsyncShotLogStore) async throws -> [Bean] { try await log.beans() }
}
